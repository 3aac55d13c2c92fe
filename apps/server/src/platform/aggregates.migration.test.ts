import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAggregate, upkeepByGroups } from './aggregates.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { makeTestApp, tableOfObject } from '../test/helpers.js';
import { ok } from '../test/qry-helpers.js';
import * as pause from '../db/migrations/2026-11-28-6001-aggregate-pause.js';

/**
 * The migration that lets summaries' row triggers stand still during grouped upkeep
 * (2026-11-28-6001, SQLite): the triggers of a summary made before it (as `down` leaves them)
 * get the condition, keep a summary exact through single writes, and stand still inside
 * `upkeepByGroups` — whose grouped statements then keep the summary exact instead.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
let table: string;
let summary: string;

const REGIONS = ['north', 'south', 'east'];

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Paused' })).id;
  await ok(t.app, u, 'fields.create', { objectId, name: 'region', code: 'region', type: 'text' });
  await ok(t.app, u, 'fields.create', { objectId, name: 'qty', code: 'qty', type: 'integer' });
  const rows = Array.from({ length: 50 }, (_, i) => ({
    name: `r${i}`,
    region: REGIONS[i % 3],
    qty: i * 7 - 100,
  }));
  await ok(t.app, u, 'records.createMany', { objectId, rows });
  const cols = (
    await t.app.db.kysely
      .selectFrom('pf_fields')
      .select(['code', 'column_name'])
      .where('object_id', '=', objectId)
      .execute()
  ).reduce<Record<string, string>>((m, r) => ({ ...m, [r.code]: r.column_name }), {});
  table = await tableOfObject(t.app.db.kysely, objectId);
  summary = await ensureAggregate(
    t.app.db.kysely,
    t.app.db.dialect,
    objectId,
    table,
    [cols.region as string],
    [cols.qty as string],
  );
}, 120_000);
afterAll(async () => t.cleanup());

/** The summary's live counts by group against the records'. */
async function holds(): Promise<void> {
  const db = t.app.db.kysely;
  const [info] = (
    await db.selectFrom('pf_indexes').select('columns').where('name', '=', summary).execute()
  ).map((r) => JSON.parse(r.columns) as string[]);
  const [g, s] = info as [string, string];
  const pg = t.app.db.dialect === 'postgres';
  const fromSummary = await sql
    .raw<{
      g: string | null;
      n: number | string;
      s: number | string;
    }>(
      `select c0 as g, sum(cnt) as n, ${pg ? 'sum(s0)' : `sum(s0h) * 4294967296 + sum(s0l)`} as s from "${summary}" where d = 0 group by c0 having sum(cnt) <> 0 order by c0`,
    )
    .execute(db);
  const fromRecords = await sql
    .raw<{
      g: string | null;
      n: number | string;
      s: number | string;
    }>(
      `select "${g}" as g, count(*) as n, coalesce(sum("${s}"), 0) as s from "${table}" where deleted_at is null group by "${g}" order by "${g}"`,
    )
    .execute(db);
  const norm = (rows: { g: string | null; n: number | string; s: number | string }[]) =>
    rows.map((r) => [r.g, Number(r.n), Number(r.s)]);
  expect(norm(fromSummary.rows)).toEqual(norm(fromRecords.rows));
}

const triggers = async () =>
  (
    await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'trigger' and name like ${`${summary}%`} order by name`.execute(
      t.app.db.kysely,
    )
  ).rows.map((r) => r.sql);

describe('migration 2026-11-28-6001: summaries whose row triggers can stand still', () => {
  it('gives the row triggers of earlier summaries the condition, and they stand still only in grouped upkeep', async () => {
    const db = t.app.db.kysely;
    if (t.app.db.dialect !== 'sqlite') {
      // PostgreSQL keeps summaries by statement triggers: the migration changes nothing there.
      const { rows } = await sql<{
        n: number | string;
      }>`select count(*) as n from information_schema.tables where table_name = 'pf_aggregate_pause'`.execute(
        db,
      );
      expect(Number(rows[0]?.n)).toBe(0);
      await holds();
      return;
    }
    expect(await triggers()).toHaveLength(3);
    for (const s of await triggers()) expect(s).toContain('pf_aggregate_pause');
    // As a summary made before the migration: no condition.
    await pause.down(db as unknown as Kysely<unknown>);
    for (const s of await triggers()) expect(s).not.toContain('pf_aggregate_pause');
    await ok(t.app, u, 'records.create', {
      objectId,
      values: { name: 'w1', region: 'west', qty: 5 },
    });
    await holds();
    await pause.up(db as unknown as Kysely<unknown>);
    const made = await triggers();
    expect(made).toHaveLength(3);
    for (const s of made) expect(s).toContain(`from pf_aggregate_pause where t = '${table}'`);
    // Single writes still go through the triggers.
    await ok(t.app, u, 'records.update', { objectId, id: 1, values: { region: 'west', qty: 9 } });
    await ok(t.app, u, 'records.delete', { objectId, ids: [2, 3] });
    await holds();
    // Inside grouped upkeep they stand still: a write the upkeep is not told of is missing from
    // the summary (then the upkeep is told, and it holds again).
    await db.transaction().execute((trx) =>
      upkeepByGroups(trx, 'sqlite', objectId, table, async (upkeep) => {
        expect(upkeep).toBeDefined();
        const res =
          await sql`insert into ${sql.id(table)} (created_at, updated_at) values ('2026-11-28T00:00:00.000Z', '2026-11-28T00:00:00.000Z')`.execute(
            trx,
          );
        const last = Number(res.insertId);
        const before = await sql<{
          n: number;
        }>`select coalesce(sum(cnt), 0) as n from ${sql.id(summary)} where d = 0`.execute(trx);
        expect(Number(before.rows[0]?.n)).toBe(50 + 1 - 2);
        await upkeep?.put(sql`r.id = ${last}`);
      }),
    );
    await holds();
    // After the transaction the pause is gone.
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from pf_aggregate_pause`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
