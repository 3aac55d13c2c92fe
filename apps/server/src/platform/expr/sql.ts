import type { FieldType } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import { formatUnits } from '../decimal.js';
import { storedToInternal } from './storage.js';
import { scaleOfType, type ExprType, type SqlEnv, type TExpr, type Value } from './types.js';

/**
 * Typed expression → SQL. Values live in SQL in one internal form per dialect:
 *
 * - whole numbers: integers (SQLite INTEGER, PostgreSQL bigint);
 * - decimals of scale s: on SQLite the integer units (value × 10^s), on PostgreSQL `numeric`
 *   holding the value itself — both exact;
 * - booleans: SQLite 0/1, PostgreSQL boolean; dates `YYYY-MM-DD` and datetimes ISO text.
 *
 * Operations whose meaning must be the same on both databases and that SQL does not spell the
 * same way (half-even rounding, exact division, month arithmetic, Unicode case) call the runtime
 * functions `fx_*` (runtime.ts): JavaScript on SQLite, SQL functions made by a migration on
 * PostgreSQL. Every value from the text or the parameters is a bound parameter.
 */

export type { SqlEnv } from './types.js';

type Sql = RawBuilder<unknown>;

const pow10 = (n: number): Sql => sql.lit(10 ** n);
const lit = (s: string): Sql => sql.lit(s);

/** A value bound as a parameter, or written as a literal where SQL cannot take parameters. */
function bound(v: string | number | bigint, env: SqlEnv): Sql {
  if (!env.literals) return sql`${v}`;
  // Digits only; texts are quoted with quotes doubled (sql.lit).
  return typeof v === 'string' ? sql.lit(v) : sql.raw(String(v));
}

function bindNumber(units: bigint, scale: number, env: SqlEnv): Sql {
  if (env.dialect === 'sqlite') return bound(units, env);
  return scale === 0
    ? sql`cast(${bound(units.toString(), env)} as bigint)`
    : sql`cast(${bound(formatUnits(units, scale), env)} as numeric)`;
}

function bindValue(v: Value, type: ExprType, env: SqlEnv): Sql {
  if (v === null) return sql`null`;
  if (typeof v === 'bigint') return bindNumber(v, scaleOfType(type), env);
  if (typeof v === 'boolean') return env.dialect === 'sqlite' ? sql.lit(v ? 1 : 0) : sql.lit(v);
  if (type.t === 'ref' || type.t === 'int')
    return env.dialect === 'sqlite'
      ? bound(Number(v), env)
      : sql`cast(${bound(String(v), env)} as bigint)`;
  return env.dialect === 'sqlite' ? bound(v, env) : sql`cast(${bound(v, env)} as text)`;
}

/** Whether an expression is a value known not to be null (for index-friendly equality). */
function knownNotNull(e: TExpr, env: SqlEnv): boolean {
  if (e.k === 'lit') return e.value !== null;
  if (e.k === 'param')
    return !env.columns?.has(e.name) && (env.params.get(e.name) ?? null) !== null;
  return false;
}

/** A column of the row or of a referenced record, in internal form. */
function column(x: Sql, fieldType: FieldType | 'system', type: ExprType, env: SqlEnv): Sql {
  if (fieldType === 'system') return x;
  return storedToInternal(x, fieldType, type, env.dialect);
}

/** A numeric value at `scale` (SQLite: units at that scale; PostgreSQL: numeric). */
function num(e: TExpr, scale: number, env: SqlEnv): Sql {
  if (e.k === 'lit') {
    if (e.value === null) return sql`null`;
    const from = scaleOfType(e.type);
    return bindNumber((e.value as bigint) * 10n ** BigInt(scale - from), scale, env);
  }
  const x = emit(e, env);
  const from = scaleOfType(e.type);
  if (env.dialect === 'postgres')
    return e.type.t === 'int' && scale > 0 ? sql`cast(${x} as numeric)` : x;
  return scale > from ? sql`(${x} * ${pow10(scale - from)})` : x;
}

/** Any value converted to the given (unified) type. */
function as(e: TExpr, type: ExprType, env: SqlEnv): Sql {
  if (type.t === 'dec' || (type.t === 'int' && e.type.t !== 'ref'))
    return num(e, scaleOfType(type), env);
  if (e.type.t === 'null') {
    if (env.dialect === 'sqlite') return sql`null`;
    return sql`cast(null as ${sql.raw(pgType(type))})`;
  }
  return emit(e, env);
}

function pgType(type: ExprType): string {
  switch (type.t) {
    case 'int':
    case 'ref':
      return 'bigint';
    case 'dec':
      return 'numeric';
    case 'bool':
      return 'boolean';
    default:
      return 'text';
  }
}

/** A value written as text (`&`, concat, text()). */
function asText(e: TExpr, env: SqlEnv): Sql {
  const t = e.type;
  if (t.t === 'text' || t.t === 'date' || t.t === 'datetime' || t.t === 'null') {
    if (e.k === 'lit') return e.value === null ? sql`null` : bindValue(e.value, t, env);
    return emit(e, env);
  }
  if (e.k === 'lit' && e.value !== null) {
    if (typeof e.value === 'bigint')
      return bindValue(formatUnits(e.value, scaleOfType(t)), { t: 'text' }, env);
    return bindValue(String(e.value), { t: 'text' }, env);
  }
  const x = emit(e, env);
  if (t.t === 'bool') return sql`(case when ${x} then 'true' when not ${x} then 'false' end)`;
  if (t.t === 'dec' && t.scale > 0) {
    return env.dialect === 'sqlite'
      ? sql`fx_dec_text(${x}, ${sql.lit(t.scale)})`
      : sql`cast(round(${x}, ${sql.lit(t.scale)}) as text)`;
  }
  return sql`cast(${x} as text)`;
}

const CMP: Record<string, string> = { lt: '<', le: '<=', gt: '>', ge: '>=' };

/** A condition as SQL. `where`: only its truth counts (null may stand for false). */
export function emitCondition(e: TExpr, env: SqlEnv): Sql {
  return emit(e, env, true);
}

/**
 * The SQL of a typed expression, in internal form. With `where`, a null result may stand for
 * false (the expression is a filter, or a condition of `if`), which lets comparisons keep their
 * plain, index-friendly form.
 */
export function emit(e: TExpr, env: SqlEnv, where = false): Sql {
  const d = env.dialect;
  switch (e.k) {
    case 'lit':
      return bindValue(e.value, e.type, env);
    case 'param':
      return env.columns?.get(e.name) ?? bindValue(env.params.get(e.name) ?? null, e.type, env);
    case 'col': {
      const x = env.alias ? sql.ref(`${env.alias}.${e.column}`) : sql.ref(e.column);
      return column(x, e.fieldType, e.type, env);
    }
    case 'deref': {
      // An alias of its own: the row's alias stays visible inside the subquery.
      const inner = column(sql.ref(`fx_deref.${e.column}`), e.fieldType, e.type, env);
      return sql`(select ${inner} from ${sql.id(e.table)} fx_deref where fx_deref.id = ${emit(e.of, env)})`;
    }
    case 'op':
      return op(e, env, where, d);
    case 'raw':
      return e.build(env);
  }
}

function op(e: Extract<TExpr, { k: 'op' }>, env: SqlEnv, where: boolean, d: DialectName): Sql {
  const a = (i: number) => e.args[i] as TExpr;
  const x = (i: number, w = false) => emit(a(i), env, w);
  const scale = scaleOfType(e.type);
  const bool = (cond: Sql): Sql =>
    where ? cond : d === 'sqlite' ? sql`coalesce(${cond}, 0)` : sql`coalesce(${cond}, false)`;
  switch (e.op) {
    case 'neg':
      return sql`(-${x(0)})`;
    case 'not':
      return sql`(not ${x(0)})`;
    case 'and':
      return sql`(${x(0, where)} and ${x(1, where)})`;
    case 'or':
      return sql`(${x(0, where)} or ${x(1, where)})`;
    case 'add':
      return sql`(${num(a(0), scale, env)} + ${num(a(1), scale, env)})`;
    case 'sub':
      return sql`(${num(a(0), scale, env)} - ${num(a(1), scale, env)})`;
    case 'mul': {
      const raw = scaleOfType(a(0).type) + scaleOfType(a(1).type);
      const product = sql`(${num(a(0), scaleOfType(a(0).type), env)} * ${num(a(1), scaleOfType(a(1).type), env)})`;
      if (raw <= scale) return product;
      return d === 'sqlite'
        ? sql`fx_round(${product}, ${sql.lit(raw - scale)})`
        : sql`fx_round(${product}, ${sql.lit(scale)})`;
    }
    case 'div':
      return divide(a(0), a(1), scale, env);
    case 'rescale':
      return num(a(0), scale, env);
    case 'round':
    case 'floor':
    case 'ceil': {
      const inner = a(0);
      if (e.op === 'round' && inner.k === 'op' && inner.op === 'div')
        return divide(inner.args[0] as TExpr, inner.args[1] as TExpr, scale, env);
      const from = scaleOfType(inner.type);
      return d === 'sqlite'
        ? sql`${sql.raw(`fx_${e.op}`)}(${x(0)}, ${sql.lit(from - scale)})`
        : sql`${sql.raw(`fx_${e.op}`)}(${x(0)}, ${sql.lit(scale)})`;
    }
    case 'allocate': {
      // Cumulative rounding: the shares telescope to round(total, scale), so they sum exactly.
      const [total, parts, index] = e.args as [TExpr, TExpr, TExpr];
      const span = e.span;
      const one: TExpr = { k: 'lit', value: 1n, type: { t: 'int' }, span };
      const upTo = (k: TExpr): TExpr => ({
        k: 'op',
        op: 'mul',
        args: [total, k],
        type: total.type,
        span,
      });
      const before: TExpr = { k: 'op', op: 'sub', args: [index, one], type: { t: 'int' }, span };
      const i = x(2);
      return sql`(case when ${i} >= 1 and ${i} <= ${x(1)} then ${divide(upTo(index), parts, scale, env)} - ${divide(upTo(before), parts, scale, env)} end)`;
    }
    case 'abs':
      return sql`abs(${x(0)})`;
    case 'least':
    case 'greatest': {
      const args = e.args.map((v) => {
        const s = as(v, e.type, env);
        return d === 'postgres' && e.type.t === 'text' ? sql`${s} collate "C"` : s;
      });
      if (d === 'sqlite') return sql`${sql.raw(`fx_${e.op}`)}(${sql.join(args)})`;
      return sql`${sql.raw(e.op)}(${sql.join(args)})`;
    }
    case 'if': {
      const then = as(a(1), e.type, env);
      const other = e.args.length > 2 ? as(a(2), e.type, env) : as(nullOf(a(1)), e.type, env);
      return sql`(case when ${x(0, true)} then ${then} else ${other} end)`;
    }
    case 'coalesce':
      return sql`coalesce(${sql.join(e.args.map((v) => as(v, e.type, env)))})`;
    case 'isnull':
    case 'isempty':
      return empty(a(0), env);
    case 'notnull':
      return sql`(not ${empty(a(0), env)})`;
    case 'eq':
    case 'ne': {
      const u = unifyPair(a(0), a(1));
      const l = as(a(0), u, env);
      const r = as(a(1), u, env);
      if (d === 'sqlite') return e.op === 'eq' ? sql`(${l} is ${r})` : sql`(${l} is not ${r})`;
      if (e.op === 'eq' && where && (knownNotNull(a(0), env) || knownNotNull(a(1), env)))
        return sql`(${l} = ${r})`;
      return e.op === 'eq'
        ? sql`(${l} is not distinct from ${r})`
        : sql`(${l} is distinct from ${r})`;
    }
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      const u = unifyPair(a(0), a(1));
      let l = as(a(0), u, env);
      const r = as(a(1), u, env);
      if (d === 'postgres' && u.t === 'text') l = sql`${l} collate "C"`;
      return bool(sql`(${l} ${sql.raw(CMP[e.op] as string)} ${r})`);
    }
    case 'concat':
      return sql`(coalesce(${asText(a(0), env)}, '') || coalesce(${asText(a(1), env)}, ''))`;
    case 'text':
      return asText(a(0), env);
    case 'upper':
    case 'lower':
      return d === 'sqlite'
        ? sql`${sql.raw(`fx_${e.op}`)}(${x(0)})`
        : sql`${sql.raw(e.op)}(${x(0)})`;
    case 'trim':
      return d === 'sqlite' ? sql`trim(${x(0)}, ' ')` : sql`btrim(${x(0)}, ' ')`;
    case 'len':
      return d === 'sqlite' ? sql`length(${x(0)})` : sql`char_length(${x(0)})`;
    case 'left':
    case 'right':
      return sql`${sql.raw(`fx_${e.op}`)}(${x(0)}, ${num(a(1), 0, env)})`;
    case 'mid':
      return sql`fx_mid(${x(0)}, ${num(a(1), 0, env)}, ${num(a(2), 0, env)})`;
    case 'replace':
      return sql`replace(${x(0)}, ${x(1)}, ${x(2)})`;
    case 'contains':
    case 'startswith': {
      const pos =
        d === 'sqlite'
          ? sql`instr(fold(${x(0)}), fold(${x(1)}))`
          : sql`strpos(lower(${x(0)}), lower(${x(1)}))`;
      return bool(e.op === 'contains' ? sql`(${pos} > 0)` : sql`(${pos} = 1)`);
    }
    case 'has':
      return bool(
        d === 'sqlite'
          ? sql`(instr(${x(0)}, json_quote(${x(1)})) > 0)`
          : sql`(strpos(${x(0)}, cast(to_json(${x(1)}) as text)) > 0)`,
      );
    case 'today':
      return bindValue(env.today, { t: 'text' }, env);
    case 'now':
      return bindValue(env.now, { t: 'text' }, env);
    case 'dateof':
      return sql`substr(${x(0)}, 1, 10)`;
    case 'midnight':
      return sql`(${x(0)} || 'T00:00:00.000Z')`;
    case 'makedate':
      return sql`fx_make_date(${num(a(0), 0, env)}, ${num(a(1), 0, env)}, ${num(a(2), 0, env)})`;
    case 'addmonths':
      return sql`fx_add_months(${x(0)}, ${num(a(1), 0, env)})`;
    case 'addyears':
      return sql`fx_add_months(${x(0)}, (${num(a(1), 0, env)}) * 12)`;
    case 'adddays':
      return sql`fx_add_days(${x(0)}, ${num(a(1), 0, env)})`;
    case 'year':
      return part(x(0), 1, 4, d);
    case 'month':
      return part(x(0), 6, 2, d);
    case 'day':
      return part(x(0), 9, 2, d);
    case 'startofmonth':
      return sql`(substr(${x(0)}, 1, 7) || '-01')`;
    case 'endofmonth':
      return sql`fx_end_of_month(${x(0)})`;
    case 'monthsbetween': {
      const m = (v: Sql) => sql`(${part(v, 1, 4, d)} * 12 + ${part(v, 6, 2, d)})`;
      return sql`(${m(x(1))} - ${m(x(0))})`;
    }
    case 'daysbetween':
      return sql`fx_days_between(${x(0)}, ${x(1)})`;
    default:
      throw new Error(`expression op ${e.op} has no SQL`);
  }
}

/**
 * A value over another record — `value`, typed over the rows of `table` — of the record `of`
 * points to: a subquery by primary key (a computed field of a referenced record).
 */
export function subqueryValue(table: string, of: TExpr, value: TExpr): TExpr {
  return {
    k: 'raw',
    type: value.type,
    span: value.span,
    build: (env) => {
      const depth = (env.depth ?? 0) + 1;
      const alias = `fx_c${depth}`;
      const inner = emit(value, { ...env, alias, depth });
      return sql`(select ${inner} from ${sql.id(table)} ${sql.id(alias)} where ${sql.ref(`${alias}.id`)} = ${emit(of, env)})`;
    },
  };
}

function part(x: Sql, from: number, length: number, d: DialectName): Sql {
  return sql`cast(substr(${x}, ${lit(String(from))}, ${lit(String(length))}) as ${sql.raw(d === 'sqlite' ? 'integer' : 'bigint')})`;
}

/** `a / b` rounded half-even to `scale` fraction digits; null when b is 0. */
function divide(a: TExpr, b: TExpr, scale: number, env: SqlEnv): Sql {
  if (env.dialect === 'sqlite') {
    const sa = scaleOfType(a.type);
    const sb = scaleOfType(b.type);
    // value = (A / 10^sa) / (B / 10^sb); units at `scale` = A × 10^(scale − sa + sb) / B.
    const shift = scale - sa + sb;
    if (shift >= 0) return sql`fx_div(${num(a, sa, env)}, ${num(b, sb, env)}, ${sql.lit(shift)})`;
    return sql`fx_div(${num(a, sa, env)}, ${num(b, sb - shift, env)}, 0)`;
  }
  return sql`fx_div(${num(a, scaleOfType(a.type), env)}, ${num(b, scaleOfType(b.type), env)}, ${sql.lit(scale)})`;
}

function nullOf(e: TExpr): TExpr {
  return { k: 'lit', value: null, type: { t: 'null' }, span: e.span };
}

function empty(e: TExpr, env: SqlEnv): Sql {
  const x = emit(e, env);
  if (e.type.t === 'text') return sql`(${x} is null or ${x} = '')`;
  if (e.type.t === 'multi') return sql`(${x} is null or ${x} = '[]')`;
  return sql`(${x} is null)`;
}

function unifyPair(a: TExpr, b: TExpr): ExprType {
  if (a.type.t === 'null') return b.type;
  if (b.type.t === 'null') return a.type;
  if (a.type.t === 'dec' || b.type.t === 'dec')
    return { t: 'dec', scale: Math.max(scaleOfType(a.type), scaleOfType(b.type)) };
  if (a.type.t === 'ref') return a.type;
  if (b.type.t === 'ref') return b.type;
  return a.type;
}

/**
 * An expression's value read out of SQL exactly: numbers as text (their digits), the rest as
 * they are. `readOutput` turns it into the API's form.
 */
export function emitOutput(e: TExpr, env: SqlEnv): Sql {
  const t = e.type;
  if (t.t === 'int' || t.t === 'dec') {
    const x = emit(e, env);
    if (env.dialect === 'sqlite') return sql`fx_dec_text(${x}, ${sql.lit(scaleOfType(t))})`;
    return t.t === 'int'
      ? sql`cast(${x} as text)`
      : sql`cast(round(${x}, ${sql.lit(t.scale)}) as text)`;
  }
  if (t.t === 'bool' && env.dialect === 'sqlite') {
    const x = emit(e, env);
    return sql`(case when ${x} is null then null when ${x} then 1 else 0 end)`;
  }
  return emit(e, env);
}
