import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  registerThrough,
  startServer,
  until,
  type ChildServer,
} from '../../test/child-server.js';
import { multipart, sha256Hex } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

/**
 * Chunked uploads across real server processes: an upload begun on one process goes on on
 * another (its bytes are in the shared DATA_DIR, its state in the database), and a process told
 * to stop (SIGTERM) while a chunk arrives finishes taking it before it ends.
 */

/** A CSV file of about `kb` KiB, the same for the same seed. */
function csvOf(kb: number, seed: string): Buffer {
  const lines = ['Code,Name'];
  for (let i = 0; lines.join('\n').length < kb * 1024; i++)
    lines.push(`${seed}${i},Row ${i} of ${seed} ${'x'.repeat(i % 40)}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

type Fields = Record<string, string | { data: Uint8Array; filename: string }>;

async function chunk(base: string, token: string, fields: Fields) {
  const raw = await multipart(fields);
  return call(base, '/api/uploadchunk', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    raw,
  });
}

type State = { uploadId: string; received: number; size: number; fileId?: string };

async function download(base: string, token: string, fileId: string): Promise<Buffer> {
  const res = await call(base, '/api/download', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: { fileId },
  });
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

describe('chunked uploads across server processes', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const servers: ChildServer[] = [];
  const env = () => ({
    DATABASE_URL: t.config.databaseUrl ?? '',
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: t.config.jwtSecret,
  });

  beforeAll(async () => {
    t = await makeTestApp();
    // The test reads the database beside the servers (PostgreSQL); SQLite is theirs alone.
    if (process.env.TEST_DATABASE_URL) await t.app.jobs.stop();
    else await t.app.close();
  });
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop('SIGKILL');
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'an upload begun on one process goes on on another, and a last chunk sent to both stores one file',
    async () => {
      const a = await startServer(env());
      servers.push(a);
      const b = await startServer(env());
      servers.push(b);
      const token = await registerThrough(a.base, 'uploader1');
      const file = csvOf(300, 'P');
      const part = (from: number, to: number) => ({
        data: file.subarray(from, to),
        filename: 'blob',
      });
      const third = Math.floor(file.length / 3);
      const first = await chunk(a.base, token, {
        name: 'shared.csv',
        size: String(file.length),
        sha256: sha256Hex(file),
        offset: '0',
        chunk: part(0, third),
      });
      expect(first.status).toBe(200);
      const { uploadId } = first.body as State;
      const second = await chunk(b.base, token, {
        uploadId,
        offset: String(third),
        chunk: part(third, 2 * third),
      });
      expect(second.status).toBe(200);
      expect((second.body as State).received).toBe(2 * third);
      // The last chunk reaches both processes at once (a client retrying through the balancer).
      const last = { uploadId, offset: String(2 * third), chunk: part(2 * third, file.length) };
      const [viaA, viaB] = await Promise.all([
        chunk(a.base, token, last),
        chunk(b.base, token, last),
      ]);
      expect([viaA.status, viaB.status]).toEqual([200, 200]);
      const doneA = viaA.body as State;
      const doneB = viaB.body as State;
      expect(doneA.received).toBe(file.length);
      expect(doneA.fileId).toBeDefined();
      expect(doneB.fileId).toBe(doneA.fileId);
      expect(sha256Hex(await download(b.base, token, doneA.fileId ?? ''))).toBe(sha256Hex(file));
      const stored = await t.app.db.kysely
        .selectFrom('pf_files')
        .select('id')
        .where('name', '=', 'shared.csv')
        .execute();
      expect(stored.map((f) => f.id)).toEqual([doneA.fileId]);
    },
    180_000,
  );

  it('a chunk arriving when the server is told to stop is taken in full; the upload goes on after', async () => {
    let a = await startServer(env());
    servers.push(a);
    const token = await registerThrough(a.base, 'uploader2');
    const file = csvOf(400, 'S');
    const half = Math.floor(file.length / 2);
    const begun = await chunk(a.base, token, {
      name: 'stopped.csv',
      size: String(file.length),
      sha256: sha256Hex(file),
      offset: '0',
      chunk: { data: file.subarray(0, half - 1000), filename: 'blob' },
    });
    expect(begun.status).toBe(200);
    const { uploadId } = begun.body as State;

    // The next chunk is sent in two parts: the server is told to stop between them.
    const { payload, contentType } = await multipart({
      uploadId,
      offset: String(half - 1000),
      chunk: { data: file.subarray(half - 1000, half), filename: 'blob' },
    });
    const answer = new Promise<{ status: number; body: State }>((resolve, reject) => {
      const req = request(
        `${a.base}/api/uploadchunk`,
        {
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': contentType,
            'content-length': String(payload.length),
            'x-request-id': 'chunk-during-stop',
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as State }),
          );
        },
      );
      req.on('error', reject);
      req.write(payload.subarray(0, 600));
      // The rest once the server has begun this request and is shutting down.
      void until(() => a.logs.some((l) => l.reqId === 'chunk-during-stop'))
        .then(async () => {
          a.child.kill('SIGTERM');
          await until(() => a.logs.some((l) => String(l.msg).startsWith('shutting down')));
          const ready = await fetch(`${a.base}/api/ready`).catch(() => undefined);
          // Not ready any more (or not accepting at all): a balancer sends nothing new.
          expect(ready?.status ?? 503).toBe(503);
          req.end(payload.subarray(600));
        })
        .catch(reject);
    });
    const during = await answer;
    expect(during.status).toBe(200);
    expect(during.body.received).toBe(half);
    expect(await a.exited).toBe(0);

    // The upload goes on on another server process (on SQLite: the same one, started again).
    a = await startServer(env());
    servers.push(a);
    const rest = await chunk(a.base, token, {
      uploadId,
      offset: String(half),
      chunk: { data: file.subarray(half), filename: 'blob' },
    });
    expect(rest.status).toBe(200);
    const done = rest.body as State;
    expect(done.fileId).toBeDefined();
    expect(sha256Hex(await download(a.base, token, done.fileId ?? ''))).toBe(sha256Hex(file));
  }, 180_000);
});
