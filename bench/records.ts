/**
 * Records benchmark (QUALITY.md P1, P2, P6): seeds an object with 1M records, then measures
 * - P1: records.list, page of 100, filter + sort on indexed fields (server time, p50/p95),
 * - P2: records.groups by one field with sum,
 * - P6: API throughput of authenticated records.list (20 rows) over HTTP on loopback.
 * Prints JSON. Run: node --conditions=source --import tsx bench/records.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_SECONDS (throughput, default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (postgres://… to run on PostgreSQL),
 * BENCH_PROFILE (a file: writes a CPU profile of the server during the throughput run, to open
 * in Chrome DevTools).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { buildAbility, rulesForRole, type FilterNode, type OrderBy } from '@fiscus/contracts';
import { benchApp } from './lib/app.js';
import type { OpContext } from '../apps/server/src/platform/context.js';
import {
  countRecords,
  groupRecords,
  listRecords,
} from '../apps/server/src/modules/records/index.js';
import { seedRows } from './lib/seed.js';
import { percentile, throughput } from './lib/load.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgUrl = process.env.BENCH_DATABASE_URL;

const { app, qry, signed, token, obj, close } = await benchApp({ databaseUrl: pgUrl });

// ---- seed -----------------------------------------------------------------------------------
const seedStart = performance.now();
await seedRows(app, obj.id, ROWS, signed.session.user.id);
const seedMs = performance.now() - seedStart;

// ---- view → indexes -------------------------------------------------------------------------
const filter: FilterNode = {
  isactive: true,
  isexpanded: true,
  name: 'root',
  operator: { id: 1, sid: 'and', name: 'AND' },
  children: [],
  conditions: [{ field: 'category', op: 'eq', value: 'c3' }],
};
const orderby: OrderBy = { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] };
const indexStart = performance.now();
await qry(token, 'views.save', {
  objectId: obj.id,
  name: 'Big c3',
  definition: { filter, orderby, groupby: { isActive: false, groups: [] } },
});
const rangeFilter: FilterNode = {
  ...filter,
  conditions: [{ field: 'day', op: 'between', value: ['2025-03-01', '2025-03-31'] }],
};
await qry(token, 'views.save', {
  objectId: obj.id,
  name: 'March by day',
  definition: {
    filter: rangeFilter,
    orderby: { isActive: true, sorts: [{ field: 'day', dir: 'asc' }] },
    groupby: { isActive: false, groups: [] },
  },
});
await qry(token, 'views.save', {
  objectId: obj.id,
  name: 'By category',
  definition: {
    filter: { ...filter, isactive: false, conditions: [] },
    orderby: { isActive: false, sorts: [] },
    groupby: {
      isActive: true,
      groups: [{ field: 'category', aggregates: [{ field: 'amount', fn: 'sum' }] }],
    },
  },
});
const indexMs = performance.now() - indexStart;

const ctx: OpContext = {
  db: app.db,
  domainId: signed.session.domain.id,
  userId: signed.session.user.id,
  ability: buildAbility(rulesForRole('owner')),
  lang: 'en',
};

async function timeIt(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}
const stats = (xs: number[]) => ({
  p50: +percentile(xs, 50).toFixed(2),
  p95: +percentile(xs, 95).toFixed(2),
  runs: xs.length,
});

// P1: filter (category = cN) + sort (amount desc), pages of 100 at varying offsets.
const pageInput = (i: number) => ({
  objectId: obj.id,
  filter: { ...filter, conditions: [{ field: 'category', op: 'eq', value: `c${i % 10}` }] },
  orderby,
  state: 'active' as const,
  offset: (i % 5) * 100,
  limit: 100,
});
await timeIt(20, (i) => listRecords(ctx, pageInput(i)));
const p1Service = await timeIt(200, (i) => listRecords(ctx, pageInput(i)));
const p1Http = await timeIt(200, (i) => qry(token, 'records.list', pageInput(i)));
const rangePage = await timeIt(100, (i) =>
  listRecords(ctx, {
    objectId: obj.id,
    filter: {
      ...rangeFilter,
      conditions: [
        {
          field: 'day',
          op: 'between',
          value: [`2025-0${(i % 9) + 1}-01`, `2025-0${(i % 9) + 1}-28`],
        },
      ],
    },
    orderby: { isActive: true, sorts: [{ field: 'day', dir: 'asc' }] },
    state: 'active',
    offset: 0,
    limit: 100,
  }),
);
const firstPageUnfiltered = await timeIt(50, () =>
  listRecords(ctx, { objectId: obj.id, state: 'active', offset: 0, limit: 100 }),
);

// P2: group by category with sum(amount).
const groupBy = {
  isActive: true,
  groups: [{ field: 'category', aggregates: [{ field: 'amount', fn: 'sum' as const }] }],
};
const p2 = await timeIt(5, () =>
  groupRecords(ctx, { objectId: obj.id, groupby: groupBy, state: 'active', limit: 1000 }),
);
const count = await timeIt(5, () => countRecords(ctx, { objectId: obj.id, state: 'active' }));
const countFiltered = await timeIt(5, () =>
  countRecords(ctx, { objectId: obj.id, state: 'active', filter }),
);

// P6: throughput over HTTP on loopback.
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const profileFile = process.env.BENCH_PROFILE;
const inspector = profileFile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const load = await throughput({
  url: `http://127.0.0.1:${port}/api/qry`,
  token,
  body: JSON.stringify({ op: 'records.list', objectId: obj.id, limit: 20, orderby, filter }),
  connections: CONNECTIONS,
  seconds: SECONDS,
});
if (inspector && profileFile) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
  inspector.disconnect();
}

const result = {
  database: app.db.dialect,
  rows: ROWS,
  seed: { ms: Math.round(seedMs), rowsPerSecond: Math.round(ROWS / (seedMs / 1000)) },
  viewIndexesMs: Math.round(indexMs),
  p1_list100_filter_sort_ms: { service: stats(p1Service), http_inject: stats(p1Http) },
  list100_date_range_sorted_ms: stats(rangePage),
  list100_first_page_unfiltered_ms: stats(firstPageUnfiltered),
  p2_groupby_sum_ms: stats(p2),
  count_all_ms: stats(count),
  count_filtered_ms: stats(countFiltered),
  p6_throughput_list20: load,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
await close();
