import { readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/**
 * Uploads over a real socket, sent the way broken or hostile clients send them: bodies cut off
 * before the closing boundary, clients that go silent or hang up, no boundary at all.
 */

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let port = 0;
const IDLE_MS = 400;

beforeAll(async () => {
  t = await makeTestApp({ uploadIdleMs: IDLE_MS });
  u = await registerUser(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.cleanup();
});

const BOUNDARY = '----fiscus-test-boundary';

/**
 * Open handles of this process, less the database's own files: its connections (a reader, the
 * checkpointer) open lazily, whenever the server first needs them.
 */
function openFds(): number {
  const dir = '/proc/self/fd';
  return readdirSync(dir).filter((fd) => {
    try {
      return !path.basename(readlinkSync(path.join(dir, fd))).startsWith('fiscus.sqlite');
    } catch {
      return false; // closed meanwhile (the listing's own handle, too)
    }
  }).length;
}

function tempFiles(): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, 'files', 'tmp'));
  } catch {
    return [];
  }
}

/** A multipart body: fields, then one file part; `close` adds the closing boundary. */
function body(
  fields: Record<string, string>,
  file: { field: string; bytes: Buffer },
  close: boolean,
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="data.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes,
  );
  if (close) parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

interface Sent {
  /** The status line's code, or null when the server answered nothing. */
  status: number | null;
  text: string;
}

/**
 * Sends a request over a fresh connection. `declared` is the Content-Length (defaults to the
 * body's); after the body the client either waits (`hold`), half-closes (`end`) or resets.
 */
function send(
  url: string,
  payload: Buffer,
  opts: {
    declared?: number;
    then?: 'hold' | 'end' | 'reset';
    contentType?: string;
    waitMs?: number;
  } = {},
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text });
    };
    const timer = setTimeout(finish, opts.waitMs ?? 5_000);
    socket.on('data', (d) => {
      text += d.toString('utf8');
      // A whole answer (headers and Content-Length bytes of body) ends the exchange.
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, head));
      if (head >= 0 && length && Buffer.byteLength(text.slice(head + 4)) >= Number(length[1]))
        finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (err) => (settled ? undefined : text ? finish() : reject(err)));
    socket.on('connect', () => {
      const head =
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${u.headers.authorization}\r\n` +
        `Content-Type: ${opts.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`}\r\n` +
        `Content-Length: ${opts.declared ?? payload.length}\r\n\r\n`;
      socket.write(head);
      socket.write(payload);
      if (opts.then === 'end') socket.end();
      else if (opts.then === 'reset') {
        // Let the bytes reach the server, then drop the connection.
        setTimeout(() => {
          socket.resetAndDestroy();
          finish();
        }, 50);
      }
    });
  });
}

/**
 * Waits until `check` holds (the server finishes its side after the client is gone; on a busy
 * machine that can take seconds).
 */
async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function healthy(): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  return res.status;
}

const chunkFields = (size: number) => ({ name: 'data.csv', size: String(size), offset: '0' });

describe('uploads cut off over a real socket', () => {
  it(
    'a body that stops before its closing boundary is answered 408 and leaves nothing open',
    { timeout: 40_000 },
    async () => {
      const fds = openFds();
      const bytes = Buffer.from('a,b\n1,2\n'.repeat(1000));
      const payload = body({}, { field: 'file', bytes }, false);
      const r = await send('/api/upload', payload, {
        declared: payload.length + 5000,
        then: 'hold',
      });
      expect(r.status).toBe(408);
      expect(r.text).toMatch(/"code":"request_timeout"/);
      await until(() => tempFiles().length === 0 && openFds() <= fds);
    },
  );

  it('a chunk that stops before its closing boundary is answered 408', async () => {
    const bytes = Buffer.alloc(1000, 65);
    const payload = body(chunkFields(5000), { field: 'chunk', bytes }, false);
    const r = await send('/api/uploadchunk', payload, {
      declared: payload.length + 10,
      then: 'hold',
    });
    expect(r.status).toBe(408);
  });

  it(
    'a client that hangs up mid-body leaves no file and no handle behind',
    { timeout: 40_000 },
    async () => {
      const fds = openFds();
      const bytes = Buffer.from('x,y\n'.repeat(20_000));
      for (const then of ['end', 'reset'] as const) {
        const payload = body({}, { field: 'file', bytes }, false);
        await send('/api/upload', payload, { declared: payload.length * 2, then, waitMs: 1_000 });
      }
      await until(() => tempFiles().length === 0 && openFds() <= fds);
    },
  );

  it('a complete body without its closing boundary answers 400', async () => {
    const bytes = Buffer.from('a,b\n1,2\n');
    const upload = await send('/api/upload', body({}, { field: 'file', bytes }, false), {
      then: 'hold',
    });
    expect(upload.status, upload.text).toBe(400);
    expect(upload.text).toMatch(/"code":"bad_request"/);
    const chunk = await send(
      '/api/uploadchunk',
      body(chunkFields(8), { field: 'chunk', bytes }, false),
      {
        then: 'hold',
      },
    );
    expect(chunk.status).toBe(400);
    expect(tempFiles()).toEqual([]);
  });

  it('multipart without a boundary answers 400', async () => {
    for (const url of ['/api/upload', '/api/uploadchunk']) {
      const r = await send(url, Buffer.from('--x\r\n\r\n'), {
        contentType: 'multipart/form-data',
        then: 'hold',
      });
      expect(r.status, url).toBe(400);
    }
  });

  it('hundreds of abandoned uploads neither exhaust handles nor stop the server', async () => {
    const fds = openFds();
    const bytes = Buffer.alloc(20_000, 66);
    const payload = body({}, { field: 'file', bytes }, false);
    const sent = await Promise.all(
      Array.from({ length: 300 }, () =>
        send('/api/upload', payload, {
          declared: payload.length + 1,
          then: 'hold',
          waitMs: 10_000,
        }),
      ),
    );
    expect(sent.every((s) => s.status === 408)).toBe(true);
    await until(() => tempFiles().length === 0 && openFds() <= fds + 2);
    expect(await healthy()).toBe(200);
    // And a good upload still goes through.
    const good = body({}, { field: 'file', bytes: Buffer.from('a,b\n1,2\n') }, true);
    const r = await send('/api/upload', good, { then: 'hold' });
    expect(r.status).toBe(200);
  }, 30_000);
});
