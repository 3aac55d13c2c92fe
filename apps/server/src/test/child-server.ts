import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const port = (srv.address() as { port: number }).port;
  srv.close();
  await once(srv, 'close');
  return port;
}

/** A real server process (`apps/server/src/server.ts`), as an operator starts it. */
export interface ChildServer {
  child: ChildProcess;
  port: number;
  base: string;
  /** Its log: the JSON lines written so far to standard output. */
  logs: Record<string, unknown>[];
  /** What it wrote to standard error. */
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal; answers the exit code (SIGKILL after `ms`). */
  stop(signal?: NodeJS.Signals, ms?: number): Promise<number | null>;
}

/**
 * Starts the server with `env` added to the test's environment (LOG_LEVEL info, NODE_ENV
 * test, no demo seeding by default); resolves once `/api/ready` answers 200, or — with
 * `wait: false` — at once (a start that is to fail).
 */
export async function startServer(
  env: Record<string, string>,
  opts: { wait?: boolean; port?: number } = {},
): Promise<ChildServer> {
  const port = opts.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  let err = '';
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ text: line });
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const base = `http://127.0.0.1:${port}`;
  const server: ChildServer = {
    child,
    port,
    base,
    logs,
    stderr: () => err,
    exited,
    async stop(signal = 'SIGTERM', ms = 60_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), ms);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return exited;
    },
  };
  if (opts.wait === false) return server;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server ended at start: ${err}`);
    try {
      const r = await fetch(`${base}/api/ready`);
      if (r.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not get ready: ${err}`);
}

/** Waits until `what` holds (checked every 50 ms), for at most `ms`. */
export async function until(what: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A request on a connection of its own (a cluster hands each new connection to a server in
 * turn): a JSON body, or raw bytes with their content type; answers the status and JSON body.
 */
export function call(
  base: string,
  urlPath: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    raw?: { payload: Buffer; contentType: string };
  } = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const data = init.raw
      ? init.raw.payload
      : init.body === undefined
        ? undefined
        : JSON.stringify(init.body);
    const type = init.raw ? init.raw.contentType : 'application/json';
    const req = request(
      `${base}${urlPath}`,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: { ...(data ? { 'content-type': type } : {}), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks);
          let body: unknown = text;
          if (String(res.headers['content-type']).startsWith('application/json'))
            body = JSON.parse(text.toString('utf8')) as unknown;
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Registers an account through the API; answers its access token. */
export async function registerThrough(base: string, username: string): Promise<string> {
  const res = await call(base, '/api/register', {
    method: 'POST',
    body: { username, email: `${username}@example.com`, password: 'Secret123' },
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { accessToken: string }).accessToken;
}
