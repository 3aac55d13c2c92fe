/**
 * Query-shape matrix (QUALITY.md P10): the filters users build, each a page of 50 sorted by a
 * field the filter does not name, measured through the HTTP API (`POST /api/qry` on loopback,
 * bearer token, production mode):
 * - `page`: records.list alone, one client, p50/p95;
 * - `withTotal`: records.list and records.count in one batch request (what a grid needs), one
 *   client, p50/p95; the same filter again and again, so the count comes from the count cache
 *   after the first request — `coldTotal` is the first one's time;
 * - `clients10`: the batch with total, 10 clients in parallel: requests per second, p50/p95;
 * each before the shapes' views are saved (the filters typed into the grid: the table starts with
 * no index but the primary key, and automatic indexes — platform/auto-index.ts — are built in
 * the background once a shape is read twice, while its measures go on) and after (the views'
 * indexes, trigram indexes of the text fields they search). Also a group-by with sum. For each
 * shape before saving, `autoIndexes` tells when its automatic indexes were ready: the index jobs
 * queued while it was measured, `readyMs` from its first request to the end of the last of
 * them, `buildMs` their run time; for the group-by before saving, the same of its automatic
 * aggregate and covering index. Prints JSON.
 *
 * Run: node --conditions=source --import tsx bench/matrix.ts
 * Env: BENCH_ROWS (default 100000), BENCH_SAMPLES (sequential requests per measure, default
 * 40), BENCH_SECONDS (10-client run per shape, default 3), BENCH_CLIENTS (default 10),
 * BENCH_SHAPES (comma-separated names to run a subset), BENCH_DATABASE_URL (postgres://…),
 * BENCH_PORT (default 3180), BENCH_AFTER_ONLY=1 (only the shapes after saving their views, no
 * group-bys: to compare the server's CPU per request between two builds), AUTO_INDEXES=false
 * (before saving, no automatic indexes: every request of an ad-hoc filter reads the table),
 * BENCH_WARMUP_SECONDS (default 2: 10 clients reading the first page in record order before
 * the first shape, so that no shape measures the server's start — its lanes, its compiled
 * code; 0 for none), BENCH_KEEP_PAGES=0 (PostgreSQL: no page kept per data version, each request
 * reads its page — platform/planner.ts `pageKeeping` — to compare with keeping).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FilterNode, OrderBy } from '@fiscus/contracts';
import { sql } from 'kysely';
import { benchApp } from './lib/app.js';
import { percentile, throughput } from './lib/load.js';
import { seedRows } from './lib/seed.js';
import { cacheStats } from '../apps/server/src/platform/cache.js';
import { dropIndex, listIndexes } from '../apps/server/src/platform/ddl.js';
import { laneStats } from '../apps/server/src/platform/lanes.js';
import { pageKeeping } from '../apps/server/src/platform/planner.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3180);
const ONLY = process.env.BENCH_SHAPES?.split(',').filter(Boolean);
if (process.env.BENCH_KEEP_PAGES === '0') pageKeeping.maxPages = 0;

const AND = { id: 1, sid: 'and', name: 'AND' } as const;
const OR = { id: 2, sid: 'or', name: 'OR' } as const;
type Cond = { field: string; op: string; value?: unknown };
const where = (conditions: Cond[], operator: typeof AND | typeof OR = AND): FilterNode => ({
  isactive: true,
  isexpanded: true,
  name: 'root',
  operator,
  children: [],
  conditions: conditions as FilterNode['conditions'],
});
const by = (field: string, dir: 'asc' | 'desc' = 'asc'): OrderBy => ({
  isActive: true,
  sorts: [{ field, dir }],
});

interface Shape {
  name: string;
  filter?: FilterNode;
  search?: string;
  orderby: OrderBy;
  offset?: number;
}

const SHAPES: Shape[] = [
  {
    name: 'equality',
    filter: where([{ field: 'category', op: 'eq', value: 'c3' }]),
    orderby: by('amount', 'desc'),
  },
  {
    name: 'range',
    filter: where([{ field: 'amount', op: 'between', value: [2000, 2500] }]),
    orderby: by('day'),
  },
  {
    name: 'in',
    filter: where([{ field: 'category', op: 'in', value: ['c1', 'c4', 'c7'] }]),
    orderby: by('qty'),
  },
  {
    name: 'substring',
    filter: where([{ field: 'company', op: 'contains', value: 'ller' }]),
    orderby: by('amount'),
  },
  {
    name: 'substring_rare',
    filter: where([{ field: 'name', op: 'contains', value: '4567' }]),
    orderby: by('amount'),
  },
  { name: 'word_search', search: 'zürich 77', orderby: by('day') },
  // One word of two characters: no trigram (PostgreSQL: the search index's short pieces).
  { name: 'short_word_search', search: '77', orderby: by('day') },
  { name: 'empty', filter: where([{ field: 'note', op: 'is_empty' }]), orderby: by('amount') },
  {
    name: 'not_empty',
    filter: where([{ field: 'note', op: 'is_not_empty' }]),
    orderby: by('amount'),
  },
  {
    name: 'date_range',
    filter: where([{ field: 'day', op: 'between', value: ['2025-03-01', '2025-03-31'] }]),
    orderby: by('amount', 'desc'),
  },
  {
    name: 'and_range_substring',
    filter: where([
      { field: 'amount', op: 'between', value: [1000, 6000] },
      { field: 'company', op: 'contains', value: 'acme' },
    ]),
    orderby: by('qty'),
  },
  {
    name: 'or',
    filter: where(
      [
        { field: 'category', op: 'eq', value: 'c1' },
        { field: 'region', op: 'eq', value: 'North' },
      ],
      OR,
    ),
    orderby: by('day'),
  },
  { name: 'sort_unfiltered', orderby: by('amount') },
  {
    name: 'deep_page',
    filter: where([{ field: 'category', op: 'eq', value: 'c3' }]),
    orderby: by('amount', 'desc'),
    offset: 5000,
  },
].filter((s) => !ONLY || ONLY.includes(s.name));

const pgUrl = process.env.BENCH_DATABASE_URL;
const { app, qry, signed, token, obj, close } = await benchApp({
  databaseUrl: pgUrl,
  textFields: true,
});
const seedStart = performance.now();
await seedRows(app, obj.id, ROWS, signed.session.user.id);
const seedMs = performance.now() - seedStart;
await app.listen({ host: '127.0.0.1', port: PORT });
const url = `http://127.0.0.1:${PORT}/api/qry`;

const listOf = (s: Shape) => ({
  op: 'records.list',
  objectId: obj.id,
  ...(s.filter ? { filter: s.filter } : {}),
  ...(s.search ? { search: s.search } : {}),
  orderby: s.orderby,
  offset: s.offset ?? 0,
  limit: 50,
});
const countOf = (s: Shape) => ({
  op: 'records.count',
  objectId: obj.id,
  ...(s.filter ? { filter: s.filter } : {}),
  ...(s.search ? { search: s.search } : {}),
});
const withTotal = (s: Shape) => ({ op: 'batch', ops: [listOf(s), countOf(s)] });

/** PostgreSQL: the database's processes serving this server's connections. */
async function databasePids(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and application_name like 'fiscus%'`.execute(app.db.kysely);
  return rows.map((r) => r.pid);
}

async function timed(body: unknown): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: unknown; error?: unknown };
  const ms = performance.now() - t0;
  const inner = Array.isArray(json.data) ? (json.data as { error?: unknown }[]) : [];
  if (res.status !== 200 || inner.some((x) => x.error))
    throw new Error(`${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return ms;
}

async function sequential(body: unknown): Promise<{ p50: number; p95: number }> {
  const xs: number[] = [];
  for (let i = 0; i < SAMPLES; i++) xs.push(await timed(body));
  return { p50: +percentile(xs, 50).toFixed(2), p95: +percentile(xs, 95).toFixed(2) };
}

async function measure(s: Shape) {
  const coldTotal = +(await timed(withTotal(s))).toFixed(2);
  const page = await sequential(listOf(s));
  const total = await sequential(withTotal(s));
  // BENCH_PROFILE=<prefix>: a CPU profile of the server's main thread during each 10-client run
  // after saving the views, written to <prefix>-<shape>.cpuprofile.
  const profile = process.env.BENCH_PROFILE && saved ? new Session() : undefined;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.start');
  }
  const load = await throughput({
    url,
    token,
    body: JSON.stringify(withTotal(s)),
    connections: CLIENTS,
    seconds: SECONDS,
    helperPids: () => {
      const lanes = laneStats(app.db);
      return lanes ? [...lanes.read.pids, ...lanes.heavy.pids] : [];
    },
    ...(app.db.dialect === 'postgres' ? { databasePids } : {}),
  });
  if (profile) {
    const { profile: p } = await profile.post('Profiler.stop');
    writeFileSync(`${process.env.BENCH_PROFILE}-${s.name}.cpuprofile`, JSON.stringify(p));
    profile.disconnect();
  }
  return {
    page,
    withTotal: { ...total, coldTotal },
    [`clients${CLIENTS}`]: {
      requestsPerSecond: load.requestsPerSecond,
      p50: load.latencyMs.p50,
      p95: load.latencyMs.p95,
      failed: load.failed,
      // The server's event loop busy per request, and the process's CPU (server, lanes' hop,
      // load generator) per request: what a request costs, less sensitive to other load.
      serverBusyMsPerRequest: load.serverBusyMsPerRequest,
      processCpuMsPerRequest: load.processCpuMsPerRequest,
      // The server's CPU per request: its main thread, and its lane processes (SQLite).
      mainThreadCpuMsPerRequest: load.mainThreadCpuMsPerRequest,
      mainThreadSystemCpuMsPerRequest: load.mainThreadSystemCpuMsPerRequest,
      laneCpuMsPerRequest: load.helperCpuMsPerRequest,
      serverCpuMsPerRequest: +(load.mainThreadCpuMsPerRequest + load.helperCpuMsPerRequest).toFixed(
        3,
      ),
      // PostgreSQL: the CPU per request of the database's processes serving the server's
      // connections (the app's pool and the lanes'), on the same cores.
      ...(app.db.dialect === 'postgres'
        ? { databaseCpuMsPerRequest: load.databaseCpuMsPerRequest }
        : {}),
    },
  };
}

let saved = false;
type Measure = Awaited<ReturnType<typeof measure>>;

const groupView = {
  filter: where([]),
  orderby: { isActive: false, sorts: [] },
  groupby: {
    isActive: true,
    groups: [{ field: 'category', aggregates: [{ field: 'amount', fn: 'sum' }] }],
  },
};
const groupsBody = { op: 'records.groups', objectId: obj.id, groupby: groupView.groupby };
/**
 * Group by a select field with count and sum: the first answer, then the same again, then the
 * first answer after each of `SAMPLES` edits of a record (a write ends what the cache held), and
 * the edits' own time (`write`: what the object's summaries and indexes cost a write). Each call
 * writes other amounts than the calls before it: an edit to the value a record has already is
 * no write (and would leave the cached answer in place).
 */
let groupsRound = 0;
async function groupsMeasure() {
  const round = groupsRound++;
  const coldMs = +(await timed(groupsBody)).toFixed(2);
  const repeated = await sequential(groupsBody);
  const xs: number[] = [];
  const ws: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    ws.push(
      await timed({
        op: 'records.update',
        objectId: obj.id,
        id: 1 + ((i * 7919) % ROWS),
        values: { amount: `${(i % 977) + 1000 * round}.25` },
      }),
    );
    xs.push(await timed(groupsBody));
  }
  const p = (v: number[]) => ({
    p50: +percentile(v, 50).toFixed(2),
    p95: +percentile(v, 95).toFixed(2),
  });
  return { coldMs, repeated, afterWrite: p(xs), write: p(ws) };
}

// Warm-up: the first page in record order (no filter, no sort: no shape, no index asked for),
// 10 clients, so the first shape measured is not also the server's start.
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
if (WARMUP > 0)
  await throughput({
    url,
    token,
    body: JSON.stringify({ op: 'records.list', objectId: obj.id, offset: 0, limit: 50 }),
    connections: CLIENTS,
    seconds: WARMUP,
  });

// BENCH_AFTER_ONLY=1: only the shapes after saving their views (and no group-bys).
const AFTER_ONLY = process.env.BENCH_AFTER_ONLY === '1';
const before: Record<string, Measure & { autoIndexes?: AutoIndexes }> = {};
const starts: { name: string; at: number }[] = [];
if (!AFTER_ONLY)
  for (const s of SHAPES) {
    starts.push({ name: s.name, at: Date.now() });
    before[s.name] = await measure(s);
  }
// The group-by's shape is read twice within its first two requests: its automatic aggregate
// (and covering index) are built meanwhile, and `autoIndexes` tells when they were ready.
const groupsStart = Date.now();
const groupsBefore:
  (Awaited<ReturnType<typeof groupsMeasure>> & { autoIndexes?: AutoIndexes }) | undefined =
  AFTER_ONLY ? undefined : await groupsMeasure();

interface AutoIndexes {
  jobs: number;
  /** From the shape's first request until its last index job ended (ms). */
  readyMs: number | null;
  /** The jobs' run time (ms). */
  buildMs: number;
  /** The longest time one of them waited in the job queue before it started (ms). */
  waitMs: number;
}
// When each shape's automatic indexes were ready: the index jobs queued while it was measured
// (waited for only now, after every shape's measures).
await app.jobs.idle();
const indexJobs = await app.db.kysely
  .selectFrom('pf_jobs')
  .select(['created_at', 'started_at', 'finished_at'])
  .where('kind', '=', 'index')
  .execute();
/** The index jobs queued from `start` until `end`: how many, when the last ended, their time. */
function readiness(start: number, end: number): AutoIndexes {
  const mine = indexJobs.filter((j) => {
    const at = Date.parse(j.created_at);
    return at >= start && at < end;
  });
  const finished = mine.map((j) => Date.parse(j.finished_at ?? '')).filter(Number.isFinite);
  return {
    jobs: mine.length,
    readyMs: finished.length ? Math.max(...finished) - start : null,
    buildMs: mine.reduce(
      (a, j) => a + (Date.parse(j.finished_at ?? '') - Date.parse(j.started_at ?? '') || 0),
      0,
    ),
    waitMs: Math.max(
      0,
      ...mine.map((j) => Date.parse(j.started_at ?? '') - Date.parse(j.created_at) || 0),
    ),
  };
}
for (const [i, st] of starts.entries()) {
  const m = before[st.name];
  if (m) m.autoIndexes = readiness(st.at, starts[i + 1]?.at ?? groupsStart);
}
if (groupsBefore) groupsBefore.autoIndexes = readiness(groupsStart, Number.POSITIVE_INFINITY);
const automaticIndexes = (await listIndexes(app.db.kysely, obj.id)).filter(
  (ix) => ix.automatic,
).length;

const saveStart = performance.now();
for (const s of SHAPES) {
  await qry(token, 'views.save', {
    objectId: obj.id,
    name: s.name,
    definition: {
      filter: s.filter ?? where([]),
      orderby: s.orderby,
      groupby: { isActive: false, groups: [] },
      search: s.search ?? '',
    },
  });
}
await qry(token, 'views.save', { objectId: obj.id, name: 'groups', definition: groupView });
await app.jobs.idle();
const saveMs = performance.now() - saveStart;

saved = true;
const after: Record<string, Measure> = {};
for (const s of SHAPES) after[s.name] = await measure(s);
const groupsAfter = AFTER_ONLY ? undefined : await groupsMeasure();
// PostgreSQL: the searching shapes again without the index of the searched fields' joined text
// (one trigram index per field only, as before that index existed).
const perFieldOnly: Record<string, Measure> = {};
if (app.db.dialect === 'postgres') {
  for (const ix of await listIndexes(app.db.kysely, obj.id))
    if (ix.kind === 'trigram' && ix.columns.length > 1)
      await dropIndex(app.db.kysely, app.db.dialect, ix.name);
  for (const s of SHAPES.filter((x) => x.search)) perFieldOnly[s.name] = await measure(s);
}
// The same group-by once the view's maintained aggregate is dropped: its covering index and the
// cache alone (how grouped views were answered before maintained aggregates).
if (!AFTER_ONLY)
  for (const ix of await listIndexes(app.db.kysely, obj.id))
    if (ix.kind === 'aggregate') await dropIndex(app.db.kysely, app.db.dialect, ix.name);
const groupsCoveringOnly = AFTER_ONLY ? undefined : await groupsMeasure();

// Bars of the query-shape matrix (QUALITY.md P10): a filtered page with its total p50 ≤ 5 ms
// at 100k records and ≤ 20 ms at 1M; 10 clients ≥ 1,000 req/s at 100k; group by with sum
// ≤ 10 ms at 100k. Other sizes are judged by the nearest of the two.
const big = ROWS > 300_000;
const BARS = {
  withTotalP50Ms: big ? 20 : 5,
  requestsPerSecond: big ? undefined : 1000,
  groupsMs: 10,
};
const ratio = (a: number, b: number) => (b > 0 ? +(a / b).toFixed(2) : null);
const failing: string[] = [];
const shapes = Object.fromEntries(
  SHAPES.map((s) => {
    const b = before[s.name];
    const a = after[s.name] as Measure;
    const load = (m: Measure) => m[`clients${CLIENTS}`] as { requestsPerSecond: number };
    for (const [when, m] of [
      ['before', b],
      ['after', a],
    ] as const) {
      if (!m) continue;
      if (m.withTotal.p50 > BARS.withTotalP50Ms) failing.push(`${s.name} ${when}: withTotal p50`);
      if (BARS.requestsPerSecond && load(m).requestsPerSecond < BARS.requestsPerSecond)
        failing.push(`${s.name} ${when}: req/s`);
    }
    return [
      s.name,
      {
        before: b,
        after: a,
        // after ÷ before (below 1: saving the view made it faster), and the total's cost.
        ratios: {
          pageAfterBefore: b ? ratio(a.page.p50, b.page.p50) : null,
          withTotalAfterBefore: b ? ratio(a.withTotal.p50, b.withTotal.p50) : null,
          withTotalOverPage: ratio(a.withTotal.p50, a.page.p50),
          requestsPerSecondAfterBefore: b
            ? ratio(load(a).requestsPerSecond, load(b).requestsPerSecond)
            : null,
        },
      },
    ];
  }),
);
if (!big && groupsAfter && groupsAfter.coldMs > BARS.groupsMs)
  failing.push('groupBySum after: first answer');
const cache = cacheStats(app.db);
process.stdout.write(
  `${JSON.stringify(
    {
      database: app.db.dialect,
      rows: ROWS,
      loadAverage: loadavg().map((x) => +x.toFixed(2)),
      seedMs: Math.round(seedMs),
      saveViewsMs: Math.round(saveMs),
      // Automatic indexes the object had before its views were saved.
      automaticIndexes,
      samples: SAMPLES,
      clients: CLIENTS,
      shapes,
      searchPerFieldIndexesOnly: perFieldOnly,
      groupBySum: {
        before: groupsBefore,
        after: groupsAfter,
        coveringIndexOnly: groupsCoveringOnly,
      },
      // Derived-data cache (counts, groups, index lists, trigram sizes) over the whole run.
      cache,
      bars: BARS,
      failing,
    },
    null,
    2,
  )}\n`,
);
await close();
