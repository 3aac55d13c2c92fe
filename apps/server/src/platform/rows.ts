import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Q } from './context.js';

/**
 * Multi-row statements within the databases' bound-value limits (SQLite: 32,766 per statement;
 * PostgreSQL: 65,535). Statements hold a power-of-two number of rows, so a handful of statement
 * texts serve every call: SQLite keeps them prepared, and nobody's cache fills with one-off
 * shapes. On PostgreSQL, when the caller knows the columns' types, rows go as one array per
 * column (`unnest($1::bigint[], $2::text[], …)`): a statement of 10,000 rows binds a handful of
 * values, where a list of rows costs PostgreSQL more to parse and bind than to write. Table and
 * column names come from metadata or the platform's own tables, types from the platform's
 * storage classes; values are always bound.
 */

const MAX_PARAMS: Record<DialectName, number> = { sqlite: 32_000, postgres: 65_000, mysql: 65_000 };
/** Rows per statement at most: beyond this, larger statements no longer write faster. */
const MAX_ROWS = 1024;
/** Rows per statement of column arrays (PostgreSQL): a bulk write's call in one statement. */
const MAX_ARRAY_ROWS = 10_000;

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** A table or column name of the platform, double-quoted; anything else is refused. */
export function quote(name: string): string {
  if (!NAME.test(name)) throw new Error(`refusing identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A PostgreSQL column type as the platform names them (`bigint`, `numeric(19,4)`, …). */
const TYPE = /^[a-z][a-z ]{0,40}(\(\d{1,3}(,\d{1,3})?\))?$/;
function arrayOf(type: string): string {
  if (!TYPE.test(type)) throw new Error(`refusing column type ${JSON.stringify(type)}`);
  return `${type}[]`;
}

/**
 * The rows `[from, to)` of a flat array of rows `width` wide, as one array per column (what
 * PostgreSQL's `unnest` takes).
 */
function columnArrays(
  values: readonly unknown[],
  width: number,
  from: number,
  to: number,
): unknown[][] {
  const out: unknown[][] = [];
  for (let c = 0; c < width; c++) {
    const col = new Array<unknown>(to - from);
    for (let r = from, i = 0; r < to; r++, i++) col[i] = values[r * width + c] ?? null;
    out.push(col);
  }
  return out;
}

/** The largest power of two of rows of `width` values that fits one statement. */
function rowsPerStatement(dialect: DialectName, width: number, reserved = 0): number {
  const fit = Math.max(1, Math.floor((MAX_PARAMS[dialect] - reserved) / width));
  let n = 1;
  while (n * 2 <= Math.min(fit, MAX_ROWS)) n *= 2;
  return n;
}

/** Row counts of the statements for `total` rows: full statements, then powers of two. */
export function statementSizes(total: number, per: number): number[] {
  const out: number[] = [];
  let left = total;
  while (left >= per) {
    out.push(per);
    left -= per;
  }
  for (let p = per >> 1; p >= 1; p >>= 1) {
    if (left >= p) {
      out.push(p);
      left -= p;
    }
  }
  return out;
}

/** One statement's bound values: `fixed`, then `count` values of `values` from `from`. */
function statementParams(
  fixed: readonly unknown[],
  values: readonly unknown[],
  from: number,
  count: number,
): unknown[] {
  const params = new Array<unknown>(fixed.length + count);
  for (let i = 0; i < fixed.length; i++) params[i] = fixed[i];
  for (let i = fixed.length, j = from; j < from + count; i++, j++) params[i] = values[j];
  return params;
}

const texts = new Map<string, string>();
function cachedText(key: string, make: () => string): string {
  let s = texts.get(key);
  if (s === undefined) {
    if (texts.size >= 256) texts.clear();
    s = make();
    texts.set(key, s);
  }
  return s;
}

function placeholders(dialect: DialectName, rows: number, width: number, first: number): string {
  const groups = new Array<string>(rows);
  if (dialect === 'postgres') {
    let p = first;
    for (let r = 0; r < rows; r++) {
      const g = new Array<string>(width);
      for (let c = 0; c < width; c++) g[c] = `$${p++}`;
      groups[r] = `(${g.join(',')})`;
    }
  } else {
    groups.fill(`(${new Array<string>(width).fill('?').join(',')})`);
  }
  return groups.join(',');
}

/**
 * Inserts rows given as one flat array of values (`columns.length` per row, in column order),
 * inside the caller's transaction. `constants` are columns with one value for every row (who and
 * when): SQLite binds them once per statement (`insert … select ?, …, column1, … from (values
 * …)`); PostgreSQL binds them once per statement as text (for text columns) when `types` (the
 * PostgreSQL types of `columns`) are given — the rows then go as column arrays —, and repeats them
 * per row otherwise. With `returningId`, answers the new ids in row order: PostgreSQL by
 * `returning id` (sorted: ids grow in the order rows are written); SQLite by the rowids it gives
 * a statement's rows — one above the largest, row after row — checked against the largest id
 * before and the last rowid of each statement (ids read back when they differ).
 */
export async function insertRows(
  q: Q,
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  values: readonly unknown[],
  opts: {
    returningId?: boolean;
    constants?: Readonly<Record<string, unknown>>;
    types?: readonly string[];
  } = {},
): Promise<number[]> {
  const width = columns.length;
  if (!width) throw new Error('insertRows: a row needs at least one value of its own');
  const total = values.length / width;
  if (!Number.isInteger(total)) throw new Error('insertRows: values do not fill whole rows');
  const fixed = Object.keys(opts.constants ?? {});
  const fixedValues = fixed.map((k) => opts.constants?.[k]);
  const t = quote(table);
  if (dialect === 'postgres' && opts.types) {
    if (opts.types.length !== width) throw new Error('insertRows: one type per column');
    const names = [...fixed, ...columns].map(quote).join(', ');
    const picks = [
      ...fixed.map((_, i) => `cast($${i + 1} as text)`),
      ...columns.map((_, i) => `u.c${i}`),
    ].join(', ');
    const arrays = opts.types
      .map((type, i) => `$${fixed.length + i + 1}::${arrayOf(type)}`)
      .join(', ');
    const text =
      `insert into ${t} (${names}) select ${picks} from unnest(${arrays}) as u(` +
      `${columns.map((_, i) => `c${i}`).join(', ')})${opts.returningId ? ' returning id' : ''}`;
    const ids: number[] = [];
    for (let at = 0; at < total; at += MAX_ARRAY_ROWS) {
      const to = Math.min(total, at + MAX_ARRAY_ROWS);
      const res = await q.executeQuery<{ id: number | string }>(
        CompiledQuery.raw(text, [...fixedValues, ...columnArrays(values, width, at, to)]),
      );
      if (opts.returningId) {
        const got = res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
        for (const id of got) ids.push(id);
      }
    }
    return ids;
  }
  if (dialect === 'postgres') {
    if (!fixed.length) return insertValues(q, t, columns, values, total, !!opts.returningId);
    // One row of every value: the constants first.
    const all = new Array<unknown>(total * (width + fixed.length));
    let k = 0;
    for (let r = 0; r < total; r++) {
      for (const v of fixedValues) all[k++] = v;
      for (let c = 0; c < width; c++) all[k++] = values[r * width + c];
    }
    return insertValues(q, t, [...fixed, ...columns], all, total, !!opts.returningId);
  }
  let last = 0;
  if (opts.returningId) {
    const { rows } = await q.executeQuery<{ m: number | string | null }>(
      CompiledQuery.raw(`select max(id) as m from ${t}`),
    );
    last = Number(rows[0]?.m ?? 0);
  }
  const before = last;
  let consecutive = true;
  const names = [...fixed, ...columns].map(quote).join(', ');
  const picks = [...fixed.map(() => '?'), ...columns.map((_, i) => `column${i + 1}`)].join(', ');
  let at = 0;
  for (const rows of statementSizes(total, rowsPerStatement(dialect, width, fixed.length))) {
    const text = cachedText(`is|${t}|${names}|${rows}`, () =>
      fixed.length
        ? `insert into ${t} (${names}) select ${picks} from (values ${placeholders(dialect, rows, width, 1)})`
        : `insert into ${t} (${names}) values ${placeholders(dialect, rows, width, 1)}`,
    );
    const params = statementParams(fixedValues, values, at * width, rows * width);
    at += rows;
    const res = await q.executeQuery(CompiledQuery.raw(text, params));
    const id = Number(res.insertId);
    if (Number(res.numAffectedRows) !== rows || id !== last + rows) consecutive = false;
    last = id;
  }
  if (!opts.returningId) return [];
  if (consecutive) return Array.from({ length: total }, (_, i) => before + 1 + i);
  const { rows } = await q.executeQuery<{ id: number | string }>(
    CompiledQuery.raw(`select id from ${t} where id > ? order by id`, [before]),
  );
  return rows.map((r) => Number(r.id));
}

/** `insert … values` in statements of a power-of-two number of rows (PostgreSQL). */
async function insertValues(
  q: Q,
  t: string,
  columns: readonly string[],
  values: readonly unknown[],
  total: number,
  returningId: boolean,
): Promise<number[]> {
  const width = columns.length;
  const head = `insert into ${t} (${columns.map(quote).join(', ')}) values `;
  const tail = returningId ? ' returning id' : '';
  const ids: number[] = [];
  let at = 0;
  for (const rows of statementSizes(total, rowsPerStatement('postgres', width))) {
    const text = cachedText(`i|postgres|${head}|${rows}|${tail}`, () => {
      return head + placeholders('postgres', rows, width, 1) + tail;
    });
    const params = values.slice(at * width, (at + rows) * width);
    at += rows;
    const res = await q.executeQuery<{ id: number | string }>(CompiledQuery.raw(text, params));
    if (returningId) {
      const got = res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      for (const id of got) ids.push(id);
    }
  }
  return ids;
}

/**
 * Updates rows by id from one flat array of `[id, ...values]` per row: every row sets the same
 * `columns`, plus `constants` (the same value for every row, e.g. who and when). `types` are the
 * PostgreSQL column types of `columns` (its column arrays need them; SQLite ignores them).
 */
export async function updateRows(
  q: Q,
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  types: readonly string[],
  values: readonly unknown[],
  constants: Readonly<Record<string, unknown>>,
): Promise<void> {
  const width = columns.length + 1;
  const total = values.length / width;
  if (!Number.isInteger(total)) throw new Error('updateRows: values do not fill whole rows');
  const fixed = Object.keys(constants);
  const fixedParams = fixed.map((k) => constants[k]);
  const t = quote(table);
  const sets = [
    ...columns.map((c, i) => `${quote(c)} = v.column${i + 2}`),
    ...fixed.map((c, i) => `${quote(c)} = ${dialect === 'postgres' ? `$${i + 1}` : '?'}`),
  ].join(', ');
  if (dialect === 'postgres') {
    // One statement per 10,000 rows, a column array each (see the top of this file).
    const arrays = ['bigint', ...types]
      .map((type, i) => `$${fixed.length + i + 1}::${arrayOf(type)}`)
      .join(', ');
    const names = Array.from({ length: width }, (_, i) => `column${i + 1}`).join(', ');
    const text = `update ${t} set ${sets} from unnest(${arrays}) as v(${names}) where ${t}.id = v.column1`;
    for (let at = 0; at < total; at += MAX_ARRAY_ROWS) {
      const to = Math.min(total, at + MAX_ARRAY_ROWS);
      await q.executeQuery(
        CompiledQuery.raw(text, [...fixedParams, ...columnArrays(values, width, at, to)]),
      );
    }
    return;
  }
  let at = 0;
  for (const rows of statementSizes(total, rowsPerStatement(dialect, width, fixed.length))) {
    const text = cachedText(`u|${t}|${sets}|${rows}`, () => {
      const list = placeholders(dialect, rows, width, fixed.length + 1);
      return `update ${t} set ${sets} from (values ${list}) as v where ${t}.id = v.column1`;
    });
    const params = statementParams(fixedParams, values, at * width, rows * width);
    at += rows;
    await q.executeQuery(CompiledQuery.raw(text, params));
  }
}

/**
 * `column in (…)` conditions for many values, one per statement: lists of at most 1,024
 * values, padded (with their last value) to a power of two so that few statement shapes exist.
 */
export function inLists(
  column: RawBuilder<unknown>,
  values: readonly unknown[],
): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  for (let i = 0; i < values.length; i += MAX_ROWS) {
    const part = values.slice(i, i + MAX_ROWS);
    let size = 1;
    while (size < part.length) size *= 2;
    const last = part[part.length - 1];
    while (part.length < size) part.push(last);
    out.push(sql`${column} in (${sql.join(part)})`);
  }
  return out;
}

/**
 * The rows of `table` whose `column` is one of `values`: `select <columns> from <table> where
 * <column> in (…)` in statements of at most 1,024 values, padded (with their last value) to a
 * power of two, as `inLists`. The statements' texts are made once per shape and sent as they
 * are (no query builder: a bulk write checks thousands of values per call); `tail` ends each
 * statement (e.g. ` order by id for update`). Names come from metadata, values are bound.
 */
export async function selectIn<R>(
  q: Q,
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  column: string,
  values: readonly unknown[],
  tail: '' | ' order by id for update' = '',
): Promise<R[]> {
  const out: R[] = [];
  const head = `select ${columns.map(quote).join(', ')} from ${quote(table)} where ${quote(column)} in (`;
  for (let i = 0; i < values.length; i += MAX_ROWS) {
    const count = Math.min(MAX_ROWS, values.length - i);
    let size = 1;
    while (size < count) size *= 2;
    const text = cachedText(`s|${head}|${size}|${tail}`, () => {
      const marks = new Array<string>(size);
      for (let k = 0; k < size; k++) marks[k] = dialect === 'postgres' ? `$${k + 1}` : '?';
      return `${head}${marks.join(', ')})${tail}`;
    });
    const params = new Array<unknown>(size);
    for (let k = 0; k < count; k++) params[k] = values[i + k];
    for (let k = count; k < size; k++) params[k] = values[i + count - 1];
    const { rows } = await q.executeQuery<R>(CompiledQuery.raw(text, params));
    for (const r of rows) out.push(r);
  }
  return out;
}
