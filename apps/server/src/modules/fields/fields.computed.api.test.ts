import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/** The rules of computed fields' definitions: checks as typed, uses, renames and cycles. */

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let lines: { id: string };
let orders: { id: string };
let qtyId: string;
let amountId: string;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  orders = await ok(t.app, u, 'objects.create', { name: 'Orders' });
  lines = await ok(t.app, u, 'objects.create', { name: 'Lines' });
  const field = (name: string, code: string, type: string, options: object = {}) =>
    ok(t.app, u, 'fields.create', { objectId: lines.id, name, code, type, options });
  qtyId = (await field('Quantity', 'qty', 'integer')).id;
  await field('Price', 'price', 'decimal', { scale: 2 });
  await field('Order', 'order', 'reference', { target: orders.id });
  amountId = (
    await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Amount',
      code: 'amount',
      computed: { kind: 'formula', formula: 'qty * price' },
    })
  ).id;
});
afterAll(async () => t.cleanup());

describe('fields.check', () => {
  it('answers the type a formula gives, and whether it is stored', async () => {
    const own = await ok(t.app, u, 'fields.check', {
      objectId: lines.id,
      computed: { kind: 'formula', formula: 'round(qty * price * 1.2, 2)' },
    });
    expect(own).toMatchObject({ valid: true, type: 'decimal', stored: true, errors: {} });
    const lookup = await ok(t.app, u, 'fields.check', {
      objectId: lines.id,
      computed: { kind: 'lookup', path: ['order'], field: 'name' },
    });
    expect(lookup).toMatchObject({ valid: true, type: 'text', stored: false });
    const rollup = await ok(t.app, u, 'fields.check', {
      objectId: orders.id,
      computed: { kind: 'rollup', object: lines.id, via: 'order', fn: 'sum', field: 'amount' },
    });
    expect(rollup).toMatchObject({ valid: true, type: 'decimal', options: { scale: 2 } });
  });

  it('names the field it cannot find, in the asker’s language, and saves nothing', async () => {
    const en = await ok(t.app, u, 'fields.check', {
      objectId: lines.id,
      computed: { kind: 'formula', formula: 'qty * prise' },
    });
    expect(en.valid).toBe(false);
    expect(en.errors['computed.formula'][0]).toMatch(/prise/);
    const de = await qry(
      t.app,
      u,
      'fields.check',
      { objectId: lines.id, computed: { kind: 'formula', formula: 'qty * prise' } },
      'de',
    );
    expect(de.data.errors['computed.formula'][0]).toMatch(/prise/);
    expect(de.data.errors['computed.formula'][0]).not.toBe(en.errors['computed.formula'][0]);
    const rollup = await ok(t.app, u, 'fields.check', {
      objectId: orders.id,
      computed: { kind: 'rollup', object: lines.id, via: 'order', fn: 'sum', field: 'name' },
    });
    expect(rollup.valid).toBe(false);
    expect(Object.values(rollup.errors).flat().join(' ')).toMatch(/Name/);
    const meta = await ok(t.app, u, 'objects.get', { id: lines.id });
    expect(meta.fields.map((f: { code: string }) => f.code)).toEqual([
      'name',
      'qty',
      'price',
      'order',
      'amount',
    ]);
  });

  it('refuses a change that would make a formula use itself', async () => {
    const a = await ok(t.app, u, 'fields.create', {
      objectId: lines.id,
      name: 'Double',
      code: 'double',
      computed: { kind: 'formula', formula: 'amount * 2' },
    });
    const check = await ok(t.app, u, 'fields.check', {
      objectId: lines.id,
      id: amountId,
      computed: { kind: 'formula', formula: 'double + 1' },
    });
    expect(check.valid).toBe(false);
    expect(check.errors['computed.formula'][0]).toMatch(/Amount.*Double|Double.*Amount/);
    const r = await qry(t.app, u, 'fields.update', {
      id: amountId,
      computed: { kind: 'formula', formula: 'double + 1' },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.['computed.formula']?.[0]).toMatch(/circle/);
    await ok(t.app, u, 'fields.delete', { id: a.id });
  });
});

describe('fields used by computed fields', () => {
  it('cannot be removed or retyped, with the formula named; a new code follows into it', async () => {
    const del = await qry(t.app, u, 'fields.delete', { id: qtyId });
    expect(del.status).toBe(409);
    expect(del.error?.message).toMatch(/Amount/);
    const retype = await qry(t.app, u, 'fields.update', { id: qtyId, type: 'text' });
    expect(retype.status).toBe(409);
    expect(retype.error?.message).toMatch(/Amount/);
    const ru = await qry(t.app, u, 'fields.delete', { id: qtyId }, 'ru');
    expect(ru.error?.message).toMatch(/Amount/);
    expect(ru.error?.message).not.toBe(del.error?.message);
    await ok(t.app, u, 'fields.update', { id: qtyId, code: 'quantity' });
    const meta = await ok(t.app, u, 'objects.get', { id: lines.id });
    const amount = meta.fields.find((f: { code: string }) => f.code === 'amount');
    expect(amount.computed.formula).toBe('quantity * price');
    const rec = await ok(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'l', quantity: 4, price: '2.50' },
    });
    expect(Number(rec.values.amount)).toBe(10);
  });

  it('a computed value is refused in writes with the field named', async () => {
    const r = await qry(t.app, u, 'records.create', {
      objectId: lines.id,
      values: { name: 'x', amount: 3 },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.amount?.[0]).toMatch(/Amount/);
  });
});
