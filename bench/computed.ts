/**
 * Computed-field benchmark (QUALITY.md P1 over a computed field): seeds an object with 1M
 * records, adds the formula `total = qty * amount` (over the record's own fields, so it is a
 * stored generated column, docs/platform.md "Computed fields"), saves views that filter and sort
 * by it (their indexes are built), then measures pages of 100 rows:
 * - filter category = cN, sort by the formula (desc), offsets 0…400,
 * - filter a range of the formula, sort by it (asc),
 * server time (the records service) and through the HTTP layer (inject), p50/p95.
 * Prints JSON with the load average. Run: node --conditions=source --import tsx bench/computed.ts
 * Env: BENCH_ROWS (default 1000000), BENCH_DATABASE_URL (postgres://… to run on PostgreSQL).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildAbility, rulesForRole, type FilterNode, type OrderBy } from '@fiscus/contracts';
import type { OpContext } from '../apps/server/src/platform/context.js';
import { listRecords } from '../apps/server/src/modules/records/index.js';
import { benchApp } from './lib/app.js';
import { percentile } from './lib/load.js';
import { seedRows } from './lib/seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL;
const loadBefore = loadavg().map((x) => +x.toFixed(2));

const { app, qry, signed, token, obj, close } = await benchApp({ databaseUrl: pgUrl });

const seedStart = performance.now();
await seedRows(app, obj.id, ROWS, signed.session.user.id);
const seedMs = performance.now() - seedStart;

// The formula: a generated column (SQLite VIRTUAL, PostgreSQL STORED).
const formulaStart = performance.now();
const total = await qry<{ computed?: { stored: boolean } }>(token, 'fields.create', {
  objectId: obj.id,
  name: 'Total',
  code: 'total',
  computed: { kind: 'formula', formula: 'qty * amount' },
});
const formulaMs = performance.now() - formulaStart;
if (!total.computed?.stored)
  throw new Error('the formula is not stored: the bench needs it stored');

const group = (conditions: FilterNode['conditions']): FilterNode => ({
  isactive: true,
  isexpanded: true,
  name: 'root',
  operator: { id: 1, sid: 'and', name: 'AND' },
  children: [],
  conditions,
});
const byTotalDesc: OrderBy = { isActive: true, sorts: [{ field: 'total', dir: 'desc' }] };
const byTotalAsc: OrderBy = { isActive: true, sorts: [{ field: 'total', dir: 'asc' }] };
const noGroups = { isActive: false, groups: [] };

// Saved views index what they filter and sort by (as for stored fields).
const indexStart = performance.now();
await qry(token, 'views.save', {
  objectId: obj.id,
  name: 'c3 by total',
  definition: {
    filter: group([{ field: 'category', op: 'eq', value: 'c3' }]),
    orderby: byTotalDesc,
    groupby: noGroups,
  },
});
await qry(token, 'views.save', {
  objectId: obj.id,
  name: 'Totals in a range',
  definition: {
    filter: group([{ field: 'total', op: 'between', value: ['1000', '2000'] }]),
    orderby: byTotalAsc,
    groupby: noGroups,
  },
});
await app.jobs.idle();
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

const categoryPage = (i: number) => ({
  objectId: obj.id,
  filter: group([{ field: 'category', op: 'eq', value: `c${i % 10}` }]),
  orderby: byTotalDesc,
  state: 'active' as const,
  offset: (i % 5) * 100,
  limit: 100,
});
const rangePage = (i: number) => ({
  objectId: obj.id,
  filter: group([
    {
      field: 'total',
      op: 'between',
      value: [String(1000 + (i % 20) * 500), String(2000 + (i % 20) * 500)],
    },
  ]),
  orderby: byTotalAsc,
  state: 'active' as const,
  offset: 0,
  limit: 100,
});

// A page must hold rows sorted by the formula (the bench measures real answers).
const probe = await listRecords(ctx, categoryPage(3));
const totals = probe.rows.map((r) => Number(r.values.total));
if (probe.rows.length !== 100 || totals.some((t, i) => i > 0 && t > (totals[i - 1] as number)))
  throw new Error('a page of 100 sorted by the formula was expected');

await timeIt(20, (i) => listRecords(ctx, categoryPage(i)));
const byCategoryService = await timeIt(200, (i) => listRecords(ctx, categoryPage(i)));
const byCategoryHttp = await timeIt(200, (i) => qry(token, 'records.list', categoryPage(i)));
await timeIt(10, (i) => listRecords(ctx, rangePage(i)));
const byRangeService = await timeIt(200, (i) => listRecords(ctx, rangePage(i)));

const result = {
  database: app.db.dialect,
  rows: ROWS,
  loadavg_before: loadBefore,
  loadavg_after: loadavg().map((x) => +x.toFixed(2)),
  seed: { ms: Math.round(seedMs) },
  formula_field_create_ms: Math.round(formulaMs),
  view_indexes_ms: Math.round(indexMs),
  p1_list100_filter_category_sort_formula_ms: {
    service: stats(byCategoryService),
    http_inject: stats(byCategoryHttp),
  },
  list100_filter_formula_range_sort_formula_ms: { service: stats(byRangeService) },
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
await close();
