import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok, OR, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let obj: { id: string };
let currency: { id: string };

const rows = [
  {
    name: 'Alpha',
    amount: 100,
    qty: 1,
    category: 'fuel',
    paid: true,
    due: '2026-01-15',
    tags: ['a'],
  },
  {
    name: 'Bravo',
    amount: 250.5,
    qty: 2,
    category: 'fuel',
    paid: false,
    due: '2026-02-01',
    tags: ['a', 'b'],
  },
  { name: 'charlie', amount: 75, qty: 3, category: 'tax', paid: true, due: '2026-02-20', tags: [] },
  {
    name: 'Delta 50%_off',
    amount: null,
    qty: 4,
    category: 'insurance',
    paid: null,
    due: null,
    tags: ['c'],
  },
  {
    name: 'Echo',
    amount: 1000,
    qty: 5,
    category: 'tax',
    paid: false,
    due: '2025-12-31',
    tags: ['b'],
  },
];

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  currency = await ok(t.app, u, 'objects.create', { name: 'Currency', kind: 'reference' });
  await ok(t.app, u, 'records.create', { objectId: currency.id, values: { name: 'EUR' } });
  await ok(t.app, u, 'records.create', { objectId: currency.id, values: { name: 'USD' } });
  obj = await ok(t.app, u, 'objects.create', { name: 'Expenses' });
  const fields = [
    { name: 'Amount', type: 'money', options: { min: 0 } },
    { name: 'Qty', type: 'integer' },
    {
      name: 'Category',
      type: 'select',
      options: {
        choices: [{ value: 'fuel', label: 'Fuel' }, { value: 'tax' }, { value: 'insurance' }],
      },
    },
    { name: 'Paid', type: 'boolean' },
    { name: 'Due', type: 'date' },
    {
      name: 'Tags',
      type: 'multiselect',
      options: { choices: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] },
    },
    { name: 'Currency', type: 'reference', options: { target: currency.id } },
    { name: 'Email', type: 'email' },
    { name: 'Note', type: 'longtext', options: { hidden: true } },
  ];
  for (const f of fields) await ok(t.app, u, 'fields.create', { objectId: obj.id, ...f });
  for (const [i, r] of rows.entries()) {
    await ok(t.app, u, 'records.create', {
      objectId: obj.id,
      values: { ...r, currency: (i % 2) + 1 },
    });
  }
});
afterAll(async () => t.cleanup());

const list = (input: Record<string, unknown>) =>
  ok(t.app, u, 'records.list', { objectId: obj.id, ...input });
const names = (res: { rows: { values: Record<string, unknown> }[] }) =>
  res.rows.map((r) => r.values.name);

describe('records.create / get / update', () => {
  it('creates with parsed values, defaults and resolved references', async () => {
    const r = await ok(t.app, u, 'records.get', { objectId: obj.id, id: 2 });
    expect(r.values).toMatchObject({
      name: 'Bravo',
      amount: '250.50',
      qty: 2,
      category: 'fuel',
      paid: false,
      due: '2026-02-01',
      tags: ['a', 'b'],
      currency: 2,
    });
    expect(r.display.currency).toBe('USD');
  });

  it('rejects invalid values with one message per field, in the caller language', async () => {
    const res = await qry(
      t.app,
      u,
      'records.create',
      {
        objectId: obj.id,
        values: {
          amount: -5,
          qty: 1.5,
          category: 'food',
          due: '2026-02-30',
          email: 'nope',
          currency: 99,
          ghost: 1,
        },
      },
      'de',
    );
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('validation_failed');
    const f = res.error?.fields ?? {};
    expect(Object.keys(f).sort()).toEqual(
      ['amount', 'category', 'currency', 'due', 'email', 'ghost', 'name', 'qty'].sort(),
    );
    expect(f.name?.[0]).toBe('Dieses Feld ist erforderlich.');
    expect(f.email?.[0]).toBe('Ungültige E-Mail-Adresse.');
    const fr = await qry(
      t.app,
      u,
      'records.create',
      { objectId: obj.id, values: { name: 'x', currency: 99 } },
      'fr',
    );
    expect(fr.error?.fields?.currency?.[0]).toBe("L'enregistrement référencé n'existe pas.");
  });

  it('updates only given fields, keeps the rest, and records the change', async () => {
    const r = await ok(t.app, u, 'records.update', {
      objectId: obj.id,
      id: 1,
      values: { amount: 110, paid: false },
    });
    expect(r.values).toMatchObject({ name: 'Alpha', amount: '110.00', paid: false, qty: 1 });
    const h = await ok(t.app, u, 'records.history', { objectId: obj.id, id: 1 });
    expect(h.items[0].action).toBe('update');
    expect(h.items[0].userName).toBe(u.username);
    expect(h.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'amount', name: 'Amount', before: '100.00', after: '110.00' },
        { field: 'paid', name: 'Paid', before: true, after: false },
      ]),
    );
    expect(h.items.at(-1).action).toBe('create');
    expect(h.items.at(-1).after.name).toBe('Alpha');
    await ok(t.app, u, 'records.update', {
      objectId: obj.id,
      id: 1,
      values: { amount: 100, paid: true },
    });
  });

  it('clearing a required field is refused; unknown record is 404', async () => {
    const r = await qry(t.app, u, 'records.update', {
      objectId: obj.id,
      id: 1,
      values: { name: '' },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.name).toBeDefined();
    expect((await qry(t.app, u, 'records.get', { objectId: obj.id, id: 9999 })).status).toBe(404);
    expect(
      (await qry(t.app, u, 'records.update', { objectId: obj.id, id: 9999, values: { qty: 1 } }))
        .status,
    ).toBe(404);
    expect((await qry(t.app, u, 'records.history', { objectId: obj.id, id: 9999 })).status).toBe(
      404,
    );
  });
});

describe('records.delete / restore', () => {
  it('soft-deletes, hides, lists deleted, restores and audits both', async () => {
    const del = await ok(t.app, u, 'records.delete', { objectId: obj.id, ids: [5, 5, 777] });
    expect(del.affected).toBe(1);
    expect(names(await list({}))).not.toContain('Echo');
    expect(names(await list({ state: 'deleted' }))).toEqual(['Echo']);
    expect((await ok(t.app, u, 'records.count', { objectId: obj.id })).total).toBe(4);
    const upd = await qry(t.app, u, 'records.update', {
      objectId: obj.id,
      id: 5,
      values: { qty: 9 },
    });
    expect(upd.status).toBe(409);
    expect((await ok(t.app, u, 'records.restore', { objectId: obj.id, ids: [5] })).affected).toBe(
      1,
    );
    expect((await ok(t.app, u, 'records.count', { objectId: obj.id })).total).toBe(5);
    const h = await ok(t.app, u, 'records.history', { objectId: obj.id, id: 5 });
    expect(h.items.map((x: { action: string }) => x.action)).toEqual([
      'restore',
      'delete',
      'create',
    ]);
    expect(h.items[1].before.name).toBe('Echo');
  });
});

describe('records.list', () => {
  it('pages with offset/limit and hasMore, never more than 1000', async () => {
    const p1 = await list({
      limit: 2,
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'asc' }] },
    });
    expect(names(p1)).toEqual(['Alpha', 'Bravo']);
    expect(p1.hasMore).toBe(true);
    const p3 = await list({
      offset: 4,
      limit: 2,
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'asc' }] },
    });
    expect(names(p3)).toEqual(['Echo']);
    expect(p3.hasMore).toBe(false);
    const big = await qry(t.app, u, 'records.list', { objectId: obj.id, limit: 1001 });
    expect(big.status).toBe(400);
    expect(big.error?.fields?.limit).toBeDefined();
  });

  it('returns only the requested fields, hidden ones left out by default', async () => {
    const all = await list({ limit: 1 });
    expect(Object.keys(all.rows[0].values)).not.toContain('note');
    const some = await list({ limit: 1, fields: ['name', 'qty'] });
    expect(Object.keys(some.rows[0].values).sort()).toEqual(['name', 'qty']);
    const bad = await qry(t.app, u, 'records.list', { objectId: obj.id, fields: ['name', 'nope'] });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.['fields.1']).toBeDefined();
  });

  it('sorts by several fields with nulls first ascending on both databases', async () => {
    const r = await list({
      orderby: {
        isActive: true,
        sorts: [
          { field: 'category', dir: 'asc' },
          { field: 'amount', dir: 'desc' },
        ],
      },
    });
    expect(names(r)).toEqual(['Bravo', 'Alpha', 'Delta 50%_off', 'Echo', 'charlie']);
    const n = await list({ orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'asc' }] } });
    expect(names(n)[0]).toBe('Delta 50%_off');
    const inactive = await list({
      orderby: { isActive: false, sorts: [{ field: 'amount', dir: 'desc' }] },
    });
    expect(names(inactive)).toEqual(rows.map((x) => x.name));
  });

  it('filters with nested AND/OR groups', async () => {
    // category = tax OR (category = fuel AND amount > 200)
    const filter = group(
      OR,
      [{ field: 'category', op: 'eq', value: 'tax' }],
      [
        group(AND, [
          { field: 'category', op: 'eq', value: 'fuel' },
          { field: 'amount', op: 'gt', value: 200 },
        ]),
      ],
    );
    expect(names(await list({ filter })).sort()).toEqual(['Bravo', 'Echo', 'charlie']);
    // inactive child groups are ignored
    const off = { ...filter, children: [{ ...(filter.children[0] as object), isactive: false }] };
    expect(names(await list({ filter: off })).sort()).toEqual(['Echo', 'charlie']);
    // an inactive root does not filter
    expect(names(await list({ filter: { ...filter, isactive: false } }))).toHaveLength(5);
  });

  it.each([
    [{ field: 'name', op: 'contains', value: '50%_' }, ['Delta 50%_off']],
    [{ field: 'name', op: 'contains', value: 'CHAR' }, ['charlie']],
    [{ field: 'name', op: 'starts_with', value: 'b' }, ['Bravo']],
    [{ field: 'name', op: 'not_contains', value: 'a' }, ['Echo']],
    [{ field: 'name', op: 'in', value: ['Alpha', 'Echo'] }, ['Alpha', 'Echo']],
    [{ field: 'amount', op: 'between', value: [75, 250.5] }, ['Alpha', 'Bravo', 'charlie']],
    [{ field: 'amount', op: 'is_empty' }, ['Delta 50%_off']],
    [{ field: 'amount', op: 'lte', value: '100' }, ['Alpha', 'charlie']],
    [{ field: 'qty', op: 'not_in', value: [1, 2, 3] }, ['Delta 50%_off', 'Echo']],
    [{ field: 'category', op: 'neq', value: 'fuel' }, ['charlie', 'Delta 50%_off', 'Echo']],
    [{ field: 'paid', op: 'eq', value: true }, ['Alpha', 'charlie']],
    [{ field: 'paid', op: 'is_not_empty' }, ['Alpha', 'Bravo', 'charlie', 'Echo']],
    [{ field: 'due', op: 'between', value: ['2026-01-01', '2026-01-31'] }, ['Alpha']],
    [{ field: 'due', op: 'lt', value: '2026-01-01' }, ['Echo']],
    [{ field: 'tags', op: 'contains', value: 'b' }, ['Bravo', 'Echo']],
    [{ field: 'tags', op: 'in', value: ['a', 'c'] }, ['Alpha', 'Bravo', 'Delta 50%_off']],
    [{ field: 'tags', op: 'is_empty' }, ['charlie']],
    [{ field: 'currency', op: 'eq', value: 2 }, ['Bravo', 'Delta 50%_off']],
    [{ field: 'id', op: 'gte', value: 4 }, ['Delta 50%_off', 'Echo']],
  ])('condition %j', async (cond, expected) => {
    const r = await list({ filter: group(AND, [cond]) });
    expect(names(r).sort()).toEqual([...expected].sort());
  });

  it('relative date ranges follow the given today', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
    const created = await ok(t.app, u, 'records.create', {
      objectId: obj.id,
      values: { name: 'Today', due: today },
    });
    for (const op of ['today', 'this_week', 'this_month', 'this_year']) {
      const r = await list({ filter: group(AND, [{ field: 'due', op }]) });
      expect(names(r)).toContain('Today');
    }
    expect(
      names(await list({ filter: group(AND, [{ field: 'due', op: 'yesterday' }]) })),
    ).not.toContain('Today');
    expect(
      names(await list({ filter: group(AND, [{ field: 'due', op: 'last_month' }]) })),
    ).not.toContain('Today');
    expect(
      names(
        await list({ filter: group(AND, [{ field: 'created_at', op: 'last_n_days', value: 2 }]) }),
      ),
    ).toContain('Today');
    const bad = await qry(t.app, u, 'records.list', {
      objectId: obj.id,
      filter: group(AND, [{ field: 'due', op: 'last_n_days', value: 0 }]),
    });
    expect(bad.error?.fields?.['filter.conditions.0.value']).toBeDefined();
    await ok(t.app, u, 'records.delete', { objectId: obj.id, ids: [created.id] });
  });

  it('names the offending part of a bad filter', async () => {
    const r = await qry(t.app, u, 'records.list', {
      objectId: obj.id,
      filter: group(AND, [
        { field: 'nope', op: 'eq', value: 1 },
        { field: 'paid', op: 'contains', value: 'x' },
        { field: 'qty', op: 'gt', value: 'abc' },
      ]),
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual([
      'filter.conditions.0.field',
      'filter.conditions.1.op',
      'filter.conditions.2.value',
    ]);
  });

  it('limits filter depth and size', async () => {
    let deep: unknown = group(AND, [{ field: 'qty', op: 'gt', value: 0 }]);
    for (let i = 0; i < 8; i++) deep = group(AND, [], [deep]);
    const r = await qry(t.app, u, 'records.list', { objectId: obj.id, filter: deep });
    expect(r.status).toBe(400);
    const many = group(
      OR,
      [],
      Array.from({ length: 3 }, () =>
        group(
          AND,
          Array.from({ length: 90 }, () => ({ field: 'qty', op: 'eq', value: 1 })),
        ),
      ),
    );
    const r2 = await qry(t.app, u, 'records.list', { objectId: obj.id, filter: many });
    expect(r2.status).toBe(400);
    expect(r2.error?.fields?.filter).toBeDefined();
  });

  it('searches words over text fields (and the record number)', async () => {
    expect(names(await list({ search: 'alp' }))).toEqual(['Alpha']);
    expect(names(await list({ search: 'fuel bra' }))).toEqual(['Bravo']);
    expect(names(await list({ search: '3' }))).toEqual(['charlie']);
    expect(names(await list({ search: '%' }))).toEqual(['Delta 50%_off']);
  });

  it('groups rows first when grouping is active', async () => {
    const r = await list({
      groupby: { isActive: true, groups: [{ field: 'category' }] },
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
    });
    expect(r.rows.map((x: { values: { category: string } }) => x.values.category)).toEqual([
      'fuel',
      'fuel',
      'insurance',
      'tax',
      'tax',
    ]);
    expect(names(r)).toEqual(['Bravo', 'Alpha', 'Delta 50%_off', 'Echo', 'charlie']);
  });
});

describe('records.count and records.groups', () => {
  it('counts with the same filter', async () => {
    const c = await ok(t.app, u, 'records.count', {
      objectId: obj.id,
      filter: group(AND, [{ field: 'category', op: 'eq', value: 'fuel' }]),
    });
    expect(c.total).toBe(2);
  });

  it('groups with counts, aggregates, labels and resolved references', async () => {
    const g = await ok(t.app, u, 'records.groups', {
      objectId: obj.id,
      groupby: {
        isActive: true,
        groups: [
          {
            field: 'category',
            aggregates: [
              { field: 'amount', fn: 'sum' },
              { field: 'qty', fn: 'max' },
              { field: 'amount', fn: 'count' },
            ],
          },
        ],
      },
    });
    expect(g.truncated).toBe(false);
    expect(g.groups.map((x: { key: { category: string } }) => x.key.category)).toEqual([
      'fuel',
      'insurance',
      'tax',
    ]);
    const fuel = g.groups[0];
    expect(fuel.count).toBe(2);
    expect(fuel.display.category).toBe('Fuel');
    expect(fuel.aggregates).toEqual([
      { field: 'amount', fn: 'sum', value: '350.50' },
      { field: 'qty', fn: 'max', value: 2 },
      { field: 'amount', fn: 'count', value: 2 },
    ]);
    const byRef = await ok(t.app, u, 'records.groups', {
      objectId: obj.id,
      groupby: { isActive: true, groups: [{ field: 'currency' }, { field: 'paid' }] },
    });
    expect(byRef.groups[0].display.currency).toBe('EUR');
    expect(byRef.groups.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(5);
  });

  it('refuses aggregates that do not fit the type', async () => {
    const r = await qry(t.app, u, 'records.groups', {
      objectId: obj.id,
      groupby: {
        isActive: true,
        groups: [{ field: 'category', aggregates: [{ field: 'name', fn: 'sum' }] }],
      },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.['groupby.groups.0.aggregates.0.fn']).toBeDefined();
  });
});

describe('unique fields', () => {
  it('refuses a second record with the same value (409 naming the field)', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Plates' });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Plate',
      type: 'text',
      options: { unique: true },
    });
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'a', plate: 'B-123' } });
    const dup = await qry(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'b', plate: 'B-123' },
    });
    expect(dup.status).toBe(409);
    expect(dup.error?.fields?.plate).toBeDefined();
    const second = await ok(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'b', plate: 'B-124' },
    });
    const upd = await qry(t.app, u, 'records.update', {
      objectId: o.id,
      id: second.id,
      values: { plate: 'B-123' },
    });
    expect(upd.status).toBe(409);
  });
});
