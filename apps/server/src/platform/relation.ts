import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../db/dialect.js';
import { computedFrom } from './computed.js';
import type { OpContext } from './context.js';
import { laneRows, type LaneName } from './lanes.js';
import { isLive, isVirtual, type FieldMeta, type ObjectMeta } from './meta.js';
import {
  openSource,
  proposeType,
  sourceFailure,
  sourceRows,
  tableRef,
  type SourceDb,
} from './sources/index.js';
import { scaleOf } from './values.js';

/**
 * Where an object's rows are read: the relation every query over an object (pages, counts,
 * groups, one record, cubes, exports) is compiled against and run on.
 *
 * - Tables, catalogs and synced mounts: the object's own table in the platform's database.
 * - Live mounts: the source's table, presented by a derived table with the shape of a record
 *   table — `id` (the mount's key), the system columns, and one `f_…` column per field — so the
 *   query compiler's SQL runs on the source unchanged, compiled for the source's dialect. A
 *   column whose type already answers the compiler's values is passed through as it is (the
 *   source's planner then pushes conditions and sorts down onto its indexes); others are cast
 *   to the field's form (booleans 0/1, date-times as ISO text on SQLite, decimals as numeric on
 *   PostgreSQL and integer units on SQLite).
 *   Values are bound parameters; identifiers come from the mount's metadata, which the source's
 *   catalog named when the mount was made.
 */
export interface Relation {
  /** Where the SQL runs: the platform's database, or the source's pooled connection. */
  db: Db;
  /** The FROM item. */
  from: RawBuilder<unknown>;
  /** The object's own table: indexes, trigram lookups and the planner apply. */
  local: boolean;
  /**
   * The FROM item with SQLite's `indexed by …`/`not indexed` on the record table (local
   * relations; platform/planner.ts).
   */
  hinted?: (hint: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** Cached values (counts, groups, cubes) depend on these tables' writes… */
  cacheTables: string[];
  /** …and are at most this old (a source changes without the platform seeing it). */
  cacheMaxAgeMs?: number;
  /** Columns of `from` that hold no NULL (orders on them need no NULLS clause). */
  notNull?: ReadonlySet<string>;
}

/** How long a count or group of a live mount may be answered from the cache. */
export const LIVE_CACHE_MS = 2000;

/** Local relations per database and object metadata (a field's change replaces the metadata). */
const locals = new WeakMap<ObjectMeta, WeakMap<object, Relation>>();

/**
 * The object's own table; with computed fields that are not stored, a derived table over it
 * whose extra columns are their values (computed.ts). Every page, count and group-by asks for it:
 * the table's is made once per database and metadata (a derived table is made each time, as its
 * expressions may read today's date).
 */
function localRelation(ctx: Pick<OpContext, 'db'>, meta: ObjectMeta): Relation {
  if (meta.fields.some(isVirtual)) return makeLocalRelation(ctx, meta);
  let byDb = locals.get(meta);
  if (!byDb) locals.set(meta, (byDb = new WeakMap()));
  let rel = byDb.get(ctx.db);
  if (!rel) byDb.set(ctx.db, (rel = makeLocalRelation(ctx, meta)));
  return rel;
}

function makeLocalRelation(ctx: Pick<OpContext, 'db'>, meta: ObjectMeta): Relation {
  const t = sql.id(meta.table);
  const dialect = ctx.db.dialect;
  const from = computedFrom(meta, dialect);
  return {
    db: ctx.db,
    from: from ?? t,
    local: true,
    cacheTables: meta.readsTables ?? [meta.table],
    hinted: (hint) => computedFrom(meta, dialect, hint) ?? sql`${t} ${hint}`,
  };
}

const PG_TEXT = new Set(['text', 'character varying', 'character', 'name', 'citext']);

/**
 * MySQL/MariaDB: a column as the field's values compare and read. Text is compared by code
 * point without padding, as the platform compares it (`…_nopad_bin`/`…_0900_bin`: a column's
 * own collation is usually case- and accent-insensitive and ignores trailing spaces); date-times
 * are ISO-8601 UTC text (the session is in UTC), as SQLite keeps them; decimals are DECIMAL.
 */
function mysqlColumnExpr(
  field: FieldMeta,
  c: RawBuilder<unknown>,
  sourceType: string,
  textCollation: string,
): RawBuilder<unknown> {
  const cls = proposeType('mysql', sourceType);
  switch (field.type) {
    case 'boolean':
      return c;
    case 'integer':
      return cls === 'integer' ? c : sql`cast(${c} as signed)`;
    case 'decimal':
    case 'money':
    case 'percent':
      if (/^(decimal|numeric|dec|fixed)\b/i.test(sourceType.trim())) return c;
      return sql`cast(${c} as decimal(65, ${sql.lit(scaleOf(field.type, field.options))}))`;
    case 'date':
      return cls === 'date' ? c : sql`cast(${c} as date)`;
    case 'datetime': {
      const t = cls === 'datetime' ? c : sql`cast(${c} as datetime(3))`;
      return sql`concat(date_format(${t}, '%Y-%m-%dT%H:%i:%s.'), lpad(floor(microsecond(${t}) / 1000), 3, '0'), 'Z')`;
    }
    default:
      return sql`convert(${c} using utf8mb4) collate ${sql.raw(textCollation)}`;
  }
}

/** The source column as the field's values compare and read (see above). */
export function sourceColumnExpr(
  dialect: DialectName,
  field: FieldMeta,
  column: string,
  sourceType: string,
  /** MySQL/MariaDB: the source's binary collation without padding (mysql.ts). */
  textCollation = 'utf8mb4_bin',
): RawBuilder<unknown> {
  const c = sql.id(column);
  const cls = proposeType(dialect, sourceType);
  if (dialect === 'mysql') return mysqlColumnExpr(field, c, sourceType, textCollation);
  switch (field.type) {
    case 'boolean':
      return c;
    case 'integer':
      return cls === 'integer' ? c : dialect === 'postgres' ? sql`cast(${c} as bigint)` : c;
    case 'decimal':
    case 'money':
    case 'percent': {
      // The platform's exact form of decimals (platform/values.ts): PostgreSQL numeric (a
      // numeric column as it is; floating point read by its shortest digits), SQLite integer
      // units at the field's scale (a source's REAL rounded to the scale once, here).
      if (dialect === 'postgres')
        return /^(numeric|decimal)/i.test(sourceType.trim()) ? c : sql`cast(${c} as numeric)`;
      const f = sql.lit(10 ** scaleOf(field.type, field.options));
      return cls === 'integer' ? sql`(${c} * ${f})` : sql`cast(round(${c} * ${f}) as integer)`;
    }
    case 'date':
      if (cls === 'date') return c;
      return dialect === 'postgres' ? sql`cast(${c} as date)` : sql`date(${c})`;
    case 'datetime':
      if (dialect === 'sqlite') return sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${c})`;
      return cls === 'datetime' ? c : sql`cast(${c} as timestamp)`;
    default:
      if (dialect === 'postgres')
        return PG_TEXT.has(sourceType.toLowerCase()) ? c : sql`cast(${c} as text)`;
      return cls === 'text' ? c : sql`cast(${c} as text)`;
  }
}

/** The derived table of a live mount (see above). */
export function liveFrom(
  meta: ObjectMeta,
  dialect: DialectName,
  textCollation?: string,
): RawBuilder<unknown> {
  const m = meta.mount;
  if (!m) throw new Error('not a mount');
  const key = m.keyColumn ? sql.id(m.keyColumn) : sql`rowid`;
  const at = sql.lit(meta.createdAt);
  const none = dialect === 'mysql' ? sql`cast(null as char)` : sql`cast(null as text)`;
  const cols: RawBuilder<unknown>[] = [
    sql`${key} as ${sql.id('id')}`,
    sql`${at} as ${sql.id('created_at')}`,
    sql`${none} as ${sql.id('created_by')}`,
    sql`${at} as ${sql.id('updated_at')}`,
    sql`${none} as ${sql.id('updated_by')}`,
    sql`${none} as ${sql.id('deleted_at')}`,
    sql`${none} as ${sql.id('deleted_by')}`,
  ];
  for (const f of meta.fields) {
    const src = m.columns.get(f.id);
    const expr = src
      ? sourceColumnExpr(dialect, f, src.column, src.sourceType, textCollation)
      : none;
    cols.push(sql`${expr} as ${sql.id(f.column)}`);
  }
  return sql`(select ${sql.join(cols)} from ${tableRef({ schema: m.schema, name: m.table })}) as ${sql.id('m')}`;
}

/** `id` and the `f_…` columns of a live mount whose source columns are NOT NULL. */
function notNullColumns(meta: ObjectMeta): Set<string> {
  const out = new Set<string>();
  const m = meta.mount;
  if (!m) return out;
  if (m.notNull.has('id')) out.add('id');
  for (const f of meta.fields) if (m.notNull.has(f.id)) out.add(f.column);
  return out;
}

/** The relation of an object (see above); a live mount's source is opened (pooled). */
export async function relationOf(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  meta: ObjectMeta,
): Promise<Relation> {
  if (!isLive(meta)) return localRelation(ctx, meta);
  let db: SourceDb;
  try {
    db = await openSource(ctx, meta.mount?.sourceId as string);
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
  return {
    db,
    from: liveFrom(meta, db.dialect, db.mysql?.textCollation),
    local: false,
    cacheTables: [`mount:${meta.id}`],
    cacheMaxAgeMs: LIVE_CACHE_MS,
    notNull: notNullColumns(meta),
  };
}

/**
 * Runs a read on a relation in a lane (platform/lanes.ts): the object's table in the app's
 * lanes; a live mount's source in its own (SQLite: lanes of the source, stopped at the
 * statement time-out) or on its pool (PostgreSQL: the source cancels at the time-out). A source's failure (down, too slow, changed) is a 422 naming the reason in
 * the caller's language, never a 500.
 */
export async function relRows<R = Record<string, unknown>>(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  rel: Relation,
  lane: LaneName,
  query: RawBuilder<unknown>,
): Promise<R[]> {
  if (rel.local) return laneRows<R>(ctx, lane, query as RawBuilder<R>);
  try {
    return await sourceRows<R>(rel.db, ctx, lane, query as RawBuilder<R>);
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
}
