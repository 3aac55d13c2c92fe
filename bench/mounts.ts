/**
 * Mounts benchmark: a PostgreSQL table of 1M rows mounted live and then synced into the
 * platform's SQLite database.
 * - live: records.list, a page of 100 filtered by a range of an indexed column and sorted by it,
 *   through the API (p50/p95 over BENCH_PAGES requests), and the filtered count;
 * - sync: the copy of the whole table into the object's own table (rows/s of the job).
 * Prints JSON with the load average. Run:
 *   BENCH_SOURCE_URL=postgres://user:pass@127.0.0.1:5432/db node --conditions=source --import tsx bench/mounts.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_PAGES (default 100). The source gets a schema of its
 * own, dropped at the end.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { benchApp } from './lib/app.js';
import { percentile } from './lib/load.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
/** `sync`: only the sync (for profiling it: `node --cpu-prof …`). */
const ONLY = process.env.BENCH_ONLY ?? '';
const url = process.env.BENCH_SOURCE_URL;
if (!url) throw new Error('BENCH_SOURCE_URL must name a PostgreSQL database for the source table');

const schema = `bench_mounts_${process.pid}`;
const client = new pg.Client({ connectionString: url });
await client.connect();
const seedStart = performance.now();
await client.query(`create schema "${schema}"`);
await client.query(
  `create table "${schema}".orders (id bigint primary key, name text not null, amount numeric(12,2) not null, category text not null, day date not null, updated timestamptz not null)`,
);
await client.query(
  `insert into "${schema}".orders
   select g, 'Order ' || g, round((random() * 100000)::numeric, 2), 'c' || (g % 10),
     date '2024-01-01' + (g % 730), timestamptz '2024-01-01' + (g || ' seconds')::interval
   from generate_series(1, $1) g`,
  [ROWS],
);
await client.query(`create index on "${schema}".orders (amount)`);
await client.query(`analyze "${schema}".orders`);
const seedMs = performance.now() - seedStart;

/**
 * CPU time (ms) of the PostgreSQL server processes serving the platform's source connections
 * (`application_name` fiscus), by process id — PostgreSQL runs on this machine.
 */
async function sourceCpu(): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where application_name = 'fiscus'",
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks of 10 ms.
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Not on this machine, or gone.
    }
  }
  return out;
}

const { app, qry, token, close } = await benchApp({});
const u = new URL(url);
try {
  const source = await qry<{ id: string }>(token, 'datasources.create', {
    name: 'Bench source',
    kind: 'postgres',
    host: u.hostname,
    port: Number(u.port || 5432),
    database: decodeURIComponent(u.pathname.slice(1)),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    sslMode: 'disable',
  });
  const mount = await qry<{ objectId: string }>(token, 'mounts.create', {
    sourceId: source.id,
    schema,
    table: 'orders',
    name: 'Orders',
    columns: [
      { column: 'name', name: 'Name', type: 'text' },
      { column: 'amount', name: 'Amount', type: 'decimal' },
      { column: 'category', name: 'Category', type: 'text' },
      { column: 'day', name: 'Day', type: 'date' },
      { column: 'updated', name: 'Updated', type: 'datetime' },
    ],
    mode: 'live',
  });
  const objectId = mount.objectId;
  const filterFor = (from: number) => ({
    isactive: true,
    isexpanded: true,
    name: 'root',
    operator: { id: 1, sid: 'and', name: 'AND' },
    children: [],
    conditions: [{ field: 'amount', op: 'between', value: [from, from + 5000] }],
  });
  const orderby = { isActive: true, sorts: [{ field: 'amount', dir: 'asc' }] };
  let live: Record<string, unknown> | undefined;
  if (ONLY !== 'sync') {
    // Warm the pool and the source's caches.
    for (let i = 0; i < 5; i++)
      await qry(token, 'records.list', {
        objectId,
        filter: filterFor(i * 1000),
        orderby,
        limit: 100,
      });
    const times: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const started = performance.now();
      const page = await qry<{ rows: unknown[] }>(token, 'records.list', {
        objectId,
        filter: filterFor((i * 937) % 90000),
        orderby,
        limit: 100,
      });
      times.push(performance.now() - started);
      if (page.rows.length !== 100) throw new Error(`page ${i} has ${page.rows.length} rows`);
    }
    const countStart = performance.now();
    const { total } = await qry<{ total: number }>(token, 'records.count', {
      objectId,
      filter: filterFor(10_000),
    });
    const countMs = performance.now() - countStart;
    live = {
      page: {
        requests: PAGES,
        p50Ms: Math.round(percentile(times, 50) * 100) / 100,
        p95Ms: Math.round(percentile(times, 95) * 100) / 100,
      },
      filteredCount: { total, ms: Math.round(countMs) },
    };
  }

  const pgBefore = await sourceCpu();
  const cpuBefore = process.cpuUsage();
  const loadBefore = loadavg();
  await qry(token, 'mounts.update', { objectId, mode: 'synced' });
  await app.jobs.idle();
  const cpu = process.cpuUsage(cpuBefore);
  let pgCpuMs = 0;
  for (const [pid, ms] of await sourceCpu()) pgCpuMs += ms - (pgBefore.get(pid) ?? 0);
  const job = await app.db.kysely
    .selectFrom('pf_jobs')
    .selectAll()
    .where('kind', '=', 'sync')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const syncMs = Date.parse(job.finished_at ?? '') - Date.parse(job.started_at ?? '');
  const synced = await qry<{ lastSyncRows: number }>(token, 'mounts.get', { objectId });

  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        loadAverage: [...loadBefore, ...loadavg()].map((x) => Math.round(x * 100) / 100),
        seedMs: Math.round(seedMs),
        live,
        sync: {
          status: job.status,
          rows: synced.lastSyncRows,
          ms: syncMs,
          rowsPerSecond: Math.round((synced.lastSyncRows / syncMs) * 1000),
          // CPU of this process (the platform's side: reading the cursor, converting, writing
          // SQLite); PostgreSQL's own work runs in its server processes.
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
          sourceCpuMs: pgCpuMs,
          rowsPerCpuSecond: Math.round(
            (synced.lastSyncRows / ((cpu.user + cpu.system) / 1000)) * 1000,
          ),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await close();
  await client.query(`drop schema "${schema}" cascade`);
  await client.end();
}
