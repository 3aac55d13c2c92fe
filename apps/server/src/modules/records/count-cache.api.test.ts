import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStats } from '../../platform/cache.js';
import { pageKeeping, pageStats } from '../../platform/planner.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp, tableOfObject } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

/**
 * A total is cached per filter and data version of the object's table (platform/cache.ts): a
 * committed write to another object, another domain's records or the user's own settings
 * leaves it cached; a write to the object itself changes it. On both databases. On PostgreSQL
 * a page is kept the same way (platform/planner.ts `readPage`).
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

describe.runIf(!!process.env.TEST_DATABASE_URL)('a kept page (PostgreSQL)', () => {
  const list = async () =>
    (
      await ok<{ rows: { id: number; values: { qty: number } }[] }>(t.app, u, 'records.list', {
        objectId: stock,
        filter: FILTER,
        orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
        limit: 5,
      })
    ).rows;
  /** The page's rows and how many times it was read from the table for them. */
  const counted = async () => {
    const before = pageStats.read;
    const rows = await list();
    return { rows, read: pageStats.read - before };
  };

  it('is answered again without a statement until its table is written, here or by another server', async () => {
    const first = await counted();
    expect(first.read).toBe(1);
    expect(await counted()).toEqual({ rows: first.rows, read: 0 });

    await ok(t.app, u, 'records.create', { objectId: orders, values: { name: 'Order 4' } });
    expect(await counted()).toEqual({ rows: first.rows, read: 0 });

    const top = first.rows[0] as { id: number };
    await ok(t.app, u, 'records.update', { objectId: stock, id: top.id, values: { qty: 20 } });
    const written = await counted();
    expect(written.read).toBe(1);
    expect(written.rows.map((r) => r.id)).not.toContain(top.id);
    expect(await counted()).toEqual({ rows: written.rows, read: 0 });

    // Another server process's write to the table, as its notification tells it
    // (platform/events/bus.ts): the page is read again.
    t.app.db.writes?.external([await tableOfObject(t.app.db.kysely, stock)]);
    expect(await counted()).toEqual({ rows: written.rows, read: 1 });
  });

  it('is read each time when its values are longer than a kept page may hold', async () => {
    const was = pageKeeping.maxSize;
    pageKeeping.maxSize = 100;
    try {
      t.app.db.writes?.external([await tableOfObject(t.app.db.kysely, stock)]);
      const first = await counted();
      expect(first.read).toBe(1);
      expect(await counted()).toEqual({ rows: first.rows, read: 1 });
    } finally {
      pageKeeping.maxSize = was;
    }
    expect((await counted()).read).toBe(1);
    expect((await counted()).read).toBe(0);
  });
});
