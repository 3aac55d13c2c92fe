/**
 * Heavy reads across cores: concurrent group-bys (count and sum) whose filters all differ, so
 * none is answered from the cache of derived data and every one scans the object in the heavy
 * lane (docs/execution.md). Run once per number of heavy-lane slots (`BENCH_SLOTS`, default
 * `2,3`: one domain holds all but one, so 1 and 2 at once) on a fresh app each: one client alone, then `BENCH_CLIENTS` clients at once, through
 * HTTP. Prints requests per second, latency and — on SQLite, where a lane is a set of child
 * processes — the CPU the lane processes used per second of wall time (above 1: more than one
 * core reading at once). The scaling (req/s with 2 slots ÷ with 1) is what it shows.
 *
 * Run: node --conditions=source --import tsx bench/parallel.ts
 * Env: BENCH_ROWS (default 100000), BENCH_SLOTS (default "2,3"), BENCH_CLIENTS (default 4),
 * BENCH_SECONDS (per run, default 6), BENCH_DATABASE_URL (postgres://…), BENCH_PORT (3111).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchApp } from './lib/app.js';
import { throughput } from './lib/load.js';
import { seedRows } from './lib/seed.js';
import { laneStats } from '../apps/server/src/platform/lanes.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SLOTS = (process.env.BENCH_SLOTS ?? '2,3').split(',').map(Number);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PORT = Number(process.env.BENCH_PORT ?? 3111);
const pgUrl = process.env.BENCH_DATABASE_URL;

/** CPU milliseconds so far of this process's live child processes (Linux /proc; 0 elsewhere). */
function childCpuMs(): number {
  try {
    let ticks = 0;
    for (const pid of readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

const runs: Record<string, unknown>[] = [];
for (const slots of SLOTS) {
  process.env.HEAVY_LANE_SLOTS = String(slots);
  const { app, token, obj, signed, close } = await benchApp({ databaseUrl: pgUrl });
  await seedRows(app, obj.id, ROWS, signed.session.user.id);
  await app.listen({ host: '127.0.0.1', port: PORT });
  const url = `http://127.0.0.1:${PORT}/api/qry`;
  // 20,000 different filters (amount from a different lower bound each): never a cache hit.
  const bodies = Array.from({ length: 20_000 }, (_, i) =>
    JSON.stringify({
      op: 'records.groups',
      objectId: obj.id,
      filter: {
        isactive: true,
        isexpanded: true,
        name: 'root',
        operator: { id: 1, sid: 'and', name: 'AND' },
        children: [],
        conditions: [{ field: 'amount', op: 'gte', value: `${(i % 5000) + 0.01 * (i / 5000)}` }],
      },
      groupby: {
        isActive: true,
        groups: [{ field: 'category', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    }),
  );
  let next = 0;
  const take = (n: number) => {
    const xs = bodies.slice(next, next + n);
    next += n;
    return xs;
  };
  // Warm the lane processes (started on first use) outside the measured runs.
  await throughput({
    url,
    token,
    body: '',
    bodies: take(slots * 4),
    connections: slots,
    seconds: 60,
    requests: slots * 4,
  });
  const run = async (connections: number) => {
    const load = loadavg()[0] ?? 0;
    const cpu0 = childCpuMs();
    const own0 = process.cpuUsage();
    const t0 = Date.now();
    // How many heavy statements run at once, sampled every 10 ms (independent of the load).
    const running: number[] = [];
    const sampler = setInterval(() => running.push(laneStats(app.db)?.heavy.running ?? 0), 10);
    const r = await throughput({
      url,
      token,
      body: '',
      bodies: take(5000),
      connections,
      seconds: SECONDS,
    });
    clearInterval(sampler);
    const wall = Date.now() - t0;
    const own = process.cpuUsage(own0);
    return {
      clients: connections,
      requestsPerSecond: r.requestsPerSecond,
      requests: r.requests,
      failed: r.failed,
      p50: r.latencyMs.p50,
      p95: r.latencyMs.p95,
      // Heavy statements running at once, on average over the run.
      runningAtOnce: +(running.reduce((a, b) => a + b, 0) / Math.max(1, running.length)).toFixed(2),
      // Cores the lane processes kept busy on average (SQLite; PostgreSQL's backends not counted).
      laneCores: +((childCpuMs() - cpu0) / wall).toFixed(2),
      // …and the server's own process (HTTP, JSON, the load generator's thread).
      serverCores: +((own.user + own.system) / 1000 / wall).toFixed(2),
      loadAverage: +load.toFixed(2),
    };
  };
  const one = await run(1);
  const many = await run(CLIENTS);
  runs.push({ heavyLaneSlots: slots, slotsOfOneDomain: Math.max(1, slots - 1), one, many });
  await close();
}

type Run = {
  heavyLaneSlots: number;
  one: { requestsPerSecond: number };
  many: { requestsPerSecond: number };
};
const bySlots = (n: number) => runs.find((r) => (r as Run).heavyLaneSlots === n) as Run | undefined;
const s1 = bySlots(SLOTS[0] as number);
const s2 = bySlots(SLOTS[1] as number);
process.stdout.write(
  `${JSON.stringify(
    {
      database: pgUrl ? 'postgres' : 'sqlite',
      rows: ROWS,
      clients: CLIENTS,
      seconds: SECONDS,
      runs,
      // Throughput of concurrent heavy reads, the second BENCH_SLOTS ÷ the first (default: a
      // domain on 2 slots of 3 ÷ on 1 of 2; 2 = both cores).
      scaling:
        s1 && s2 ? +(s2.many.requestsPerSecond / s1.many.requestsPerSecond).toFixed(2) : null,
      loadAverageEnd: loadavg().map((x) => +x.toFixed(2)),
    },
    null,
    2,
  )}\n`,
);
