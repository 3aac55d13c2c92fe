import {
  FILTER_LIMITS,
  filterKindOf,
  filterOps,
  filterOpsByKind,
  textualTypes,
  type Condition,
  type FilterKind,
  type FilterRangeOp,
  type FilterNode,
  type FilterOp,
  type GroupBy,
  type OrderBy,
} from '@fiscus/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { foldCase, type DialectName } from '../db/dialect.js';
import type { KeyOf, Lang } from './messages.js';
import { decimalOf, isValidDate, normalizeDatetime, scaleOf } from './values.js';
import { divideCeil, divideFloor, formatUnits, pow10, UNITS_LIMIT, type Dec } from './decimal.js';
import { findField, type FieldMeta, type ObjectMeta } from './meta.js';
import { addError, invalid } from './errors.js';
import { safeIdent } from './ident.js';
import { pfText } from './platform.messages.js';
import {
  searchGrams,
  searchIndexName,
  searchText,
  searchWordQuery,
  trigramQuery,
  trigramRowids,
} from './text-index.js';

/**
 * The query compiler: turns the seed's filter tree, search text, orderby and groupby into SQL
 * over one object's table. Identifiers come only from metadata; values are bound parameters.
 * Anything it cannot compile is a 400 naming the path of the offending part.
 */

/** How a column behaves in filters. */
export type Kind = FilterKind;

export interface Column {
  /** Key in the API (field code or system column name). */
  key: string;
  /** SQL column name. */
  column: string;
  kind: Kind;
  field?: FieldMeta;
}

type RangeOp = FilterRangeOp;

const OPS = filterOpsByKind;
export const kindOf = filterKindOf;

const SYSTEM: Record<string, Kind> = {
  id: 'id',
  created_at: 'datetime',
  updated_at: 'datetime',
  created_by: 'user',
  updated_by: 'user',
};

/** A field (by code or id) or a system column; undefined when unknown. */
export function resolveColumn(meta: ObjectMeta, key: unknown): Column | undefined {
  if (typeof key !== 'string') return undefined;
  const sys = Object.hasOwn(SYSTEM, key) ? SYSTEM[key] : undefined;
  if (sys) return { key, column: key, kind: sys };
  const f = findField(meta, key);
  return f ? { key: f.code, column: f.column, kind: kindOf(f.type), field: f } : undefined;
}

export interface CompileOptions {
  dialect: DialectName;
  lang: Lang;
  timeZone?: string;
  /** Reference date for relative ranges (tests); default now. */
  now?: Date;
  /**
   * SQLite: trigram indexes by column (see text-index.ts). Substring and search conditions on
   * these columns look up candidate rows in the index and re-check the exact condition on them.
   * Absent: every condition reads rows.
   */
  textIndexes?: ReadonlyMap<string, string>;
  /**
   * The columns of the object's word-search index (text-index.ts `buildSearchIndex`), when they
   * are exactly the searched columns. PostgreSQL: a word is matched once against their joined
   * text. SQLite: the words' candidates come from the index (trigrams, and short grams for words
   * of one or two characters) — with `textIndexes`, when the planner allows the lookup.
   */
  searchIndex?: readonly string[];
  /**
   * PostgreSQL: the search index also holds the joined text's pieces of one and two characters
   * (text-index.ts `searchGrams`): a word that short is looked up there.
   */
  searchGrams?: boolean;
  /** Whether a trigram lookup is used (the planner decides from its size); default: yes. */
  useTrigrams?: (lookup: TrigramLookup) => boolean;
  /**
   * Bind whole numbers as `bigint` (PostgreSQL sources of live mounts): a parameter takes the
   * type of the column it meets, and a value beyond a 32-bit column's range would fail instead
   * of matching nothing. The comparison of a 32-bit column with a 64-bit value keeps its index.
   */
  castIntegers?: boolean;
  /**
   * The SQL of a column when it is not the column of that name (the records of a rollup's
   * filter: their computed fields are expressions; platform/computed.ts).
   */
  columnSql?: (c: Column) => RawBuilder<unknown> | undefined;
}

/** A trigram index lookup the compiler would make (see CompileOptions.useTrigrams). */
export interface TrigramLookup {
  /** Tells lookups apart (the same key: the same rows). */
  key: string;
  /** `select rowid …` of the candidate rows. */
  rowids: RawBuilder<unknown>;
  /**
   * Every row the whole filter matches is among this lookup's candidates (the condition lies on
   * a path of AND nodes from the root), so its size bounds the number of matches.
   */
  necessary: boolean;
  /**
   * A word of a search: its lookups (one per searched field) together hold every row the search
   * matches — the sum of their sizes bounds the number of matches when every one is made.
   */
  word?: number;
  /**
   * Rows the filter may match beside the lookup's candidates (a search's record numbers): with
   * `necessary`, the lookup's size plus this bounds the number of matches.
   */
  extra?: number;
  /** The lookup of a whole search in the object's search index (SQLite, `searchLookup`). */
  search?: true;
}

type Errors = Record<string, string[]>;
type Expr = RawBuilder<SqlBool>;

const TRUE: Expr = sql<SqlBool>`1 = 1`;
const FALSE: Expr = sql<SqlBool>`1 = 0`;

function col(c: Column): RawBuilder<unknown> {
  return sql.id(c.column);
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

function like(dialect: DialectName, c: RawBuilder<unknown>, pattern: string): Expr {
  if (dialect === 'postgres') return sql<SqlBool>`${c} ilike ${pattern} escape '\\'`;
  // MySQL/MariaDB read a backslash in a string literal as an escape: the literal is doubled.
  if (dialect === 'mysql') return sql<SqlBool>`lower(${c}) like ${pattern} escape '\\\\'`;
  return sql<SqlBool>`${c} like ${pattern} escape '\\'`;
}

/**
 * Case-insensitive text matching — the one folding rule of the compiler (filters and search;
 * trigram or full-text indexes must index the same expression). The needle is folded here;
 * PostgreSQL's ILIKE folds the column; on MySQL/MariaDB (live mounts, whose text is compared
 * in a binary collation, relation.ts) `lower()` does. SQLite's LIKE folds ASCII only, so a needle with other
 * letters compares against `fold(column)`; an ASCII needle keeps the plain LIKE (no letter
 * outside ASCII folds into ASCII), and with it whatever index use SQLite makes of it.
 */
function foldedMatch(
  dialect: DialectName,
  c: RawBuilder<unknown>,
  needle: string,
  at: 'anywhere' | 'start',
): Expr {
  const folded = foldCase(needle);
  const pattern = at === 'start' ? `${likeEscape(folded)}%` : `%${likeEscape(folded)}%`;
  if (dialect !== 'sqlite' || !/[^\p{ASCII}]/u.test(folded)) return like(dialect, c, pattern);
  return sql<SqlBool>`fold(${c}) like ${pattern} escape '\\'`;
}

/** The lookup of `needle` in a column's trigram index, when it has one the options allow. */
function lookupOf(
  opts: CompileOptions,
  column: string,
  needle: string,
  necessary: boolean,
  word?: number,
): TrigramLookup | undefined {
  const index = opts.dialect === 'sqlite' ? opts.textIndexes?.get(column) : undefined;
  const query = index ? trigramQuery(needle) : null;
  if (!index || query === null) return undefined;
  const lookup: TrigramLookup = {
    key: `${index}\u0000${query}`,
    rowids: trigramRowids(index, query),
    necessary,
    ...(word === undefined ? {} : { word }),
  };
  return !opts.useTrigrams || opts.useTrigrams(lookup) ? lookup : undefined;
}

/**
 * A substring condition (`exact`: the condition itself) narrowed to the candidate rows of the
 * column's trigram index, when it has one and the needle is long enough; else `exact` alone.
 * Answers are the same either way: the candidates are a superset of the matching rows.
 */
function viaTrigrams(s: State, column: string, needle: string, exact: Expr): Expr {
  const lookup = lookupOf(s.opts, column, needle, s.necessary);
  if (!lookup) return exact;
  return sql<SqlBool>`(id in (${lookup.rowids}) and ${exact})`;
}

// ---- dates -----------------------------------------------------------------------------------

function todayIn(timeZone: string | undefined, now: Date): string {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone || 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return fmt.format(now);
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function addMonths(iso: string, months: number): string {
  const d = new Date(`${iso.slice(0, 7)}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** [from, to) as ISO dates for a relative range. */
export function dateRange(op: RangeOp, today: string, days?: number): [string, string] {
  switch (op) {
    case 'today':
      return [today, addDays(today, 1)];
    case 'yesterday':
      return [addDays(today, -1), today];
    case 'this_week':
    case 'last_week': {
      const dow = (new Date(`${today}T00:00:00.000Z`).getUTCDay() + 6) % 7; // Monday = 0
      const monday = addDays(today, -dow);
      return op === 'this_week' ? [monday, addDays(monday, 7)] : [addDays(monday, -7), monday];
    }
    case 'this_month': {
      const first = `${today.slice(0, 7)}-01`;
      return [first, addMonths(first, 1)];
    }
    case 'last_month': {
      const first = `${today.slice(0, 7)}-01`;
      return [addMonths(first, -1), first];
    }
    case 'this_year': {
      const y = Number(today.slice(0, 4));
      return [`${today.slice(0, 4)}-01-01`, `${String(y + 1).padStart(4, '0')}-01-01`];
    }
    case 'last_n_days':
      return [addDays(today, -((days ?? 1) - 1)), addDays(today, 1)];
  }
}

// ---- values ----------------------------------------------------------------------------------

type V = { ok: true; v: unknown } | { ok: false; msg: string };

function scalar(c: Column, value: unknown, lang: Lang): V {
  const bad = (key: KeyOf<typeof pfText>): V => ({ ok: false, msg: pfText(lang, key) });
  switch (c.kind) {
    case 'text':
    case 'choice':
    case 'multi':
    case 'user':
    case 'file': {
      if (typeof value === 'number' && Number.isFinite(value))
        return { ok: true, v: String(value) };
      if (typeof value !== 'string' || value.includes('\u0000')) return bad('pf.expected_text');
      if (value.length > 1000)
        return { ok: false, msg: pfText(lang, 'field.too_big_string', { max: 1000 }) };
      return { ok: true, v: value };
    }
    case 'number': {
      const n =
        typeof value === 'string' && value.trim() !== '' && value.length < 40
          ? Number(value)
          : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > 1e300)
        return bad('pf.expected_number');
      return { ok: true, v: n };
    }
    case 'int':
    case 'ref':
    case 'id': {
      const n =
        typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return bad('pf.expected_integer');
      return { ok: true, v: n };
    }
    case 'bool': {
      if (typeof value === 'boolean') return { ok: true, v: value ? 1 : 0 };
      if (value === 0 || value === 1) return { ok: true, v: value };
      if (value === 'true' || value === 'false') return { ok: true, v: value === 'true' ? 1 : 0 };
      return bad('pf.expected_boolean');
    }
    case 'date': {
      if (typeof value !== 'string') return bad('pf.expected_date');
      const s = value.trim().slice(0, 10);
      return isValidDate(s) && (value.trim().length === 10 || normalizeDatetime(value.trim()))
        ? { ok: true, v: s }
        : bad('pf.expected_date');
    }
    case 'datetime': {
      if (typeof value !== 'string') return bad('pf.expected_datetime');
      const iso = normalizeDatetime(value.trim());
      return iso ? { ok: true, v: iso } : bad('pf.expected_datetime');
    }
  }
}

// ---- filter ----------------------------------------------------------------------------------

interface State {
  meta: ObjectMeta;
  opts: CompileOptions;
  errors: Errors;
  conditions: number;
  today?: string;
  /** The node being compiled lies on a path of AND nodes from the root. */
  necessary: boolean;
}

function condition(s: State, cond: Condition, path: string): Expr {
  const { lang, dialect } = s.opts;
  const c = resolveColumn(s.meta, cond.field);
  if (!c) {
    addError(
      s.errors,
      `${path}.field`,
      pfText(lang, 'pf.unknown_field', { field: String(cond.field).slice(0, 60) }),
    );
    return TRUE;
  }
  const op = cond.op as FilterOp;
  if (!(filterOps as readonly string[]).includes(cond.op) || !OPS[c.kind].includes(op)) {
    addError(
      s.errors,
      `${path}.op`,
      pfText(lang, 'pf.op_not_allowed', {
        op: String(cond.op).slice(0, 32),
        type: c.field?.type ?? c.kind,
      }),
    );
    return TRUE;
  }
  const x = s.opts.columnSql?.(c) ?? col(c);
  const valueErr = (m: string): Expr => {
    addError(s.errors, `${path}.value`, m);
    return TRUE;
  };
  const wide = s.opts.castIntegers && (c.kind === 'int' || c.kind === 'id' || c.kind === 'ref');
  const one = (value: unknown): unknown => {
    const r = scalar(c, value, lang);
    if (!r.ok) throw new ValueError(r.msg);
    return wide ? sql`cast(${r.v} as bigint)` : r.v;
  };
  const list = (value: unknown): unknown[] => {
    if (!Array.isArray(value) || value.length === 0)
      throw new ValueError(pfText(lang, 'pf.expected_list'));
    if (value.length > FILTER_LIMITS.maxInValues) {
      throw new ValueError(pfText(lang, 'field.too_big_array', { max: FILTER_LIMITS.maxInValues }));
    }
    return value.map(one);
  };
  const isText = c.kind === 'text' || c.kind === 'choice' || c.kind === 'user' || c.kind === 'file';
  const empty: Expr =
    c.kind === 'multi'
      ? sql<SqlBool>`(${x} is null or ${x} = '[]')`
      : isText
        ? sql<SqlBool>`(${x} is null or ${x} = '')`
        : sql<SqlBool>`${x} is null`;
  try {
    if (c.kind === 'number' && c.field) return decimalCondition(s, c, cond, x, empty, path);
    if (c.kind === 'multi') {
      // A choice among the stored JSON list, its case folded as in every text match.
      const has = (v: unknown) => foldedMatch(dialect, x, JSON.stringify(v), 'anywhere');
      switch (op) {
        case 'contains':
          return has(one(cond.value));
        case 'in':
          return sql<SqlBool>`(${sql.join(list(cond.value).map(has), sql` or `)})`;
        case 'not_in':
          return sql<SqlBool>`(${x} is null or not (${sql.join(list(cond.value).map(has), sql` or `)}))`;
        case 'is_empty':
          return empty;
        default:
          return sql<SqlBool>`not ${empty}`;
      }
    }
    // datetime equality with a date means "that day"
    const dayOf = (value: unknown): [string, string] | undefined => {
      if (c.kind === 'datetime' && typeof value === 'string' && isValidDate(value.trim())) {
        const d = value.trim();
        return [`${d}T00:00:00.000Z`, `${addDays(d, 1)}T00:00:00.000Z`];
      }
      return undefined;
    };
    switch (op) {
      case 'eq': {
        const day = dayOf(cond.value);
        if (day) return sql<SqlBool>`(${x} >= ${day[0]} and ${x} < ${day[1]})`;
        return sql<SqlBool>`${x} = ${one(cond.value)}`;
      }
      case 'neq': {
        const day = dayOf(cond.value);
        if (day) return sql<SqlBool>`(${x} is null or ${x} < ${day[0]} or ${x} >= ${day[1]})`;
        const v = one(cond.value);
        return c.kind === 'id'
          ? sql<SqlBool>`${x} <> ${v}`
          : sql<SqlBool>`(${x} is null or ${x} <> ${v})`;
      }
      case 'gt':
        return sql<SqlBool>`${x} > ${one(cond.value)}`;
      case 'gte':
        return sql<SqlBool>`${x} >= ${one(cond.value)}`;
      case 'lt':
        return sql<SqlBool>`${x} < ${one(cond.value)}`;
      case 'lte': {
        const day = dayOf(cond.value);
        if (day) return sql<SqlBool>`${x} < ${day[1]}`;
        return sql<SqlBool>`${x} <= ${one(cond.value)}`;
      }
      case 'between': {
        if (!Array.isArray(cond.value) || cond.value.length !== 2)
          return valueErr(pfText(lang, 'pf.expected_range'));
        const from = one(cond.value[0]);
        const toDay = dayOf(cond.value[1]);
        if (toDay) return sql<SqlBool>`(${x} >= ${from} and ${x} < ${toDay[1]})`;
        return sql<SqlBool>`(${x} >= ${from} and ${x} <= ${one(cond.value[1])})`;
      }
      case 'in':
        return sql<SqlBool>`${x} in (${sql.join(list(cond.value))})`;
      case 'not_in': {
        const vs = sql.join(list(cond.value));
        return c.kind === 'id'
          ? sql<SqlBool>`${x} not in (${vs})`
          : sql<SqlBool>`(${x} is null or ${x} not in (${vs}))`;
      }
      case 'contains': {
        const needle = String(one(cond.value));
        return viaTrigrams(s, c.column, needle, foldedMatch(dialect, x, needle, 'anywhere'));
      }
      case 'not_contains':
        return sql<SqlBool>`(${x} is null or not ${foldedMatch(dialect, x, String(one(cond.value)), 'anywhere')})`;
      case 'starts_with': {
        const needle = String(one(cond.value));
        return viaTrigrams(s, c.column, needle, foldedMatch(dialect, x, needle, 'start'));
      }
      case 'is_empty':
        return empty;
      case 'is_not_empty':
        return sql<SqlBool>`not ${empty}`;
      default: {
        let days: number | undefined;
        if (op === 'last_n_days') {
          const n = typeof cond.value === 'string' ? Number(cond.value) : cond.value;
          if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 3650) {
            return valueErr(pfText(lang, 'pf.expected_days'));
          }
          days = n;
        }
        if (s.today === undefined) {
          try {
            s.today = todayIn(s.opts.timeZone, s.opts.now ?? new Date());
          } catch {
            addError(s.errors, 'timeZone', pfText(lang, 'field.invalid_value'));
            return TRUE;
          }
        }
        const [from, to] = dateRange(op as RangeOp, s.today, days);
        if (c.kind === 'date') return sql<SqlBool>`(${x} >= ${from} and ${x} < ${to})`;
        return sql<SqlBool>`(${x} >= ${`${from}T00:00:00.000Z`} and ${x} < ${`${to}T00:00:00.000Z`})`;
      }
    }
  } catch (e) {
    if (e instanceof ValueError) return valueErr(e.message);
    throw e;
  }
}

class ValueError extends Error {}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/**
 * A condition on a decimal, money or percent field, exact at any size: the value given is read
 * as the decimal it spells and compared with the stored values as they are (SQLite: integer units
 * at the field's scale; PostgreSQL: numeric). A value with more digits than the field keeps is
 * compared exactly, too: `amount > 12.345` at scale 2 holds from 12.35 on, `amount = 12.345`
 * for no record.
 */
function decimalCondition(
  s: State,
  c: Column,
  cond: Condition,
  x: RawBuilder<unknown>,
  empty: Expr,
  path: string,
): Expr {
  const { lang, dialect } = s.opts;
  const field = c.field as FieldMeta;
  const scale = scaleOf(field.type, field.options);
  const read = (value: unknown): Dec => {
    const d = decimalOf(value);
    if (!d) throw new ValueError(pfText(lang, 'pf.expected_number'));
    return d;
  };
  /** Units at the field's scale: exactly, or the nearest stored value up or down. */
  const at = (d: Dec, mode: 'exact' | 'floor' | 'ceil'): bigint | undefined => {
    let u: bigint | undefined;
    if (d.scale <= scale) u = d.units * pow10(scale - d.scale);
    else {
      const f = pow10(d.scale - scale);
      if (mode === 'exact') u = d.units % f === 0n ? d.units / f : undefined;
      else u = mode === 'floor' ? divideFloor(d.units, f) : divideCeil(d.units, f);
    }
    if (u === undefined) return undefined;
    // Every stored value lies within ±(10^18 − 1) units: a bound beyond compares the same.
    return u >= UNITS_LIMIT ? UNITS_LIMIT : u <= -UNITS_LIMIT ? -UNITS_LIMIT : u;
  };
  // SQLite compares units (a number while it is one exactly, else a BigInt); PostgreSQL numeric;
  // MySQL DECIMAL (a text compared with a DECIMAL would be compared as floating point there).
  const bind = (u: bigint): RawBuilder<unknown> =>
    dialect === 'sqlite'
      ? sql`${u >= MIN_SAFE && u <= MAX_SAFE ? Number(u) : u}`
      : dialect === 'mysql'
        ? sql`cast(${formatUnits(u, scale)} as decimal(65, 30))`
        : sql`${formatUnits(u, scale)}`;
  const list = (value: unknown): bigint[] => {
    if (!Array.isArray(value) || value.length === 0)
      throw new ValueError(pfText(lang, 'pf.expected_list'));
    if (value.length > FILTER_LIMITS.maxInValues)
      throw new ValueError(pfText(lang, 'field.too_big_array', { max: FILTER_LIMITS.maxInValues }));
    const out: bigint[] = [];
    for (const v of value) {
      const u = at(read(v), 'exact');
      if (u !== undefined) out.push(u);
    }
    return out;
  };
  switch (cond.op as FilterOp) {
    case 'eq': {
      const u = at(read(cond.value), 'exact');
      return u === undefined ? FALSE : sql<SqlBool>`${x} = ${bind(u)}`;
    }
    case 'neq': {
      const u = at(read(cond.value), 'exact');
      return u === undefined ? TRUE : sql<SqlBool>`(${x} is null or ${x} <> ${bind(u)})`;
    }
    case 'gt':
      return sql<SqlBool>`${x} > ${bind(at(read(cond.value), 'floor') as bigint)}`;
    case 'gte':
      return sql<SqlBool>`${x} >= ${bind(at(read(cond.value), 'ceil') as bigint)}`;
    case 'lt':
      return sql<SqlBool>`${x} < ${bind(at(read(cond.value), 'ceil') as bigint)}`;
    case 'lte':
      return sql<SqlBool>`${x} <= ${bind(at(read(cond.value), 'floor') as bigint)}`;
    case 'between': {
      if (!Array.isArray(cond.value) || cond.value.length !== 2) {
        addError(s.errors, `${path}.value`, pfText(lang, 'pf.expected_range'));
        return TRUE;
      }
      const from = at(read(cond.value[0]), 'ceil') as bigint;
      const to = at(read(cond.value[1]), 'floor') as bigint;
      return sql<SqlBool>`(${x} >= ${bind(from)} and ${x} <= ${bind(to)})`;
    }
    case 'in': {
      const us = list(cond.value);
      return us.length ? sql<SqlBool>`${x} in (${sql.join(us.map(bind))})` : FALSE;
    }
    case 'not_in': {
      const us = list(cond.value);
      return us.length
        ? sql<SqlBool>`(${x} is null or ${x} not in (${sql.join(us.map(bind))}))`
        : TRUE;
    }
    case 'is_empty':
      return empty;
    default:
      return sql<SqlBool>`not ${empty}`;
  }
}

function node(s: State, n: FilterNode, path: string, depth: number): Expr | null {
  const { lang } = s.opts;
  if (depth > FILTER_LIMITS.maxDepth) {
    addError(s.errors, path, pfText(lang, 'pf.filter_too_deep', { max: FILTER_LIMITS.maxDepth }));
    return null;
  }
  const parts: Expr[] = [];
  const outer = s.necessary;
  const single = n.conditions.length + n.children.filter((c) => c.isactive).length === 1;
  s.necessary = outer && (n.operator.sid !== 'or' || single);
  n.conditions.forEach((c, i) => {
    s.conditions += 1;
    if (s.conditions === FILTER_LIMITS.maxConditions + 1) {
      addError(
        s.errors,
        'filter',
        pfText(lang, 'pf.filter_too_large', { max: FILTER_LIMITS.maxConditions }),
      );
    }
    if (s.conditions > FILTER_LIMITS.maxConditions) return;
    parts.push(condition(s, c, `${path}.conditions.${i}`));
  });
  n.children.forEach((child, i) => {
    if (!child.isactive) return;
    const e = node(s, child, `${path}.children.${i}`, depth + 1);
    if (e) parts.push(e);
  });
  s.necessary = outer;
  if (!parts.length) return null;
  if (parts.length === 1) return parts[0] ?? null;
  const joiner = n.operator.sid === 'or' ? sql` or ` : sql` and `;
  return sql<SqlBool>`(${sql.join(parts, joiner)})`;
}

/** The WHERE expression of a filter tree; null when it does not constrain anything. */
export function compileFilter(
  meta: ObjectMeta,
  filter: FilterNode | undefined,
  opts: CompileOptions,
  errors: Errors,
): Expr | null {
  if (!filter || !filter.isactive) return null;
  const s: State = { meta, opts, errors, conditions: 0, necessary: true };
  return node(s, filter, 'filter', 1);
}

/**
 * Full-text search: every word must occur in one of the object's text fields (or be the record
 * number). With trigram indexes on all those fields a word's candidates come from the indexes.
 */
export function compileSearch(
  meta: ObjectMeta,
  search: string | undefined,
  opts: CompileOptions,
): Expr | null {
  const { dialect } = opts;
  const words = (search ?? '')
    .replaceAll('\u0000', '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return null;
  const cols = meta.fields.filter((f) => textualTypes.includes(f.type) || f.type === 'select');
  const indexed =
    cols.length > 1 &&
    opts.searchIndex?.length === cols.length &&
    cols.every((f) => opts.searchIndex?.includes(f.column));
  const joined =
    indexed && dialect === 'postgres' ? searchText(cols.map((f) => f.column)) : undefined;
  const allShort = words.every((w) => Array.from(foldCase(w.slice(0, 200))).length <= 2);
  // SQLite: the words' candidates from the search index (see searchLookup). A word the lookup
  // finds exactly is then not checked again. A word that needs folding is checked once against
  // the fields' joined text (one call of `fold()` per row instead of one per field; the same
  // answer, see `searchText`).
  const lookup =
    indexed && dialect === 'sqlite' && opts.textIndexes
      ? searchLookup(
          meta,
          cols.map((f) => f.column),
          words,
          opts,
        )
      : undefined;
  const sqliteJoined = lookup
    ? searchText(
        cols.map((f) => f.column),
        'sqlite',
      )
    : undefined;
  // Candidate lookups first (the first one drives the read, the others are probed), then the
  // exact checks of the words: those SQLite's LIKE compares by itself before those that call
  // `fold()` on every field (a JavaScript call per row and field), so that a word without a
  // trigram (one or two characters) narrows the candidates before the costly checks run.
  // AND is commutative: the answer is the same in any order.
  const candidates: Expr[] = [];
  const cheap: Expr[] = [];
  const folded: Expr[] = [];
  // Checks of the words the lookup finds exactly (kept for records found by their number).
  const skipped: Expr[] = [];
  words.forEach((w, k) => {
    const needle = w.slice(0, 200);
    const skip = !!lookup?.exact.includes(needle);
    const folds = dialect === 'sqlite' && /[^\p{ASCII}]/u.test(foldCase(needle));
    const ors: Expr[] = joined
      ? [foldedMatch(dialect, joined, needle, 'anywhere')]
      : folds && sqliteJoined
        ? [foldedMatch(dialect, sqliteJoined, needle, 'anywhere')]
        : cols.map((f) => foldedMatch(dialect, sql.id(f.column), needle, 'anywhere'));
    const id = /^\d{1,15}$/.test(w) ? Number(w) : undefined;
    if (id !== undefined)
      ors.push(
        opts.castIntegers ? sql<SqlBool>`id = cast(${id} as bigint)` : sql<SqlBool>`id = ${id}`,
      );
    if (!ors.length) {
      cheap.push(FALSE);
      return;
    }
    const exact = sql<SqlBool>`(${sql.join(ors, sql` or `)})`;
    (skip ? skipped : folds ? folded : cheap).push(exact);
    if (indexed && dialect === 'sqlite') return;
    // PostgreSQL: a word of one or two characters has no trigram; the search index's pieces of
    // one and two characters (in PostgreSQL's `lower()`, the folding ILIKE applies to both
    // sides) hold every record whose text matches it. A lookup the planner sizes (with
    // `textIndexes`, like SQLite's): the exact check above still runs.
    // Only for a search of short words alone: beside a longer word, whose trigrams already
    // narrow the rows, sizing and intersecting the short word's pieces cost more than they save
    // (measured, README).
    const short = Array.from(foldCase(needle));
    if (joined && opts.searchGrams && opts.textIndexes && allShort && short.length <= 2) {
      const piece = sql<SqlBool>`${searchGrams(cols.map((f) => f.column))} @> array[lower(cast(${short.join('')} as text))]`;
      const lookup: TrigramLookup = {
        key: `${searchIndexName(
          meta.table,
          cols.map((f) => f.column),
          'postgres',
        )}\u0000${short.join('')}`,
        rowids: sql`select id from ${sql.id(safeIdent(meta.table))} where ${piece}`,
        necessary: true,
        ...(id === undefined ? {} : { extra: 1 }),
      };
      if (opts.useTrigrams && !opts.useTrigrams(lookup)) return;
      candidates.push(id === undefined ? piece : sql<SqlBool>`(${piece} or id = ${id})`);
      return;
    }
    // With a trigram index on every searched field, a word's candidates are the union of the
    // fields' candidates (and the record number).
    const lookups = cols.map((f) => lookupOf(opts, f.column, needle, false, k));
    if (!lookups.length || lookups.some((l) => !l)) return;
    const sets = (lookups as TrigramLookup[]).map((l) => l.rowids);
    if (id !== undefined) sets.push(sql`select ${id}`);
    candidates.push(sql<SqlBool>`id in (${sql.join(sets, sql` union `)})`);
  });
  if (lookup) {
    // A record found by its number need not hold the other words: it gets every check.
    const checks = [...skipped, ...cheap, ...folded];
    const byNumber = lookup.ids.length
      ? [
          sql<SqlBool>`(id in (${sql.join(lookup.ids)})${
            skipped.length ? sql` and ${sql.join(checks, sql` and `)}` : sql``
          })`,
        ]
      : [];
    candidates.push(
      sql<SqlBool>`(${sql.join([sql`id in (${lookup.rowids})`, ...byNumber], sql` or `)})`,
    );
  }
  const all = [...candidates, ...cheap, ...folded];
  return all.length ? sql<SqlBool>`(${sql.join(all, sql` and `)})` : TRUE;
}

/**
 * SQLite: the candidates of a whole search from the object's search index (text-index.ts
 * `buildSearchIndex`): one FTS5 query, the AND of every word's query — the rows whose searched
 * text may hold every word, a superset of the rows that do. A record also matches a word by its
 * number (`ids`) without holding it. Undefined when the planner does not allow the lookup.
 */
function searchLookup(
  meta: ObjectMeta,
  columns: string[],
  words: string[],
  opts: CompileOptions,
): (TrigramLookup & { ids: number[]; exact: string[] }) | undefined {
  const name = searchIndexName(meta.table, columns);
  const parts: string[] = [];
  const ids: number[] = [];
  /** Words (their needles) the lookup finds exactly. */
  const exact: string[] = [];
  for (const w of words) {
    const needle = w.slice(0, 200);
    const q = searchWordQuery(needle);
    if (q !== null && !parts.includes(q)) parts.push(q);
    // One token (a word of at most three characters): the records whose folded text holds it —
    // exactly what the check finds of a word that folds (`foldedMatch`: `fold(…) like`).
    // SQLite's LIKE of an ASCII word folds ASCII letters only, and only `k` and `i` are also
    // what other letters fold to (the Kelvin sign, `İ`): without them it agrees with `fold()`.
    const folded = foldCase(needle);
    if (
      q !== null &&
      Array.from(folded).length <= 3 &&
      (/[^\p{ASCII}]/u.test(folded) || !/[ik]/.test(folded))
    )
      exact.push(needle);
    if (/^\d{1,15}$/.test(w)) ids.push(Number(w));
  }
  if (!parts.length) return undefined;
  const query = parts.join(' AND ');
  const lookup = {
    key: `${name}\u0000${query}`,
    rowids: trigramRowids(name, query),
    necessary: true,
    extra: ids.length,
    search: true as const,
    ids,
    exact,
  };
  return !opts.useTrigrams || opts.useTrigrams(lookup) ? lookup : undefined;
}

export type RecordState = 'active' | 'deleted' | 'all';

export interface WhereInput {
  filter?: FilterNode;
  search?: string;
  state?: RecordState;
  timeZone?: string;
}

/** The full WHERE of a records query; throws a 400 listing every problem. */
export function compileWhere(meta: ObjectMeta, input: WhereInput, opts: CompileOptions): Expr {
  const errors: Errors = {};
  const parts: Expr[] = [];
  const state = input.state ?? 'active';
  if (state === 'active') parts.push(sql<SqlBool>`deleted_at is null`);
  if (state === 'deleted') parts.push(sql<SqlBool>`deleted_at is not null`);
  const f = compileFilter(
    meta,
    input.filter,
    { ...opts, timeZone: input.timeZone ?? opts.timeZone },
    errors,
  );
  if (f) parts.push(f);
  const s = compileSearch(meta, input.search, opts);
  if (s) parts.push(s);
  if (Object.keys(errors).length) throw invalid(opts.lang, errors);
  if (!parts.length) return TRUE;
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

export interface SortKey {
  column: Column;
  desc: boolean;
}

/** Group fields first (when grouping), then the sorts; each key once. */
export function compileSortKeys(
  meta: ObjectMeta,
  orderby: OrderBy | undefined,
  groupby: GroupBy | undefined,
  lang: Lang,
): SortKey[] {
  const errors: Errors = {};
  const keys: SortKey[] = [];
  const sorts = orderby?.isActive ? orderby.sorts : [];
  const groups = groupby?.isActive ? groupby.groups : [];
  groups.forEach((g, i) => {
    const c = resolveColumn(meta, g.field);
    if (!c)
      return addError(
        errors,
        `groupby.groups.${i}.field`,
        pfText(lang, 'pf.unknown_field', { field: g.field.slice(0, 60) }),
      );
    const sort = sorts.find((x) => resolveColumn(meta, x.field)?.column === c.column);
    if (!keys.some((k) => k.column.column === c.column))
      keys.push({ column: c, desc: sort?.dir === 'desc' });
  });
  sorts.forEach((x, i) => {
    const c = resolveColumn(meta, x.field);
    if (!c)
      return addError(
        errors,
        `orderby.sorts.${i}.field`,
        pfText(lang, 'pf.unknown_field', { field: x.field.slice(0, 60) }),
      );
    if (!keys.some((k) => k.column.column === c.column))
      keys.push({ column: c, desc: x.dir === 'desc' });
  });
  if (Object.keys(errors).length) throw invalid(lang, errors);
  return keys;
}

function orderTerm(
  dialect: DialectName,
  c: RawBuilder<unknown>,
  desc: boolean,
): RawBuilder<unknown> {
  if (dialect === 'postgres') return desc ? sql`${c} desc nulls last` : sql`${c} asc nulls first`;
  return desc ? sql`${c} desc` : sql`${c} asc`;
}

/**
 * The columns a query is ordered by: the sort keys up to `id` (it is unique: keys after it
 * cannot change the order), then `id` (its own direction, else the last sort's).
 */
export function orderColumns(keys: SortKey[]): { column: string; desc: boolean }[] {
  const idAt = keys.findIndex((k) => k.column.column === 'id');
  const used = idAt < 0 ? keys : keys.slice(0, idAt);
  const terms = used.map((k) => ({ column: k.column.column, desc: k.desc }));
  const lastDesc = idAt >= 0 ? (keys[idAt]?.desc ?? false) : (keys.at(-1)?.desc ?? false);
  terms.push({ column: 'id', desc: lastDesc });
  return terms;
}

/**
 * ORDER BY ending with `id` for stable windows (see orderColumns).
 * `unindexed` (SQLite): every term behind a unary plus, so no index serves the order and the
 * database sorts the rows it found (see planner.ts).
 */
export function compileOrderBy(
  keys: SortKey[],
  dialect: DialectName,
  unindexed = false,
  /**
   * Columns that hold no NULL (a live mount's NOT NULL columns): ordered without a NULLS clause,
   * the same order, so the source's plain B-tree index serves it.
   */
  notNull?: ReadonlySet<string>,
): RawBuilder<unknown> {
  const terms = orderColumns(keys).map((c) => {
    const x = unindexed ? sql`+${sql.id(c.column)}` : sql.id(c.column);
    if (notNull?.has(c.column)) return c.desc ? sql`${x} desc` : sql`${x} asc`;
    return orderTerm(dialect, x, c.desc);
  });
  return sql`${sql.join(terms)}`;
}

export const AGG_FNS = ['sum', 'count', 'avg', 'min', 'max'] as const;
export type AggFn = (typeof AGG_FNS)[number];

export function aggregateAllowed(kind: Kind, fn: AggFn): boolean {
  if (fn === 'count') return true;
  if (fn === 'sum' || fn === 'avg') return kind === 'number' || kind === 'int';
  return ['number', 'int', 'date', 'datetime', 'text', 'choice', 'id'].includes(kind);
}
