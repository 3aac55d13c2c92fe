/**
 * Scale-out benchmark: authenticated `records.list` throughput of one server with 1 and with N
 * server processes (`WORKERS`, node:cluster) on PostgreSQL. Each run gets a fresh schema, a
 * user and an object of 2,000 records; then `--connections` keep-alive connections (spread over
 * the processes by the cluster) ask for the first page for `--seconds`. Prints JSON: requests
 * per second and latency percentiles per process count, the ratio, cores and load average.
 * Run: BENCH_DATABASE_URL=postgres://… node --conditions=source --import tsx bench/scale.ts
 *      [--workers 2] [--connections 16] [--seconds 15] [--port 3185]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { throughput } from './lib/load.js';
import { startServer } from './lib/server.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const WORKERS = Number(arg('workers') ?? 2);
const CONNECTIONS = Number(arg('connections') ?? 16);
const SECONDS = Number(arg('seconds') ?? 15);
const PORT = Number(arg('port') ?? 3185);
const RECORDS = 2_000;
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

const one = await run(1);
const many = await run(WORKERS);
console.log(
  JSON.stringify(
    {
      bench: 'scale',
      date: new Date().toISOString(),
      op: 'records.list (first page of 2,000 records, signed in)',
      connections: CONNECTIONS,
      seconds: SECONDS,
      cores: os.availableParallelism(),
      loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
      runs: [one, many],
      ratio: +(many.requestsPerSecond / Math.max(1, one.requestsPerSecond)).toFixed(2),
    },
    null,
    2,
  ),
);
