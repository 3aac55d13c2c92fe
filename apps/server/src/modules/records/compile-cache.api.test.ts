import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileStats } from '../../platform/planner.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

/**
 * A query's WHERE is compiled once per object metadata, index list and input
 * (platform/planner.ts `compileQuery`): the page and the total of one grid share it, and a
 * change of the object's fields or indexes starts over — the answers always follow the object
 * as it is now. On both databases.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Stock' })).id;
  await ok(t.app, u, 'fields.create', { objectId, name: 'Qty', code: 'qty', type: 'integer' });
  await ok(t.app, u, 'fields.create', { objectId, name: 'City', code: 'city', type: 'text' });
  await ok(t.app, u, 'records.createMany', {
    objectId,
    rows: Array.from({ length: 40 }, (_, i) => ({
      name: `Item ${i}`,
      qty: i,
      city: `City ${i % 4}`,
    })),
  });
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

const FILTER = group(AND, [
  { field: 'qty', op: 'gt', value: 29 },
  { field: 'city', op: 'contains', value: 'ity 1' },
]);
const list = () => ({
  op: 'records.list',
  objectId,
  filter: FILTER,
  orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
  offset: 0,
  limit: 50,
});
const count = () => ({ op: 'records.count', objectId, filter: FILTER });

/** The page's quantities and the total of one grid request (a batch of both). */
async function grid(): Promise<{ qty: unknown[]; total: number }> {
  const [page, total] = await ok<
    [{ data: { rows: { values: { qty: unknown } }[] } }, { data: { total: number } }]
  >(t.app, u, 'batch', { ops: [list(), count()] });
  return { qty: page.data.rows.map((r) => r.values.qty), total: total.data.total };
}

describe('compiled queries are kept per fields, indexes and input', () => {
  it('the page and the total of a grid compile the filter once; asked again, not at all', async () => {
    const before = { ...compileStats };
    expect(await grid()).toEqual({ qty: [37, 33], total: 2 });
    expect(compileStats.compiled - before.compiled).toBe(1);
    const again = { ...compileStats };
    expect(await grid()).toEqual({ qty: [37, 33], total: 2 });
    expect(compileStats.compiled).toBe(again.compiled);
    expect(compileStats.reused - again.reused).toBe(2);
  });

  it('a view saved (new indexes) compiles again, with the same answers', async () => {
    await ok(t.app, u, 'views.save', {
      objectId,
      name: 'Busy cities',
      definition: {
        filter: FILTER,
        orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
        groupby: { isActive: false, groups: [] },
        search: '',
      },
    });
    await t.app.jobs.idle();
    const before = compileStats.compiled;
    expect(await grid()).toEqual({ qty: [37, 33], total: 2 });
    expect(compileStats.compiled).toBeGreaterThan(before);
  });

  it('a field replaced by another of the same code: the same filter reads the new one', async () => {
    await grid();
    const meta = await ok<{ fields: { id: string; code: string }[] }>(t.app, u, 'objects.get', {
      id: objectId,
    });
    const qty = meta.fields.find((f) => f.code === 'qty') as { id: string };
    await ok(t.app, u, 'fields.delete', { id: qty.id });
    await ok(t.app, u, 'fields.create', { objectId, name: 'Qty', code: 'qty', type: 'integer' });
    const before = compileStats.compiled;
    // The new field is empty: nothing is greater than 29.
    expect(await grid()).toEqual({ qty: [], total: 0 });
    expect(compileStats.compiled).toBeGreaterThan(before);
  });

  it('a date range relative to today is compiled each time', async () => {
    const filter = group(AND, [{ field: 'created_at', op: 'today' }]);
    await ok(t.app, u, 'records.count', { objectId, filter });
    const before = compileStats.compiled;
    const { total } = await ok<{ total: number }>(t.app, u, 'records.count', { objectId, filter });
    expect(total).toBe(40);
    expect(compileStats.compiled).toBe(before + 1);
  });
});
