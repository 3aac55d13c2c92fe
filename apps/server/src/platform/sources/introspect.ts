import { sql, type RawBuilder } from 'kysely';
import type { FieldType, SourceColumn, SourceTable } from '@fiscus/contracts';
import type { DialectName } from '../../db/dialect.js';
import { MAX_SCALE } from '../decimal.js';
import type { Lang } from '../messages.js';
import type { SourceDb } from './connect.js';
import { sourceRows } from './stream.js';

/**
 * What a source holds: its tables and views with their columns and types, read from the
 * source's own catalog (PostgreSQL `information_schema`, which lists only what the connecting
 * user may read; MySQL/MariaDB `information_schema` of the connected database; SQLite
 * `sqlite_schema` and `pragma_table_info`). Table and column names that
 * reach SQL are always ones the catalog answered — never a name taken from a request as is.
 */
export const MAX_TABLES = 1000;

/** The platform type proposed for a source type; null when it cannot be mounted. */
export function proposeType(dialect: DialectName, type: string): FieldType | null {
  const t = type.toLowerCase().trim();
  if (dialect === 'postgres') {
    if (['smallint', 'integer', 'bigint', 'oid'].includes(t)) return 'integer';
    if (['numeric', 'real', 'double precision'].includes(t) || t.startsWith('numeric'))
      return 'decimal';
    if (t === 'boolean') return 'boolean';
    if (t === 'date') return 'date';
    if (t.startsWith('timestamp')) return 'datetime';
    if (
      t.startsWith('character') ||
      ['text', 'uuid', 'name', 'citext', 'inet', 'cidr', 'macaddr', 'money'].includes(t) ||
      t.startsWith('time') ||
      t === 'user-defined'
    )
      return 'text';
    if (['json', 'jsonb', 'xml'].includes(t)) return 'longtext';
    return null;
  }
  if (dialect === 'mysql') {
    // The declared type as MySQL spells it (`column_type`: `tinyint(1)`, `decimal(19,4)`,
    // `int(10) unsigned`): BOOLEAN is `tinyint(1)`; JSON is `json` (MariaDB: `longtext`).
    if (/^(tinyint\(1\)|bool|boolean)(\s|$)/.test(t)) return 'boolean';
    if (/^(tinyint|smallint|mediumint|int|integer|bigint|year)\b/.test(t)) return 'integer';
    if (/^(decimal|numeric|dec|fixed|float|double|real)\b/.test(t)) return 'decimal';
    if (t === 'date') return 'date';
    if (/^(datetime|timestamp)\b/.test(t)) return 'datetime';
    if (t === 'json' || /^(mediumtext|longtext)\b/.test(t)) return 'longtext';
    if (/^(char|varchar|tinytext|text|enum|set|time|uuid|inet4|inet6)\b/.test(t)) return 'text';
    return null;
  }
  // SQLite: by the declared type's affinity (https://sqlite.org/datatype3.html §3.1), with the
  // usual names for booleans, dates and date-times.
  if (t.includes('bool')) return 'boolean';
  if (t.includes('datetime') || t.includes('timestamp')) return 'datetime';
  if (t === 'date') return 'date';
  if (t.includes('int')) return 'integer';
  if (t.includes('char') || t.includes('clob') || t.includes('text') || t === '') return 'text';
  if (t.includes('blob')) return null;
  if (t.includes('real') || t.includes('floa') || t.includes('doub')) return 'decimal';
  return 'decimal';
}

interface PgColumnRow {
  table_schema: string;
  table_name: string;
  table_type: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  numeric_scale: number | string | null;
}

/** Tables and views of a source with their columns (at most MAX_TABLES). */
export async function listTables(
  db: SourceDb,
): Promise<{ tables: SourceTable[]; truncated: boolean }> {
  if (db.dialect === 'postgres') return listPostgres(db);
  if (db.dialect === 'mysql') return listMysql(db);
  return listSqlite(db);
}

async function listPostgres(db: SourceDb): Promise<{ tables: SourceTable[]; truncated: boolean }> {
  const { rows: names } = await sql<{
    table_schema: string;
    table_name: string;
  }>`select table_schema, table_name from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
     order by table_schema, table_name limit ${MAX_TABLES + 1}`.execute(db.kysely);
  const truncated = names.length > MAX_TABLES;
  const wanted = names.slice(0, MAX_TABLES);
  if (!wanted.length) return { tables: [], truncated };
  const pairs = sql.join(wanted.map((n) => sql`(${n.table_schema}, ${n.table_name})`));
  const { rows } = await sql<PgColumnRow>`
    select c.table_schema, c.table_name, t.table_type, c.column_name,
      case when c.data_type = 'USER-DEFINED' then 'USER-DEFINED' else c.data_type end as data_type,
      c.is_nullable, case when c.data_type = 'numeric' then c.numeric_scale end as numeric_scale
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where (c.table_schema, c.table_name) in (${pairs})
    order by c.table_schema, c.table_name, c.ordinal_position`.execute(db.kysely);
  const { rows: keys } = await sql<{ s: string; t: string; c: string }>`
    select n.nspname as s, r.relname as t, min(a.attname) as c
    from pg_index i
    join pg_class r on r.oid = i.indrelid
    join pg_namespace n on n.oid = r.relnamespace
    join pg_attribute a on a.attrelid = r.oid and a.attnum = any(i.indkey)
    where i.indisprimary and n.nspname not in ('pg_catalog', 'information_schema')
    group by n.nspname, r.relname, i.indexrelid
    having count(*) = 1`.execute(db.kysely);
  const { rows: sizes } = await sql<{ s: string; t: string; n: number }>`
    select n.nspname as s, c.relname as t, c.reltuples::float8 as n
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')`.execute(
    db.kysely,
  );
  const keyOf = new Map(keys.map((k) => [`${k.s}\u0000${k.t}`, k.c]));
  const sizeOf = new Map(sizes.map((k) => [`${k.s}\u0000${k.t}`, Number(k.n)]));
  const byTable = new Map<string, SourceTable>();
  for (const n of wanted) {
    const id = `${n.table_schema}\u0000${n.table_name}`;
    const size = sizeOf.get(id);
    byTable.set(id, {
      schema: n.table_schema,
      name: n.table_name,
      kind: 'table',
      rows: size !== undefined && size >= 0 ? Math.round(size) : null,
      columns: [],
    });
  }
  for (const r of rows) {
    const id = `${r.table_schema}\u0000${r.table_name}`;
    const t = byTable.get(id);
    if (!t) continue;
    t.kind = r.table_type === 'VIEW' ? 'view' : 'table';
    t.columns.push(
      column(
        'postgres',
        r.column_name,
        r.data_type,
        r.is_nullable === 'YES',
        keyOf.get(id) === r.column_name,
        r.numeric_scale === null ? null : Number(r.numeric_scale),
      ),
    );
  }
  return { tables: [...byTable.values()], truncated };
}

interface MysqlColumnRow {
  table_schema: string;
  table_name: string;
  column_name: string;
  column_type: string;
  is_nullable: string;
  column_key: string;
}

/**
 * The tables and views of the connected database (`schema`: its name) with their columns;
 * `names`: only these tables. A single-column primary key is the key.
 */
async function mysqlTables(
  db: SourceDb,
  names?: readonly string[],
): Promise<{ tables: SourceTable[]; truncated: boolean }> {
  const only = names ? sql`and table_name in (${sql.join(names)})` : sql``;
  const { rows: found } = await sql<{
    table_schema: string;
    table_name: string;
    table_type: string;
    table_rows: number | string | null;
  }>`select table_schema as table_schema, table_name as table_name, table_type as table_type,
       table_rows as table_rows
     from information_schema.tables where table_schema = database() ${only}
     order by table_name limit ${MAX_TABLES + 1}`.execute(db.kysely);
  const truncated = found.length > MAX_TABLES;
  const wanted = found.slice(0, MAX_TABLES);
  if (!wanted.length) return { tables: [], truncated };
  const { rows } = await sql<MysqlColumnRow>`
    select table_schema as table_schema, table_name as table_name, column_name as column_name,
      column_type as column_type, is_nullable as is_nullable, column_key as column_key
    from information_schema.columns
    where table_schema = database() and table_name in (${sql.join(wanted.map((w) => w.table_name))})
    order by table_name, ordinal_position`.execute(db.kysely);
  const byTable = new Map<string, SourceTable>();
  for (const w of wanted) {
    const view = /view/i.test(w.table_type);
    byTable.set(w.table_name, {
      schema: w.table_schema,
      name: w.table_name,
      kind: view ? 'view' : 'table',
      rows: view || w.table_rows === null ? null : Number(w.table_rows),
      columns: [],
    });
  }
  const primary = new Map<string, number>();
  for (const r of rows)
    if (r.column_key === 'PRI') primary.set(r.table_name, (primary.get(r.table_name) ?? 0) + 1);
  for (const r of rows) {
    const t = byTable.get(r.table_name);
    if (!t) continue;
    const key = r.column_key === 'PRI' && primary.get(r.table_name) === 1;
    t.columns.push(column('mysql', r.column_name, r.column_type, r.is_nullable === 'YES', key));
  }
  return { tables: [...byTable.values()], truncated };
}

function listMysql(db: SourceDb): Promise<{ tables: SourceTable[]; truncated: boolean }> {
  return mysqlTables(db);
}

function column(
  dialect: DialectName,
  name: string,
  type: string,
  nullable: boolean,
  key: boolean,
  pgScale: number | null = null,
): SourceColumn {
  const proposed = proposeType(dialect, type);
  const scale =
    proposed !== 'decimal' ? null : dialect === 'postgres' ? pgScale : declaredScale(type);
  return { name, type, nullable, key, proposed, scale };
}

/**
 * The scale a fixed-point type declares: `decimal(12,4)`, `NUMERIC(10, 3)` → 4, 3 (SQLite keeps
 * the declared type as written); null when it declares none (`real`, `numeric`, `decimal(10)`
 * declares 0).
 */
export function declaredScale(type: string): number | null {
  const m = /^\s*(?:numeric|decimal)\s*\(\s*\d+\s*(?:,\s*(-?\d+)\s*)?\)/i.exec(type);
  if (!m) return null;
  return m[1] === undefined ? 0 : Math.max(0, Number(m[1]));
}

/**
 * The scale of a field mounted from a source column (see docs/mounts.md, "Decimal scale"): the
 * column's declared scale, at most the platform's `MAX_SCALE` (6; more places are rounded once,
 * when read); 2 when the column declares none
 * (floating point, an unconstrained `numeric`).
 */
export function mountedScale(column: Pick<SourceColumn, 'scale'>): number {
  const s = column.scale;
  return s === null || s === undefined ? 2 : Math.min(Math.max(s, 0), MAX_SCALE);
}

async function listSqlite(db: SourceDb): Promise<{ tables: SourceTable[]; truncated: boolean }> {
  const { rows: names } = await sql<{ name: string; type: string }>`
    select name, type from sqlite_schema
    where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\'
    order by name limit ${MAX_TABLES + 1}`.execute(db.kysely);
  const truncated = names.length > MAX_TABLES;
  const tables: SourceTable[] = [];
  for (const n of names.slice(0, MAX_TABLES)) {
    const { rows: cols } = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select name, type, "notnull", pk from pragma_table_info(${n.name}) order by cid`.execute(
      db.kysely,
    );
    const pks = cols.filter((c) => c.pk > 0);
    tables.push({
      schema: null,
      name: n.name,
      kind: n.type === 'view' ? 'view' : 'table',
      rows: null,
      columns: cols.map((c) =>
        column(
          'sqlite',
          c.name,
          c.type || '',
          !c.notnull && !(pks.length === 1 && c.pk > 0),
          pks.length === 1 && c.pk > 0,
        ),
      ),
    });
  }
  return { tables, truncated };
}

/** One table of the source as its catalog names it, or undefined. */
export async function findTable(
  db: SourceDb,
  schema: string | null | undefined,
  name: string,
): Promise<SourceTable | undefined> {
  if (db.dialect === 'postgres') {
    if (!schema) return undefined;
    const { rows } = await sql<PgColumnRow>`
      select c.table_schema, c.table_name, t.table_type, c.column_name,
        case when c.data_type = 'USER-DEFINED' then 'USER-DEFINED' else c.data_type end as data_type,
        c.is_nullable, case when c.data_type = 'numeric' then c.numeric_scale end as numeric_scale
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = ${schema} and c.table_name = ${name}
      order by c.ordinal_position`.execute(db.kysely);
    if (!rows.length) return undefined;
    const { rows: keys } = await sql<{ c: string }>`
      select min(a.attname) as c from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indisprimary and i.indrelid = to_regclass(${`${quoteIdent(schema)}.${quoteIdent(name)}`})
      group by i.indexrelid having count(*) = 1`.execute(db.kysely);
    const key = keys[0]?.c;
    return {
      schema,
      name,
      kind: rows[0]?.table_type === 'VIEW' ? 'view' : 'table',
      rows: null,
      columns: rows.map((r) =>
        column(
          'postgres',
          r.column_name,
          r.data_type,
          r.is_nullable === 'YES',
          r.column_name === key,
          r.numeric_scale === null ? null : Number(r.numeric_scale),
        ),
      ),
    };
  }
  if (db.dialect === 'mysql') {
    const { tables } = await mysqlTables(db, [name]);
    const t = tables.find((x) => x.name === name);
    return t && (!schema || t.schema === schema) ? t : undefined;
  }
  const all = await listSqlite(db);
  return all.tables.find((t) => t.name === name);
}

/** A quoted identifier (for `to_regclass` text; SQL itself quotes with `sql.id`). */
function quoteIdent(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

/** The FROM reference of a catalog table: `"schema"."table"` or `"table"`. */
export function tableRef(t: Pick<SourceTable, 'schema' | 'name'>): RawBuilder<unknown> {
  return t.schema ? sql`${sql.id(t.schema)}.${sql.id(t.name)}` : sql.id(t.name);
}

export type Cell = string | number | boolean | null;

/** A value of a source row as JSON can carry it. */
export function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'bigint') return String(v);
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return `<${v.length} bytes>`;
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/** The first rows of a catalog table, columns in catalog order. */
export async function previewRows(
  db: SourceDb,
  caller: { domainId: string; lang: Lang },
  t: SourceTable,
  limit: number,
): Promise<Cell[][]> {
  const cols = t.columns.map((c) => c.name);
  if (!cols.length) return [];
  const rows = await sourceRows<Record<string, unknown>>(
    db,
    caller,
    'read',
    sql`select ${sql.join(
      cols.map((c, i) => sql`${sql.id(c)} as ${sql.id(`c${i}`)}`),
    )} from ${tableRef(t)} limit ${limit}`,
  );
  return rows.map((r) => cols.map((_, i) => cellOf(r[`c${i}`])));
}
