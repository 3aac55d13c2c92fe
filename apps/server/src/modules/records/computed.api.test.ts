import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

const sorted = (field: string, dir: 'asc' | 'desc' = 'asc') => ({
  isActive: true,
  sorts: [{ field, dir }],
});

describe('computed fields', () => {
  it('formula, lookup and rollup read like stored fields', async () => {
    const products = await ok(t.app, u, 'objects.create', { name: 'Products', kind: 'reference' });
    await ok(t.app, u, 'fields.create', {
      objectId: products.id,
      name: 'List price',
      code: 'list_price',
      type: 'decimal',
      options: { scale: 2 },
    });
    const orders = await ok(t.app, u, 'objects.create', { name: 'Orders' });
    const lines = await ok(t.app, u, 'objects.create', { name: 'Lines' });
    await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Qty',
      code: 'qty',
      type: 'integer',
    });
    await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Price',
      code: 'price',
      type: 'decimal',
      options: { scale: 2 },
    });
    await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Product',
      code: 'product',
      type: 'reference',
      options: { target: products.id },
    });
    await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Order',
      code: 'order',
      type: 'reference',
      options: { target: orders.id },
    });
    const amount = await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Amount',
      code: 'amount',
      computed: { kind: 'formula', formula: 'qty * price' },
    });
    expect(amount).toMatchObject({
      type: 'decimal',
      options: { scale: 2 },
      computed: { kind: 'formula', formula: 'qty * price', stored: true, problem: null },
    });
    const lp = await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'List',
      code: 'list',
      computed: { kind: 'lookup', path: ['product'], field: 'list_price' },
    });
    expect(lp).toMatchObject({ type: 'decimal', computed: { kind: 'lookup', stored: false } });
    const total = await ok(t.app, u, 'fields.create', {
      objectId: orders.id,
      name: 'Total',
      code: 'total',
      computed: { kind: 'rollup', object: lines.id, via: 'order', fn: 'sum', field: 'amount' },
    });
    expect(total).toMatchObject({ type: 'decimal', options: { scale: 2 } });
    const p1 = await ok(t.app, u, 'records.create', {
      objectId: products.id,
      values: { name: 'Bolt', list_price: '1.50' },
    });
    const o1 = await ok(t.app, u, 'records.create', { objectId: orders.id, values: { name: 'A' } });
    const o2 = await ok(t.app, u, 'records.create', { objectId: orders.id, values: { name: 'B' } });
    const l1 = await ok(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'l1', qty: 3, price: '2.25', product: p1.id, order: o1.id },
    });
    expect(l1.values).toMatchObject({ qty: 3 });
    expect(Number(l1.values.amount)).toBe(6.75);
    expect(Number(l1.values.list)).toBe(1.5);
    await ok(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'l2', qty: 1, price: '10', order: o1.id },
    });
    await ok(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'l3', qty: 2, price: '1', order: o2.id },
    });
    const list = await ok(t.app, u, 'records.list', {
      objectId: orders.id,
      orderby: sorted('total'),
    });
    expect(
      list.rows.map((r: { values: { name: string; total: unknown } }) => [
        r.values.name,
        Number(r.values.total),
      ]),
    ).toEqual([
      ['B', 2],
      ['A', 16.75],
    ]);
    const filtered = await ok(t.app, u, 'records.list', {
      objectId: lines.id,
      filter: {
        isactive: true,
        isexpanded: true,
        name: 'r',
        operator: { id: 1, sid: 'and', name: 'AND' },
        children: [],
        conditions: [{ field: 'amount', op: 'gt', value: 5 }],
      },
      orderby: sorted('amount', 'desc'),
    });
    expect(filtered.rows.map((r: { values: { name: string } }) => r.values.name)).toEqual([
      'l2',
      'l1',
    ]);
    const r = await qry(t.app, u, 'records.update', {
      objectId: lines.id,
      id: l1.id,
      values: { amount: 5 },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.amount?.[0]).toMatch(/computed/);
    // A change of a referenced record shows at once.
    await ok(t.app, u, 'records.update', {
      objectId: products.id,
      id: p1.id,
      values: { list_price: '2' },
    });
    const again = await ok(t.app, u, 'records.get', { objectId: lines.id, id: l1.id });
    expect(Number(again.values.list)).toBe(2);
    const groups = await ok(t.app, u, 'records.groups', {
      objectId: lines.id,
      groupby: {
        isActive: true,
        groups: [{ field: 'order', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    });
    expect(groups.groups.length).toBe(2);
    void o2;
  });
});
