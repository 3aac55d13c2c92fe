import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStats } from '../../platform/cache.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

/**
 * A total is cached per filter and data version of the object's table (platform/cache.ts): a
 * committed write to another object, another domain's records or the user's own settings
 * leaves it cached; a write to the object itself changes it. On both databases.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let other: RegisteredUser;
let stock: string;
let orders: string;
let foreign: string;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  other = await registerUser(t.app);
  stock = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Stock' })).id;
  orders = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Orders' })).id;
  foreign = (await ok<{ id: string }>(t.app, other, 'objects.create', { name: 'Stock' })).id;
  await ok(t.app, u, 'fields.create', {
    objectId: stock,
    name: 'Qty',
    code: 'qty',
    type: 'integer',
  });
  await ok(t.app, u, 'records.createMany', {
    objectId: stock,
    rows: Array.from({ length: 30 }, (_, i) => ({ name: `Item ${i}`, qty: i })),
  });
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

const FILTER = group(AND, [{ field: 'qty', op: 'gt', value: 19 }]);
/** The total, and whether anything was computed for it rather than answered from the cache. */
async function total(): Promise<{ total: number; computed: boolean }> {
  const before = cacheStats(t.app.db).misses;
  const res = await ok<{ total: number }>(t.app, u, 'records.count', {
    objectId: stock,
    filter: FILTER,
  });
  return { total: res.total, computed: cacheStats(t.app.db).misses > before };
}

describe('a cached total', () => {
  it('stays cached through committed writes to other tables, and not through one to its own', async () => {
    expect(await total()).toEqual({ total: 10, computed: true });
    expect(await total()).toEqual({ total: 10, computed: false });

    // Another object of the same domain, another domain's object: each write is a committed
    // transaction (the record and its audit entry).
    await ok(t.app, u, 'records.create', { objectId: orders, values: { name: 'Order 1' } });
    await ok(t.app, other, 'records.create', { objectId: foreign, values: { name: 'Elsewhere' } });
    await ok(t.app, u, 'records.createMany', {
      objectId: orders,
      rows: [{ name: 'Order 2' }, { name: 'Order 3' }],
    });
    expect(await total()).toEqual({ total: 10, computed: false });

    await ok(t.app, u, 'records.create', { objectId: stock, values: { name: 'New', qty: 99 } });
    expect(await total()).toEqual({ total: 11, computed: true });
    expect(await total()).toEqual({ total: 11, computed: false });
  });
});
