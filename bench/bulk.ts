/**
 * Bulk write benchmark (QUALITY.md P12): starts the server as its own process on a temp
 * DATA_DIR, registers a user, creates an object with 10 fields (the import benchmark's: code —
 * unique —, name, amount, qty, day, paid, category, region, note, ratio) and sends N rows through
 * `records.createMany` in batches over HTTP, one request after another as a syncing client
 * would; then (unless `--no-upsert`) sends the same rows again through `records.upsertMany`
 * keyed by the unique `code`, each row with a changed quantity (every row an update). Request
 * bodies are made before the clock starts. Prints JSON per size: rows/s end to end, the server's
 * CPU seconds and rows per CPU second (steady under load), batch latency p50/p95, records
 * afterwards and the server's peak RSS.
 * Run: node --conditions=source --import tsx bench/bulk.ts [--rows 100000,1000000]
 *      [--batch 5000] [--port 3190] [--no-upsert]
 * Env: BENCH_DATABASE_URL (postgres://… to run on PostgreSQL), BENCH_PROFILE=<dir> (CPU
 * profiles of the server's threads, written when it stops).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

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
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-bulk-'));
const base = `http://127.0.0.1:${PORT}`;
const categories = Array.from({ length: 10 }, (_, i) => `c${i}`);

async function waitReady(): Promise<void> {
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

let token = '';
async function post<T>(body: string): Promise<T> {
  const res = await fetch(`${base}/api/qry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await res.json()) as { data?: T; error?: unknown };
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(answer.error).slice(0, 500)}`);
  return answer.data as T;
}
function qry<T>(op: string, input: Record<string, unknown>): Promise<T> {
  return post<T>(JSON.stringify({ op, ...input }));
}

async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** CPU seconds the server process has used (user + system, all threads): load-independent. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

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

async function send(list: string[], rows: number) {
  const times: number[] = [];
  const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const cpu0 = await cpuSeconds(server.pid as number);
  const t0 = performance.now();
  for (const body of list) {
    const t = performance.now();
    const r = await post<Written>(body);
    times.push(performance.now() - t);
    totals.created += r.created;
    totals.updated += r.updated;
    totals.unchanged += r.unchanged;
    totals.failed += r.errors.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (await cpuSeconds(server.pid as number)) - cpu0;
  times.sort((a, b) => a - b);
  return {
    ...totals,
    seconds: +seconds.toFixed(2),
    rowsPerSecond: Math.round(rows / seconds),
    // What the server spent, whatever else runs on the machine: rows per CPU second is close to
    // the rows per second of an idle machine (the server does the work on one thread).
    serverCpuSeconds: +cpu.toFixed(2),
    rowsPerServerCpuSecond: Math.round(rows / cpu),
    batchMs: { p50: Math.round(quantile(times, 0.5)), p95: Math.round(quantile(times, 0.95)) },
  };
}

const built = path.join(root, 'apps/server/dist/server.js');
const profile = process.env.BENCH_PROFILE;
const server = spawn(
  process.execPath,
  [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
    ...(existsSync(built)
      ? [built]
      : ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')]),
  ],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: path.join(dir, 'web'),
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
try {
  await waitReady();
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'Secret123' }),
  });
  token = ((await reg.json()) as { accessToken: string }).accessToken;
  const results = [];
  for (const rows of SIZES) {
    const obj = await qry<{ id: string }>('objects.create', { name: `Ledger ${rows}` });
    for (const f of [
      { name: 'Code', code: 'code', type: 'text', options: { unique: true } },
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
      await qry('fields.create', { objectId: obj.id, ...f });

    const creates = bodies('records.createMany', { objectId: obj.id }, rows, 0);
    const create = await send(creates, rows);
    creates.length = 0;
    let upsert: Awaited<ReturnType<typeof send>> | undefined;
    if (UPSERT) {
      const upserts = bodies('records.upsertMany', { objectId: obj.id, key: 'code' }, rows, 1);
      upsert = await send(upserts, rows);
    }
    const { total } = await qry<{ total: number }>('records.count', { objectId: obj.id });
    results.push({
      rows,
      batch: BATCH,
      createMany: create,
      ...(upsert ? { upsertMany: upsert } : {}),
      recordsAfter: total,
      serverPeakRssMB: +((await peakRss(server.pid as number)) / 1024 / 1024).toFixed(1),
    });
  }
  console.log(
    JSON.stringify(
      {
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
        server: existsSync(built) ? 'built' : 'source',
        results,
      },
      null,
      2,
    ),
  );
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit').catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
