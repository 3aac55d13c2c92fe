import { MAX_BULK_ROWS, type RecordsWriteManyOutput as WriteMany } from '@fiscus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/** records.createMany / records.upsertMany through the real HTTP layer (SQLite or PostgreSQL). */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let currency: { id: string };
let eur: number;
let usd: number;

/** A fresh object per test: name (required), code (unique), amount (money ≥ 0), qty, status, currency. */
async function makeObject(name: string) {
  const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name });
  for (const f of [
    { name: 'Code', type: 'text', options: { unique: true } },
    { name: 'Amount', type: 'money', options: { min: 0 } },
    { name: 'Qty', type: 'integer' },
    {
      name: 'Status',
      type: 'select',
      options: { choices: [{ value: 'open' }, { value: 'paid' }], default: 'open' },
    },
    { name: 'Currency', type: 'reference', options: { target: currency.id } },
  ])
    await ok(t.app, u, 'fields.create', { objectId: o.id, ...f });
  return o;
}

async function all(objectId: string) {
  const r = await ok<{ rows: { id: number; values: Record<string, unknown> }[] }>(
    t.app,
    u,
    'records.list',
    { objectId, limit: 1000, orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] } },
  );
  return r.rows;
}

async function count(objectId: string): Promise<number> {
  return (await ok<{ total: number }>(t.app, u, 'records.count', { objectId })).total;
}

async function history(objectId: string, id: number) {
  return (
    await ok<{
      items: {
        action: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }[];
    }>(t.app, u, 'records.history', { objectId, id })
  ).items;
}

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  currency = await ok(t.app, u, 'objects.create', { name: 'Currency', kind: 'reference' });
  const made = await ok<WriteMany>(t.app, u, 'records.createMany', {
    objectId: currency.id,
    rows: [{ name: 'EUR' }, { name: 'USD' }],
  });
  [eur, usd] = made.ids as [number, number];
});
afterAll(async () => t.cleanup());

describe('records.createMany', () => {
  it('creates every row in order with defaults, references and one audit entry each', async () => {
    const o = await makeObject('Created');
    const rows = Array.from({ length: 1500 }, (_, i) => ({
      name: `Row ${i}`,
      code: `C${i}`,
      amount: i / 4,
      qty: i,
      currency: i % 2 ? usd : eur,
    }));
    const r = await ok<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows });
    expect(r).toMatchObject({ created: 1500, updated: 0, unchanged: 0, errors: [] });
    expect(new Set(r.ids).size).toBe(1500);
    const stored = await ok<{ values: Record<string, unknown>; display: Record<string, unknown> }>(
      t.app,
      u,
      'records.get',
      { objectId: o.id, id: r.ids[1001] },
    );
    expect(stored.values).toMatchObject({
      name: 'Row 1001',
      code: 'C1001',
      amount: '250.25',
      qty: 1001,
      status: 'open',
      currency: usd,
    });
    expect(stored.display.currency).toBe('USD');
    const h = await history(o.id, r.ids[7] as number);
    expect(h).toHaveLength(1);
    expect(h[0]?.action).toBe('create');
    expect(h[0]?.after).toMatchObject({ name: 'Row 7', code: 'C7', qty: 7, status: 'open' });
    expect(await count(o.id)).toBe(1500);
  });

  it('keeps who and when on every new record, also on rows of nothing but empty values', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Who and when' });
    await ok(t.app, u, 'fields.create', { objectId: o.id, name: 'Note', type: 'text' });
    const { fields } = await ok<{ fields: { id: string; code: string }[] }>(
      t.app,
      u,
      'objects.get',
      { id: o.id },
    );
    const name = fields.find((f) => f.code === 'name');
    await ok(t.app, u, 'fields.update', { id: name?.id, options: { required: false } });
    for (const rows of [
      [{ note: 'a' }, { note: 'b' }, {}],
      [{}, { note: null }],
    ]) {
      const r = await ok<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows });
      expect(r).toMatchObject({ created: rows.length, errors: [] });
      for (const [i, id] of r.ids.entries()) {
        const got = await ok<{
          createdAt: string;
          createdBy: string | null;
          updatedAt: string;
          updatedBy: string | null;
          values: Record<string, unknown>;
        }>(t.app, u, 'records.get', { objectId: o.id, id });
        expect(got.createdBy).toBe(u.session.user.id);
        expect(got.updatedBy).toBe(u.session.user.id);
        expect(got.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(got.updatedAt).toBe(got.createdAt);
        expect(got.values.note ?? null).toBe((rows[i] as { note?: string | null }).note ?? null);
      }
    }
  });

  it('abort: writes nothing and reports every bad row by index and field, in the caller language', async () => {
    const o = await makeObject('Aborted');
    const rows = [
      { name: 'good 0', code: 'A0' },
      { name: 'bad 1', amount: -1 },
      { name: 'good 2', code: 'A2' },
      { code: 'A3', qty: 1.5 },
      { name: 'bad 4', currency: 999_999, ghost: 1 },
    ];
    const r = await qry(t.app, u, 'records.createMany', { objectId: o.id, rows }, 'de');
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe('validation_failed');
    expect(r.error?.message).toContain('3 von 5 Zeilen');
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual(
      ['rows.1.amount', 'rows.3.name', 'rows.3.qty', 'rows.4.currency', 'rows.4.ghost'].sort(),
    );
    expect(r.error?.fields?.['rows.3.name']).toEqual(['Dieses Feld ist erforderlich.']);
    expect(await count(o.id)).toBe(0);
  });

  it('skip: writes the good rows and lists the bad ones', async () => {
    const o = await makeObject('Skipped');
    const rows = [
      { name: 'good 0', code: 'S0' },
      { name: 'bad 1', status: 'lost' },
      { name: 'good 2', code: 'S2', currency: eur },
      { name: 'bad 3', currency: 999_999 },
    ];
    const r = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows,
      onError: 'skip',
    });
    expect(r.created).toBe(2);
    expect(r.ids[1]).toBeNull();
    expect(r.ids[3]).toBeNull();
    expect(r.errors.map((e) => [e.index, Object.keys(e.fields)])).toEqual([
      [1, ['status']],
      [3, ['currency']],
    ]);
    expect((await all(o.id)).map((x) => x.values.name)).toEqual(['good 0', 'good 2']);
  });

  it('unique values: twice among the rows or taken by a record is a 409 naming the rows', async () => {
    const o = await makeObject('Unique');
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'old', code: 'U1' } });
    const rows = [
      { name: 'a', code: 'U1' },
      { name: 'b', code: 'U2' },
      { name: 'c', code: 'U2' },
      { name: 'd', code: 'U3' },
    ];
    const r = await qry(t.app, u, 'records.createMany', { objectId: o.id, rows });
    expect(r.status).toBe(409);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual(['rows.0.code', 'rows.2.code']);
    expect(r.error?.fields?.['rows.2.code']?.[0]).toContain('1');
    expect(await count(o.id)).toBe(1);
    const skipped = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows,
      onError: 'skip',
    });
    expect(skipped.created).toBe(2);
    expect(skipped.errors.map((e) => e.index)).toEqual([0, 2]);
    expect((await all(o.id)).map((x) => x.values.code)).toEqual(['U1', 'U2', 'U3']);
  });

  it('a value taken by a stored or deleted record, in rows otherwise good, names the rows and leaves nothing half-written', async () => {
    const o = await makeObject('Unique stored');
    const stored = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: [
        { name: 'live', code: 'S1' },
        { name: 'gone', code: 'S2' },
      ],
    });
    await ok(t.app, u, 'records.delete', { objectId: o.id, ids: [stored.ids[1]] });
    // The clashes lie past the first statement's rows: what was written before them is undone.
    const rows = Array.from({ length: 1500 }, (_, i) => ({ name: `n${i}`, code: `N${i}` }));
    rows[1200] = { name: 'taken', code: 'S1' };
    rows[1400] = { name: 'taken by a deleted one', code: 'S2' };
    const r = await qry(t.app, u, 'records.createMany', { objectId: o.id, rows });
    expect(r.status).toBe(409);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual(['rows.1200.code', 'rows.1400.code']);
    expect(await count(o.id)).toBe(1);
    // Rows with a key of their own are created too (upsert by id): the same answer.
    const byId = await qry(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'id',
      rows: [{ id: stored.ids[0], qty: 5 }, ...rows.slice(1195, 1205)],
    });
    expect(byId.status).toBe(409);
    expect(Object.keys(byId.error?.fields ?? {})).toEqual(['rows.6.code']);
    expect((await all(o.id)).map((x) => [x.values.code, x.values.qty])).toEqual([['S1', null]]);
    const skipped = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows,
      onError: 'skip',
    });
    expect(skipped.created).toBe(1498);
    expect(skipped.errors.map((e) => [e.index, Object.keys(e.fields)])).toEqual([
      [1200, ['code']],
      [1400, ['code']],
    ]);
    expect([skipped.ids[1200], skipped.ids[1400]]).toEqual([null, null]);
    expect(await count(o.id)).toBe(1499);
    // The new records took the ids the refused calls had used: each has its own entry only.
    for (const at of [0, 1199, 1499]) {
      const items = await history(o.id, skipped.ids[at] as number);
      expect(items.map((x) => [x.action, x.after?.code])).toEqual([['create', `N${at}`]]);
    }
  });

  it('a bad row in skip mode does not hold a unique value against a later good row', async () => {
    const o = await makeObject('Unique skip');
    const r = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: [
        { name: 'bad', code: 'X', amount: -5 },
        { name: 'good', code: 'X' },
      ],
      onError: 'skip',
    });
    expect(r.created).toBe(1);
    expect(r.errors.map((e) => e.index)).toEqual([0]);
  });

  it('wide rows past the bound-value limit of one statement: 2,000 rows × 40 fields', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Wide' });
    for (let i = 0; i < 39; i++)
      await ok(t.app, u, 'fields.create', { objectId: o.id, name: `F${i}`, type: 'integer' });
    const rows = Array.from({ length: 2000 }, (_, r) => {
      const row: Record<string, unknown> = { name: `W${r}` };
      for (let i = 0; i < 39; i++) row[`f${i}`] = r * 100 + i;
      return row;
    });
    const made = await ok<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows });
    expect(made.created).toBe(2000);
    const last = await ok<{ values: Record<string, unknown> }>(t.app, u, 'records.get', {
      objectId: o.id,
      id: made.ids[1999],
    });
    expect(last.values).toMatchObject({ name: 'W1999', f0: 199900, f38: 199938 });
    const up = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'id',
      rows: rows.map((row, r) => ({ ...row, id: made.ids[r], f38: -r })),
    });
    expect(up).toMatchObject({ created: 0, updated: 2000, unchanged: 0 });
    const again = await ok<{ values: Record<string, unknown> }>(t.app, u, 'records.get', {
      objectId: o.id,
      id: made.ids[1234],
    });
    expect(again.values).toMatchObject({ f37: 123437, f38: -1234 });
  });

  it('audits each new record with every value as records.get answers it, for every field type', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Audited types' });
    for (const f of [
      { name: 'Note', type: 'longtext' },
      { name: 'Count', type: 'integer' },
      { name: 'Whole', type: 'decimal', options: { scale: 0 } },
      { name: 'Fine', type: 'decimal', options: { scale: 3 } },
      { name: 'Sum', type: 'money' },
      { name: 'Share', type: 'percent' },
      { name: 'Day', type: 'date' },
      { name: 'At', type: 'datetime' },
      { name: 'Ok', type: 'boolean' },
      { name: 'Kind', type: 'select', options: { choices: [{ value: 'a' }, { value: 'b' }] } },
      { name: 'Tags', type: 'multiselect' },
      { name: 'Currency', type: 'reference', options: { target: currency.id } },
      { name: 'Mail', type: 'email' },
      { name: 'Site', type: 'url' },
      { name: 'Phone', type: 'phone' },
    ])
      await ok(t.app, u, 'fields.create', { objectId: o.id, ...f });
    const rows = [
      {
        name: 'Quotes "and" \\ back\\slashes',
        note: 'tab\there\nline \u0001 ctrl Ärger 💶 \u2028',
        count: -42,
        whole: '-7',
        fine: '-0.005',
        sum: '-0.05',
        share: '0',
        day: '2026-02-28',
        at: '2026-03-01T10:20:30.000Z',
        ok: true,
        kind: 'b',
        tags: ['x "y"', 'z'],
        currency: eur,
        mail: 'a@example.com',
        site: 'https://example.com/a?b=c',
        phone: '+49 30 123456',
      },
      { name: 'Zeros', count: 0, whole: 0, fine: 0, sum: 0, share: '12.5', ok: false },
      { name: 'Nothing else' },
      {
        name: 'Big',
        count: 9007199254740991,
        whole: '999999999999999999',
        sum: '1234567890123456.78',
      },
    ];
    const r = await ok<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows });
    expect(r).toMatchObject({ created: rows.length, errors: [] });
    for (const id of r.ids) {
      const got = await ok<{ values: Record<string, unknown> }>(t.app, u, 'records.get', {
        objectId: o.id,
        id,
      });
      const h = await history(o.id, id as number);
      expect(h).toHaveLength(1);
      expect(h[0]?.after).toEqual(got.values);
    }
    const first = await ok<{ values: Record<string, unknown> }>(t.app, u, 'records.get', {
      objectId: o.id,
      id: r.ids[0],
    });
    expect(first.values).toMatchObject({ whole: '-7', fine: '-0.005', sum: '-0.05', ok: true });
    expect(first.values.note).toBe(rows[0]?.note);
  });

  it('stores and audits every value as given, whatever characters it holds', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Characters' });
    for (const f of [
      { name: 'Note', type: 'longtext' },
      { name: 'Tags', type: 'multiselect' },
      { name: 'Ratio', type: 'decimal', options: { scale: 4 } },
      { name: 'Sum', type: 'money' },
      { name: 'Day', type: 'date' },
      { name: 'Ok', type: 'boolean' },
    ])
      await ok(t.app, u, 'fields.create', { objectId: o.id, ...f });
    // What array and row literals quote or read specially: quotes, backslashes, braces, commas,
    // parentheses, the word NULL, blanks, line breaks, non-ASCII letters and an emoji.
    const texts = [
      'say "hi"',
      'C:\\path\\to',
      '{a,b}',
      'x, y',
      '(1,2)',
      'NULL',
      'null',
      '  spaced  ',
      'line\nbreak\ttab',
      'Ärger über Москва',
      '💶 € £',
      "it's",
    ];
    const rows = texts.map((note, i) => ({
      name: note.trim(),
      note,
      tags: [note.trim(), `t${i}`],
      // Exact decimals at their field's scale (sixteenths need all four places).
      ratio: i === 0 ? null : (i / 16).toFixed(4),
      sum: (i * 1000.25).toFixed(2),
      day: i % 2 ? '2026-02-28' : null,
      ok: i % 2 === 0,
    }));
    const made = await ok<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows });
    expect(made.created).toBe(texts.length);
    const stored = await all(o.id);
    expect(stored.map((r) => r.values.note)).toEqual(texts);
    expect(stored.map((r) => r.values.tags)).toEqual(rows.map((r) => r.tags));
    expect(stored.map((r) => r.values.ratio)).toEqual(rows.map((r) => r.ratio));
    expect(stored.map((r) => r.values.sum)).toEqual(rows.map((r) => r.sum));
    expect(stored.map((r) => r.values.day)).toEqual(rows.map((r) => r.day));
    expect(stored.map((r) => r.values.ok)).toEqual(rows.map((r) => r.ok));
    const created = await history(o.id, made.ids[1] as number);
    expect(Object.values(created[0]?.after ?? {})).toContain(texts[1]);
    // The same characters through the update path, by id.
    const up = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'id',
      rows: made.ids.map((id, i) => ({ id, note: `${texts[(i + 1) % texts.length]}!` })),
    });
    expect(up.updated).toBe(texts.length);
    expect((await all(o.id)).map((r) => r.values.note)).toEqual(
      texts.map((_, i) => `${texts[(i + 1) % texts.length]}!`),
    );
    const changed = await history(o.id, made.ids[4] as number);
    expect(Object.values(changed[0]?.before ?? {})).toEqual([texts[4]]);
    expect(Object.values(changed[0]?.after ?? {})).toEqual([`${texts[5]}!`]);
  });
});

describe('records.upsertMany', () => {
  it('by a unique field: updates the existing, inserts the new, counts the unchanged, audits both', async () => {
    const o = await makeObject('Upsert by code');
    const first = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: [
        { name: 'one', code: 'K1', qty: 1 },
        { name: 'two', code: 'K2', qty: 2 },
      ],
    });
    const r = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'code',
      rows: [
        { code: 'K2', qty: 20, status: 'paid' },
        { code: 'K3', name: 'three', qty: 3 },
        { code: 'K1', qty: 1, name: 'one' },
      ],
    });
    expect(r).toMatchObject({ created: 1, updated: 1, unchanged: 1, errors: [] });
    expect(r.ids[0]).toBe(first.ids[1]);
    expect(r.ids[2]).toBe(first.ids[0]);
    const rows = await all(o.id);
    expect(rows.map((x) => [x.values.code, x.values.name, x.values.qty, x.values.status])).toEqual([
      ['K1', 'one', 1, 'open'],
      ['K2', 'two', 20, 'paid'],
      ['K3', 'three', 3, 'open'],
    ]);
    const h = await history(o.id, first.ids[1] as number);
    expect(h.map((x) => x.action)).toEqual(['update', 'create']);
    expect(Object.values(h[0]?.before ?? {})).toEqual(expect.arrayContaining([2, 'open']));
    expect(h[0]?.after).toMatchObject({ qty: 20, status: 'paid' });
    expect((await history(o.id, first.ids[0] as number)).map((x) => x.action)).toEqual(['create']);
  });

  it('by a unique field: key missing, key twice and update rules per row', async () => {
    const o = await makeObject('Upsert rules');
    await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'one', code: 'K1' } });
    const r = await qry(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'code',
      rows: [
        { name: 'no key' },
        { code: 'K1', name: '' },
        { code: 'K9', qty: 1 },
        { code: 'K9', name: 'again' },
      ],
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual([
      'rows.0.code',
      'rows.1.name',
      'rows.2.name',
      'rows.3.code',
    ]);
    expect(await count(o.id)).toBe(1);
  });

  it('refuses a key that is not a unique field, or no field at all', async () => {
    const o = await makeObject('Upsert key');
    const notUnique = await qry(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'qty',
      rows: [{ qty: 1 }],
    });
    expect(notUnique.status).toBe(400);
    expect(notUnique.error?.fields?.key?.[0]).toContain('Qty');
    const unknown = await qry(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'ghost',
      rows: [{ qty: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.key).toBeDefined();
  });

  it('by id: rows with an id update, rows without are created, unknown ids are reported', async () => {
    const o = await makeObject('Upsert by id');
    const made = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: [{ name: 'one' }, { name: 'two' }],
    });
    const bad = await qry(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'id',
      rows: [{ id: made.ids[0], qty: 5 }, { id: 999_999, qty: 1 }, { name: 'new' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {})).toEqual(['rows.1.id']);
    expect(await count(o.id)).toBe(2);
    const r = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'id',
      rows: [{ id: made.ids[0], qty: 5 }, { name: 'new' }, { id: made.ids[1], name: 'two' }],
    });
    expect(r).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect(r.ids[0]).toBe(made.ids[0]);
    expect(r.ids[2]).toBe(made.ids[1]);
    expect((await all(o.id)).map((x) => [x.values.name, x.values.qty])).toEqual([
      ['one', 5],
      ['two', null],
      ['new', null],
    ]);
  });

  it('a deleted record is a conflict; skip writes the rest', async () => {
    const o = await makeObject('Upsert deleted');
    const made = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: [
        { name: 'one', code: 'D1' },
        { name: 'two', code: 'D2' },
      ],
    });
    await ok(t.app, u, 'records.delete', { objectId: o.id, ids: [made.ids[0]] });
    const rows = [
      { code: 'D1', qty: 1 },
      { code: 'D2', qty: 2 },
    ];
    const r = await qry(t.app, u, 'records.upsertMany', { objectId: o.id, key: 'code', rows });
    expect(r.status).toBe(409);
    expect(Object.keys(r.error?.fields ?? {})).toEqual(['rows.0.code']);
    const skipped = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'code',
      rows,
      onError: 'skip',
    });
    expect(skipped).toMatchObject({ created: 0, updated: 1 });
    expect(skipped.errors.map((e) => e.index)).toEqual([0]);
  });
});

describe('limits, permissions and isolation', () => {
  it('answers 4xx for too many rows, no rows and bodies over the limit', async () => {
    const o = await makeObject('Limits');
    const many = await qry(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: Array.from({ length: MAX_BULK_ROWS + 1 }, () => ({ name: 'x' })),
    });
    expect(many.status).toBe(400);
    expect(many.error?.fields?.rows).toBeDefined();
    const none = await qry(t.app, u, 'records.createMany', { objectId: o.id, rows: [] });
    expect(none.status).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: { ...u.headers, 'accept-language': 'fr' },
      payload: {
        op: 'records.createMany',
        objectId: o.id,
        rows: Array.from({ length: 3000 }, () => ({ name: 'x'.repeat(1000) })),
      },
    });
    expect(big.statusCode).toBe(413);
    const body = big.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payload_too_large');
    expect(body.error.message).toContain('2 Mo');
    expect(body.error.message).toContain(String(MAX_BULK_ROWS));
    expect(await count(o.id)).toBe(0);
  });

  it('a viewer may not write in bulk; an editor may', async () => {
    const o = await makeObject('Roles');
    const member = async (role: string) => {
      const user = await registerUser(t.app);
      await ok(t.app, u, 'members.add', { login: user.username, role });
      const switched = await ok<{ accessToken: string }>(t.app, user, 'domains.switch', {
        id: u.session.domain.id,
      });
      return { headers: bearer(switched.accessToken) };
    };
    const viewer = await member('viewer');
    const editor = await member('editor');
    const input = { objectId: o.id, rows: [{ name: 'x', code: 'R1' }] };
    expect((await qry(t.app, viewer, 'records.createMany', input)).status).toBe(403);
    expect((await qry(t.app, viewer, 'records.upsertMany', { ...input, key: 'code' })).status).toBe(
      403,
    );
    expect((await qry(t.app, editor, 'records.createMany', input)).status).toBe(200);
    expect((await qry(t.app, editor, 'records.upsertMany', { ...input, key: 'code' })).status).toBe(
      200,
    );
  });

  it('another domain’s object is 404 and stays untouched', async () => {
    const o = await makeObject('Private');
    const made = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: [{ name: 'mine', code: 'P1' }],
    });
    const other = await registerUser(t.app);
    const create = await qry(t.app, other, 'records.createMany', {
      objectId: o.id,
      rows: [{ name: 'theirs' }],
    });
    expect(create.status).toBe(404);
    for (const [key, row] of [
      ['id', { id: made.ids[0], name: 'theirs' }],
      ['code', { code: 'P1', name: 'theirs' }],
    ] as const) {
      const r = await qry(t.app, other, 'records.upsertMany', { objectId: o.id, key, rows: [row] });
      expect(r.status).toBe(404);
    }
    expect((await all(o.id)).map((x) => x.values.name)).toEqual(['mine']);
  });
});
