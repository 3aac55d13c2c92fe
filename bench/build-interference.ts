/**
 * What an index build in the background costs the requests answered meanwhile (SQLite, the
 * index builder's thread, db/index-builder.ts). 10 clients read, for `BENCH_SECONDS` each:
 * - the equality filter of bench/matrix.ts with its automatic index built — alone, and while
 *   the word search's search index is filled by its automatic job (what a build costs the
 *   requests of a shape it does not serve);
 * - the word search with automatic indexes off (no index, nothing built) and once its index is
 *   built (what the shape's own reads cost until then).
 * Each run: requests per second, p50, the server's main-thread and lanes' CPU per request, the
 * event loop's delay p99, the statements run in lanes per request, the CPU per second of the
 * process's other threads alive before and after (index builder, checkpointer, libuv; not the
 * load generator), the writes made through the app during the run (the read path should make
 * none), and the most frames the write-ahead log held (wal-index header). Rounds repeat it with
 * another search word.
 *
 * Run: node --conditions=source --import tsx bench/build-interference.ts
 * Env: BENCH_ROWS (100000), BENCH_SECONDS (3), BENCH_PORT (3180), BENCH_ROUNDS (2).
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { FilterNode } from '@fiscus/contracts';
import { benchApp } from './lib/app.js';
import { throughput } from './lib/load.js';
import { seedRows } from './lib/seed.js';
import { autoIndexer } from '../apps/server/src/platform/auto-index.js';
import { dropIndex, listIndexes } from '../apps/server/src/platform/ddl.js';
import { laneStats } from '../apps/server/src/platform/lanes.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3180);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const { app, signed, token, obj, close } = await benchApp({ textFields: true });
await seedRows(app, obj.id, ROWS, signed.session.user.id);
await app.listen({ host: '127.0.0.1', port: PORT });
const url = `http://127.0.0.1:${PORT}/api/qry`;
const indexer = autoIndexer(app.db);
if (!indexer) throw new Error('no automatic indexes');
// A shape is asked for again as soon as its index is missing (each round drops it).
indexer.settings.retryMs = 0;

const equality: FilterNode = {
  isactive: true,
  isexpanded: true,
  name: 'root',
  operator: { id: 1, sid: 'and', name: 'AND' },
  children: [],
  conditions: [{ field: 'category', op: 'eq', value: 'c3' }] as FilterNode['conditions'],
};
const sortBy = (field: string) => ({ isActive: true, sorts: [{ field, dir: 'asc' }] });
const page = (extra: Record<string, unknown>) => ({
  op: 'batch',
  ops: [
    { op: 'records.list', objectId: obj.id, offset: 0, limit: 50, ...extra },
    {
      op: 'records.count',
      objectId: obj.id,
      ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'orderby')),
    },
  ],
});
const eq = page({ filter: equality, orderby: sortBy('amount') });
const words = (w: string) => page({ search: w, orderby: sortBy('day') });

async function post(body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  await res.json();
}

/** CPU ms of this process's threads other than the main one, by thread id. */
function threadsCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    if (tid === String(process.pid)) continue;
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // gone
    }
  }
  return out;
}
/** Frames in the write-ahead log now (the wal-index header's mxFrame, -shm offset 16). */
const walFrames = () => {
  try {
    const fd = openSync(`${app.db.sqliteFile}-shm`, 'r');
    const b = Buffer.alloc(4);
    readSync(fd, b, 0, 4, 16);
    closeSync(fd);
    return b.readUInt32LE(0);
  } catch {
    return 0;
  }
};
/** Writes made through the app (visible to other connections). */
let writes = 0;
app.db.writes?.onVisible(() => {
  writes++;
});

async function run(label: string, body: unknown) {
  const t0 = threadsCpu();
  const w0 = writes;
  let maxFrames = walFrames();
  const sampler = setInterval(() => {
    maxFrames = Math.max(maxFrames, walFrames());
  }, 50);
  const at = Date.now();
  const served = () => {
    const l = laneStats(app.db);
    return l ? l.read.served + l.heavy.served : 0;
  };
  const s0 = served();
  const r = await throughput({
    url,
    token,
    body: JSON.stringify(body),
    connections: 10,
    seconds: SECONDS,
    helperPids: () => {
      const lanes = laneStats(app.db);
      return lanes ? [...lanes.read.pids, ...lanes.heavy.pids] : [];
    },
  });
  const t1 = threadsCpu();
  clearInterval(sampler);
  // Threads alive before and after (not the load generator, started and ended within the run).
  let others = 0;
  for (const [tid, ms] of t1) if (t0.has(tid)) others += ms - (t0.get(tid) ?? 0);
  const jobs = await app.db.kysely
    .selectFrom('pf_jobs')
    .select(['started_at', 'finished_at'])
    .where('kind', '=', 'index')
    .execute();
  const end = Date.now();
  const building = jobs.some(
    (j) =>
      j.started_at &&
      Date.parse(j.started_at) < end &&
      (!j.finished_at || Date.parse(j.finished_at) > at),
  );
  return {
    label,
    building,
    rps: r.requestsPerSecond,
    p50: r.latencyMs.p50,
    mainMsPerReq: r.mainThreadCpuMsPerRequest,
    laneMsPerReq: r.helperCpuMsPerRequest,
    loopDelayP99: r.eventLoopDelayMs.p99,
    otherThreadsCpuPerSec: Math.round(others / r.seconds),
    laneStatementsPerReq: +((served() - s0) / Math.max(1, r.requests)).toFixed(2),
    appWrites: writes - w0,
    walFramesMax: maxFrames,
  };
}

const out: unknown[] = [];
// Warm-up, and the equality shape's automatic index built first.
for (let i = 0; i < 2; i++) await post(eq);
await app.jobs.idle();
await run('warm-up', eq);
for (let round = 0; round < ROUNDS; round++) {
  const w = `zürich ${round}7`;
  out.push(await run('equality, indexed, nothing built', eq));
  // The word search read twice: its automatic job fills the search index meanwhile.
  indexer.settings.enabled = false;
  out.push(await run('word search, no index, nothing built', words(w)));
  indexer.settings.enabled = true;
  for (let i = 0; i < 2; i++) await post(words(w));
  out.push(await run('equality, indexed, search index built meanwhile', eq));
  await app.jobs.idle();
  out.push(await run('word search, indexed', words(w)));
  // The search index dropped for the next round, whose reads ask for it again.
  for (const ix of await listIndexes(app.db.kysely, obj.id))
    if (ix.kind === 'trigram') await dropIndex(app.db.kysely, app.db.dialect, ix.name);
}
process.stdout.write(
  `${JSON.stringify({ rows: ROWS, loadAverage: loadavg().map((x) => +x.toFixed(2)), runs: out }, null, 2)}\n`,
);
await close();
