import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp, tableOfObject } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

async function tableOf(objectId: string): Promise<string> {
  return tableOfObject(t.app.db.kysely, objectId);
}

describe('fields per object', () => {
  it('allows 500 fields and refuses the 501st with 422 naming the limit', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Wide' });
    // The object starts with its name field: 499 more make 500.
    for (let i = 1; i < 500; i++)
      await ok(t.app, u, 'fields.create', { objectId: o.id, name: `F${i}`, type: 'integer' });
    const refused = await qry(
      t.app,
      u,
      'fields.create',
      { objectId: o.id, name: 'One too many', type: 'text' },
      'ru',
    );
    expect(refused.status).toBe(422);
    expect(refused.error).toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(/уже 500 полей/),
    });
    const obj = await ok<{ fields: unknown[] }>(t.app, u, 'objects.get', { id: o.id });
    expect(obj.fields).toHaveLength(500);
    // Records still work on the widest object.
    const r = await ok<{ id: number }>(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'wide', f499: 7 },
    });
    expect((await ok(t.app, u, 'records.get', { objectId: o.id, id: r.id })).values.f499).toBe(7);
  }, 600_000);

  it('keeps changing field types after the table has used up its columns', async () => {
    const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Churn' });
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Code',
      code: 'code',
      type: 'text',
      options: { unique: true },
    });
    for (const name of ['a', 'b', 'c'])
      await ok(t.app, u, 'records.create', { objectId: o.id, values: { name, code: `${name}1` } });
    await ok(t.app, u, 'records.delete', { objectId: o.id, ids: [2] });
    const table = await tableOf(o.id);
    if (t.app.db.dialect === 'postgres') {
      // What ~1,590 type changes leave behind: PostgreSQL keeps every dropped column and
      // counts it toward its 1,600 columns per table.
      await sql
        .raw(
          `do $$ begin for i in 1..1590 loop
             execute 'alter table ${table} add column zz_churn integer';
             execute 'alter table ${table} drop column zz_churn';
           end loop; end $$`,
        )
        .execute(t.app.db.kysely);
    } else {
      // SQLite rewrites a table when it drops a column: type changes just go on.
      const churn = await ok<{ id: string }>(t.app, u, 'fields.create', {
        objectId: o.id,
        name: 'Churn',
        type: 'integer',
      });
      for (let i = 0; i < 40; i++)
        await ok(t.app, u, 'fields.update', { id: churn.id, type: i % 2 ? 'integer' : 'text' });
    }
    // A new field and a type change (a new column each) still work.
    const amount = await ok<{ id: string }>(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Amount',
      type: 'integer',
    });
    const changed = await qry(t.app, u, 'fields.update', { id: amount.id, type: 'decimal' });
    expect(changed.status).toBe(200);
    // The records, their ids, the deleted one, uniqueness and the id sequence survived.
    const all = await ok<{ rows: { id: number; values: { name: string } }[] }>(
      t.app,
      u,
      'records.list',
      { objectId: o.id, state: 'all' },
    );
    expect(all.rows.map((r) => [r.id, r.values.name])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const dup = await qry(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'dup', code: 'a1' },
    });
    expect(dup.status).toBe(409);
    const next = await ok<{ id: number }>(t.app, u, 'records.create', {
      objectId: o.id,
      values: { name: 'd', code: 'd1' },
    });
    expect(next.id).toBe(4);
    if (t.app.db.dialect === 'postgres') {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_attribute
        where attrelid = to_regclass(${table}) and attnum > 0 and attisdropped`.execute(
        t.app.db.kysely,
      );
      expect(Number(rows[0]?.n)).toBeLessThan(100);
    }
  }, 600_000);
});
