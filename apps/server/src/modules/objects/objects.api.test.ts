import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

const emptyDefinition = {
  filter: {
    isactive: false,
    isexpanded: true,
    name: 'root',
    operator: { id: 1, sid: 'and', name: 'AND' },
    children: [],
    conditions: [],
  },
  groupby: { isActive: false, groups: [] },
  orderby: { isActive: false, sorts: [] },
};

describe('objects', () => {
  it('create → list (by kind) → get → update → delete', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Vehicles', description: 'Fleet' });
    expect(o).toMatchObject({
      name: 'Vehicles',
      code: 'vehicles',
      kind: 'table',
      description: 'Fleet',
      fieldCount: 1,
    });
    expect(o.tableName).toMatch(/^obj_[a-z0-9]{12}$/);
    expect(o.displayFieldId).toBe(o.fields[0].id);
    const again = await ok(t.app, u, 'objects.create', { name: 'Vehicles' });
    expect(again.code).toBe('vehicles_2');
    const cat = await ok(t.app, u, 'objects.create', { name: 'Vehicle types', kind: 'reference' });
    const refs = await ok(t.app, u, 'objects.list', { kind: 'reference' });
    expect(refs.items.map((x: { id: string }) => x.id)).toEqual([cat.id]);
    const all = await ok(t.app, u, 'objects.list', {});
    expect(all.items).toHaveLength(3);
    const upd = await ok(t.app, u, 'objects.update', {
      id: o.id,
      name: 'Cars',
      code: 'cars',
      description: '',
    });
    expect(upd).toMatchObject({ name: 'Cars', code: 'cars', description: '' });
    expect((await qry(t.app, u, 'objects.update', { id: again.id, code: 'cars' })).status).toBe(
      409,
    );
    expect(
      (await qry(t.app, u, 'objects.update', { id: o.id, displayFieldId: 'nope' })).status,
    ).toBe(400);
    expect((await qry(t.app, u, 'objects.create', { name: '' })).error?.fields?.name).toBeDefined();
    expect(
      (await qry(t.app, u, 'objects.create', { name: 'X', kind: 'mounted' })).error?.fields?.kind,
    ).toBeDefined();
    await ok(t.app, u, 'objects.delete', { id: again.id });
    expect((await qry(t.app, u, 'objects.get', { id: again.id })).status).toBe(404);
    expect((await qry(t.app, u, 'records.list', { objectId: again.id })).status).toBe(404);
  });

  it('refuses deleting an object other objects refer to', async () => {
    const target = await ok(t.app, u, 'objects.create', { name: 'Currencies', kind: 'reference' });
    const src = await ok(t.app, u, 'objects.create', { name: 'Prices' });
    const f = await ok(t.app, u, 'fields.create', {
      objectId: src.id,
      name: 'Currency',
      type: 'reference',
      options: { target: target.id },
    });
    const r = await qry(t.app, u, 'objects.delete', { id: target.id });
    expect(r.status).toBe(409);
    expect(r.error?.message).toContain('Currency');
    await ok(t.app, u, 'fields.delete', { id: f.id });
    await ok(t.app, u, 'objects.delete', { id: target.id });
  });
});

describe('views', () => {
  it('save (personal, shared) → list → update → delete, and indexes follow sorts and filters', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Orders' });
    await ok(t.app, u, 'fields.create', { objectId: o.id, name: 'Amount', type: 'decimal' });
    await ok(t.app, u, 'fields.create', { objectId: o.id, name: 'Region', type: 'select' });
    const definition = {
      ...emptyDefinition,
      filter: group(AND, [{ field: 'region', op: 'eq', value: 'north' }]),
      orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
      columns: [{ field: 'name', width: 200 }, { field: 'amount' }],
      pageSize: 50,
      search: '',
    };
    const v = await ok(t.app, u, 'views.save', { objectId: o.id, name: 'Big north', definition });
    expect(v).toMatchObject({
      name: 'Big north',
      shared: false,
      isOwn: true,
      definition: { pageSize: 50 },
    });
    const shared = await ok(t.app, u, 'views.save', {
      objectId: o.id,
      name: 'All',
      shared: true,
      definition: emptyDefinition,
    });
    expect(shared.definition).toMatchObject({ columns: [], pageSize: 100, search: '' });
    const list = await ok(t.app, u, 'views.list', { objectId: o.id });
    expect(list.items.map((x: { name: string }) => x.name)).toEqual(['All', 'Big north']);
    const renamed = await ok(t.app, u, 'views.save', {
      id: v.id,
      objectId: o.id,
      name: 'North',
      definition,
    });
    expect(renamed.id).toBe(v.id);
    const tables = await ok(t.app, u, 'tables.list', {});
    const table = tables.items.find((x: { objectId: string }) => x.objectId === o.id);
    expect(table.indexes.length).toBeGreaterThanOrEqual(2);
    await ok(t.app, u, 'views.delete', { id: v.id });
    expect((await qry(t.app, u, 'views.delete', { id: v.id })).status).toBe(404);
    expect((await ok(t.app, u, 'views.list', { objectId: o.id })).items).toHaveLength(1);
  });

  it('refuses views naming unknown fields or bad operators', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Bad views' });
    const r = await qry(t.app, u, 'views.save', {
      objectId: o.id,
      name: 'x',
      definition: {
        ...emptyDefinition,
        filter: group(AND, [{ field: 'ghost', op: 'eq', value: 1 }]),
        orderby: { isActive: true, sorts: [{ field: 'nope', dir: 'asc' }] },
        columns: [{ field: 'zzz' }],
      },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual([
      'definition.columns.0.field',
      'definition.filter.conditions.0.field',
      'definition.orderby.sorts.0.field',
    ]);
  });
});

describe('tables.list', () => {
  it('lists physical tables with live and deleted row counts and size', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Counted' });
    for (let i = 0; i < 3; i++)
      await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: `n${i}` } });
    await ok(t.app, u, 'records.delete', { objectId: o.id, ids: [1] });
    const tables = await ok(t.app, u, 'tables.list', {});
    const row = tables.items.find((x: { objectId: string }) => x.objectId === o.id);
    expect(row).toMatchObject({ objectName: 'Counted', rows: 2, deletedRows: 1, columns: 8 });
    expect(row.tableName).toBe(o.tableName);
    if (row.sizeBytes !== null) expect(row.sizeBytes).toBeGreaterThan(0);
  });
});
