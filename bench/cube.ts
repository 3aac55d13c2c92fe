/**
 * Cube benchmark (QUALITY.md P3 and the cube issue's bars), through the API (`POST /api/qry`
 * via inject) on a production-mode app:
 *
 * 1. `cubes.query` over 1M records, 2 row dimensions (category, region) × 1 column dimension
 *    (month of day) × 2 measures (sum of amount, sum of qty): cold (the aggregation cache
 *    emptied before each run) and repeated with unchanged data (answered from the cache).
 * 2. `cubes.write` spreading one total over 10,000 records (a 10,000-record object's grand
 *    total; each mode), and a subtotal of ~12,500 of the 1M records; `cubes.undo` of each.
 * 3. An XLSX report of a 100,000-row view (`reports.generate` → job → stored file): rows/s
 *    from the run's own duration; and the pivot of (1) as an XLSX report.
 *
 * Prints JSON with medians. Run: node --conditions=source --import tsx bench/cube.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_RUNS (default 7), BENCH_DATABASE_URL (postgres://…
 * to run on PostgreSQL), BENCH_SKIP (comma list of query,write,report).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearCache } from '../apps/server/src/platform/cache.js';
import { benchApp } from './lib/app.js';
import { seedRows } from './lib/seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const pgUrl = process.env.BENCH_DATABASE_URL;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return +(s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2).toFixed(
    1,
  );
};

/** CPU milliseconds of this process since `from` (load-independent where the work runs here). */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

/**
 * CPU milliseconds of this process's live child processes (Linux /proc; 0 elsewhere): on
 * SQLite a report's rows are read in a lane's child process, whose time `cpuMs` misses.
 */
function childCpuMs(): number {
  try {
    let ticks = 0;
    for (const pid of readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

const { app, qry, signed, token, obj, close } = await benchApp({
  databaseUrl: pgUrl,
  labelledCategories: true,
});
const user = signed.session.user.id;
const load = [loadavg()];

/** A second object with the Ledger's fields (seedRows fills them by code). */
async function ledger(name: string): Promise<string> {
  const o = await qry<{ id: string }>(token, 'objects.create', { name });
  const categories = Array.from({ length: 10 }, (_, i) => ({ value: `c${i}`, label: `Cat ${i}` }));
  for (const f of [
    { name: 'Amount', code: 'amount', type: 'money' },
    { name: 'Category', code: 'category', type: 'select', options: { choices: categories } },
    { name: 'Region', code: 'region', type: 'text' },
    { name: 'Day', code: 'day', type: 'date' },
    { name: 'Qty', code: 'qty', type: 'integer' },
  ])
    await qry(token, 'fields.create', { objectId: o.id, ...f });
  return o.id;
}

async function cubeOn(objectId: string, name: string): Promise<string> {
  const c = await qry<{ id: string }>(token, 'cubes.create', {
    objectId,
    name,
    dimensions: [
      { key: 'category', field: 'category' },
      { key: 'region', field: 'region' },
      { key: 'month', field: 'day', grain: 'month' },
    ],
    measures: [
      { key: 'amount', fn: 'sum', field: 'amount' },
      { key: 'qty', fn: 'sum', field: 'qty' },
    ],
    defaultLayout: { rows: ['category', 'region'], cols: ['month'], measures: ['amount', 'qty'] },
  });
  return c.id;
}

const seed0 = performance.now();
await seedRows(app, obj.id, ROWS, user);
const seedMs = performance.now() - seed0;
// Saving the cube makes its covering index and its maintained aggregate (a pass over the records).
const made0 = performance.now();
const cubeId = await cubeOn(obj.id, 'Ledger cube');
const cubeCreateMs = performance.now() - made0;
const layout = {
  cubeId,
  rows: ['category', 'region'],
  cols: ['month'],
  measures: ['amount', 'qty'],
  rowLimit: 200,
  colLimit: 100,
};
interface Answer {
  rows: { total: number };
  cols: { total: number };
  records: number;
  cached: boolean;
  cells: unknown[][][];
}
const result: Record<string, unknown> = {
  database: app.db.dialect,
  records: ROWS,
  runs: RUNS,
  seed: { ms: Math.round(seedMs) },
  cubeCreate: { ms: Math.round(cubeCreateMs) },
};

if (!SKIP.has('query')) {
  const cold: number[] = [];
  const coldCpu: number[] = [];
  let shape: Answer | undefined;
  for (let i = 0; i < RUNS; i++) {
    clearCache(app.db);
    const t = performance.now();
    const c = process.cpuUsage();
    const a = await qry<Answer>(token, 'cubes.query', layout);
    cold.push(performance.now() - t);
    coldCpu.push(cpuMs(c));
    if (a.cached) throw new Error('a cold query came from the cache');
    shape = a;
  }
  const warm: number[] = [];
  const warmCpu: number[] = [];
  for (let i = 0; i < RUNS * 3; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const a = await qry<Answer>(token, 'cubes.query', { ...layout, rowOffset: (i * 7) % 50 });
    warm.push(performance.now() - t);
    warmCpu.push(cpuMs(c));
    if (!a.cached) throw new Error('a repeated query was not cached');
  }
  result.query = {
    layout: '2 row dims (category, region) × 1 col dim (month) × 2 measures',
    rowItems: shape?.rows.total,
    colItems: shape?.cols.total,
    records: shape?.records,
    coldMs: { median: median(cold), min: +Math.min(...cold).toFixed(1), all: cold.map(Math.round) },
    /** CPU time of this process (SQLite runs in it; on PostgreSQL the server's time is not in it). */
    coldCpuMs: { median: median(coldCpu) },
    repeatedMs: { median: median(warm), max: +Math.max(...warm).toFixed(1) },
    repeatedCpuMs: { median: median(warmCpu) },
    bars: { coldMs: 800, repeatedMs: 20 },
  };
  load.push(loadavg());
}

interface Written {
  updated: number;
  applied: string;
}
async function timeWrites(
  cube: string,
  coords: { dimension: string; member: unknown }[],
  value: string,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const undo: number[] = [];
  for (const mode of ['proportional', 'equal', 'delta', 'percentage'] as const) {
    const ms: number[] = [];
    const cpu: number[] = [];
    let updated = 0;
    const runs = Math.max(3, Math.min(RUNS, 5));
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const w = await qry<Written>(token, 'cubes.write', {
        cubeId: cube,
        coords,
        measure: 'amount',
        value: mode === 'percentage' ? '3.5' : mode === 'delta' ? '1000.01' : value,
        mode,
      });
      ms.push(performance.now() - t);
      cpu.push(cpuMs(c));
      updated = w.updated;
      const u = performance.now();
      await qry(token, 'cubes.undo', { cubeId: cube });
      undo.push(performance.now() - u);
    }
    out[mode] = { medianMs: median(ms), cpuMedianMs: median(cpu), records: updated };
  }
  out.undoMedianMs = median(undo);
  return out;
}

if (!SKIP.has('write')) {
  const small = await ledger('Plan 10k');
  await seedRows(app, small, 10_000, user);
  const smallCube = await cubeOn(small, 'Plan cube');
  result.write = {
    total10k: await timeWrites(smallCube, [], '123456789.01'),
    subtotalIn1M: await timeWrites(
      cubeId,
      [
        { dimension: 'category', member: 'c3' },
        { dimension: 'region', member: 'North' },
      ],
      '98765432.10',
    ),
    bar: { ms: 500, records: 10_000 },
  };
  load.push(loadavg());
}

interface Run {
  id: string;
  status: string;
  durationMs: number | null;
  size: number | null;
  result: { rows: number } | null;
  error: string | null;
}
async function generate(reportId: string): Promise<{ run: Run; wallMs: number }> {
  const t = performance.now();
  const started = await qry<Run>(token, 'reports.generate', { id: reportId });
  await app.jobs.idle();
  const run = await qry<Run>(token, 'reports.getRun', { id: started.id });
  if (run.status !== 'succeeded') throw new Error(`report ${run.status}: ${run.error}`);
  return { run, wallMs: performance.now() - t };
}

if (!SKIP.has('report')) {
  const big = await ledger('Sales 100k');
  await seedRows(app, big, 100_000, user);
  const view = await qry<{ id: string }>(token, 'reports.create', {
    name: 'Sales 100k',
    source: 'view',
    objectId: big,
    format: 'xlsx',
  });
  const xs: {
    rowsPerSecond: number;
    rowsPerCpuSecond: number;
    rowsPerTotalCpuSecond: number;
    ms: number;
    cpuMs: number;
    mb: number;
    load1: number;
  }[] = [];
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const cpu = process.cpuUsage();
    const child = childCpuMs();
    const { run } = await generate(view.id);
    const childMs = childCpuMs() - child;
    const ownMs = cpuMs(cpu);
    const ms = run.durationMs ?? 0;
    const rows = run.result?.rows ?? 0;
    xs.push({
      rowsPerSecond: Math.round((rows * 1000) / ms),
      // Rows per second of this process's CPU time (the job runs here): the load-free figure.
      rowsPerCpuSecond: Math.round((rows * 1000) / ownMs),
      // …and with the lane's child process that reads the rows (all the CPU the report took).
      rowsPerTotalCpuSecond: Math.round((rows * 1000) / (ownMs + childMs)),
      ms,
      // The report's CPU time (both processes) and the machine's 1-minute load when it ended:
      // a wall time well over the CPU time on 2 cores means it waited for them.
      cpuMs: Math.round(ownMs + childMs),
      load1: +(loadavg()[0] ?? 0).toFixed(1),
      mb: +((run.size ?? 0) / 1048576).toFixed(1),
    });
  }
  const pivot = await qry<{ id: string }>(token, 'reports.create', {
    name: 'Ledger pivot',
    source: 'cube',
    cubeId,
    format: 'xlsx',
  });
  clearCache(app.db);
  const p = await generate(pivot.id);
  result.report = {
    viewXlsx100k: {
      rowsPerSecondMedian: median(xs.map((x) => x.rowsPerSecond)),
      rowsPerCpuSecondMedian: median(xs.map((x) => x.rowsPerCpuSecond)),
      rowsPerTotalCpuSecondMedian: median(xs.map((x) => x.rowsPerTotalCpuSecond)),
      runs: xs,
      bar: 100_000,
    },
    pivotXlsx: { rows: p.run.result?.rows, ms: p.run.durationMs, coldCache: true },
  };
  load.push(loadavg());
}

result.loadAverage = load.map((l) => l.map((x) => +x.toFixed(1)));
result.at = new Date().toISOString();
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
await close();
