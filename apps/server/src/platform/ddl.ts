import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { offThreadBuild, type Db, type DialectName } from '../db/dialect.js';
import { isoNow } from '../lib/clock.js';
import { columnType, type Storage } from './values.js';
import { safeIdent } from './ident.js';
import { type Q } from './context.js';
import { cached } from './cache.js';
import { analyzeIndexStatement, analyzeTable } from './stats.js';
import {
  buildSearchIndex,
  buildTextIndex,
  dropTextIndex,
  isTextIndexName,
  searchIndexName,
  textIndexName,
} from './text-index.js';
import {
  aggregateInfo,
  dropAggregate,
  ensureAggregate,
  isAggregateName,
  type AggregateInfo,
} from './aggregates.js';

/**
 * DDL of the physical record tables. Every identifier comes from metadata made by the server
 * (`obj_…`, `f_…`, `ix_…`) and is checked by `safeIdent` before it reaches SQL.
 */
export async function createRecordTable(q: Q, dialect: DialectName, table: string): Promise<void> {
  const t = sql.id(safeIdent(table));
  const id = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key`;
  await sql`create table ${t} (
    id ${id},
    created_at varchar(40) not null,
    created_by varchar(64),
    updated_at varchar(40) not null,
    updated_by varchar(64),
    deleted_at varchar(40),
    deleted_by varchar(64)
  )`.execute(q);
}

/** Drops a record table with its indexes (trigram tables too). */
export async function dropRecordTable(
  q: Q,
  dialect: DialectName,
  objectId: string,
  table: string,
): Promise<void> {
  const indexes = await q
    .selectFrom('pf_indexes')
    .select('name')
    .where('object_id', '=', objectId)
    .execute();
  for (const ix of indexes) await dropIndex(q, dialect, ix.name);
  await sql`drop table if exists ${sql.id(safeIdent(table))}`.execute(q);
}

/** Fields one object may have (a documented limit, far below both databases' column limits). */
export const MAX_FIELDS = 500;

/**
 * PostgreSQL counts dropped columns toward its 1,600 columns per table (type changes move values
 * to a new column and drop the old one). Past this many, the table is rebuilt before a column is
 * added.
 */
export const PG_COLUMN_ROOM = 1_400;

/**
 * Makes room for one more column: on PostgreSQL, when the table's columns including dropped ones
 * reach `room`, copies the table without its dropped columns (same name, rows, id sequence and
 * indexes). Runs in the caller's transaction. SQLite rewrites a table when it drops a column and
 * needs nothing.
 */
export async function ensureColumnRoom(
  q: Q,
  dialect: DialectName,
  objectId: string,
  table: string,
  room = PG_COLUMN_ROOM,
): Promise<boolean> {
  if (dialect !== 'postgres') return false;
  const name = safeIdent(table);
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from pg_attribute where attrelid = to_regclass(${name}) and attnum > 0`.execute(
    q,
  );
  if (Number(rows[0]?.n ?? 0) < room) return false;
  const t = sql.id(name);
  const fresh = sql.id(safeIdent(`${name}_rebuilt`));
  await sql`create table ${fresh} (like ${t} including defaults including constraints)`.execute(q);
  await sql`insert into ${fresh} select * from ${t}`.execute(q);
  const { rows: seq } = await sql<{
    s: string | null;
  }>`select pg_get_serial_sequence(${name}, 'id') as s`.execute(q);
  if (seq[0]?.s) await sql`alter sequence ${sql.raw(seq[0].s)} owned by ${fresh}.id`.execute(q);
  const indexes = await listIndexes(q, objectId);
  // Maintained aggregates are rebuilt over the new table (their triggers went with the old).
  for (const ix of indexes) if (ix.kind === 'aggregate') await dropAggregate(q, dialect, ix.name);
  await q.deleteFrom('pf_indexes').where('object_id', '=', objectId).execute();
  await sql`drop table ${t}`.execute(q);
  await sql`alter table ${fresh} rename to ${t}`.execute(q);
  await sql`alter table ${t} add primary key (id)`.execute(q);
  for (const ix of indexes) {
    if (ix.kind === 'aggregate') {
      const a = aggregateInfo(
        ix.name,
        ix.columns.map((c) => c.column),
      );
      await ensureAggregate(q, dialect, objectId, name, a.groups, a.sums, {
        automatic: ix.automatic,
      });
    } else
      await ensureIndex(q, dialect, objectId, name, ix.columns, {
        unique: ix.unique,
        live: ix.live,
        automatic: ix.automatic,
      });
  }
  return true;
}

export async function addColumn(
  q: Q,
  dialect: DialectName,
  table: string,
  column: string,
  storage: Storage,
): Promise<void> {
  await sql`alter table ${sql.id(safeIdent(table))} add column ${sql.id(safeIdent(column))} ${sql.raw(
    columnType(storage, dialect),
  )}`.execute(q);
}

/** Drops a column after the indexes that use it (SQLite refuses otherwise). */
export async function dropColumn(
  q: Q,
  dialect: DialectName,
  objectId: string,
  table: string,
  column: string,
): Promise<void> {
  const indexes = await q
    .selectFrom('pf_indexes')
    .selectAll()
    .where('object_id', '=', objectId)
    .execute();
  for (const ix of indexes) {
    if (parseColumns(ix.columns).some((c) => c.column === column))
      await dropIndex(q, dialect, ix.name);
  }
  // A trigram index still being built is not recorded yet; its triggers name the column.
  await dropTextIndex(q, dialect, textIndexName(table, column));
  if (dialect === 'sqlite') {
    // So do a search index's being built (its triggers name every searched column).
    const { rows } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${table} and name like 'tg!_%!_i' escape '!' and instr(sql, ${`"${column}"`}) > 0`.execute(
      q,
    );
    for (const r of rows) await dropTextIndex(q, dialect, r.name.slice(0, -2));
  }
  await sql`alter table ${sql.id(safeIdent(table))} drop column ${sql.id(safeIdent(column))}`.execute(
    q,
  );
}

export async function dropIndex(q: Q, dialect: DialectName, name: string): Promise<void> {
  if (isTextIndexName(name)) await dropTextIndex(q, dialect, name);
  else if (isAggregateName(name)) await dropAggregate(q, dialect, name);
  else await sql`drop index if exists ${sql.id(safeIdent(name))}`.execute(q);
  await q.deleteFrom('pf_indexes').where('name', '=', name).execute();
}

export interface IndexColumn {
  column: string;
  desc?: boolean;
}

export function indexName(
  table: string,
  cols: IndexColumn[],
  unique: boolean,
  live = false,
): string {
  const sig = cols.map((c) => `${c.column}${c.desc ? '-' : '+'}`).join(',');
  const hash = createHash('sha1')
    .update(`${table}:${sig}:${unique}${live ? ':live' : ''}`)
    .digest('hex')
    .slice(0, 12);
  return `${unique ? 'ux' : live ? 'vx' : 'ix'}_${table.slice(4)}_${hash}`;
}

/** Index columns ending with `id` (in the direction of the last), which makes paging stable. */
export function withIdColumn(cols: IndexColumn[]): IndexColumn[] {
  return cols.some((c) => c.column === 'id')
    ? cols
    : [...cols, { column: 'id', desc: cols.at(-1)?.desc }];
}

/** The `create index` of a B-tree index of a record table (see `ensureIndex`). */
async function createIndex(
  q: Q,
  dialect: DialectName,
  table: string,
  name: string,
  all: IndexColumn[],
  unique: boolean,
  live: boolean,
  concurrentlyAsked: boolean,
): Promise<void> {
  const parts = all.map((c) => {
    const col =
      c.column === 'id' || c.column === 'created_at' || c.column === 'updated_at'
        ? sql.id(c.column)
        : sql.id(safeIdent(c.column));
    if (dialect === 'postgres')
      return c.desc ? sql`${col} desc nulls last` : sql`${col} asc nulls first`;
    return c.desc ? sql`${col} desc` : sql`${col} asc`;
  });
  // View indexes are partial (live records only): the queries that use them all carry
  // `deleted_at is null`, and covering indexes then answer without touching the table.
  const where = live ? sql` where deleted_at is null` : sql``;
  const concurrently = concurrentlyAsked && dialect === 'postgres' && !q.isTransaction;
  const create = sql`create ${sql.raw(unique ? 'unique index' : 'index')}${sql.raw(concurrently ? ' concurrently' : '')} if not exists ${sql.id(safeIdent(name))} on ${sql.id(
    safeIdent(table),
  )} (${sql.join(parts)})${where}`;
  // SQLite: built off the event loop (db/index-builder.ts) unless inside a transaction, and
  // analyzed in the same transaction: the other connections (the reader, the lanes) load the
  // statistics with the schema, so an index committed before its statistics would be planned
  // without them by a connection that loaded the schema in between — until the schema next
  // changed (a filter's index, looking as if an equality matched a few records, read and sorted
  // every match of a page its sort index walks). The builder analyzes the new index alone, in
  // full (its connection has no `analysis_limit`), unless the table is too small (stats.ts).
  const off = dialect === 'sqlite' ? offThreadBuild(q) : undefined;
  try {
    if (off) {
      const analyze = await analyzeIndexStatement(q, table, name);
      await off(analyze ? [create.compile(q), analyze.compile(q)] : [create.compile(q)], {
        atomic: true,
      });
    } else await create.execute(q);
  } catch (e) {
    // PostgreSQL: another job built the same index at once (`if not exists` does not keep two
    // builds of one name apart there); theirs is the index, and it stays.
    if (dialect === 'postgres' && nameTaken(e)) return;
    if (concurrently) await sql`drop index if exists ${sql.id(safeIdent(name))}`.execute(q);
    throw e;
  }
}

/**
 * PostgreSQL: the error of a relation whose name another transaction made meanwhile — not a
 * unique index over duplicate values, whose error has the same code but names no catalog.
 */
function nameTaken(e: unknown): boolean {
  const { code, constraint } = e as { code?: unknown; constraint?: unknown };
  return code === '42P07' || (code === '23505' && constraint === 'pg_class_relname_nsp_index');
}

/**
 * The B-tree indexes of an object's grouped views: those starting with the group columns of one
 * of its maintained aggregates (the covering index of group fields then aggregated fields, and
 * the sort index of group fields then sort keys). While the object's group-bys are answered by
 * the aggregates, these cost a large import an index entry per row on a random page each.
 */
export function groupedViewIndexes(indexes: IndexInfo[]): IndexInfo[] {
  const groups = aggregatesOf(indexes).map((a) => a.groups);
  return indexes.filter(
    (ix) =>
      ix.kind === 'btree' &&
      ix.live &&
      !ix.unique &&
      groups.some((g) => g.length > 0 && g.every((c, i) => ix.columns[i]?.column === c)),
  );
}

/** Where a suspended index's definition waits for `restoreIndexes` (`app_meta`). */
const SUSPENDED = 'index_suspended:';

/**
 * Drops B-tree indexes of an object for a while — their records too, so no query plans with
 * them — keeping each definition in `app_meta` until `restoreIndexes` builds it again (also
 * after a crash: whoever recovers the interrupted work calls it). Queries answer the same
 * without them, only slower.
 */
export async function suspendIndexes(
  q: Q,
  dialect: DialectName,
  objectId: string,
  indexes: readonly IndexInfo[],
): Promise<void> {
  for (const ix of indexes) {
    await q
      .insertInto('app_meta')
      .values({
        key: `${SUSPENDED}${ix.name}`,
        value: JSON.stringify({
          objectId,
          columns: ix.columns,
          unique: ix.unique,
          live: ix.live,
          automatic: ix.automatic,
        }),
        updated_at: isoNow(),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await dropIndex(q, dialect, ix.name);
  }
}

/**
 * Builds again the object's indexes `suspendIndexes` dropped (with their records and the
 * table's statistics). Answers their names.
 */
export async function restoreIndexes(
  q: Q,
  dialect: DialectName,
  objectId: string,
): Promise<string[]> {
  const rows = await q
    .selectFrom('app_meta')
    .select(['key', 'value'])
    .where('key', 'like', `${SUSPENDED}%`)
    .execute();
  const o = await q
    .selectFrom('pf_objects')
    .select('table_name')
    .where('id', '=', objectId)
    .executeTakeFirst();
  const built: string[] = [];
  for (const r of rows) {
    const d = JSON.parse(r.value) as {
      objectId: string;
      columns: IndexColumn[];
      unique: boolean;
      live: boolean;
      automatic?: boolean;
    };
    if (d.objectId !== objectId) continue;
    // A column dropped meanwhile took its index with it: nothing to build.
    if (o) {
      const { rows: cols } =
        dialect === 'postgres'
          ? await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_name = ${o.table_name} and table_schema = current_schema()`.execute(
              q,
            )
          : await sql<{
              name: string;
            }>`select name from pragma_table_info(${o.table_name})`.execute(q);
      const have = new Set(cols.map((c) => c.name));
      if (d.columns.every((c) => have.has(c.column)))
        built.push(
          await ensureIndex(q, dialect, objectId, o.table_name, d.columns, {
            unique: d.unique,
            live: d.live,
            automatic: !!d.automatic,
          }),
        );
    }
    await q.deleteFrom('app_meta').where('key', '=', r.key).execute();
  }
  return built;
}

/**
 * Creates an index unless it exists. On PostgreSQL ascending columns keep NULLs first, so
 * the order (and index use) matches SQLite's. The trailing `id` makes paging stable.
 */
export async function ensureIndex(
  q: Q,
  dialect: DialectName,
  objectId: string,
  table: string,
  cols: IndexColumn[],
  opts: {
    unique?: boolean;
    withId?: boolean;
    live?: boolean;
    /**
     * PostgreSQL: build without blocking the table's writes (`create index concurrently`; not
     * inside a transaction). A build that fails leaves no invalid index behind.
     */
    concurrently?: boolean;
    /**
     * Built for the reads users ran (auto-index.ts): recorded as automatic. Without it, an
     * automatic index of the same name becomes the caller's (a view's: never given way).
     */
    automatic?: boolean;
  } = {},
): Promise<string> {
  const unique = !!opts.unique;
  const live = !!opts.live && !unique;
  const all = opts.withId ? withIdColumn(cols) : cols;
  const name = indexName(table, all, unique, live);
  const known = await q
    .selectFrom('pf_indexes')
    .select(['name', 'automatic'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (known) {
    if (known.automatic === 1 && !opts.automatic) await adoptIndexes(q, [name]);
    return name;
  }
  await createIndex(q, dialect, table, name, all, unique, live, !!opts.concurrently);
  // Also on SQLite after the builder analyzed the new index: the table's own statistics and its
  // other indexes' (with the new index's alone, a filtered page read 2,844 of 3,000 records in
  // modules/records/auto-index.api.test.ts).
  await analyzeTable(q, dialect, table);
  // Two jobs whose reads want the same index may build it at once (`if not exists`): the one
  // that records it second keeps the first's record, which becomes its own unless automatic.
  const recorded = await q
    .insertInto('pf_indexes')
    .values({
      name,
      object_id: objectId,
      columns: JSON.stringify(all.map((c) => (c.desc ? `${c.column} desc` : c.column))),
      is_unique: unique ? 1 : 0,
      created_at: isoNow(),
      automatic: opts.automatic ? 1 : 0,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (!Number(recorded.numInsertedOrUpdatedRows) && !opts.automatic) await adoptIndexes(q, [name]);
  return name;
}

/** Automatic indexes among `names` become ordinary ones (a view wants them now). */
export async function adoptIndexes(q: Q, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  await q
    .updateTable('pf_indexes')
    .set({ automatic: 0, used_at: null })
    .where('name', 'in', names)
    .where('automatic', '=', 1)
    .execute();
}

/**
 * Creates and fills the trigram index of a column unless it exists (see text-index.ts) and
 * records it; from then on the compiler uses it. Returns its name, or null when the database
 * cannot have one (PostgreSQL without pg_trgm). Runs outside any transaction (it commits in
 * chunks on SQLite): call it from a job, not from inside a write.
 */
export async function ensureTextIndex(
  db: Db,
  objectId: string,
  table: string,
  column: string,
  signal?: AbortSignal,
  /** Built for the reads users ran (auto-index.ts). */
  automatic = false,
): Promise<string | null> {
  const name = textIndexName(table, column);
  const k = db.kysely;
  const known = await k
    .selectFrom('pf_indexes')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  if (known) return name;
  if (!(await buildTextIndex(db, table, column, name, signal))) return null;
  await k
    .insertInto('pf_indexes')
    .values({
      name,
      object_id: objectId,
      columns: JSON.stringify([column]),
      is_unique: 0,
      created_at: isoNow(),
      automatic: automatic ? 1 : 0,
    })
    .execute();
  if (db.dialect === 'postgres') await analyzeTable(k, db.dialect, table);
  return name;
}

/** The unique index of a field, if any. */
export async function dropUniqueIndexOf(
  q: Q,
  dialect: DialectName,
  objectId: string,
  column: string,
): Promise<void> {
  const rows = await q
    .selectFrom('pf_indexes')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('is_unique', '=', 1)
    .execute();
  for (const r of rows) {
    const cols = parseColumns(r.columns);
    if (cols.length === 1 && cols[0]?.column === column) await dropIndex(q, dialect, r.name);
  }
}

/** Stored index columns: `"f_x"` or `"f_x desc"`. */
export function parseColumns(json: string): IndexColumn[] {
  return (JSON.parse(json) as string[]).map((c) =>
    c.endsWith(' desc') ? { column: c.slice(0, -5), desc: true } : { column: c },
  );
}

export interface IndexInfo {
  name: string;
  columns: IndexColumn[];
  unique: boolean;
  /** Partial index over live (not deleted) records. */
  live: boolean;
  /**
   * A B-tree index, a trigram text index of one column (see text-index.ts), or a maintained
   * aggregate: its group columns, then its summed columns (see aggregates.ts).
   */
  kind: 'btree' | 'trigram' | 'aggregate';
  /** Built for the reads users ran, not for a view or a field (auto-index.ts). */
  automatic: boolean;
}

export async function listIndexes(q: Q, objectId: string): Promise<IndexInfo[]> {
  const rows = await q
    .selectFrom('pf_indexes')
    .selectAll()
    .where('object_id', '=', objectId)
    .execute();
  return rows.map((r) => ({
    name: r.name,
    columns: parseColumns(r.columns),
    unique: r.is_unique === 1,
    live: r.name.startsWith('vx_'),
    automatic: r.automatic === 1,
    kind: isTextIndexName(r.name)
      ? ('trigram' as const)
      : isAggregateName(r.name)
        ? ('aggregate' as const)
        : ('btree' as const),
  }));
}

/** The indexes of an object, cached until an index is created or dropped. */
export function indexesOf(db: Db, objectId: string): Promise<IndexInfo[]> {
  return cached(db, 'indexes', objectId, ['pf_indexes'], () => listIndexes(db.kysely, objectId));
}

/** Column → trigram index name, for the query compiler. */
export function textIndexMap(indexes: IndexInfo[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ix of indexes) {
    const col = ix.columns[0]?.column;
    if (ix.kind === 'trigram' && ix.columns.length === 1 && col) out.set(col, ix.name);
  }
  return out;
}

/** The columns of the object's word-search index (text-index.ts `buildSearchIndex`). */
export function searchIndexOf(indexes: IndexInfo[]): string[] | undefined {
  const ix = indexes.find((x) => x.kind === 'trigram' && x.columns.length > 1);
  return ix?.columns.map((c) => c.column);
}

/**
 * What the query compiler is told of the object's search index: its columns, and on PostgreSQL
 * whether it holds the pieces of one and two characters (an index made before those has another
 * name, text-index.ts `searchIndexName`).
 */
export function searchOptions(
  indexes: IndexInfo[],
  table: string,
  dialect: DialectName,
): { searchIndex?: string[]; searchGrams?: true } {
  const ix = indexes.find((x) => x.kind === 'trigram' && x.columns.length > 1);
  if (!ix) return {};
  const searchIndex = ix.columns.map((c) => c.column);
  return dialect === 'postgres' && ix.name === searchIndexName(table, searchIndex, dialect)
    ? { searchIndex, searchGrams: true }
    : { searchIndex };
}

/**
 * Creates and records the word-search index of `columns` (the object's searched text columns)
 * unless it exists, dropping the object's search index of other columns. Returns its name, or
 * null without pg_trgm. Call it from a job (it reads the whole table; on SQLite it commits in
 * chunks).
 */
export async function ensureSearchIndex(
  db: Db,
  objectId: string,
  table: string,
  columns: readonly string[],
  signal?: AbortSignal,
  /** Built for the reads users ran (auto-index.ts). */
  automatic = false,
): Promise<string | null> {
  const name = searchIndexName(table, columns, db.dialect);
  const k = db.kysely;
  for (const ix of await listIndexes(k, objectId))
    if (ix.kind === 'trigram' && ix.columns.length > 1 && ix.name !== name)
      await dropIndex(k, db.dialect, ix.name);
  const known = await k
    .selectFrom('pf_indexes')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  if (known) return name;
  if (!(await buildSearchIndex(db, table, columns, name, signal))) return null;
  await k
    .insertInto('pf_indexes')
    .values({
      name,
      object_id: objectId,
      columns: JSON.stringify([...columns].sort()),
      is_unique: 0,
      created_at: isoNow(),
      automatic: automatic ? 1 : 0,
    })
    .execute();
  await analyzeTable(k, db.dialect, table);
  return name;
}

/** The maintained aggregates among an object's indexes (see aggregates.ts). */
export function aggregatesOf(indexes: IndexInfo[]): AggregateInfo[] {
  return indexes
    .filter((ix) => ix.kind === 'aggregate')
    .map((ix) =>
      aggregateInfo(
        ix.name,
        ix.columns.map((c) => c.column),
      ),
    );
}
