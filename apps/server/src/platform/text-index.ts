import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldLoop } from 'node:timers/promises';
import { textualTypes, type FieldType } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import { foldCase, gramToken, offThreadBuild, type Db, type DialectName } from '../db/dialect.js';
import type { Q } from './context.js';
import { safeIdent } from './ident.js';

/**
 * Trigram text indexes: substring matching (`contains`, `starts_with`) and word search that do
 * not read every row. One index per text field.
 *
 * SQLite: an FTS5 table `tg_…` with the trigram tokenizer, holding for every record the field's
 * text **folded** by `foldCase` — the same text the query compiler's case-insensitive matching
 * compares — so a trigram match is exactly "the folded text contains the folded needle". It is
 * contentless (`content=''`, the text is not stored twice) with `contentless_delete=1`, so a row
 * leaves it by rowid alone; three triggers on the record table keep it in step with every write
 * that reaches the table — records ops, imports (`insert … select`, `update … from`), bulk
 * creates, field conversions — whoever makes them. The triggers call the SQL function `fold`,
 * which every connection of the server registers (see `createDb`): a tool writing the file
 * without it gets "no such function: fold". Positions are not kept (`detail=none`): a needle is
 * looked up as the AND of its trigrams, a superset of the rows that contain it, and the compiler
 * always re-checks the exact condition, so answers are identical with and without the index.
 *
 * PostgreSQL: a GIN index `tg_…` with pg_trgm's `gin_trgm_ops` on the column; the planner uses
 * it for `ILIKE '%…%'` by itself (pg_trgm re-checks every candidate). The extension is created
 * when missing and allowed (it is a trusted extension: a database owner may create it); when it
 * cannot be created, no trigram index is made and text matching reads rows as before.
 *
 * Needles shorter than three characters have no trigram: a filter's are matched by reading
 * rows; a search's words are looked up in the object's short-gram index (below), when it has one.
 */

/** Field types whose text can have a trigram index (those `contains` and search match). */
export function textIndexable(type: FieldType): boolean {
  return textualTypes.includes(type) || type === 'select';
}

/** `textIndexName` by its key (a pure function of the table and column). */
const textIndexNames = new Map<string, string>();

export function textIndexName(table: string, column: string): string {
  const key = `${table}:${column}:trigram`;
  let name = textIndexNames.get(key);
  if (name === undefined) {
    const hash = createHash('sha1').update(key).digest('hex').slice(0, 12);
    name = `tg_${table.slice(4)}_${hash}`;
    // Asked for on every search's compile (ddl.ts searchOptions): a SHA-1 each time cost ~10 µs
    // of the main thread per request. Kept for at most this many tables and columns.
    if (textIndexNames.size >= 2000) textIndexNames.clear();
    textIndexNames.set(key, name);
  }
  return name;
}

export function isTextIndexName(name: string): boolean {
  return name.startsWith('tg_');
}

/** Trigrams looked up for one needle at most (any subset finds a superset of the matches). */
const MAX_TRIGRAMS = 12;

/**
 * The FTS5 query for rows whose folded text may contain `needle`: the AND of its distinct
 * trigrams (first and last always, the rest spread over the needle). Null when the needle has
 * fewer than three characters.
 */
export function trigramQuery(needle: string): string | null {
  const chars = Array.from(foldCase(needle));
  if (chars.length < 3) return null;
  const all: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) {
    const g = chars.slice(i, i + 3).join('');
    if (!all.includes(g)) all.push(g);
  }
  let picked = all;
  if (all.length > MAX_TRIGRAMS) {
    picked = [];
    for (let i = 0; i < MAX_TRIGRAMS; i++) {
      const g = all[Math.round((i * (all.length - 1)) / (MAX_TRIGRAMS - 1))] as string;
      if (!picked.includes(g)) picked.push(g);
    }
  }
  return picked.map((g) => `"${g.replaceAll('"', '""')}"`).join(' AND ');
}

/**
 * The FTS5 query of a search index (SQLite, see `buildSearchIndex`) for rows whose folded text
 * may contain the search word `word`: its own token when it has one or two characters (exactly
 * the rows holding it), else the AND of the tokens of trigrams covering it (`MAX_TRIGRAMS` at
 * most, spread over it). Null when the folded word is empty or holds white space.
 */
export function searchWordQuery(word: string): string | null {
  // A lone surrogate reaches SQLite as U+FFFD, in the records' text as in the exact check.
  const chars = Array.from(foldCase(word).replace(/\p{Surrogate}/gu, '\uFFFD'));
  if (!chars.length || chars.some((c) => /\s/u.test(c))) return null;
  if (chars.length < 3) return gramToken(chars.join(''));
  // Trigrams that cover the word side by side (0, 3, 6, …, and the last): every one the index
  // merges costs a pass over its records, and these already hold every character.
  const at: number[] = [];
  for (let i = 0; i + 3 <= chars.length; i += 3) at.push(i);
  if (at.at(-1) !== chars.length - 3) at.push(chars.length - 3);
  const picked: string[] = [];
  for (let k = 0; k < Math.min(at.length, MAX_TRIGRAMS); k++) {
    const i =
      at.length <= MAX_TRIGRAMS
        ? (at[k] as number)
        : (at[Math.round((k * (at.length - 1)) / (MAX_TRIGRAMS - 1))] as number);
    const g = gramToken(chars.slice(i, i + 3).join(''));
    if (!picked.includes(g)) picked.push(g);
  }
  return picked.join(' AND ');
}

/** SQLite: the rowids of a trigram index matching an FTS5 query from `trigramQuery`. */
export function trigramRowids(index: string, query: string): RawBuilder<unknown> {
  const n = sql.id(safeIdent(index));
  return sql`select rowid from ${n} where ${n} match ${query}`;
}

/** The statement counting the rows a lookup (a `select rowid …` or `select id …`) finds, at most `cap`. */
export function lookupCount(rowids: RawBuilder<unknown>, cap: number): RawBuilder<{ n: number }> {
  return sql<{
    n: number;
  }>`select count(*) as n from (${rowids} limit ${cap}) as c`;
}

// ---- PostgreSQL: the extension ---------------------------------------------------------------

const pgTrgm = new WeakMap<object, Promise<string | null>>();

/**
 * The schema holding pg_trgm, creating the extension when missing (in `public` when that schema
 * exists and may be written, so that dropping another schema never drops it); null when it is
 * not available or not allowed. Asked once per database handle.
 */
export function trigramSchema(db: Db): Promise<string | null> {
  let p = pgTrgm.get(db.kysely);
  if (!p) {
    p = findOrCreateTrgm(db.kysely);
    pgTrgm.set(db.kysely, p);
  }
  return p;
}

async function installedTrgm(k: Q): Promise<string | null> {
  const { rows } = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    k,
  );
  return rows[0]?.schema ?? null;
}

async function findOrCreateTrgm(k: Q): Promise<string | null> {
  try {
    const found = await installedTrgm(k);
    if (found) return found;
    const { rows } = await sql<{
      pub: boolean | null;
    }>`select has_schema_privilege('public', 'CREATE') as pub where exists (select 1 from pg_namespace where nspname = 'public')`.execute(
      k,
    );
    const where = rows[0]?.pub ? sql` schema public` : sql``;
    try {
      await sql`create extension if not exists pg_trgm${where}`.execute(k);
    } catch {
      // Not allowed, not installed on the server, or created meanwhile by another process.
    }
    return await installedTrgm(k);
  } catch {
    return null;
  }
}

// ---- building and dropping -------------------------------------------------------------------

/**
 * Copying rows into a new SQLite text index, a slice of rows per statement, the number of rows
 * adjusted after each so that one takes about the slice's time (between `min` and `max` rows).
 * On the event loop (in-memory databases) each statement holds every request, so a slice is
 * short (`sliceMs`): a fixed 5,000 rows took about 100 ms on a loaded machine. In the index
 * builder's worker (db/index-builder.ts) a statement holds only the app's writer — its writes
 * wait, reads go on — so slices are longer (`offThreadSliceMs`): fewer statements, each with its
 * round trip to the worker and its turn of the writer.
 */
export const backfill = { sliceMs: 8, offThreadSliceMs: 40, min: 100, max: 50_000, first: 500 };

/**
 * Creates the trigram index of one column and fills it. On SQLite the table and its triggers are
 * created first, in one transaction, then existing rows are copied in chunks of short
 * statements (writes meanwhile go through the triggers; a row copied twice is replaced), so a
 * large table is indexed without holding the database for long. Returns false when the
 * database cannot have the index (PostgreSQL without pg_trgm). The caller records the index
 * (pf_indexes) once this returns true; until then the compiler does not use it.
 */
export async function buildTextIndex(
  db: Db,
  table: string,
  column: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const k = db.kysely;
  const t = sql.id(safeIdent(table));
  const c = sql.id(safeIdent(column));
  const n = sql.id(safeIdent(name));
  if (db.dialect === 'postgres') {
    const schema = await trigramSchema(db);
    if (!schema) return false;
    await sql`create index if not exists ${n} on ${t} using gin (${c} ${sql.id(schema)}.gin_trgm_ops)`.execute(
      k,
    );
    return true;
  }
  await dropTextIndex(k, 'sqlite', name);
  await k.transaction().execute(async (trx) => {
    await sql`create virtual table ${n} using fts5(v, content='', contentless_delete=1, tokenize='trigram case_sensitive 1', detail=none)`.execute(
      trx,
    );
    await sql`create trigger ${sql.id(`${name}_i`)} after insert on ${t} for each row when new.${c} is not null begin insert or replace into ${n} (rowid, v) values (new.id, fold(new.${c})); end`.execute(
      trx,
    );
    await sql`create trigger ${sql.id(`${name}_u`)} after update of ${c} on ${t} for each row when old.${c} is not new.${c} begin delete from ${n} where rowid = old.id; insert into ${n} (rowid, v) select new.id, fold(new.${c}) where new.${c} is not null; end`.execute(
      trx,
    );
    await sql`create trigger ${sql.id(`${name}_d`)} after delete on ${t} for each row begin delete from ${n} where rowid = old.id; end`.execute(
      trx,
    );
  });
  await fill(
    k,
    t,
    name,
    signal,
    (last, hi) =>
      sql`insert or replace into ${n} (rowid, v) select id, fold(${c}) from ${t} where id > ${last} and id <= ${hi} and ${c} is not null`,
  );
  return true;
}

/**
 * SQLite: copies the existing rows of table `t` into a new FTS index, a slice of ids per
 * statement (`backfill`) with a turn of the event loop between them; the index is dropped if
 * that fails.
 */
async function fill(
  k: Q,
  t: RawBuilder<unknown>,
  name: string,
  signal: AbortSignal | undefined,
  copy: (last: number, hi: number) => RawBuilder<unknown>,
): Promise<void> {
  try {
    let last = 0;
    let slice = backfill.first;
    // Off the event loop when it can (db/index-builder.ts): `fold()` runs per row.
    const off = offThreadBuild(k);
    const target = off ? backfill.offThreadSliceMs : backfill.sliceMs;
    for (;;) {
      signal?.throwIfAborted();
      const { rows } = await sql<{
        hi: number | null;
      }>`select max(id) as hi from (select id from ${t} where id > ${last} order by id limit ${slice})`.execute(
        k,
      );
      const hi = rows[0]?.hi;
      if (hi === null || hi === undefined) break;
      const t0 = performance.now();
      const statement = copy(last, Number(hi));
      if (off) await off([statement.compile(k)]);
      else await statement.execute(k);
      const ms = Math.max(performance.now() - t0, 0.1);
      slice = Math.round(Math.min(backfill.max, Math.max(backfill.min, (slice * target) / ms)));
      last = Number(hi);
      await yieldLoop();
    }
  } catch (e) {
    await dropTextIndex(k, 'sqlite', name);
    throw e;
  }
}

/** Drops a trigram index (SQLite: its triggers and FTS table; PostgreSQL: the GIN index). */
export async function dropTextIndex(q: Q, dialect: DialectName, name: string): Promise<void> {
  const n = safeIdent(name);
  if (dialect === 'postgres') {
    await sql`drop index if exists ${sql.id(n)}`.execute(q);
    return;
  }
  for (const suffix of ['_i', '_u', '_d'])
    await sql`drop trigger if exists ${sql.id(`${n}${suffix}`)}`.execute(q);
  await sql`drop table if exists ${sql.id(n)}`.execute(q);
}

// ---- one index for word search ----------------------------------------------------------------

/**
 * The text a word search matches when the object has a search index: every searched column's
 * text (columns in name order), joined by line breaks. A word never holds a line break (search
 * splits on white space), so it occurs in this text exactly when it occurs in one of the columns
 * — one lookup per word instead of one per column. PostgreSQL: the index and the compiler must
 * write this expression identically (the planner matches it).
 */
export function searchText(
  columns: readonly string[],
  dialect: DialectName = 'postgres',
  /** SQLite triggers: the columns of the `new` row. */
  row?: 'new',
): RawBuilder<unknown> {
  const parts = [...columns].sort().map((c) => {
    const x = row ? sql`${sql.raw(row)}.${sql.id(safeIdent(c))}` : sql.id(safeIdent(c));
    return sql`coalesce(${x}, '')`;
  });
  const sep = dialect === 'postgres' ? sql.raw(` || E'\\n' || `) : sql.raw(` || char(10) || `);
  return sql`(${sql.join(parts, sep)})`;
}

/**
 * The name of the search index of `columns`. On PostgreSQL it names the index with the short
 * pieces (`searchGrams`) beside the trigrams: a search index made before those has another name,
 * so the compiler does not look short words up in it and saving a view with a search again (or
 * the refresh at start, `index-jobs.ts`) replaces it.
 */
export function searchIndexName(
  table: string,
  columns: readonly string[],
  dialect: DialectName = 'sqlite',
): string {
  const kind = dialect === 'postgres' ? 'search+grams' : 'search';
  return textIndexName(table, `${[...columns].sort().join(',')}:${kind}`);
}

/**
 * PostgreSQL: every piece of one and two characters of the searched text in lower case (the SQL
 * function `pf_search_grams`, migration `2026-11-29-1001-search-grams`) — the second column of
 * the search index. pg_trgm has no entry for a word of one or two characters; this array has.
 */
export function searchGrams(columns: readonly string[]): RawBuilder<unknown> {
  return sql`pf_search_grams(${searchText(columns)})`;
}

/**
 * The index of an object's searched text (`searchText`).
 *
 * PostgreSQL: a GIN index of the expression's trigrams (pg_trgm) and of its pieces of one and two
 * characters (`searchGrams`) — false without pg_trgm.
 *
 * SQLite: a contentless FTS5 table (`ascii` tokenizer, `detail=none`) holding for every record
 * a token for each distinct piece of one, two and three characters of its folded joined text
 * that holds no white space (the SQL function `fold_grams`, db/sqlite-functions.ts
 * `searchGrams`), kept in step by triggers like a field's trigram index (`buildTextIndex`). A
 * word of one or two characters is looked up as its own token — exactly the records holding it,
 * where a trigram index has nothing — and a longer one as the AND of its trigrams' tokens; all
 * the words of a search are one FTS5 query (their AND), so the index intersects their
 * candidates itself. The compiler always checks the exact condition on them.
 */
export async function buildSearchIndex(
  db: Db,
  table: string,
  columns: readonly string[],
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const k = db.kysely;
  const t = sql.id(safeIdent(table));
  const n = sql.id(safeIdent(name));
  if (db.dialect === 'postgres') {
    const schema = await trigramSchema(db);
    if (!schema) return false;
    // One index of two columns: the joined text's trigrams (words of three characters and more,
    // matched by ILIKE) and its pieces of one and two characters (shorter words, `@>`). A query
    // naming both is one scan of it.
    await sql`create index if not exists ${n} on ${t} using gin (${searchText(columns)} ${sql.id(schema)}.gin_trgm_ops, ${searchGrams(columns)})`.execute(
      k,
    );
    return true;
  }
  const of = sql.join([...columns].sort().map((c) => sql.id(safeIdent(c))));
  const grams = (row?: 'new') => sql`fold_grams(${searchText(columns, 'sqlite', row)})`;
  await dropTextIndex(k, 'sqlite', name);
  await k.transaction().execute(async (trx) => {
    await sql`create virtual table ${n} using fts5(v, content='', contentless_delete=1, tokenize='ascii', detail=none)`.execute(
      trx,
    );
    await sql`create trigger ${sql.id(`${name}_i`)} after insert on ${t} for each row begin insert or replace into ${n} (rowid, v) values (new.id, ${grams('new')}); end`.execute(
      trx,
    );
    await sql`create trigger ${sql.id(`${name}_u`)} after update of ${of} on ${t} for each row begin delete from ${n} where rowid = old.id; insert into ${n} (rowid, v) values (new.id, ${grams('new')}); end`.execute(
      trx,
    );
    await sql`create trigger ${sql.id(`${name}_d`)} after delete on ${t} for each row begin delete from ${n} where rowid = old.id; end`.execute(
      trx,
    );
  });
  await fill(
    k,
    t,
    name,
    signal,
    (last, hi) =>
      sql`insert or replace into ${n} (rowid, v) select id, ${grams()} from ${t} where id > ${last} and id <= ${hi}`,
  );
  return true;
}
