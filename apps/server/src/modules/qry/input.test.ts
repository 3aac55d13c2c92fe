import { isRecordValues, recordValuesSchema } from '@fiscus/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/**
 * How /api/qry reads a request before the op runs: the bulk writes' rows checked by a predicate
 * that must accept exactly what their schema accepts (and leave the errors to the schema), and the
 * walk over every body for NUL characters and depth.
 */
describe('isRecordValues', () => {
  const accepts = (v: unknown) => recordValuesSchema.safeParse(v).success;

  it('accepts exactly what recordValuesSchema accepts, at every limit', () => {
    const cases: unknown[] = [
      {},
      { a: null, b: true, c: -0, d: 1e300, e: '', f: [], g: ['x'] },
      { [s(128)]: 1 },
      { [s(129)]: 1 },
      { a: s(100_000) },
      { a: s(100_001) },
      { a: Array.from({ length: 500 }, () => 'v') },
      { a: Array.from({ length: 501 }, () => 'v') },
      { a: [s(200)] },
      { a: [s(201)] },
      { a: [1] },
      { a: [null] },
      { a: ['x', ['y']] },
      { a: { b: 1 } },
      { a: Infinity },
      { a: -Infinity },
      { a: NaN },
      { a: undefined },
      { a: 10n },
      { a: () => 1 },
      Object.create(null) as object,
      Object.assign(Object.create(null) as object, { a: 1 }),
      [],
      [{ a: 1 }],
      null,
      'a',
      1,
      true,
      new Date(0),
      new Map(),
    ];
    for (const v of cases) expect([v, isRecordValues(v)]).toEqual([v, accepts(v)]);
  });

  it('agrees with the schema on random values', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)), {
        maxLength: 3,
      }),
      fc.array(fc.string({ maxLength: 3 }), { minLength: 499, maxLength: 502 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    );
    const key = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.string({ minLength: 127, maxLength: 130 }),
    );
    const row = fc.oneof(
      fc.dictionary(key, value, { maxKeys: 6 }),
      fc.array(value, { maxLength: 3 }),
      value,
    );
    fc.assert(
      fc.property(row, (v) => isRecordValues(v) === accepts(v)),
      { numRuns: 2000 },
    );
  });
});

describe('reading /api/qry bodies', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let u: RegisteredUser;
  let objectId: string;

  beforeAll(async () => {
    t = await makeTestApp();
    u = await registerUser(t.app);
    objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Input' })).id;
    await ok(t.app, u, 'fields.create', { objectId, name: 'Tags', type: 'multiselect' });
  });
  afterAll(async () => t.cleanup());

  it('a bulk write with rows its schema refuses answers the schema’s errors by row and field', async () => {
    const bad = { name: { first: 'A' }, tags: ['ok', 7], [s(129)]: 1 };
    const many = await qry(
      t.app,
      u,
      'records.createMany',
      { objectId, rows: [{ name: 'fine' }, bad] },
      'de',
    );
    const one = await qry(t.app, u, 'records.create', { objectId, values: bad }, 'de');
    expect(many.status).toBe(400);
    expect(one.status).toBe(400);
    const fields = many.error?.fields ?? {};
    expect(Object.keys(fields).every((k) => k.startsWith('rows.1.'))).toBe(true);
    // The same value gets the same message as in records.create (which the schema checks whole).
    const single = one.error?.fields ?? {};
    expect(Object.keys(single).length).toBeGreaterThan(0);
    for (const [k, texts] of Object.entries(single))
      expect(fields[k.replace(/^values\./, 'rows.1.')]).toEqual(texts);
    // A wrong input beside good rows is named as the schema names it.
    const upsert = await qry(t.app, u, 'records.upsertMany', {
      objectId,
      key: '',
      rows: [{ name: 'fine' }],
      onError: 'never',
    });
    expect(upsert.status).toBe(400);
    expect(Object.keys(upsert.error?.fields ?? {}).sort()).toEqual(['key', 'onError']);
    expect((await ok<{ total: number }>(t.app, u, 'records.count', { objectId })).total).toBe(0);
  });

  it('good rows are written with every value as sent', async () => {
    const r = await ok<{ ids: number[] }>(t.app, u, 'records.createMany', {
      objectId,
      rows: [{ name: 'a', tags: ['x', 'y'] }, { name: 'b' }],
    });
    const got = await ok<{ values: Record<string, unknown> }>(t.app, u, 'records.get', {
      objectId,
      id: r.ids[0],
    });
    expect(got.values).toMatchObject({ name: 'a', tags: ['x', 'y'] });
  });

  it('a NUL character is refused where it stands: in a value, or in a key (its object)', async () => {
    const inValue = await qry(t.app, u, 'records.createMany', {
      objectId,
      rows: [{ name: 'fine' }, { name: 'bad\u0000' }],
    });
    expect(inValue.status).toBe(400);
    expect(Object.keys(inValue.error?.fields ?? {})).toEqual(['rows.1.name']);
    const inKey = await qry(t.app, u, 'records.createMany', {
      objectId,
      rows: [{ name: 'fine' }, { ['na\u0000me']: 'x' }],
    });
    expect(Object.keys(inKey.error?.fields ?? {})).toEqual(['rows.1']);
    const atTop = await qry(t.app, u, 'records.list', { objectId, ['x\u0000']: 1 });
    expect(Object.keys(atTop.error?.fields ?? {})).toEqual(['_']);
    expect((await ok<{ total: number }>(t.app, u, 'records.count', { objectId })).total).toBe(2);
  });

  it('a body nested deeper than 40 levels is refused before the op reads it', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 41; i++) deep = [deep];
    const r = await qry(t.app, u, 'records.list', { objectId, search: deep });
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {})).toEqual(['_']);
    let fine: unknown = 'x';
    for (let i = 0; i < 38; i++) fine = [fine];
    const shallow = await qry(t.app, u, 'records.list', { objectId, search: fine });
    expect(Object.keys(shallow.error?.fields ?? {})).toEqual(['search']);
  });

  it('a bulk write of plain rows is still refused when nested too deep beside or inside its rows', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 41; i++) deep = [deep];
    const rows = Array.from({ length: 50 }, (_, i) => ({ name: `r${i}` }));
    const beside = await qry(t.app, u, 'records.createMany', { objectId, rows, onError: deep });
    expect(beside.status).toBe(400);
    expect(Object.keys(beside.error?.fields ?? {})).toEqual(['_']);
    const inside = await qry(t.app, u, 'records.createMany', {
      objectId,
      rows: [...rows, { name: deep }],
    });
    expect(inside.status).toBe(400);
    expect(Object.keys(inside.error?.fields ?? {})).toEqual(['_']);
    // A NUL beside plain rows is found where it stands.
    const nul = await qry(t.app, u, 'records.createMany', {
      objectId,
      rows,
      onError: 'sk\u0000ip',
    });
    expect(Object.keys(nul.error?.fields ?? {})).toEqual(['onError']);
    expect((await ok<{ total: number }>(t.app, u, 'records.count', { objectId })).total).toBe(2);
  });
});

function s(n: number): string {
  return 'x'.repeat(n);
}
