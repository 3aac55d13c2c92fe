/**
 * Soak (QUALITY.md P11): small reads while heavy queries and a large import run. The server runs
 * as its own process (the build, made first when its sources changed). Two domains:
 * - the **heavy** domain: an object of `BENCH_ROWS` records (imported before the soak), on which
 *   `BENCH_HEAVY` clients run, without pause, the queries that used to stall everybody — counts
 *   and group-bys with a filter that changes every time (no cache helps), deep pages, exports —
 *   and into which an import of `BENCH_IMPORT_ROWS` rows runs during the soak;
 * - the **light** domain: `BENCH_LIGHT` clients doing small reads — health, a page of 20 of a
 *   small object, a record, whoami — and, among them, a sign-in every `BENCH_SIGNIN_MS`
 *   milliseconds (1500: within the sign-in routes' 60 requests a minute per address).
 * `BENCH_HEAVY=0 BENCH_IMPORT_ROWS=0` is the control run: the same small reads on the same
 * machine with nothing heavy beside them.
 * Runs `BENCH_SECONDS` (60), or until the import has ended, and prints JSON: p50/p95/p99 of the small reads (all, and per kind),
 * sign-in apart (argon2 costs its own tens of milliseconds), errors, how the heavy queries
 * ended (200, 503 with Retry-After), the import's times, the load average of the machine, and
 * where the time went (`where`, bench/lib/sampler.ts): the server's event-loop delay per second,
 * its waits for a PostgreSQL connection and for a lane's slot, the cores the server and
 * PostgreSQL used, and on PostgreSQL the active statements by connection (app, read lane, heavy
 * lane, parallel workers) and their wait events.
 *
 * Run: npm run build && node --conditions=source --import tsx bench/soak.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_IMPORT_ROWS (default 1000000), BENCH_SECONDS (60),
 * BENCH_HEAVY (4), BENCH_LIGHT (4), BENCH_SIGNIN_MS (1500), BENCH_PORT (4121),
 * BENCH_DATABASE_URL (postgres://…), BENCH_READS_FILE (writes every small read there as CSV:
 * start in ms since the epoch, kind, ms). Lane settings (QUERY_TIME_LIMIT, READ_LANE_SLOTS, …) pass
 * through to the server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LEDGER_CATEGORIES, writeLedgerCsv } from './lib/ledger-csv.js';
import { percentile } from './lib/load.js';
import { startSampler } from './lib/sampler.js';
import { createLedger, startServer, type BenchServer } from './lib/server.js';

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
/** The same, where 0 is a choice (no heavy clients, no import). */
const count = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  return Number.isInteger(v) && v >= 0 ? v : fallback;
};
const ROWS = num('BENCH_ROWS', 1_000_000);
const IMPORT_ROWS = count('BENCH_IMPORT_ROWS', 1_000_000);
const SECONDS = num('BENCH_SECONDS', 60);
const HEAVY = count('BENCH_HEAVY', 4);
const LIGHT = num('BENCH_LIGHT', 4);
const SIGNIN_MS = num('BENCH_SIGNIN_MS', 1500);
const PORT = num('BENCH_PORT', 4121);
const READS_FILE = process.env.BENCH_READS_FILE;
const CHUNK = 8 * 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-bench-soak-'));

/** Uploads a file in 8 MB chunks through /api/uploadchunk; answers its file id. */
async function upload(server: BenchServer, token: string, file: string): Promise<string> {
  const size = statSync(file).size;
  const fh = await open(file);
  let uploadId: string | undefined;
  try {
    for (let offset = 0; offset < size; offset += CHUNK) {
      const length = Math.min(CHUNK, size - offset);
      const buf = Buffer.alloc(length);
      await fh.read(buf, 0, length, offset);
      const form = new FormData();
      if (uploadId) form.append('uploadId', uploadId);
      form.append('name', path.basename(file));
      form.append('size', String(size));
      form.append('offset', String(offset));
      form.append('chunk', new Blob([buf]), 'blob');
      const res = await fetch(`${server.base}/api/uploadchunk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { uploadId: string; fileId?: string; error?: unknown };
      if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(body.error)}`);
      uploadId = body.uploadId;
      if (body.fileId) return body.fileId;
    }
  } finally {
    await fh.close();
  }
  throw new Error('upload did not finish');
}

async function call(base: string, token: string, body: unknown) {
  const res = await fetch(`${base}/api/qry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: unknown; error?: { code: string } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json };
}

/** Imports a CSV file into the object and waits for the job; answers its times. */
async function importFile(server: BenchServer, token: string, objectId: string, file: string) {
  const t0 = performance.now();
  const fileId = await upload(server, token, file);
  const uploaded = performance.now();
  const q = async <T>(op: string, input: Record<string, unknown>) => {
    const r = await call(server.base, token, { op, ...input });
    if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.json.error)}`);
    return r.json.data as T;
  };
  const imp = await q<{ id: string }>('imports.create', { objectId, fileId });
  await q('imports.run', { id: imp.id });
  for (;;) {
    const st = await q<{ status: string; error: string | null; result: unknown }>('imports.get', {
      id: imp.id,
    });
    if (st.status === 'succeeded' || st.status === 'failed' || st.status === 'cancelled') {
      if (st.status !== 'succeeded') throw new Error(`import ${st.status}: ${st.error}`);
      return {
        startedAt: +(t0 / 1000).toFixed(1),
        uploadSeconds: +((uploaded - t0) / 1000).toFixed(1),
        importSeconds: +((performance.now() - uploaded) / 1000).toFixed(1),
        result: st.result,
      };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const loadBefore = os.loadavg();
const METRICS_TOKEN = randomBytes(24).toString('hex');
// The seed import alone may outlast the default 10 minutes of an access token on a busy machine.
const server = await startServer({
  port: PORT,
  dir,
  env: { METRICS_TOKEN, ACCESS_TOKEN_TTL: '3600' },
});
try {
  const heavyToken = server.token();
  const ledger = await createLedger(server, 'Ledger', LEDGER_CATEGORIES);
  const seedFile = path.join(dir, 'seed.csv');
  const importCsv = path.join(dir, 'import.csv');
  await writeLedgerCsv(seedFile, ROWS);
  if (IMPORT_ROWS) await writeLedgerCsv(importCsv, IMPORT_ROWS, ROWS + 1);
  const seeded = await importFile(server, heavyToken, ledger.id, seedFile);

  // The light domain: another user with a small object.
  const reg = await fetch(`${server.base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'light', email: 'light@example.com', password: 'Secret123' }),
  });
  const lightToken = ((await reg.json()) as { accessToken: string }).accessToken;
  const contacts = (await call(server.base, lightToken, {
    op: 'objects.create',
    name: 'Contacts',
  })) as { json: { data: { id: string } } };
  const smallId = contacts.json.data.id;
  await call(server.base, lightToken, {
    op: 'records.createMany',
    objectId: smallId,
    rows: Array.from({ length: 1000 }, (_, i) => ({ name: `Contact ${i + 1}` })),
  });

  const end = performance.now() + SECONDS * 1000;
  // The soak lasts BENCH_SECONDS, and longer while the import runs.
  let importing = IMPORT_ROWS > 0;
  const running = () => importing || performance.now() < end;
  const small: Record<string, number[]> = { health: [], page: [], record: [], whoami: [] };
  const signIn: number[] = [];
  const readLog: string[] = [];
  const errors: Record<string, number> = {};
  const fail = (what: string) => (errors[what] = (errors[what] ?? 0) + 1);
  /** The slowest small reads and when they started (to line them up with the import). */
  const slowest: { at: number; kind: string; ms: number }[] = [];

  let lastSignIn = performance.now();
  async function lightClient(n: number) {
    let i = 0;
    while (running()) {
      i++;
      const kinds = ['health', 'page', 'record', 'whoami'] as const;
      const signInDue = performance.now() - lastSignIn >= SIGNIN_MS;
      if (signInDue) lastSignIn = performance.now();
      const kind = signInDue ? 'signin' : (kinds[i % 4] as (typeof kinds)[number]);
      const t0 = performance.now();
      let ok = false;
      if (kind === 'health') ok = (await fetch(`${server.base}/api/health`)).ok;
      else if (kind === 'signin') {
        const r = await fetch(`${server.base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'light', password: 'Secret123' }),
        });
        await r.arrayBuffer();
        ok = r.ok;
        if (!ok) fail(`signin ${r.status}`);
      } else if (kind === 'whoami') {
        const r = await fetch(`${server.base}/api/whoami`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: lightToken }),
        });
        await r.arrayBuffer();
        ok = r.ok;
      } else if (kind === 'page') {
        const r = await call(server.base, lightToken, {
          op: 'records.list',
          objectId: smallId,
          offset: (i * 20 + n) % 900,
          limit: 20,
        });
        ok = r.status === 200;
      } else {
        const r = await call(server.base, lightToken, {
          op: 'records.get',
          objectId: smallId,
          id: 1 + ((i + n) % 1000),
        });
        ok = r.status === 200;
      }
      const ms = performance.now() - t0;
      if (READS_FILE)
        readLog.push(`${Math.round(performance.timeOrigin + t0)},${kind},${ms.toFixed(1)}`);
      slowest.push({ at: t0, kind, ms });
      if (slowest.length > 50) {
        slowest.sort((x, y) => y.ms - x.ms);
        slowest.length = 10;
      }
      if (!ok) fail(kind);
      else if (kind === 'signin') signIn.push(ms);
      else (small[kind] as number[]).push(ms);
    }
  }

  const heavy = {
    ok: 0,
    busy: 0,
    tooSlow: 0,
    other: 0,
    withRetryAfter: 0,
    byKind: {} as Record<string, number>,
  };
  async function heavyClient(n: number) {
    let i = 0;
    while (running()) {
      i++;
      const needle = String((i * 7919 + n * 104729) % 1000).padStart(3, '0');
      const filter = {
        isactive: true,
        isexpanded: true,
        name: 'f',
        operator: { id: 1, sid: 'and', name: 'AND' },
        children: [],
        conditions: [{ field: 'note', op: 'contains', value: needle }],
      };
      const kind = (['count', 'groups', 'deep', 'export'] as const)[i % 4];
      const body =
        kind === 'count'
          ? { op: 'records.count', objectId: ledger.id, filter }
          : kind === 'groups'
            ? {
                op: 'records.groups',
                objectId: ledger.id,
                filter,
                groupby: {
                  isActive: true,
                  groups: [{ field: 'region', aggregates: [{ field: 'amount', fn: 'sum' }] }],
                },
              }
            : kind === 'deep'
              ? {
                  op: 'records.list',
                  objectId: ledger.id,
                  orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
                  offset: Math.floor(ROWS * 0.5) + i,
                  limit: 50,
                }
              : { op: 'records.export', objectId: ledger.id, format: 'csv', filter };
      const r = await call(server.base, heavyToken, body);
      heavy.byKind[`${kind} ${r.status}`] = (heavy.byKind[`${kind} ${r.status}`] ?? 0) + 1;
      if (r.retryAfter) heavy.withRetryAfter++;
      if (r.status === 200) heavy.ok++;
      else if (r.status === 503) {
        if (/longer than/.test(JSON.stringify(r.json.error))) heavy.tooSlow++;
        else heavy.busy++;
        await new Promise((res) => setTimeout(res, Number(r.retryAfter ?? 1) * 100));
      } else if (r.status === 429) {
        heavy.busy++;
        await new Promise((res) => setTimeout(res, 1000));
      } else heavy.other++;
    }
  }

  const soakStart = performance.now();
  const sample = startSampler({
    base: server.base,
    metricsToken: METRICS_TOKEN,
    pid: server.pid,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
  const importRun = (async () => {
    if (!IMPORT_ROWS) return undefined;
    await new Promise((r) => setTimeout(r, 2000));
    try {
      return await importFile(server, heavyToken, ledger.id, importCsv);
    } finally {
      importing = false;
    }
  })();
  await Promise.all([
    ...Array.from({ length: LIGHT }, (_, n) => lightClient(n)),
    ...Array.from({ length: HEAVY }, (_, n) => heavyClient(n)),
  ]);
  const soakSeconds = (performance.now() - soakStart) / 1000;
  const where = await sample();
  if (READS_FILE) writeFileSync(READS_FILE, `${readLog.join('\n')}\n`);
  const imported = await importRun;
  const all = Object.values(small).flat();
  const stats = (xs: number[]) => ({
    n: xs.length,
    p50: +percentile(xs, 50).toFixed(1),
    p95: +percentile(xs, 95).toFixed(1),
    p99: +percentile(xs, 99).toFixed(1),
    max: +Math.max(0, ...xs).toFixed(1),
  });
  process.stdout.write(
    `${JSON.stringify(
      {
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
        server: server.built,
        rows: ROWS,
        seeded,
        soakSeconds: +soakSeconds.toFixed(1),
        clients: { light: LIGHT, heavy: HEAVY },
        smallReads: stats(all),
        smallReadsByKind: Object.fromEntries(Object.entries(small).map(([k, v]) => [k, stats(v)])),
        signIn: stats(signIn),
        errors,
        heavy,
        importDuringSoak: imported && {
          rows: IMPORT_ROWS,
          ...imported,
          // Seconds from the soak's start.
          startedAt: +(imported.startedAt - soakStart / 1000).toFixed(1),
        },
        slowestSmallReads: slowest
          .sort((x, y) => y.ms - x.ms)
          .slice(0, 10)
          .map((x) => ({
            kind: x.kind,
            ms: Math.round(x.ms),
            at: +((x.at - soakStart) / 1000).toFixed(1),
          })),
        where,
        serverPeakRssMb: Math.round((await server.peakRss()) / 1048576),
        loadAverage: {
          before: loadBefore.map((x) => +x.toFixed(1)),
          after: os.loadavg().map((x) => +x.toFixed(1)),
        },
        bar: { smallReadsP95Ms: 50, met: percentile(all, 95) <= 50 },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
