/**
 * Scale-out benchmark on PostgreSQL, two parts:
 *
 * 1. Authenticated `records.list` throughput of one server with 1 and with N server processes
 *    (`WORKERS`, node:cluster). Each run gets a fresh schema, a user and an object of 2,000
 *    records; then `--connections` keep-alive connections (spread over the processes by the
 *    cluster) ask for the first page for `--seconds`.
 * 2. Import while another process serves reads: two server processes on one database and one
 *    data directory. The first gets a `--import-rows` (1,000,000) CSV file uploaded in 8 MB
 *    chunks and imports it into a ten-field object; the second serves `--readers` (4) clients of
 *    another domain without pause — pages of 20 of a 1,000-record object and records by id —
 *    for `--control` seconds before the import (the control) and during all of it. The
 *    importing process is checked by its metrics (`fiscus_job_duration_seconds`) to be the
 *    one that ran the import.
 *
 * Prints JSON: requests per second and latency percentiles per process count and their ratio;
 * the reads' p50/p95/p99/max in the control and during the import, the import's upload and
 * apply seconds and rows per second; cores and load averages.
 * Run: npm run build && BENCH_DATABASE_URL=postgres://… node --conditions=source --import tsx bench/scale.ts
 *      [--workers 2] [--connections 16] [--seconds 15] [--port 3185]
 *      [--import-rows 1000000] [--readers 4] [--control 20] [--only throughput|import]
 */
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createClient } from '@fiscus/client';
import pg from 'pg';
import { LEDGER_CATEGORIES, writeLedgerCsv } from './lib/ledger-csv.js';
import { percentile, throughput } from './lib/load.js';
import { createLedger, startServer } from './lib/server.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const WORKERS = Number(arg('workers') ?? 2);
const CONNECTIONS = Number(arg('connections') ?? 16);
const SECONDS = Number(arg('seconds') ?? 15);
const PORT = Number(arg('port') ?? 3185);
const IMPORT_ROWS = Number(arg('import-rows') ?? 1_000_000);
const READERS = Number(arg('readers') ?? 4);
const CONTROL_SECONDS = Number(arg('control') ?? 20);
const ONLY = arg('only');
const RECORDS = 2_000;
const METRICS_TOKEN = 'bench-scale-metrics-token';
const url = process.env.BENCH_DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(url)) {
  console.error('bench/scale.ts needs PostgreSQL: BENCH_DATABASE_URL=postgres://user:pass@host/db');
  process.exit(2);
}

/** A fresh schema of the benchmark's database; answers its URL and how to drop it. */
async function freshSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `bench_scale_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    },
  };
}

async function run(workers: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-scale-'));
  const db = await freshSchema();
  const server = await startServer({
    port: PORT,
    dir,
    env: { DATABASE_URL: db.url, WORKERS: String(workers) },
  });
  try {
    const obj = await server.qry<{ id: string }>('objects.create', { name: 'Scale' });
    for (let i = 0; i < RECORDS; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          server.qry('records.create', { objectId: obj.id, values: { name: `Row ${i + j}` } }),
        ),
      );
    }
    const body = JSON.stringify({ op: 'records.list', objectId: obj.id });
    const common = { url: `${server.base}/api/qry`, token: server.token(), body };
    // Warm-up: every process has its connections, statements and caches.
    await throughput({ ...common, connections: CONNECTIONS, seconds: 3 });
    const r = await throughput({ ...common, connections: CONNECTIONS, seconds: SECONDS });
    return {
      workers,
      requestsPerSecond: r.requestsPerSecond,
      failed: r.failed,
      latencyMs: r.latencyMs,
    };
  } finally {
    await server.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Reads in a worker thread (an event loop of its own, keep-alive sockets): each client sends
// its next request as soon as the last is answered, until told to stop; answers when each
// request started (ms since the epoch), how long it took and whether it was answered 200.
const readerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, token, bodies, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const u = new URL(url);
const at = [], ms = [], ok = [];
let stop = false, issued = 0;
parentPort.on('message', () => { stop = true; });
function one() {
  const payload = bodies[issued++ % bodies.length];
  return new Promise((resolve) => {
    const start = Date.now();
    const t0 = process.hrtime.bigint();
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token, 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => {
        at.push(start); ms.push(Number(process.hrtime.bigint() - t0) / 1e6); ok.push(res.statusCode === 200);
        resolve();
      });
    });
    req.on('error', () => { at.push(start); ms.push(Number(process.hrtime.bigint() - t0) / 1e6); ok.push(false); resolve(); });
    req.end(payload);
  });
}
async function loop() { while (!stop) { await one(); await new Promise((r) => setImmediate(r)); } }
Promise.all(Array.from({ length: clients }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ at, ms, ok });
});
`;

function readers(opts: { url: string; token: string; bodies: string[]; clients: number }) {
  const w = new Worker(readerSource, { eval: true, workerData: opts });
  const done = new Promise<{ at: number[]; ms: number[]; ok: boolean[] }>((resolve, reject) => {
    w.once('message', resolve);
    w.once('error', reject);
  });
  return {
    async stop() {
      w.postMessage('stop');
      const r = await done;
      await w.terminate();
      return r;
    },
  };
}

/** Percentiles of the reads that started within [from, to) (ms since the epoch). */
function window(r: { at: number[]; ms: number[]; ok: boolean[] }, from: number, to: number) {
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; i < r.at.length; i++) {
    const t = r.at[i] as number;
    if (t < from || t >= to) continue;
    if (r.ok[i]) ms.push(r.ms[i] as number);
    else failed++;
  }
  const round = (x: number) => +x.toFixed(1);
  return {
    reads: ms.length,
    failed,
    seconds: +((to - from) / 1000).toFixed(1),
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    p99: round(percentile(ms, 99)),
    max: round(Math.max(0, ...ms)),
  };
}

/** Jobs of a kind this server process has ended, from its metrics. */
async function jobsEnded(base: string, kind: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  let n = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('fiscus_job_duration_seconds_count{') && line.includes(`kind="${kind}"`))
      n += Number(line.slice(line.lastIndexOf(' ') + 1));
  return n;
}

const load = () => os.loadavg().map((x) => +x.toFixed(2));

async function importWhileReading() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-scale-import-'));
  const db = await freshSchema();
  const env = { DATABASE_URL: db.url, METRICS_TOKEN };
  const importer = await startServer({ port: PORT, dir, env });
  // The same database and data directory (its generated keys: the importer's tokens hold).
  const reader = await startServer({ port: PORT + 1, dir, env, token: importer.token() });
  try {
    const csv = path.join(dir, 'rows.csv');
    await writeLedgerCsv(csv, IMPORT_ROWS);
    const ledger = await createLedger(importer, 'Ledger', LEDGER_CATEGORIES);
    // The reads: another domain, signed up and served through the second process.
    const reg = await fetch(`${reader.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'reader',
        email: 'reader@example.com',
        password: 'Secret123',
      }),
    });
    const readerToken = ((await reg.json()) as { accessToken: string }).accessToken;
    const mine = createClient({ baseUrl: reader.base, token: readerToken });
    const contacts = await mine.op('objects.create', { name: 'Contacts' });
    await mine.op('records.createMany', {
      objectId: contacts.id,
      rows: Array.from({ length: 1000 }, (_, i) => ({ name: `Contact ${i + 1}` })),
    });
    const bodies: string[] = [];
    for (let i = 0; i < 50; i++) {
      bodies.push(
        JSON.stringify({
          op: 'records.list',
          objectId: contacts.id,
          offset: (i * 20) % 980,
          limit: 20,
        }),
        JSON.stringify({ op: 'records.get', objectId: contacts.id, id: 1 + ((i * 37) % 1000) }),
      );
    }
    const reads = readers({
      url: `${reader.base}/api/qry`,
      token: readerToken,
      bodies,
      clients: READERS,
    });
    // Warm-up, then the control: the reads with nothing else running.
    await new Promise((r) => setTimeout(r, 3000));
    const controlFrom = Date.now();
    const loadBeforeControl = load();
    await new Promise((r) => setTimeout(r, CONTROL_SECONDS * 1000));
    const controlTo = Date.now();

    const loadBeforeImport = load();
    const client = createClient({ baseUrl: importer.base, token: importer.token() });
    const t0 = performance.now();
    const importFrom = Date.now();
    const { fileId } = await client.upload(await openAsBlob(csv), path.basename(csv), {
      chunked: true,
      chunkSize: 8 * 1024 * 1024,
    });
    const t1 = performance.now();
    const applyFrom = Date.now();
    const imp = await client.op('imports.create', { objectId: ledger.id, fileId });
    await client.op('imports.run', { id: imp.id });
    let state: Awaited<ReturnType<typeof client.op<'imports.get'>>>;
    for (;;) {
      state = await client.op('imports.get', { id: imp.id });
      if (!['queued', 'running'].includes(state.status)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const t2 = performance.now();
    const importTo = Date.now();
    const loadAfterImport = load();
    const r = await reads.stop();
    const { total } = await client.op('records.count', { objectId: ledger.id });
    const importSeconds = (t2 - t1) / 1000;
    return {
      rows: IMPORT_ROWS,
      status: state.status,
      error: state.error,
      recordsAfter: total,
      ranOn: {
        importingProcess: await jobsEnded(importer.base, 'import'),
        readingProcess: await jobsEnded(reader.base, 'import'),
      },
      uploadSeconds: +((t1 - t0) / 1000).toFixed(1),
      importSeconds: +importSeconds.toFixed(1),
      importRowsPerSecond: Math.round(IMPORT_ROWS / importSeconds),
      endToEndRowsPerSecond: Math.round(IMPORT_ROWS / ((t2 - t0) / 1000)),
      readers: READERS,
      readsControl: window(r, controlFrom, controlTo),
      readsDuringUploadAndImport: window(r, importFrom, importTo),
      readsDuringImport: window(r, applyFrom, importTo),
      loadAverage: {
        beforeControl: loadBeforeControl,
        beforeImport: loadBeforeImport,
        afterImport: loadAfterImport,
      },
    };
  } finally {
    await reader.stop();
    await importer.stop();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const loadAtStart = load();
const runs = [];
if (ONLY !== 'import') runs.push(await run(1), await run(WORKERS));
const [one, many] = runs;
const importing = ONLY === 'throughput' ? undefined : await importWhileReading();
console.log(
  JSON.stringify(
    {
      bench: 'scale',
      date: new Date().toISOString(),
      cores: os.availableParallelism(),
      loadAverage: { start: loadAtStart, end: load() },
      ...(one && many
        ? {
            throughput: {
              op: 'records.list (first page of 2,000 records, signed in)',
              connections: CONNECTIONS,
              seconds: SECONDS,
              runs: [one, many],
              ratio: +(many.requestsPerSecond / Math.max(1, one.requestsPerSecond)).toFixed(2),
            },
          }
        : {}),
      ...(importing ? { importWhileReading: importing } : {}),
    },
    null,
    2,
  ),
);
