import { spawn, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER: another build of the server (e.g. a copy of an earlier dist) to compare with.
const built = process.env.BENCH_SERVER
  ? path.resolve(process.env.BENCH_SERVER)
  : path.join(root, 'apps/server/dist/server.js');

let fresh = !!process.env.BENCH_SERVER;
/**
 * Builds the contracts and the server when their sources changed since the last build
 * (scripts/build.mjs; a second of hashing when nothing changed), so that a figure is never taken
 * from a build older than the code it is reported for.
 */
function buildServer(): void {
  if (fresh) return;
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/build.mjs'), 'contracts', 'server'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (run.status !== 0) throw new Error('the server did not build (scripts/build.mjs)');
  fresh = true;
}

/**
 * The server as its own process for the benchmarks that go through HTTP: the built server —
 * what production runs, without the TypeScript loader's memory — built first when its sources
 * changed (`BENCH_SERVER=<server.js>` runs another build as it is). Data in `dir`; PostgreSQL when BENCH_DATABASE_URL is set. With
 * `profileDir`, every thread of the server writes a CPU profile there when it stops. Signs up
 * a user whose token `qry` and `post` send.
 */
export async function startServer(opts: {
  port: number;
  dir: string;
  profileDir?: string;
  /** More environment of the server (e.g. `WORKERS`, `DATABASE_URL`). */
  env?: Record<string, string>;
  /**
   * A token of a server already running on the same database and data directory: this one
   * signs nobody up and sends that token.
   */
  token?: string;
}) {
  const base = `http://127.0.0.1:${opts.port}`;
  buildServer();
  const child = spawn(
    process.execPath,
    [
      ...(opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profileDir)}`] : []),
      built,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(opts.dir, 'data'),
        WEB_DIST: path.join(opts.dir, 'web'),
        LOG_LEVEL: 'warn',
        // The Demo budget domain a new installation seeds in the background would run beside
        // what a benchmark measures.
        SEED_DEMO: 'false',
        ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
        ...opts.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const pid = child.pid as number;
  const stop = async () => {
    child.kill('SIGTERM');
    await once(child, 'exit').catch(() => undefined);
  };
  let token = '';
  /** POSTs a ready `{ op, … }` body to /api/qry; answers `data`, throws on an error. */
  const post = async <T>(body: string): Promise<T> => {
    const res = await fetch(`${base}/api/qry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const answer = (await res.json()) as { data?: T; error?: unknown };
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(answer.error).slice(0, 500)}`);
    return answer.data as T;
  };
  try {
    await waitReady(base);
    if (opts.token) token = opts.token;
    else token = await signUp(base);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    base,
    pid,
    /** The server file that runs (a build). */
    built: path.relative(root, built),
    token: () => token,
    post,
    qry: <T>(op: string, input: Record<string, unknown>) =>
      post<T>(JSON.stringify({ op, ...input })).catch((e: Error) => {
        throw new Error(`${op}: ${e.message}`);
      }),
    /** The server's peak resident memory so far, in bytes. */
    peakRss: async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const m = /VmHWM:\s+(\d+) kB/.exec(status);
      return m ? Number(m[1]) * 1024 : 0;
    },
    /** CPU seconds the server has used (user + system, all threads): load-independent. */
    cpuSeconds: async () => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    /**
     * CPU seconds of each of the server's threads (user + system) by thread id, with the
     * thread's name (`main` for the event loop's): how the work divides between the cores.
     */
    threadCpuSeconds: async () => {
      const out = new Map<string, { name: string; seconds: number }>();
      for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
        const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
        if (!stat) continue;
        const name =
          tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(tid, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
      }
      return out;
    },
    stop,
  };
}

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** Signs up the benchmark's user; answers its access token. */
async function signUp(base: string): Promise<string> {
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench',
      email: 'bench@example.com',
      password: 'Secret123',
    }),
  });
  return ((await reg.json()) as { accessToken: string }).accessToken;
}

async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * The import and bulk benchmarks' ten-field object: code, amount, qty, day, paid, category
 * (ten choices), region, note, ratio — besides the name every object has.
 */
export async function createLedger(
  server: BenchServer,
  name: string,
  categories: readonly string[],
  opts: { uniqueCode?: boolean } = {},
): Promise<{ id: string }> {
  const obj = await server.qry<{ id: string }>('objects.create', { name });
  for (const f of [
    {
      name: 'Code',
      code: 'code',
      type: 'text',
      ...(opts.uniqueCode ? { options: { unique: true } } : {}),
    },
    { name: 'Amount', code: 'amount', type: 'money' },
    { name: 'Qty', code: 'qty', type: 'integer' },
    { name: 'Day', code: 'day', type: 'date' },
    { name: 'Paid', code: 'paid', type: 'boolean' },
    {
      name: 'Category',
      code: 'category',
      type: 'select',
      options: { choices: categories.map((value) => ({ value })) },
    },
    { name: 'Region', code: 'region', type: 'text' },
    { name: 'Note', code: 'note', type: 'text' },
    { name: 'Ratio', code: 'ratio', type: 'decimal' },
  ])
    await server.qry('fields.create', { objectId: obj.id, ...f });
  return obj;
}
