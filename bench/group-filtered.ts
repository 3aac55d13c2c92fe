/**
 * A group-by filtered by equality on a field it does not group by — by region with the sum and
 * the maximum of amount, of `category = c3` (a tenth of the records) — read twice, so that its
 * automatic indexes are built (the same as a grouped view of it gets). Then measured through
 * `records.groups` (in-process requests), the first answer after each of `BENCH_SAMPLES` edits
 * of a record's amount, with the equality index of index policy 5 (`category, region, id,
 * amount`: the value's entries hold the aggregated field) and with policy 4's in its place
 * (`category, region, id`: every matching record read from the table), in turns A, B, A.
 * `plan`: how the database plans the statement with each. Prints JSON.
 *
 * Run: node --conditions=source --import tsx bench/group-filtered.ts
 * Env: BENCH_ROWS (default 100000), BENCH_SAMPLES (default 40), BENCH_DATABASE_URL (postgres://…).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchApp } from './lib/app.js';
import { percentile } from './lib/load.js';
import { seedRows } from './lib/seed.js';
import { dropIndex, ensureIndex, listIndexes } from '../apps/server/src/platform/ddl.js';
import { describedIndexes, lastGroupsPlan } from './lib/group-plans.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);

const { app, qry, signed, token, obj, close } = await benchApp({
  databaseUrl: process.env.BENCH_DATABASE_URL,
});
await seedRows(app, obj.id, ROWS, signed.session.user.id);
const k = app.db.kysely;

const groups = {
  objectId: obj.id,
  filter: {
    isactive: true,
    isexpanded: true,
    name: 'root',
    operator: { id: 1, sid: 'and', name: 'AND' },
    children: [],
    conditions: [{ field: 'category', op: 'eq', value: 'c3' }],
  },
  groupby: {
    isActive: true,
    groups: [
      {
        field: 'region',
        aggregates: [
          { field: 'amount', fn: 'sum' },
          { field: 'amount', fn: 'max' },
        ],
      },
    ],
  },
};
await qry(token, 'records.groups', groups);
await qry(token, 'records.groups', groups);
await app.jobs.idle();

const fields = await k
  .selectFrom('pf_fields')
  .select(['code', 'column_name'])
  .where('object_id', '=', obj.id)
  .execute();
const col = (code: string) => fields.find((f) => f.code === code)?.column_name as string;
const table = (
  await k
    .selectFrom('pf_objects')
    .select('table_name')
    .where('id', '=', obj.id)
    .executeTakeFirstOrThrow()
).table_name;
const eqIndex = async () =>
  (await listIndexes(k, obj.id)).find(
    (ix) => ix.columns[0]?.column === col('category') && ix.columns[1]?.column === col('region'),
  );

/** Puts the equality index of `policy` in place of the other's. */
async function useIndexOf(policy: 4 | 5): Promise<void> {
  const now = await eqIndex();
  if (now) await dropIndex(k, app.db.dialect, now.name);
  const cols = [{ column: col('category') }, { column: col('region') }, { column: 'id' }];
  if (policy === 5) cols.push({ column: col('amount') });
  await ensureIndex(k, app.db.dialect, obj.id, table, cols, { live: true, automatic: true });
}

let edits = 0;
async function measure(): Promise<{ p50: number; p95: number; plan: string[] }> {
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    await qry(token, 'records.update', {
      objectId: obj.id,
      id: 1 + ((edits++ * 7919) % ROWS),
      values: { amount: `${(edits % 977) + 5000}.75` },
    });
    const t0 = performance.now();
    await qry(token, 'records.groups', groups);
    ms.push(performance.now() - t0);
  }
  return {
    p50: +percentile(ms, 50).toFixed(2),
    p95: +percentile(ms, 95).toFixed(2),
    plan: await lastGroupsPlan(app),
  };
}

const load = [loadavg()[0] ?? 0];
const indexes = await describedIndexes(app, obj.id);
const a1 = await measure();
await useIndexOf(4);
const b = await measure();
await useIndexOf(5);
const a2 = await measure();
load.push(loadavg()[0] ?? 0);
const policy5 = Math.min(a1.p50, a2.p50);

console.log(
  JSON.stringify(
    {
      rows: ROWS,
      dialect: app.db.dialect,
      at: new Date().toISOString(),
      loadAverage1m: load.map((x) => +x.toFixed(2)),
      indexes,
      afterWrite: { policy5: [a1, a2], policy4: b },
      ratioPolicy4ToPolicy5: +(b.p50 / policy5).toFixed(2),
    },
    null,
    2,
  ),
);
await close();
