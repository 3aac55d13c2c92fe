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

async function objectWith(type: string, values: unknown[], options: Record<string, unknown> = {}) {
  const o = await ok(t.app, u, 'objects.create', { name: `O ${type} ${Math.random()}` });
  const f = await ok(t.app, u, 'fields.create', {
    objectId: o.id,
    name: 'Value',
    code: 'v',
    type,
    options,
  });
  for (const [i, v] of values.entries())
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: `r${i}`, v } });
  return { o, f };
}

async function valuesOf(objectId: string) {
  const r = await ok(t.app, u, 'records.list', {
    objectId,
    orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
  });
  return r.rows.map((x: { values: { v: unknown } }) => x.values.v);
}

describe('fields.create', () => {
  it('creates every type with its column', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'All types' });
    const ref = await ok(t.app, u, 'objects.create', { name: 'Target', kind: 'reference' });
    const types = [
      'text',
      'longtext',
      'integer',
      'decimal',
      'money',
      'percent',
      'date',
      'datetime',
      'boolean',
      'select',
      'multiselect',
      'email',
      'url',
      'phone',
      'attachment',
    ];
    for (const type of types)
      await ok(t.app, u, 'fields.create', { objectId: o.id, name: `F ${type}`, type });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'F ref',
      type: 'reference',
      options: { target: ref.id, displayField: 'name' },
    });
    const full = await ok(t.app, u, 'objects.get', { id: o.id });
    expect(full.fields.map((f: { code: string }) => f.code)).toEqual([
      'name',
      ...types.map((x) => `f_${x}`),
      'f_ref',
    ]);
    const values = {
      name: 'x',
      f_text: 'hello',
      f_longtext: 'long\ntext',
      f_integer: '42',
      f_decimal: 1.25,
      f_money: 10.05,
      f_percent: 12.5,
      f_date: '2026-03-01',
      f_datetime: '2026-03-01T10:20:30+02:00',
      f_boolean: 'yes',
      f_select: 'free',
      f_multiselect: ['x', 'y', 'x'],
      f_email: 'a@b.example',
      f_url: 'https://example.com/x',
      f_phone: '+49 30 1234567',
      f_attachment: 'file-1',
      f_ref: 1,
    };
    await ok(t.app, u, 'records.create', { objectId: ref.id, values: { name: 'Target one' } });
    const r = await ok(t.app, u, 'records.create', { objectId: o.id, values });
    expect(r.values).toEqual({
      ...values,
      f_integer: 42,
      f_decimal: '1.25',
      f_money: '10.05',
      f_percent: '12.50',
      f_datetime: '2026-03-01T08:20:30.000Z',
      f_boolean: true,
      f_multiselect: ['x', 'y'],
    });
    expect(r.display.f_ref).toBe('Target one');
  });

  it('validates options against the type', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Opts' });
    const r = await qry(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'X',
      type: 'integer',
      options: { pattern: '(', choices: [{ value: 'a' }], min: 5, max: 1, default: 'abc' },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual([
      'options.choices',
      'options.default',
      'options.min',
      'options.pattern',
    ]);
    const ref = await qry(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'R',
      type: 'reference',
      options: {},
    });
    expect(ref.error?.fields?.['options.target']).toBeDefined();
    const badTarget = await qry(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'R',
      type: 'reference',
      options: { target: 'nope' },
    });
    expect(badTarget.error?.fields?.['options.target']).toBeDefined();
    const bad = await qry(t.app, u, 'fields.create', { objectId: o.id, name: 'Bad', type: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.type).toBeDefined();
  });

  it('refuses reserved and taken codes', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Codes' });
    expect(
      (
        await qry(t.app, u, 'fields.create', {
          objectId: o.id,
          name: 'Id',
          code: 'id',
          type: 'text',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await qry(t.app, u, 'fields.create', {
          objectId: o.id,
          name: 'Name 2',
          code: 'name',
          type: 'text',
        })
      ).status,
    ).toBe(409);
    const auto = await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Name',
      type: 'text',
    });
    expect(auto.code).toBe('name_2');
  });

  it('applies defaults and required on create', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Defaults' });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Status',
      type: 'select',
      options: { choices: [{ value: 'new' }, { value: 'done' }], default: 'new' },
    });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Code',
      type: 'text',
      options: { required: true, pattern: '^[A-Z]{3}$' },
    });
    const bad = await qry(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'a', code: 'abc' },
    });
    expect(bad.error?.fields?.code?.[0]).toBe('Does not match the required pattern.');
    const r = await ok(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'a', code: 'ABC' },
    });
    expect(r.values.status).toBe('new');
  });
});

describe('fields.update: type changes keep data or are refused', () => {
  it.each([
    ['text', ['12', ' 7 ', null], 'integer', [12, 7, null]],
    ['integer', [12, -3], 'text', ['12', '-3']],
    ['integer', [1, 2], 'decimal', ['1.00', '2.00']],
    ['decimal', [1, 2.5], 'money', ['1.00', '2.50']],
    ['decimal', ['-12.00', '3'], 'integer', [-12, 3]],
    ['text', ['2026-01-02'], 'date', ['2026-01-02']],
    ['date', ['2026-01-02'], 'datetime', ['2026-01-02T00:00:00.000Z']],
    ['datetime', ['2026-01-02T00:00:00.000Z'], 'date', ['2026-01-02']],
    ['text', ['yes', 'no'], 'boolean', [true, false]],
    ['boolean', [true, false], 'integer', [1, 0]],
    ['select', ['a', 'b'], 'multiselect', [['a'], ['b']]],
    ['multiselect', [['a', 'b'], ['c']], 'text', ['a, b', 'c']],
    ['text', ['a@b.example'], 'email', ['a@b.example']],
    ['longtext', ['short'], 'text', ['short']],
  ])('%s %j → %s', async (from, values, to, expected) => {
    const { o, f } = await objectWith(from, values);
    const changed = await ok(t.app, u, 'fields.update', { id: f.id, type: to });
    expect(changed.type).toBe(to);
    expect(await valuesOf(o.id)).toEqual(expected);
    // still filterable and writable under the new type
    await ok(t.app, u, 'records.list', {
      objectId: o.id,
      filter: {
        isactive: true,
        isexpanded: true,
        name: 'r',
        operator: { id: 1, sid: 'and', name: 'AND' },
        children: [],
        conditions: [{ field: 'v', op: 'is_not_empty' }],
      },
    });
  });

  it.each([
    ['text', ['12', 'twelve', 'x'], 'integer'],
    ['decimal', ['1.50'], 'integer'],
    ['decimal', ['1.01'], 'boolean'],
    ['text', ['not a date'], 'date'],
    ['datetime', ['2026-01-02T10:00:00Z'], 'date'],
    ['integer', [2], 'boolean'],
    ['text', ['nope'], 'email'],
    ['text', ['file'], 'attachment'],
  ])('%s %j → %s is refused with 422 naming the field', async (from, values, to) => {
    const { o, f } = await objectWith(from, values);
    const r = await qry(t.app, u, 'fields.update', { id: f.id, type: to });
    expect(r.status).toBe(422);
    expect(r.error?.code).toBe('unprocessable');
    expect(r.error?.message).toContain('"Value"');
    expect(r.error?.fields?.type?.[0]).toContain('"Value"');
    const after = await ok(t.app, u, 'objects.get', { id: o.id });
    expect(after.fields.find((x: { id: string }) => x.id === f.id).type).toBe(from);
    expect(await valuesOf(o.id)).toEqual(
      values.map((v) => (from === 'datetime' ? new Date(String(v)).toISOString() : v)),
    );
  });

  it('refuses new choices that existing values do not fit, accepts ones that do', async () => {
    const { o, f } = await objectWith('select', ['a', 'b'], {
      choices: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
    });
    const r = await qry(t.app, u, 'fields.update', {
      id: f.id,
      options: { choices: [{ value: 'a' }] },
    });
    expect(r.status).toBe(422);
    expect(r.error?.fields?.['options.choices']).toBeDefined();
    await ok(t.app, u, 'fields.update', {
      id: f.id,
      options: { choices: [{ value: 'a' }, { value: 'b' }] },
    });
    expect(await valuesOf(o.id)).toEqual(['a', 'b']);
  });

  it('integer → reference checks that the records exist', async () => {
    const target = await ok(t.app, u, 'objects.create', { name: 'T', kind: 'reference' });
    await ok(t.app, u, 'records.create', { objectId: target.id, values: { name: 'one' } });
    const { o, f } = await objectWith('integer', [1, 5]);
    const r = await qry(t.app, u, 'fields.update', {
      id: f.id,
      type: 'reference',
      options: { target: target.id },
    });
    expect(r.status).toBe(422);
    await ok(t.app, u, 'records.update', { objectId: o.id, id: 2, values: { v: 1 } });
    await ok(t.app, u, 'fields.update', {
      id: f.id,
      type: 'reference',
      options: { target: target.id },
    });
    const list = await ok(t.app, u, 'records.list', { objectId: o.id });
    expect(list.rows.map((x: { display: { v: string } }) => x.display.v)).toEqual(['one', 'one']);
  });

  it('making a field unique is refused while duplicates exist', async () => {
    const { o, f } = await objectWith('text', ['x', 'x', 'y']);
    const r = await qry(t.app, u, 'fields.update', { id: f.id, options: { unique: true } });
    expect(r.status).toBe(409);
    expect(r.error?.message).toContain('"Value"');
    await ok(t.app, u, 'records.update', { objectId: o.id, id: 2, values: { v: 'z' } });
    await ok(t.app, u, 'fields.update', { id: f.id, options: { unique: true } });
    expect(
      (await qry(t.app, u, 'records.create', { objectId: o.id, values: { name: 'n', v: 'x' } }))
        .status,
    ).toBe(409);
    await ok(t.app, u, 'fields.update', { id: f.id, options: { unique: false } });
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'n', v: 'x' } });
  });

  it('renames a field and its code; views follow', async () => {
    const { o, f } = await objectWith('integer', [3]);
    await ok(t.app, u, 'views.save', {
      objectId: o.id,
      name: 'V',
      definition: {
        filter: {
          isactive: true,
          isexpanded: true,
          name: 'root',
          operator: { id: 1, sid: 'and', name: 'AND' },
          children: [],
          conditions: [{ field: 'v', op: 'gt', value: 1 }],
        },
        groupby: { isActive: false, groups: [] },
        orderby: { isActive: true, sorts: [{ field: 'v', dir: 'asc' }] },
      },
    });
    const r = await ok(t.app, u, 'fields.update', { id: f.id, name: 'Count', code: 'count' });
    expect(r).toMatchObject({ name: 'Count', code: 'count' });
    const views = await ok(t.app, u, 'views.list', { objectId: o.id });
    expect(views.items[0].definition.filter.conditions[0].field).toBe('count');
    expect(views.items[0].definition.orderby.sorts[0].field).toBe('count');
    const rows = await ok(t.app, u, 'records.list', { objectId: o.id });
    expect(rows.rows[0].values.count).toBe(3);
  });
});

describe('fields.delete', () => {
  it('drops the column, keeps the other data, and cleans views', async () => {
    const { o, f } = await objectWith('integer', [3, 4]);
    await ok(t.app, u, 'views.save', {
      objectId: o.id,
      name: 'V',
      definition: {
        filter: {
          isactive: true,
          isexpanded: true,
          name: 'root',
          operator: { id: 1, sid: 'and', name: 'AND' },
          children: [],
          conditions: [{ field: 'v', op: 'gt', value: 1 }],
        },
        groupby: { isActive: false, groups: [] },
        orderby: { isActive: true, sorts: [{ field: 'v', dir: 'asc' }] },
      },
    });
    await ok(t.app, u, 'fields.delete', { id: f.id });
    const full = await ok(t.app, u, 'objects.get', { id: o.id });
    expect(full.fields.map((x: { code: string }) => x.code)).toEqual(['name']);
    const rows = await ok(t.app, u, 'records.list', { objectId: o.id });
    expect(rows.rows.map((x: { values: { name: string } }) => x.values)).toEqual([
      { name: 'r0' },
      { name: 'r1' },
    ]);
    const views = await ok(t.app, u, 'views.list', { objectId: o.id });
    expect(views.items[0].definition.filter.conditions).toEqual([]);
    expect(views.items[0].definition.orderby.sorts).toEqual([]);
    expect((await qry(t.app, u, 'fields.delete', { id: f.id })).status).toBe(404);
  });
});
