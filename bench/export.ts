/**
 * Export benchmark (QUALITY.md P5): seeds an object with 1M records (6 columns: text, money,
 * select, text, date, integer), then runs `records.export` to CSV through the API
 * (`POST /api/qry` via inject) and polls `exports.get` until the job ends. The job runs in
 * this process, so the peak RSS reported is the exporting process's: the high-water mark is
 * reset after seeding (`/proc/self/clear_refs`) and RSS is also sampled while the job runs.
 * Prints JSON: rows, seconds, rows/s, peak RSS, file size, event-loop delay during the export.
 * Run: node --conditions=source --import tsx bench/export.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_FORMAT (csv | xlsx, default csv),
 * BENCH_DATABASE_URL (postgres://… to run on PostgreSQL).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { benchApp } from './lib/app.js';
import { findFile } from '../apps/server/src/modules/files/index.js';
import { seedRows } from './lib/seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const FORMAT = process.env.BENCH_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const pgUrl = process.env.BENCH_DATABASE_URL;

const { app, dataDir, qry, signed, token, obj, close } = await benchApp({
  databaseUrl: pgUrl,
  labelledCategories: true,
});

/** A kB figure of /proc/self/status (VmRSS, VmHWM), in MB. */
function procMb(key: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

const seedStart = performance.now();
await seedRows(app, obj.id, ROWS, signed.session.user.id);
const seedMs = performance.now() - seedStart;
global.gc?.();

// The export's own peak: reset the high-water mark left by seeding, then sample while it runs.
let hwmReset = false;
try {
  writeFileSync('/proc/self/clear_refs', '5');
  hwmReset = true;
} catch {
  hwmReset = false;
}
const rssBefore = procMb('VmRSS');
let rssSampled = rssBefore ?? 0;
const sampler = setInterval(() => {
  rssSampled = Math.max(rssSampled, procMb('VmRSS') ?? 0);
}, 50);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

interface Job {
  id: string;
  status: string;
  processed: number;
  total: number | null;
  fileId: string | null;
  error: string | null;
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let job = await qry<Job>(token, 'records.export', { objectId: obj.id, format: FORMAT });
const pollMs: number[] = [];
while (job.status === 'queued' || job.status === 'running') {
  await new Promise((r) => setTimeout(r, 100));
  const p0 = performance.now();
  job = await qry<Job>(token, 'exports.get', { id: job.id });
  pollMs.push(performance.now() - p0);
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
loop.disable();
clearInterval(sampler);
if (job.status !== 'succeeded') throw new Error(`export ${job.status}: ${job.error}`);

const file = await findFile(app.db, dataDir, signed.session.domain.id, job.fileId as string);
const size = file ? statSync(file.path).size : 0;
const result = {
  database: app.db.dialect,
  format: FORMAT,
  rows: job.processed,
  seconds: +seconds.toFixed(2),
  rowsPerSecond: Math.round(job.processed / seconds),
  /** CPU time of this process during the export (main thread and helpers). */
  cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
  peakRssMb: hwmReset ? procMb('VmHWM') : null,
  peakRssSampledMb: rssSampled,
  rssBeforeExportMb: rssBefore,
  fileMb: +(size / 1024 / 1024).toFixed(1),
  eventLoopDelayMs: {
    p99: +(loop.percentile(99) / 1e6).toFixed(1),
    max: +(loop.max / 1e6).toFixed(1),
  },
  pollMsMax: +Math.max(0, ...pollMs).toFixed(1),
  seed: { ms: Math.round(seedMs), rowsPerSecond: Math.round(ROWS / (seedMs / 1000)) },
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
await close();
