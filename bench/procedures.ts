/**
 * Procedure benchmark: a copy step over N records with two assignments (an amount raised by
 * 10 % and rounded to cents, a date moved by 12 months) — set-based, one INSERT … SELECT per
 * step. The run's CPU time (user + system of this process, which runs the server) is printed
 * beside the wall-clock times: on a shared, loaded machine it is the figure the code controls.
 * Starts a production-mode app in process (SQLite, or PostgreSQL with
 * BENCH_DATABASE_URL), seeds the Ledger object with N rows, copies them into a second object
 * of the same fields, and prints JSON: the run's own time (the job's log, from the transaction's
 * start to its commit) and the time from pressing Run to the job's end, median of `--runs`.
 * Run: node --conditions=source --import tsx bench/procedures.ts [--rows 1000000] [--runs 3]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { benchApp } from './lib/app.js';
import { seedRows } from './lib/seed.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const ROWS = Number(arg('rows') ?? 1_000_000);
const RUNS = Number(arg('runs') ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const b = await benchApp({ databaseUrl: process.env.BENCH_DATABASE_URL });
try {
  const { app, qry, token, obj, signed } = b;
  const t0 = performance.now();
  await seedRows(app, obj.id, ROWS, signed.session.user.id);
  const seedMs = performance.now() - t0;
  const target = await qry<{ id: string }>(token, 'objects.create', { name: 'Ledger next year' });
  for (const f of [
    { name: 'Amount', code: 'amount', type: 'money' },
    { name: 'Region', code: 'region', type: 'text' },
    { name: 'Day', code: 'day', type: 'date' },
    { name: 'Qty', code: 'qty', type: 'integer' },
  ])
    await qry(token, 'fields.create', { objectId: target.id, ...f });
  const proc = await qry<{ id: string }>(token, 'procedures.create', {
    name: 'Roll forward',
    timeoutSeconds: 600,
    steps: [
      {
        type: 'copy',
        source: obj.id,
        target: target.id,
        assignments: [
          { field: 'amount', expr: 'round(amount * 1.1, 2)' },
          { field: 'day', expr: 'addMonths(day, 12)' },
        ],
      },
    ],
  });
  const table = await app.db.kysely
    .selectFrom('pf_objects')
    .select('table_name')
    .where('id', '=', target.id)
    .executeTakeFirstOrThrow();
  const runMs: number[] = [];
  const endToEnd: number[] = [];
  const cpuMs: number[] = [];
  let written = 0;
  for (let i = 0; i < RUNS; i++) {
    await sql`delete from ${sql.id(table.table_name)}`.execute(app.db.kysely);
    const t = performance.now();
    const cpu = process.cpuUsage();
    const started = await qry<{ id: string }>(token, 'procedures.run', { id: proc.id });
    await app.jobs.idle();
    endToEnd.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    const run = await qry<{
      status: string;
      error: string | null;
      result: { ms: number; inserted: number } | null;
    }>(token, 'procedures.getRun', { id: started.id });
    if (run.status !== 'succeeded') throw new Error(`run ${run.status}: ${run.error}`);
    runMs.push(run.result?.ms ?? 0);
    written = run.result?.inserted ?? 0;
  }
  console.log(
    JSON.stringify({
      bench: 'procedures.copy',
      database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
      rows: ROWS,
      written,
      runs: RUNS,
      seedMs: Math.round(seedMs),
      runMsMedian: Math.round(median(runMs)),
      endToEndMsMedian: Math.round(median(endToEnd)),
      cpuMsMedian: Math.round(median(cpuMs)),
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      rowsPerSecond: Math.round(ROWS / (median(endToEnd) / 1000)),
    }),
  );
} finally {
  await b.close();
}
