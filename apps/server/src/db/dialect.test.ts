import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from './sqlite.js';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './dialect.js';
import { cachingStatements } from './sqlite-driver.js';

// The scratch tables below are not part of the typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = Kysely<any>;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fiscus-dialect-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite statement reuse', () => {
  function open(size?: number) {
    const sqlite = new SQLite(path.join(dir, 'x.sqlite'));
    return new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new SqliteDialect({ database: cachingStatements(sqlite, size) }),
    }) as Any;
  }

  it('answers the same rows as fresh statements, for explicit columns and for *', async () => {
    const db = open();
    await sql`create table t (id integer primary key, a text, b real, c blob)`.execute(db);
    await db
      .insertInto('t')
      .values([
        { id: 1, a: 'x', b: 1.5, c: null },
        { id: 2, a: null, b: -2, c: Buffer.from('hi') },
      ])
      .execute();
    for (let i = 0; i < 3; i++) {
      const explicit = await db
        .selectFrom('t')
        .select(['id', 'a', 'b', 'c'])
        .orderBy('id')
        .execute();
      expect(explicit).toEqual([
        { id: 1, a: 'x', b: 1.5, c: null },
        { id: 2, a: null, b: -2, c: Buffer.from('hi') },
      ]);
      const all = await db.selectFrom('t').selectAll().orderBy('id').execute();
      expect(all).toEqual(explicit);
      const aliased = await sql<{
        n: number;
        total: number;
      }>`select count(*) as n, sum(b) as total from t`.execute(db);
      expect(aliased.rows).toEqual([{ n: 2, total: -0.5 }]);
    }
    // Duplicate result names behave as without reuse: the last one wins.
    const dup = await sql`select 1 as v, 2 as v`.execute(db);
    expect(dup.rows).toEqual([{ v: 2 }]);
    await db.destroy();
  });

  it('sees schema changes: new columns in *, dropped tables fail', async () => {
    const db = open();
    await sql`create table t (id integer primary key, a text)`.execute(db);
    await db.insertInto('t').values({ id: 1, a: 'x' }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x' }]);
    await sql`alter table t add column z integer default 7`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x', z: 7 }]);
    expect(await db.selectFrom('t').select(['a', 'z']).execute()).toEqual([{ a: 'x', z: 7 }]);
    await sql`drop table t`.execute(db);
    await expect(db.selectFrom('t').select(['a', 'z']).execute()).rejects.toThrow(/no such table/);
    await db.destroy();
  });

  it('stays correct beyond its size and while a statement is streaming', async () => {
    const db = open(3);
    await sql`create table t (id integer primary key, a text)`.execute(db);
    await db
      .insertInto('t')
      .values(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, a: `v${i + 1}` })))
      .execute();
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i <= 10; i++) {
        const row = await db.selectFrom('t').select(['a']).where('id', '=', i).limit(i).execute();
        expect(row).toEqual([{ a: `v${i}` }]);
      }
    }
    const seen: unknown[] = [];
    const query = db.selectFrom('t').select(['id', 'a']).where('id', '<=', 3).orderBy('id');
    await query.execute();
    for await (const row of query.stream()) seen.push(row);
    expect(seen).toEqual([
      { id: 1, a: 'v1' },
      { id: 2, a: 'v2' },
      { id: 3, a: 'v3' },
    ]);
    const res = await db.updateTable('t').set({ a: 'w' }).where('id', '>', 10).executeTakeFirst();
    expect(Number(res.numUpdatedRows)).toBe(10);
    await db.destroy();
  });
});

describe('write versions', () => {
  let db: Db;
  beforeEach(() => {
    db = createDb({ dataDir: dir });
  });
  afterEach(async () => db.close());

  it('change with every write to a table, not with reads or writes elsewhere', async () => {
    const k = db.kysely as unknown as Any;
    await sql`create table a (id integer primary key, v text)`.execute(k);
    await sql`create table b (id integer primary key, v text)`.execute(k);
    const version = () => db.writeVersion?.(['a']);
    let before = version();
    expect(before).toEqual(expect.any(Number));

    await k.selectFrom('a').selectAll().execute();
    await sql`select * from a`.execute(k);
    expect(version()).toBe(before);
    await k.insertInto('b').values({ id: 1, v: 'x' }).execute();
    await k.updateTable('b').set({ v: 'y' }).execute();
    expect(version()).toBe(before);

    const writes: [string, () => Promise<unknown>, boolean][] = [
      ['insert', () => k.insertInto('a').values({ id: 1, v: 'x' }).execute(), true],
      ['update', () => k.updateTable('a').set({ v: 'y' }).where('id', '=', 1).execute(), true],
      ['other table', () => k.insertInto('b').values({ id: 2, v: 'z' }).execute(), false],
      ['delete', () => k.deleteFrom('a').where('id', '=', 1).execute(), true],
      ['raw write elsewhere', () => sql`delete from b`.execute(k), false],
      ['raw write', () => sql`update ${sql.table('a')} set v = ${'w'}`.execute(k), true],
      ['raw write of unknown tables', () => sql`create index b_v on b (v)`.execute(k), true],
      [
        'commit of a transaction that only reads',
        () => k.transaction().execute((trx) => trx.selectFrom('a').selectAll().execute()),
        false,
      ],
      [
        'commit of a transaction that writes elsewhere',
        () => k.transaction().execute((trx) => trx.insertInto('b').values({ id: 3 }).execute()),
        false,
      ],
    ];
    for (const [name, write, changes] of writes) {
      await write();
      const after = version();
      expect({ name, changed: after !== before }).toEqual({ name, changed: changes });
      before = after;
    }
  });

  it('change again when a transaction that wrote the table commits', async () => {
    const k = db.kysely as unknown as Any;
    await sql`create table a (id integer primary key, v text)`.execute(k);
    const version = () => db.writeVersion?.(['a']);
    let inside: number | undefined;
    await k.transaction().execute(async (trx) => {
      await trx.insertInto('a').values({ id: 1, v: 'x' }).execute();
      // What another connection reads now is the table before the insert.
      inside = version();
    });
    expect(version()).not.toBe(inside);
    await k.transaction().execute(async (trx) => {
      await sql`delete from a`.execute(trx);
      inside = version();
    });
    expect(version()).not.toBe(inside);
  });

  it('are told to others once visible: after the statement, on commit, never on rollback', async () => {
    const k = db.kysely as unknown as Any;
    await sql`create table a (id integer primary key, v text)`.execute(k);
    await sql`create table b (id integer primary key, v text)`.execute(k);
    const told: (readonly string[] | null)[] = [];
    const off = db.writes?.onVisible((tables) => told.push(tables));
    await k.selectFrom('a').selectAll().execute();
    expect(told).toEqual([]);
    await k.insertInto('a').values({ id: 1, v: 'x' }).execute();
    expect(told).toEqual([['a']]);
    told.length = 0;
    await k.transaction().execute(async (trx) => {
      await trx.insertInto('a').values({ id: 2, v: 'x' }).execute();
      await trx.updateTable('b').set({ v: 'y' }).execute();
      // Not visible to others before the commit.
      expect(told).toEqual([]);
    });
    expect(told.map((t) => [...(t ?? [])].sort())).toEqual([['a', 'b']]);
    told.length = 0;
    await expect(
      k.transaction().execute(async (trx) => {
        await trx.insertInto('a').values({ id: 3, v: 'x' }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(told).toEqual([]);
    await sql`delete from b`.execute(k);
    expect(told).toEqual([['b']]);
    told.length = 0;
    await sql`drop index if exists b_v`.execute(k);
    expect(told).toEqual([null]);
    off?.();

    // Writes another process tells change the versions of their tables only (null: all).
    const a = db.writeVersion?.(['a']);
    const b = db.writeVersion?.(['b']);
    db.writes?.external(['a']);
    expect(db.writeVersion?.(['a'])).not.toBe(a);
    expect(db.writeVersion?.(['b'])).toBe(b);
    db.writes?.external(null);
    expect(db.writeVersion?.(['b'])).not.toBe(b);
  });
});

describe('reads and writes told apart', () => {
  let db: Db;
  beforeEach(async () => {
    db = createDb({ dataDir: dir });
    const k = db.kysely as unknown as Any;
    await sql`create table a (id integer primary key, v text)`.execute(k);
    await k.insertInto('a').values({ id: 1, v: 'x' }).execute();
  });
  afterEach(async () => db.close());

  it('by the first word of a raw statement, also inside the fragment it starts with', async () => {
    const k = db.kysely as unknown as Any;
    const version = () => db.writeVersion?.(['a']);
    const where = sql`v = ${'x'}`;
    const reads = [
      sql`${sql`select count(*) as n from a`} where ${where}`,
      sql`${sql`${sql`select`}`} id from a`,
      sql`with b as (select id from a where ${where}) select count(*) as n from b`,
      sql`${sql`with b as (select id from a)`} select count(*) as n from b`,
      sql`values (1)`,
    ];
    for (const q of reads) {
      const before = version();
      await q.execute(k);
      expect({ sql: q.compile(k).sql, changed: version() !== before }).toEqual({
        sql: q.compile(k).sql,
        changed: false,
      });
    }
    const writes = [
      sql`${sql`update a set v = ${'y'}`} where ${where}`,
      sql`with b as (select id from a) delete from a where id in (select id from b)`,
      sql`${sql.raw('insert')} into a (id, v) values (2, 'z')`,
    ];
    for (const q of writes) {
      const before = version();
      await q.execute(k);
      expect({ sql: q.compile(k).sql, changed: version() !== before }).toEqual({
        sql: q.compile(k).sql,
        changed: true,
      });
    }
  });

  it('counts writes when they run, not when a fragment is compiled for a key', () => {
    const k = db.kysely as unknown as Any;
    const before = db.writeVersion?.(['a']);
    sql`v = ${'x'} and id > ${1}`.compile(k);
    k.deleteFrom('a').compile();
    expect(db.writeVersion?.(['a'])).toBe(before);
  });
});

describe('SQLite reader beside the writer', () => {
  let db: Db;
  beforeEach(async () => {
    db = createDb({ dataDir: dir });
    const k = db.kysely as unknown as Any;
    await sql`create table a (id integer primary key, v text)`.execute(k);
    await k.insertInto('a').values({ id: 1, v: 'x' }).execute();
  });
  afterEach(async () => db.close());

  it('answers selects while a transaction holds the writer; writes wait for its end', async () => {
    const k = db.kysely as unknown as Any;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const tx = k.transaction().execute(async (trx) => {
      await trx.updateTable('a').set({ v: 'changed' }).where('id', '=', 1).execute();
      inside();
      await held;
    });
    await started;
    const order: string[] = [];
    const write = k
      .insertInto('a')
      .values({ id: 2, v: 'w' })
      .execute()
      .then(() => order.push('write'));
    // The select answers from the last commit, before the transaction ends.
    const row = await k.selectFrom('a').select(['v']).where('id', '=', 1).executeTakeFirst();
    order.push('select');
    expect(row).toEqual({ v: 'x' });
    const raw = await sql<{ v: string }>`select v from a where id = 1`.execute(db.read as Any);
    expect(raw.rows).toEqual([{ v: 'x' }]);
    expect(order).toEqual(['select']);
    release();
    await tx;
    await write;
    expect(order).toEqual(['select', 'write']);
    expect(await k.selectFrom('a').select(['id', 'v']).orderBy('id').execute()).toEqual([
      { id: 1, v: 'changed' },
      { id: 2, v: 'w' },
    ]);
  });

  it('refuses writes through the read handle', async () => {
    await expect(sql`delete from a`.execute(db.read as Any)).rejects.toThrow(/readonly/);
  });
});

describe('SQLite checkpoints off the event loop', () => {
  it('a commit that grows the log past its limit leaves it to the checkpointer thread', async () => {
    // The checkpointer runs rarely here, so that the file is looked at before it does.
    const db = createDb({ dataDir: dir, checkpointMs: 3000 });
    const file = path.join(dir, 'fiscus.sqlite');
    try {
      const k = db.kysely as Any;
      await sql`create table t (id integer primary key, a text)`.execute(k);
      const small = statSync(file).size;
      // About 15 MB in one transaction: far past the 1,000 pages (4 MB) of log after which a
      // commit checkpoints by itself.
      await sql`insert into t (a) with recursive s(i) as (select 1 union all select i + 1 from s where i < 60000) select hex(randomblob(100)) || i from s`.execute(
        k,
      );
      // Right after the commit the rows are in the log, not yet in the database file.
      expect(statSync(file).size).toBeLessThan(small + 1_000_000);
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(10_000_000);
      // Then the checkpointer copies them (a state, waited for).
      for (let i = 0; i < 400 && statSync(file).size < small + 10_000_000; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(statSync(file).size).toBeGreaterThan(small + 10_000_000);
      const [row] = (await sql<{ n: number }>`select count(*) as n from t`.execute(k)).rows;
      expect(row?.n).toBe(60_000);
    } finally {
      await db.close();
    }
  });
});
