/**
 * Group-bys that no maintained aggregate answers (a maximum) on an object whose automatic
 * indexes include one that starts with the group field without the aggregated field: the grid's
 * page with its total of the equality filter `category = c3` sorted by amount gets
 * `[category, amount desc, id]` (the page) and `[category, id]` (the count), the group-by by category with sum and max gets its covering index
 * `[category, amount, id]` (and no summary: a maximum cannot be kept under deletes). Measured
 * through `records.groups` (in-process requests): the first answer, the same again (cached),
 * and the first answer after each of `BENCH_SAMPLES` edits of a record's amount; `plan`: how the
 * database plans the group-by's statement (PostgreSQL: run, with its times). Prints JSON.
 *
 * Run: node --conditions=source --import tsx bench/group-fallback.ts
 * Env: BENCH_ROWS (default 100000), BENCH_SAMPLES (default 40), BENCH_DATABASE_URL (postgres://…).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchApp } from './lib/app.js';
import { percentile } from './lib/load.js';
import { seedRows } from './lib/seed.js';
import { describedIndexes, lastGroupsPlan } from './lib/group-plans.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);

const { app, qry, signed, token, obj, close } = await benchApp({
  databaseUrl: process.env.BENCH_DATABASE_URL,
});
await seedRows(app, obj.id, ROWS, signed.session.user.id);

const filter = {
  isactive: true,
  isexpanded: true,
  name: 'root',
  operator: { id: 1, sid: 'and', name: 'AND' },
  children: [],
  conditions: [{ field: 'category', op: 'eq', value: 'c3' }],
};
const equality = {
  objectId: obj.id,
  filter,
  orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
  offset: 0,
  limit: 50,
};
const groups = {
  objectId: obj.id,
  groupby: {
    isActive: true,
    groups: [
      {
        field: 'category',
        aggregates: [
          { field: 'amount', fn: 'sum' },
          { field: 'amount', fn: 'max' },
        ],
      },
    ],
  },
};

async function timed(op: string, input: Record<string, unknown>): Promise<number> {
  const t0 = performance.now();
  await qry(token, op, input);
  return performance.now() - t0;
}
const p = (v: number[]) => ({
  p50: +percentile(v, 50).toFixed(2),
  p95: +percentile(v, 95).toFixed(2),
});

// The equality filter's page and total read twice (their automatic indexes), then the group-by
// twice (its covering index), each waited for.
for (let i = 0; i < 2; i++) {
  await timed('records.list', equality);
  await timed('records.count', { objectId: obj.id, filter });
}
await app.jobs.idle();
await timed('records.groups', groups);
await timed('records.groups', groups);
await app.jobs.idle();
const indexes = await describedIndexes(app, obj.id);

const load = [loadavg()[0] ?? 0];
const first = await timed('records.groups', groups);
const repeated: number[] = [];
for (let i = 0; i < SAMPLES; i++) repeated.push(await timed('records.groups', groups));
const afterWrite: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  await qry(token, 'records.update', {
    objectId: obj.id,
    id: 1 + ((i * 7919) % ROWS),
    values: { amount: `${(i % 977) + 5000}.75` },
  });
  afterWrite.push(await timed('records.groups', groups));
}
load.push(loadavg()[0] ?? 0);
const plan = await lastGroupsPlan(app);

console.log(
  JSON.stringify(
    {
      rows: ROWS,
      dialect: app.db.dialect,
      at: new Date().toISOString(),
      loadAverage1m: load.map((x) => +x.toFixed(2)),
      indexes,
      groupBy: {
        firstMs: +first.toFixed(2),
        repeated: p(repeated),
        afterWrite: p(afterWrite),
      },
      plan,
    },
    null,
    2,
  ),
);
await close();
