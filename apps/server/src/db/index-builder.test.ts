import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, offThreadBuild, type Db } from './dialect.js';

// The scratch tables below are not part of the typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = Kysely<any>;

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fiscus-builder-'));
  db = createDb({
    dataDir: dir,
    // A function only the app's connections have (the platform adds such ones).
    setupSqlite: (s) => s.function('app_only', { deterministic: true }, (x: unknown) => x),
  });
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function table(rows: number): Promise<void> {
  const k = db.kysely as Any;
  await sql`create table t (id integer primary key, a real, b text)`.execute(k);
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows}) insert into t (id, a, b) select i, (i * 7919) % 100003, 'x' || i from n`.execute(
    k,
  );
}

describe('building indexes off the event loop (SQLite file)', () => {
  it('builds on a connection of its own while the event loop goes on, and the index is there', async () => {
    await table(300_000);
    const build = offThreadBuild(db.kysely);
    expect(build).toBeDefined();
    let done = false;
    const building = build!([sql`create index t_a on t (a, b)`.compile(db.kysely as Any)]).then(
      () => {
        done = true;
      },
    );
    // A timer fires while the build is still under way: the event loop was not held.
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    // The app's writes wait their turn and then go through.
    const write = sql`insert into t (id, a, b) values (300001, 1, 'y')`.execute(db.kysely as Any);
    await Promise.all([building, write]);
    const { rows } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and name = 't_a'`.execute(db.kysely);
    expect(rows).toEqual([{ name: 't_a' }]);
    const plan = await sql<{
      detail: string;
    }>`explain query plan select a, b from t where a = 5`.execute(db.kysely);
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('t_a');
    const n = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
    expect(n.rows[0]?.n).toBe(300_001);
  });

  it('runs a statement that needs a function only the app has on the app’s writer', async () => {
    await table(100);
    await offThreadBuild(db.kysely)!([
      sql`create table u as select id, app_only(b) as b from t`.compile(db.kysely as Any),
    ]);
    const n = await sql<{ n: number }>`select count(*) as n from u`.execute(db.kysely);
    expect(n.rows[0]?.n).toBe(100);
  });

  it('reports a failing statement', async () => {
    await expect(
      offThreadBuild(db.kysely)!([sql`create index x on missing (a)`.compile(db.kysely as Any)]),
    ).rejects.toThrow(/no such table/);
  });

  it('keeps none of an atomic batch’s statements when one fails, and all when none does', async () => {
    await table(100);
    const build = offThreadBuild(db.kysely)!;
    const k = db.kysely as Any;
    await expect(
      build(
        [
          sql`create table v (id integer primary key)`.compile(k),
          sql`insert into v (id) select id from t`.compile(k),
          sql`insert into missing (id) values (1)`.compile(k),
        ],
        { atomic: true },
      ),
    ).rejects.toThrow(/no such table: missing/);
    const tables = async () =>
      (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name = 'v'`.execute(k)
      ).rows;
    expect(await tables()).toEqual([]);
    await build(
      [
        sql`create table v (id integer primary key)`.compile(k),
        sql`insert into v (id) select id from t`.compile(k),
      ],
      { atomic: true },
    );
    const n = await sql<{ n: number }>`select count(*) as n from v`.execute(k);
    expect(n.rows[0]?.n).toBe(100);
  });

  it('is not offered inside a transaction, on the read-only handle or in memory', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      expect(offThreadBuild(trx)).toBeUndefined();
    });
    expect(offThreadBuild(db.read!)).toBeUndefined();
    const mem = createDb({ dataDir: dir, databaseUrl: 'file::memory:' });
    expect(offThreadBuild(mem.kysely)).toBeUndefined();
    await mem.close();
  });
});
