import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureIndex } from './ddl.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { insertRecords, makeTestApp, tableOfObject } from '../test/helpers.js';
import { ok } from '../test/qry-helpers.js';

/**
 * SQLite: an index built by the index builder's thread becomes visible to the other connections
 * (the app's reader, the lane processes) together with its statistics. A connection loads the
 * statistics when it loads the schema; had the index been committed first and analyzed after, a
 * reader that loaded the schema in between would plan with no statistics for it — as if an
 * equality on its first column matched a few records — and, say, read a page of a filter through
 * the filter's index and sort every match instead of walking the sort index, until the schema
 * next changed.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;

describe.runIf(!process.env.TEST_DATABASE_URL)(
  'statistics of an index built off the event loop',
  () => {
    beforeAll(async () => {
      t = await makeTestApp();
      u = await registerUser(t.app);
      objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Ledger' })).id;
      await ok(t.app, u, 'fields.create', { objectId, name: 'kind', code: 'kind', type: 'text' });
      await ok(t.app, u, 'fields.create', { objectId, name: 'qty', code: 'qty', type: 'integer' });
      const now = new Date().toISOString();
      await insertRecords(
        t.app.db.kysely,
        objectId,
        ['created_at', 'updated_at', 'name', 'kind', 'qty'],
        20_000,
        (n) => [now, now, `r${n}`, `k${n % 10}`, (n * 7919) % 5000],
      );
    });
    afterAll(async () => {
      await t.cleanup();
    });

    it('reaches the reader with the index: a page of a filter walks its sort index, never sorting', async () => {
      const k = t.app.db.kysely;
      const table = await tableOfObject(k, objectId);
      const column = async (code: string) =>
        (
          await k
            .selectFrom('pf_fields')
            .select('column_name')
            .where('object_id', '=', objectId)
            .where('code', '=', code)
            .executeTakeFirstOrThrow()
        ).column_name;
      const kind = await column('kind');
      const qty = await column('qty');
      // A page of the filter sorted, on the app's reader (its prepared statement kept between
      // calls): the records it visits (`pf_visit()` counts every row that passed the filter).
      const visited = async () => {
        const before = t.app.db.rowVisits!();
        await sql`select id from ${sql.id(table)} where deleted_at is null and ${sql.id(kind)} = 'k3' and pf_visit() order by ${sql.id(qty)} desc, id desc limit 51`.execute(
          t.app.db.read!,
        );
        return t.app.db.rowVisits!() - before;
      };
      // The page's sort index (the filter's field, then the sort), then the filter's own one.
      await ensureIndex(
        k,
        'sqlite',
        objectId,
        table,
        [{ column: kind }, { column: qty, desc: true }],
        {
          withId: true,
          live: true,
          automatic: true,
        },
      );
      expect(await visited()).toBeLessThan(100);
      // Other requests read meanwhile (10 clients on a grid do, all the time).
      let building = true;
      const reads = (async () => {
        while (building) {
          await sql`select count(*) from ${sql.id(table)} where id < 10`.execute(t.app.db.read!);
          await new Promise((r) => setImmediate(r));
        }
      })();
      await ensureIndex(k, 'sqlite', objectId, table, [{ column: kind }], {
        withId: true,
        live: true,
        automatic: true,
      });
      building = false;
      await reads;
      // Still the page's 51 records read in order, not every one of the 2,000 matches sorted.
      expect(await visited()).toBeLessThan(100);
    });

    it('leaves an index of a nearly empty table without statistics (the table is not analyzed)', async () => {
      const k = t.app.db.kysely;
      const small = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Small' })).id;
      const f = await ok<{ id: string }>(t.app, u, 'fields.create', {
        objectId: small,
        name: 'kind',
        code: 'kind',
        type: 'text',
      });
      for (let i = 0; i < 10; i++)
        await ok(t.app, u, 'records.create', {
          objectId: small,
          values: { name: `s${i}`, kind: `k${i % 3}` },
        });
      const table = await tableOfObject(k, small);
      const { column_name: kind } = await k
        .selectFrom('pf_fields')
        .select('column_name')
        .where('id', '=', f.id)
        .executeTakeFirstOrThrow();
      const name = await ensureIndex(k, 'sqlite', small, table, [{ column: kind }], {
        withId: true,
        live: true,
      });
      const { rows } = await sql<{
        idx: string;
      }>`select idx from sqlite_stat1 where tbl = ${table}`.execute(k);
      expect(rows.map((r) => r.idx)).not.toContain(name);
    });
  },
);
