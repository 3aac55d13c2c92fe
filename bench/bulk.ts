/**
 * Bulk write benchmark (QUALITY.md P12): starts the server as its own process on a temp
 * DATA_DIR, registers a user, creates an object with 10 fields (the import benchmark's: code —
 * unique —, name, amount, qty, day, paid, category, region, note, ratio) and sends N rows through
 * `records.createMany` in batches over HTTP, one request after another as a syncing client
 * would; then (unless `--no-upsert`) sends the same rows again through `records.upsertMany`
 * keyed by the unique `code`, each row with a changed quantity (every row an update). With
 * `--in-flight N` the client keeps up to N calls outstanding (sent in order), as a syncing client
 * does to keep the server's checking of one call beside the writing of the previous one. Request
 * bodies are made before the clock starts. Prints JSON per size: rows/s end to end, the server's
 * CPU seconds and rows per CPU second (steady under load), the CPU seconds of its busiest
 * threads (how the work divides between the cores), batch latency p50/p95, records afterwards
 * and the server's peak RSS.
 * Run: node --conditions=source --import tsx bench/bulk.ts [--rows 100000,1000000]
 *      [--batch 5000] [--in-flight 1] [--port 3190] [--no-upsert]
 * Env: BULK_BODY_WORKER=true (the server reads big bodies on its bulk-body worker), BENCH_DATABASE_URL (postgres://… to run on PostgreSQL), BENCH_PROFILE=<dir> (CPU
 * profiles of the server's threads, written when it stops).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLedger, startServer } from './lib/server.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const SIZES = (arg('rows') ?? process.env.BENCH_ROWS ?? '100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const BATCH = Number(arg('batch') ?? 5000);
const PORT = Number(arg('port') ?? 3190);
const UPSERT = !process.argv.includes('--no-upsert');
const IN_FLIGHT = Math.max(1, Number(arg('in-flight') ?? 1));
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-bulk-'));
const categories = Array.from({ length: 10 }, (_, i) => `c${i}`);

function row(i: number, qtyShift: number) {
  const day = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  return {
    code: `K${i}`,
    name: `Item ${i}`,
    amount: ((i * 37) % 100000) / 100,
    qty: (i % 1000) + qtyShift,
    day,
    paid: i % 2 === 1,
    category: categories[i % 10],
    region: `Region ${i % 50}`,
    note: `Note number ${i}`,
    ratio: (i % 997) / 10,
  };
}

function bodies(op: string, input: Record<string, unknown>, rows: number, qtyShift: number) {
  const out: string[] = [];
  for (let at = 0; at < rows; at += BATCH) {
    const batch = [];
    for (let i = at; i < Math.min(rows, at + BATCH); i++) batch.push(row(i, qtyShift));
    out.push(JSON.stringify({ op, ...input, rows: batch }));
  }
  return out;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

interface Written {
  created: number;
  updated: number;
  unchanged: number;
  errors: unknown[];
}

/** CPU seconds each thread of the server used between two readings, busiest first (top 4). */
function threadDeltas(
  before: Map<string, { name: string; seconds: number }>,
  after: Map<string, { name: string; seconds: number }>,
) {
  return [...after]
    .map(([tid, t]) => ({ thread: t.name, seconds: t.seconds - (before.get(tid)?.seconds ?? 0) }))
    .filter((t) => t.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 4)
    .map((t) => ({ ...t, seconds: +t.seconds.toFixed(2) }));
}

async function send(list: string[], rows: number) {
  const times: number[] = [];
  const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const cpu0 = await server.cpuSeconds();
  const threads0 = await server.threadCpuSeconds();
  const t0 = performance.now();
  // Up to IN_FLIGHT calls outstanding, sent in order (a syncing client with a window of calls);
  // each answer is counted as it comes.
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const body = list[next++] as string;
      const t = performance.now();
      const r = await server.post<Written>(body);
      times.push(performance.now() - t);
      totals.created += r.created;
      totals.updated += r.updated;
      totals.unchanged += r.unchanged;
      totals.failed += r.errors.length;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (await server.cpuSeconds()) - cpu0;
  const threads = threadDeltas(threads0, await server.threadCpuSeconds());
  times.sort((a, b) => a - b);
  return {
    ...totals,
    seconds: +seconds.toFixed(2),
    rowsPerSecond: Math.round(rows / seconds),
    // What the server spent, whatever else runs on the machine (all its threads together).
    serverCpuSeconds: +cpu.toFixed(2),
    rowsPerServerCpuSecond: Math.round(rows / cpu),
    // The busiest thread bounds the rows per second of an idle machine with enough cores:
    // rows per CPU second of that thread.
    busiestThreadCpuSeconds: threads[0]?.seconds ?? 0,
    rowsPerBusiestThreadCpuSecond: threads[0] ? Math.round(rows / threads[0].seconds) : 0,
    threads,
    batchMs: { p50: Math.round(quantile(times, 0.5)), p95: Math.round(quantile(times, 0.95)) },
  };
}

const server = await startServer({ port: PORT, dir, profileDir: process.env.BENCH_PROFILE }).catch(
  (e: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  },
);
try {
  const results = [];
  for (const rows of SIZES) {
    const obj = await createLedger(server, `Ledger ${rows}`, categories, { uniqueCode: true });

    const creates = bodies('records.createMany', { objectId: obj.id }, rows, 0);
    const create = await send(creates, rows);
    creates.length = 0;
    let upsert: Awaited<ReturnType<typeof send>> | undefined;
    if (UPSERT) {
      const upserts = bodies('records.upsertMany', { objectId: obj.id, key: 'code' }, rows, 1);
      upsert = await send(upserts, rows);
    }
    const { total } = await server.qry<{ total: number }>('records.count', { objectId: obj.id });
    results.push({
      rows,
      batch: BATCH,
      inFlight: IN_FLIGHT,
      createMany: create,
      ...(upsert ? { upsertMany: upsert } : {}),
      recordsAfter: total,
      serverPeakRssMB: +((await server.peakRss()) / 1024 / 1024).toFixed(1),
    });
  }
  console.log(
    JSON.stringify(
      {
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
        server: server.built,
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
