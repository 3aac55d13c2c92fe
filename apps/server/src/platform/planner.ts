import { filterRangeOps, type FilterNode } from '@fiscus/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/dialect.js';
import { cached, parametersKey, peek } from './cache.js';
import {
  compileOrderBy,
  compileWhere,
  orderColumns,
  resolveColumn,
  type CompileOptions,
  type SortKey,
  type TrigramLookup,
  type WhereInput,
} from './compiler.js';
import type { OpContext } from './context.js';
import { anchorVersion, keepAnchor, nearestAnchor, seekWhere } from './keyset.js';
import { indexesOf, searchIndexOf, searchOptions, textIndexMap, type IndexInfo } from './ddl.js';
import { safeIdent } from './ident.js';
import { laneRows, pageLane, readRows } from './lanes.js';
import { isVirtual, type ObjectMeta } from './meta.js';
import { relationOf, relRows, type Relation } from './relation.js';
import { lookupCount } from './text-index.js';

/**
 * How a page, a count or a group-by of one object is read. A filtered page sorted by a field
 * has two ways to be answered, and which one is fast depends on how many rows match:
 *
 * - **walk**: read an index in sort order and test the filter on each row until the page is
 *   full — visits about `(offset + limit) × rows / matches` rows: a few hundred for a filter
 *   that matches often, the whole table for one that matches rarely;
 * - **filter first**: let the database find the matching rows through the filter's own
 *   indexes (B-tree ranges, trigram lookups), then sort them — visits about `matches` rows.
 *
 * SQLite guesses the number of matches, and guesses badly for substring conditions and for
 * filters over correlated fields: a saved view's sort index then walks the table row by row
 * for a filter that matches ten rows. So on SQLite the planner decides itself, from what it
 * knows for sure: the exact number of matches when it is cached (every count is — see
 * `countMatches`), else an upper bound from the filter's trigram lookups, else it walks
 * a bounded number of rows first (4 and then 40 pages' worth) and reads filter-first when
 * those do not fill the page. Either plan is a plain SQL query; the answers are the same.
 * PostgreSQL's planner estimates from its statistics and gets the query as it is.
 *
 * Trigram lookups are used only when they narrow the rows down: a lookup whose candidates
 * exceed `TRIGRAM_SHARE` of the table costs more than testing every row.
 */
export const TRIGRAM_SHARE = 0.1;
/** Walk budgets of a page whose number of matches is not known, in pages' worth of rows. */
const WALK_BUDGETS = [4, 40];

type Raw = Record<string, unknown>;
type Expr = RawBuilder<SqlBool>;

/** Test and benchmark instrumentation: SQLite rows visited by page queries (see `rowVisits`). */
let countVisits = false;
export function countRowVisits(on: boolean): void {
  countVisits = on;
}

export interface CompiledQuery {
  /** The WHERE without trigram lookups: the key of cached counts, and what a walk tests. */
  plain: Expr;
  /** The WHERE with the trigram lookups worth making. */
  fast: Expr;
  /** Cache key of the filter (its SQL and values). */
  key: string;
  /** Upper bound of the matches from necessary trigram lookups, when there is one. */
  bound?: number;
  /** Rows of the table (an estimate: the largest id), read when a plan needs it. */
  rows: () => Promise<number>;
  /** Where the rows are read (the object's table, or a live mount's source). */
  rel: Relation;
  /**
   * A search whose matches are kept in the order of a page (see `orderedMatches`), on a table
   * without computed fields: the WHERE without the search, and the first matches' ids in the
   * order of a page.
   */
  search?: { rest: Expr; ordered: (keys: SortKey[]) => Promise<OrderedMatches> };
  /**
   * The query searches words or matches a substring of a field, which PostgreSQL checks row by
   * row with `ILIKE` (it keeps such pages' first matches: `firstMatches`).
   */
  matchesText?: boolean;
}

/** Rows of a record table (an estimate: its largest id), cached until the table is written. */
export async function tableRows(db: Db, table: string): Promise<number> {
  return cached(db, 'rows', table, [table], async () => {
    // One step down the primary key: read at once, beside any writer.
    const { rows } = await sql<{
      n: number | null;
    }>`select max(id) as n from ${sql.id(safeIdent(table))}`.execute(db.read ?? db.kysely);
    return Number(rows[0]?.n ?? 0);
  });
}

function keyOf(rel: Relation, where: Expr): string {
  const c = where.compile(rel.db.kysely);
  return `${rel.cacheTables.join(',')}\u0000${c.sql}\u0000${parametersKey(c.parameters)}`;
}

/**
 * What compiling a query's WHERE gives that depends only on the object's fields, its indexes and
 * the input: kept per object metadata and index list (both cached objects, replaced when a field
 * or an index changes — so a new field list or index list starts an empty cache) and input.
 */
interface Prepared {
  plain: Expr;
  key: string;
  /** Trigram lookups the filter could make (SQLite with text indexes). */
  lookups: TrigramLookup[];
  /** The WHERE with the lookups that pay, per choice of lookups ('1' used, '0' not). */
  fast: Map<string, Expr>;
  /**
   * SQLite, a search looked up in the object's search index: the search alone (any state) and
   * its cache key, and per choice of lookups the WHERE without the search (see `searchMatches`).
   */
  search?: { where: Expr; key: string; rest: Map<string, Expr> };
}
const prepared = new WeakMap<ObjectMeta, WeakMap<IndexInfo[], Map<string, Prepared>>>();
/** Inputs kept per object metadata and index list; beyond, the oldest go. */
const PREPARED_MAX = 500;
/** A filter with a date range relative to today compiles to other dates tomorrow: not kept. */
const RELATIVE = new RegExp(`"op":"(${filterRangeOps.join('|')})"`);

/** Conditions matching a substring of a field (checked row by row on PostgreSQL). */
const TEXT_MATCH = /"op":"(not_)?contains"/;

/** Compile counts by outcome (tests look at them). */
export const compileStats = { compiled: 0, reused: 0 };

/**
 * Most records a search's matches may hold to be kept (see `searchMatches`), and most of its
 * first matches kept in the order of a page (see `orderedMatches`): beyond, a count or a page
 * past them reads the lookup's candidates and checks them, as it would without the cache. An
 * object so tests can lower it (`max`).
 */
export const searchMatchLimit = { max: 2000 };
/** Searches whose matches were read from the table (tests look at them). */
export const searchMatchStats = { computed: 0 };

/**
 * The ids of the records a search matches (in any state), as a JSON array, read once per data
 * version of the object's tables and kept in the cache of derived data (`platform/cache.ts`: a
 * write, an import, a delete or a restore through any server process ends it). A search's
 * exact check calls `fold()` — JavaScript — on every candidate the index lookup finds, and every
 * page of a grid, every client on the same view, asked it again: with the matches kept, the page
 * reads only those records (`id in (select value from json_each(?))`) and sorts them.
 */
function searchMatches(
  ctx: OpContext,
  rel: Relation,
  search: { where: Expr; key: string },
): Promise<{ ids: string; n: number }> {
  return cached(ctx.db, 'search', search.key, rel.cacheTables, async () => {
    searchMatchStats.computed++;
    const rows = await laneRows<{ id: number }>(
      ctx,
      'heavy',
      sql<{ id: number }>`select id from ${rel.from} where ${search.where}`,
    );
    return { ids: JSON.stringify(rows.map((r) => Number(r.id))), n: rows.length };
  });
}

/** A search's first matches in the order of a page; `all`: they are all its matches. */
export interface OrderedMatches {
  ids: number[];
  all: boolean;
}

/**
 * A search's matches in the order of a page (`keys`, then id), at most `searchMatchLimit.max`
 * of the first, kept per search, order and data version like `searchMatches`: a page then reads
 * the records in that order from the first on (`readLocalPage`) until it is full, instead of
 * reading every match and sorting them. A search matching more keeps its first ones only (a
 * page past them is read as without them) — `77` matches thousands of records, and nearly
 * every page a grid asks is among the first.
 */
function orderedMatches(
  ctx: OpContext,
  rel: Relation,
  search: { where: Expr; key: string },
  keys: SortKey[],
): Promise<OrderedMatches> {
  const order = compileOrderBy(keys, 'sqlite');
  const max = searchMatchLimit.max;
  const key = `${search.key}\u0000${order.compile(ctx.db.kysely).sql}\u0000${max}`;
  return cached(ctx.db, 'search-order', key, rel.cacheTables, async () => {
    searchMatchStats.computed++;
    const rows = await laneRows<{ id: number }>(
      ctx,
      'heavy',
      sql<{
        id: number;
      }>`select id from ${rel.from} where ${search.where} order by ${order} limit ${max + 1}`,
    );
    return { ids: rows.slice(0, max).map((r) => Number(r.id)), all: rows.length <= max };
  });
}

/**
 * Keeping the first matches of a filter whose page reads the table. A filtered page that no
 * index gives in order (no sort index yet — an ad-hoc filter before its automatic index is
 * built, a big table's first minutes — or a filter too rare for walking one) reads every match
 * and sorts them: the whole table for a substring condition, about 60 ms per page at 1M records.
 * A grid asks the same page again and again (every scroll back, every client on the same view,
 * the page and its neighbours), so such a page's query reads the first matches in the page's
 * order once per data version — at most `searchMatchLimit.max`, nearly the cost of the page
 * itself — and keeps their ids in the cache of derived data (a write, an import, a delete or a
 * restore through any server process ends them, as it ends a cached count). The next pages among
 * them read those records by id, in that order. On PostgreSQL, whose planner picks the plan, the
 * same is done for pages without a sort index and for every page of a word search or a
 * substring condition (each row read for the page is checked with `ILIKE` on every read
 * otherwise).
 *
 * Only tables of at least `minRows` records (an object so tests can lower it): below, reading
 * every match is a few milliseconds and keeping would only hold memory.
 */
export const firstMatchKeeping = { minRows: 50_000 };
/** Pages' first matches read from the table (tests look at them). */
export const firstMatchStats = { computed: 0 };

function firstMatchKey(ctx: OpContext, q: CompiledQuery, keys: SortKey[]): string {
  const order = compileOrderBy(keys, q.rel.db.dialect).compile(ctx.db.kysely).sql;
  return `${q.key}\u0000${order}\u0000${searchMatchLimit.max}`;
}

function firstMatches(
  ctx: OpContext,
  q: CompiledQuery,
  keys: SortKey[],
  lane: ReturnType<typeof pageLane>,
): Promise<OrderedMatches> {
  const dialect = q.rel.db.dialect;
  // SQLite: the order's columns are kept off indexes (`+column`), so it reads the matches first.
  const order = compileOrderBy(keys, dialect, dialect === 'sqlite');
  const max = searchMatchLimit.max;
  return cached(ctx.db, 'first', firstMatchKey(ctx, q, keys), q.rel.cacheTables, async () => {
    firstMatchStats.computed++;
    // In the lane of the page they are read for (a page near the top: the read lane, under its
    // time limit, not the heavy lane's).
    const rows = await laneRows<{ id: number }>(
      ctx,
      lane,
      sql<{
        id: number;
      }>`select id from ${q.rel.from} where ${q.fast} order by ${order} limit ${max + 1}`,
    );
    return { ids: rows.slice(0, max).map((r) => Number(r.id)), all: rows.length <= max };
  });
}

/**
 * The page from a filter's kept first matches (`firstMatches`), or undefined when they do not
 * reach it. `compute`: read them when they are not kept; else only kept ones are used. The
 * records are checked against the filter again (a write between the ids and the page must not
 * show a record the filter no longer matches).
 */
async function keptPage(
  ctx: OpContext,
  meta: ObjectMeta,
  q: CompiledQuery,
  req: PageRequest,
  compute: boolean,
): Promise<Raw[] | undefined> {
  if (!req.filtered || !q.rel.local || q.rel.cacheTables.length !== 1) return;
  // Below `minRows` nothing is kept: no key to build, no entry to look for.
  if (meta.fields.some(isVirtual) || (await q.rows()) < firstMatchKeeping.minRows) return;
  const need = req.offset + req.limit + 1;
  const kept = compute
    ? q.bound !== undefined && q.bound <= searchMatchLimit.max
      ? undefined
      : await firstMatches(ctx, q, req.keys, pageLane(ctx.db, need))
    : peek<OrderedMatches>(ctx.db, 'first', firstMatchKey(ctx, q, req.keys), q.rel.cacheTables);
  if (!kept || (!kept.all && need > kept.ids.length)) return;
  const some = kept.ids.slice(req.offset, need);
  if (!some.length) return [];
  const t = q.rel.from;
  const lane = pageLane(ctx.db, some.length);
  const from =
    ctx.db.dialect === 'sqlite'
      ? sql`(select key as pf_pos, value as pf_id from json_each(${JSON.stringify(some)})) as pf_j cross join ${t} on id = pf_id`
      : sql`unnest(${some}::bigint[]) with ordinality as pf_j(pf_id, pf_pos) join ${t} on id = pf_id`;
  return laneRows<Raw>(
    ctx,
    lane,
    sql<Raw>`select ${req.columns} from ${from} where ${q.plain} order by pf_pos`,
  );
}

function preparedFor(meta: ObjectMeta, indexes: IndexInfo[], key: string): Prepared | undefined {
  const hit = prepared.get(meta)?.get(indexes)?.get(key);
  if (hit) compileStats.reused++;
  return hit;
}

function keepPrepared(meta: ObjectMeta, indexes: IndexInfo[], key: string, p: Prepared): void {
  let byIndexes = prepared.get(meta);
  if (!byIndexes) prepared.set(meta, (byIndexes = new WeakMap()));
  let byInput = byIndexes.get(indexes);
  if (!byInput) byIndexes.set(indexes, (byInput = new Map()));
  if (byInput.size >= PREPARED_MAX) byInput.delete(byInput.keys().next().value as string);
  byInput.set(key, p);
}

/**
 * Compiles the WHERE of a query over an object twice: plainly (the cache key) and with the
 * trigram lookups that pay (sized once per data version). The compiled parts are kept per
 * object metadata, index list and input (`Prepared`): the page and the total of one grid, and
 * every client asking the same, compile a filter once.
 */
export async function compileQuery(
  ctx: OpContext,
  meta: ObjectMeta,
  input: WhereInput,
  indexes?: IndexInfo[],
): Promise<CompiledQuery> {
  const db = ctx.db;
  const rel = await relationOf(ctx, meta);
  const known = rel.local ? (indexes ?? (await indexesOf(db, meta.id))) : [];
  const inputKey = rel.local
    ? JSON.stringify([
        ctx.lang,
        input.filter ?? null,
        input.search ?? null,
        input.state ?? null,
        input.timeZone ?? null,
      ])
    : undefined;
  const keep = inputKey !== undefined && !RELATIVE.test(inputKey);
  // The input's key holds the filter's JSON (strings in it escaped, as in the filter's own).
  const matchesText =
    !!input.search?.trim() || TEXT_MATCH.test(inputKey ?? JSON.stringify(input.filter ?? null));
  let p = keep ? preparedFor(meta, known, inputKey) : undefined;
  const searchIndex = searchIndexOf(known);
  const base: CompileOptions = {
    dialect: rel.db.dialect,
    lang: ctx.lang,
    ...(rel.local ? {} : { castIntegers: rel.db.dialect === 'postgres' }),
    ...(rel.local ? searchOptions(known, meta.table, db.dialect) : {}),
  };
  const textIndexes = rel.local ? textIndexMap(known) : new Map<string, string>();
  if (!p) {
    compileStats.compiled++;
    const plain = compileWhere(meta, input, base);
    const lookups: TrigramLookup[] = [];
    // PostgreSQL: the search index's lookups of short words (compiler.ts `compileSearch`).
    if (rel.local && (db.dialect === 'sqlite' ? textIndexes.size || searchIndex : base.searchGrams))
      compileWhere(meta, input, {
        ...base,
        textIndexes,
        useTrigrams: (l) => (lookups.push(l), false),
      });
    p = { plain, key: keyOf(rel, plain), lookups, fast: new Map() };
    if (lookups.some((l) => l.search)) {
      const where = compileWhere(
        meta,
        { search: input.search, state: 'all' },
        { ...base, textIndexes, useTrigrams: (l) => !!l.search },
      );
      p.search = { where, key: keyOf(rel, where), rest: new Map() };
    }
    if (keep) keepPrepared(meta, known, inputKey, p);
  }
  const { plain, key, lookups } = p;
  if (!rel.local) return { plain, fast: plain, key, rows: () => Promise.resolve(0), rel };
  const rows = () => tableRows(db, meta.table);
  if (!lookups.length) return { plain, fast: plain, key, rows, rel, matchesText };
  const cap = Math.max(1000, Math.ceil((await rows()) * TRIGRAM_SHARE));
  const sizes = new Map<string, number>();
  let bound: number | undefined;
  for (const l of lookups) {
    const k = l.key;
    if (!sizes.has(k)) {
      const n = await cached(db, 'trigram', `${k}\u0000${cap}`, [meta.table], async () => {
        const [row] = await readRows(ctx, lookupCount(l.rowids, cap));
        return Number(row?.n ?? 0);
      });
      sizes.set(k, n);
    }
    const n = sizes.get(k) as number;
    // A search's lookup: its record numbers may match too.
    const most = n + (l.extra ?? 0);
    if (l.necessary && n < cap) bound = Math.min(bound ?? most, most);
  }
  // A search word looked up in every searched field: the union of its lookups (and the record
  // number) holds every match.
  const words = new Map<number, number>();
  for (const l of lookups) {
    if (l.word === undefined) continue;
    const n = sizes.get(l.key) as number;
    const sum = words.get(l.word) ?? 1;
    words.set(l.word, n < cap && sum >= 0 ? sum + n : -1);
  }
  for (const n of words.values()) if (n >= 0) bound = Math.min(bound ?? n, n);
  const pays = (l: TrigramLookup) => (sizes.get(l.key) ?? cap) < cap;
  const choice = lookups.map((l) => (pays(l) ? '1' : '0')).join('');
  const parts = p;
  /** The WHERE with the lookups that pay, compiled once per choice of them. */
  const fastWhere = (): Expr => {
    let fast = parts.fast.get(choice);
    if (!fast) {
      fast = compileWhere(meta, input, { ...base, textIndexes, useTrigrams: pays });
      parts.fast.set(choice, fast);
    }
    return fast;
  };
  // A search looked up in the search index: its first matches in the order of a page, kept per
  // data version; and all its matches when its lookup bounds them to a few.
  const search = lookups.find((l) => l.search);
  if (p.search && search && pays(search)) {
    let rest = p.search.rest.get(choice);
    if (!rest) {
      rest = compileWhere(
        meta,
        { ...input, search: undefined },
        { ...base, textIndexes, useTrigrams: pays },
      );
      p.search.rest.set(choice, rest);
    }
    const kept = p.search;
    const ordered = meta.fields.some(isVirtual)
      ? {}
      : { search: { rest, ordered: (keys: SortKey[]) => orderedMatches(ctx, rel, kept, keys) } };
    if ((sizes.get(search.key) as number) + (search.extra ?? 0) <= searchMatchLimit.max) {
      const matches = await searchMatches(ctx, rel, kept);
      const fast = sql<SqlBool>`${rest} and id in (select value from json_each(${matches.ids}))`;
      return {
        plain,
        fast,
        key,
        rows,
        rel,
        matchesText,
        bound: Math.min(bound ?? matches.n, matches.n),
        ...ordered,
      };
    }
    return {
      plain,
      fast: fastWhere(),
      key,
      rows,
      rel,
      matchesText,
      ...(bound !== undefined ? { bound } : {}),
      ...ordered,
    };
  }
  const fast = fastWhere();
  return { plain, fast, key, rows, rel, matchesText, ...(bound !== undefined ? { bound } : {}) };
}

/**
 * The number of rows a query matches, cached until the object's table is written. `summary`: a
 * statement answering the same number from a maintained aggregate of the table (kept in step with
 * it in every write's transaction), read instead of the records — asked for only when the count
 * is not cached (building it compiles the filter again).
 */
export function countMatches(
  ctx: OpContext,
  q: CompiledQuery,
  summary?: () => RawBuilder<{ n: number | string | null }> | undefined,
): Promise<number> {
  return cached(
    ctx.db,
    'count',
    q.key,
    q.rel.cacheTables,
    async () => {
      const rows = await relRows<{ n: number | string | null }>(
        ctx,
        q.rel,
        'heavy',
        summary?.() ?? sql`select count(*) as n from ${q.rel.from} where ${q.fast}`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    q.rel.cacheMaxAgeMs === undefined ? undefined : { maxAgeMs: q.rel.cacheMaxAgeMs },
  );
}

export interface PageRequest {
  columns: RawBuilder<unknown>;
  keys: SortKey[];
  state: 'active' | 'deleted' | 'all';
  /** The query has a filter or search (not only the state). */
  filtered: boolean;
  offset: number;
  /** Rows wanted; the answer holds up to `limit + 1` (the extra one tells there is more). */
  limit: number;
  indexes: IndexInfo[];
  /** Equality conditions of an AND filter root (their columns), for composite indexes. */
  equalities: string[];
  /** Columns the filter tests (`filterColumns`): an order index carrying them is preferred. */
  tested?: string[];
}

/**
 * An index that yields rows in the order of the query (then id), forwards or backwards. Of
 * several, the one carrying most of the columns the filter tests after the order (a walk then
 * tests them on the index entry, without reading the table row), then the narrowest.
 */
function orderIndex(req: PageRequest): IndexInfo | 'rowid' | undefined {
  const full = orderColumns(req.keys);
  if (full.length === 1) return 'rowid';
  let best: IndexInfo | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const ix of req.indexes) {
    if (ix.kind !== 'btree' || (ix.live && req.state !== 'active')) continue;
    if (ix.columns.length < full.length) continue;
    const flip = !!ix.columns[0]?.desc !== !!full[0]?.desc;
    const ordered = full.every((c, i) => {
      const x = ix.columns[i];
      return x?.column === c.column && (!!x.desc !== flip) === c.desc;
    });
    if (!ordered) continue;
    const carried = ix.columns
      .slice(full.length)
      .filter((c) => req.tested?.includes(c.column)).length;
    // More carried columns first; of equal ones, fewer columns in all.
    const score = carried * 1000 - ix.columns.length;
    if (score > bestScore) {
      best = ix;
      bestScore = score;
    }
  }
  return best;
}

/**
 * An index of equality columns (of the filter) followed by the order (and maybe other columns
 * the filter tests, index-policy.ts): read as it is.
 */
function equalityIndex(req: PageRequest): boolean {
  if (!req.equalities.length) return false;
  const order = orderColumns(req.keys).map((c) => c.column);
  return req.indexes.some((ix) => {
    if (ix.kind !== 'btree' || (ix.live && req.state !== 'active')) return false;
    const cols = ix.columns.map((c) => c.column);
    for (
      let lead = 1;
      lead < cols.length && req.equalities.includes(cols[lead - 1] as string);
      lead++
    )
      if (order.every((c, i) => cols[lead + i] === c)) return true;
    return false;
  });
}

/** Columns compared with `eq` by the conditions of an AND filter root. */
export function rootEqualities(meta: ObjectMeta, filter: FilterNode | undefined): string[] {
  if (!filter?.isactive || filter.operator.sid === 'or') return [];
  const out: string[] = [];
  for (const c of filter.conditions) {
    const col = c.op === 'eq' ? resolveColumn(meta, c.field) : undefined;
    // A datetime compared with a date is a day's range, not one value.
    if (col && col.kind !== 'datetime') out.push(col.column);
  }
  return out;
}

/** Columns of the conditions of a filter, at any depth. */
export function filterColumns(meta: ObjectMeta, filter: FilterNode | undefined): string[] {
  const out: string[] = [];
  const visit = (node: FilterNode) => {
    for (const c of node.conditions) {
      const col = resolveColumn(meta, c.field)?.column;
      if (col && !out.includes(col)) out.push(col);
    }
    for (const ch of node.children) if (ch.isactive) visit(ch);
  };
  if (filter?.isactive) visit(filter);
  return out;
}

/**
 * Reads one page (up to `limit + 1` rows) of an object's records, choosing between walking an
 * index in sort order and reading the filter's matches first (see above).
 *
 * On PostgreSQL a page of the object's own table (no computed fields) is kept per data version
 * of the table (`cached`, area `page`, `pageKeeping`): every client on the same view, and the
 * same grid asking again, get its rows without a statement — the driver's parsing of the rows
 * on the event loop and the database's work — until the table is written (by any server
 * process: platform/events/bus.ts). What is kept is the rows as the database gave them; each
 * answer still builds its records, display texts and names from them.
 */
export async function readPage(
  ctx: OpContext,
  meta: ObjectMeta,
  q: CompiledQuery,
  req: PageRequest,
): Promise<Raw[]> {
  if (!q.rel.local) {
    // A live mount: the query as it is, on the source (its planner decides).
    const order = compileOrderBy(req.keys, q.rel.db.dialect, false, q.rel.notNull);
    return relRows<Raw>(
      ctx,
      q.rel,
      'read',
      sql`select ${req.columns} from ${q.rel.from} where ${q.fast} order by ${order} limit ${req.limit + 1} offset ${req.offset}`,
    );
  }
  if (
    ctx.db.dialect === 'postgres' &&
    pageKeeping.maxPages > 0 &&
    q.rel.cacheTables.length === 1 &&
    req.limit <= pageKeeping.maxRows &&
    !meta.fields.some(isVirtual)
  ) {
    // The ORDER BY is made of these alone (`compileOrderBy`).
    const order = JSON.stringify(orderColumns(req.keys));
    const key = `${q.key}\u0000${req.state}\u0000${columnsSql(ctx.db, req.columns)}\u0000${order}\u0000${req.offset}\u0000${req.limit}`;
    return cached(ctx.db, 'page', key, q.rel.cacheTables, () => readTablePage(ctx, meta, q, req), {
      own: pageKeeping.maxPages,
      keep: (rows) => pageSize(rows as Raw[]) <= pageKeeping.maxSize,
    });
  }
  return readTablePage(ctx, meta, q, req);
}

/**
 * A page's rows kept per data version of its table (PostgreSQL; `readPage`): at most `maxPages`
 * pages of at most `maxRows` rows and `maxSize` characters of values (`pageSize`: long texts are
 * read again rather than held), an object so tests can change it; `maxPages` 0 keeps none.
 */
export const pageKeeping = { maxRows: 200, maxPages: 200, maxSize: 64_000 };

/** A page's size for `pageKeeping`: the characters of its texts, 8 for any other value. */
function pageSize(rows: Raw[]): number {
  let n = 0;
  for (const row of rows)
    for (const k in row) {
      const v = row[k];
      n += typeof v === 'string' ? v.length : 8;
    }
  return n;
}
/** Pages read from the database rather than answered as kept (tests look at them). */
export const pageStats = { read: 0 };

const columnTexts = new WeakMap<RawBuilder<unknown>, string>();
/** The SQL of a page's column list (`selectList` keeps one builder per set of columns). */
function columnsSql(db: Db, columns: RawBuilder<unknown>): string {
  let text = columnTexts.get(columns);
  if (text === undefined) {
    text = columns.compile(db.kysely).sql;
    columnTexts.set(columns, text);
  }
  return text;
}

/** `readPage` of an object's own table, as the database answers it now. */
async function readTablePage(
  ctx: OpContext,
  meta: ObjectMeta,
  q: CompiledQuery,
  req: PageRequest,
): Promise<Raw[]> {
  pageStats.read++;
  const db = ctx.db;
  // A deep page after one read before it reads on from that page's last row (keyset.ts).
  const cols = orderColumns(req.keys);
  const akey = `${q.key}\u0000${req.state}\u0000${JSON.stringify(cols)}`;
  const version = anchorVersion(db, q.rel.cacheTables);
  const anchor =
    req.offset > 0 ? nearestAnchor(db, akey, q.rel.cacheTables, req.offset) : undefined;
  const keys = sql.join(cols.map((c, i) => sql`${sql.id(c.column)} as ${sql.id(`__k${i}`)}`));
  // A page at an offset not right after an anchor also reads the row before it, kept as the
  // anchor of this very offset: the same page asked again (a refresh, another client) seeks.
  const lead = req.offset > 0 && (!anchor || anchor.pos < req.offset - 1) ? 1 : 0;
  const withKeys = { ...req, columns: sql`${req.columns}, ${keys}`, limit: req.limit + lead };
  // A page among a filter's kept first matches is read from them (`keptPage`).
  let rows = await keptPage(ctx, meta, q, { ...withKeys, offset: req.offset - lead }, false);
  if (!rows && anchor) {
    const seek = seekWhere(cols, anchor.values);
    const and = (w: Expr) => sql<SqlBool>`${w} and ${seek.where}`;
    rows = await readLocalPage(
      ctx,
      meta,
      {
        ...q,
        plain: and(q.plain),
        fast: and(q.fast),
        ...(q.search ? { search: { ...q.search, rest: and(q.search.rest) } } : {}),
      },
      { ...withKeys, offset: req.offset - anchor.pos - 1 - lead },
      seek.where,
    );
    if (!seek.exact && rows.length <= withKeys.limit) rows = undefined;
  }
  rows ??= await readLocalPage(ctx, meta, q, { ...withKeys, offset: req.offset - lead });
  if (lead) {
    const before = rows[0];
    if (before)
      keepAnchor(db, akey, q.rel.cacheTables, version, {
        pos: req.offset - 1,
        values: cols.map((_, i) => before[`__k${i}`]),
      });
    rows = rows.slice(1);
  }
  const last = Math.min(rows.length, req.limit) - 1;
  const row = rows[last];
  if (row)
    keepAnchor(db, akey, q.rel.cacheTables, version, {
      pos: req.offset + last,
      values: cols.map((_, i) => row[`__k${i}`]),
    });
  return rows;
}

/** Reads one page of an object's own table (see readPage); `seek` bounds a walk's stretch. */
async function readLocalPage(
  ctx: OpContext,
  meta: ObjectMeta,
  q: CompiledQuery,
  req: PageRequest,
  seek?: Expr,
): Promise<Raw[]> {
  const db = ctx.db;
  // Pages near the top read in the read lane, deep ones in the heavy lane, pages of a small
  // table at once (platform/lanes.ts). A relation over other tables too is not small.
  const size =
    db.dialect === 'sqlite' && q.rel.cacheTables.length === 1 ? await q.rows() : undefined;
  const lane = pageLane(db, req.offset + req.limit + 1, size);
  const run = (query: RawBuilder<unknown>) => laneRows<Raw>(ctx, lane, query as RawBuilder<Raw>);
  const t = q.rel.from;
  const order = compileOrderBy(req.keys, db.dialect);
  const visit = countVisits && db.dialect === 'sqlite' ? sql<SqlBool>`pf_visit() and ` : sql``;
  const page = sql`limit ${req.limit + 1} offset ${req.offset}`;
  const plainQuery = (where: Expr) =>
    sql`select ${req.columns} from ${t} where ${visit}${where} order by ${order} ${page}`;
  // PostgreSQL decides by itself, but counts a lookup's condition as if it filtered apart from
  // the exact check it duplicates (the rows holding `77` are those matching `%77%`): with a
  // lookup it guesses far too few matches and reads them all, where walking an index in sort
  // order finds a page of a common word at once. So a walk that visits fewer rows than half the
  // lookup's bound on the matches gets the WHERE without lookups (SQLite's rule below).
  if (
    db.dialect === 'postgres' &&
    !seek &&
    (q.matchesText || (!orderIndex(req) && !equalityIndex(req)))
  ) {
    const rows = await keptPage(ctx, meta, q, req, true);
    if (rows) return rows;
  }
  if (
    db.dialect === 'postgres' &&
    req.filtered &&
    q.fast !== q.plain &&
    q.bound !== undefined &&
    orderIndex(req) &&
    ((req.offset + req.limit + 1) * (await q.rows())) / Math.max(q.bound, 1) < q.bound / 2
  )
    return run(plainQuery(q.plain));
  if (db.dialect !== 'sqlite' || !req.filtered) return run(plainQuery(q.fast));
  // A search's kept matches in the page's order: the page is the first rows of them that the
  // state and the filter keep. Tried first on the first matches only (twice the rows the page
  // ends at): when those fill the page, the rest could not change it; else on all that are
  // kept. When those are not all the search's matches and did not fill the page either, the
  // page is read as without them (below).
  if (q.search) {
    const { ordered, rest } = q.search;
    const { ids, all } = await ordered(req.keys);
    const read = (some: number[]) =>
      run(
        sql`select ${req.columns} from (select key as pf_pos, value as pf_id from json_each(${JSON.stringify(some)})) as pf_j cross join ${t} on id = pf_id where ${visit}${rest} order by pf_pos ${page}`,
      );
    const need = req.offset + req.limit + 1;
    const first = 2 * need;
    if (first < ids.length) {
      const rows = await read(ids.slice(0, first));
      if (rows.length > req.limit) return rows;
    }
    if (all) return read(ids);
    if (need <= ids.length) {
      const rows = await read(ids);
      if (rows.length > req.limit) return rows;
    }
  }
  // An index of the filter's equalities then the sort keys reads the page in order already.
  if (equalityIndex(req)) return run(plainQuery(q.plain));

  // Reading every match and sorting them: from the kept first matches on a big table.
  const filterFirst = async () =>
    (!seek && (await keptPage(ctx, meta, q, req, true))) ||
    run(
      sql`select ${req.columns} from ${t} where ${visit}${q.fast} order by ${compileOrderBy(req.keys, 'sqlite', true)} ${page}`,
    );
  const ix = orderIndex(req);
  if (!ix) return filterFirst();
  // SQLite's walk of the index in the page's order, then matches first (see above).
  const walked = async (hinted: IndexInfo | 'rowid'): Promise<Raw[]> => {
    const hint =
      hinted === 'rowid' ? sql`not indexed` : sql`indexed by ${sql.id(safeIdent(hinted.name))}`;
    const from = q.rel.hinted ? q.rel.hinted(hint) : sql`${t} ${hint}`;
    const walk = () =>
      run(
        sql`select ${req.columns} from ${from} where ${visit}${q.plain} order by ${order} ${page}`,
      );
    const need = req.offset + req.limit + 1;
    const rows = Math.max(await q.rows(), 1);
    const known = peek<number>(db, 'count', q.key, q.rel.cacheTables);
    const matches = known ?? q.bound;
    if (matches !== undefined) {
      // Rows a walk visits against the rows reading the matches first visits (at least).
      const walkCost = matches >= need ? (need * rows) / Math.max(matches, 1) : rows;
      if (known === undefined && walkCost > matches) return filterFirst();
      // The walk's estimate assumes matches spread evenly along the sort order; they seldom do,
      // so it must be clearly cheaper.
      // Reading the matches first visits at least the candidates its trigram lookups find.
      if (known !== undefined)
        return 2 * walkCost <= Math.max(matches, q.bound ?? 0) ? walk() : filterFirst();
    }
    // Not known: walk a bounded stretch of the index, then read the matches first.
    const state =
      req.state === 'active'
        ? sql<SqlBool>`deleted_at is null`
        : req.state === 'deleted'
          ? sql<SqlBool>`deleted_at is not null`
          : sql<SqlBool>`1 = 1`;
    for (const pages of WALK_BUDGETS) {
      const budget = need * pages;
      if (budget >= rows) return walk();
      const within = seek ? sql<SqlBool>`${state} and ${seek}` : state;
      const stretch = sql`select id from ${from} where ${within} order by ${order} limit ${budget}`;
      const found = await run(
        sql`select ${req.columns} from ${t} where ${visit}id in (${stretch}) and ${q.plain} order by ${compileOrderBy(req.keys, 'sqlite', true)} ${page}`,
      );
      if (found.length >= req.limit + 1) return found;
    }
    return filterFirst();
  };
  try {
    return await walked(ix);
  } catch (e) {
    // The index dropped since the object's indexes were read (a view deleted, a large import
    // begun): the page as without it.
    if (ix !== 'rowid' && e instanceof Error && e.message.startsWith('no such index'))
      return filterFirst();
    throw e;
  }
}
