import { sql, type RawBuilder } from 'kysely';
import type { FieldMeta } from '../meta.js';
import type { Lang } from '../messages.js';
import { parseValue, TEXT_MAX, LONGTEXT_MAX } from '../values.js';
import type { ExprIssue } from './issues.js';
import { emit, type SqlEnv } from './sql.js';
import { internalToStored } from './storage.js';
import { MAX_DIGITS, scaleOfType, T, typeOfField, type ExprType, type TExpr } from './types.js';

/**
 * Writing an expression's value into a field: what may be assigned to what (checked before
 * anything runs), and the SQL that converts the value to the field's stored form and enforces
 * the field's rules on every row (required, range, choices, length, references) — a row that
 * breaks one stops the statement with a message naming the field.
 */

/** A field's rules that SQL cannot check (format of e-mail, URL, phone; a pattern). */
function hasFormatRule(f: FieldMeta): boolean {
  return f.type === 'email' || f.type === 'url' || f.type === 'phone' || !!f.options.pattern;
}

function sameSourceField(e: TExpr, f: FieldMeta): boolean {
  if (e.k !== 'col' && e.k !== 'deref') return false;
  return e.fieldType === f.type;
}

export interface AssignCheck {
  /** The expression as it will be written (converted to the field's type). */
  expr?: TExpr;
  issue?: Omit<ExprIssue, 'start' | 'end'>;
}

const typeKey = (x: ExprType): string => (x.t === 'ref' ? `ref:${x.objectName}` : x.t);

/**
 * Whether `e` may be written into `f`, and as what. `lang` is for the reason given when a fixed
 * value does not pass the field's own rules.
 */
export function checkAssign(
  e: TExpr,
  f: FieldMeta,
  lang: Lang,
  sourceChoices?: string[],
): AssignCheck {
  if (f.computed) return { issue: { code: 'expr.assign_computed', params: { field: f.name } } };
  const want = typeOfField(f.type, f.options);
  const got = e.type;
  const bad = (): AssignCheck => ({
    issue: {
      code: 'expr.assign_type',
      params: { field: f.name, expected: typeKey(want), actual: typeKey(got) },
    },
  });
  if (got.t === 'null') return { expr: e };
  // A fixed value is checked now by the same rules as a value typed into a form.
  if (e.k === 'lit' && typeof e.value === 'string' && (got.t === 'text' || got.t === 'date')) {
    const p = parseValue(f.type, f.options, e.value, lang);
    if (
      ['text', 'longtext', 'email', 'url', 'phone', 'select', 'date', 'datetime'].includes(f.type)
    ) {
      if (!p.ok)
        return {
          issue: {
            code: 'expr.assign_invalid',
            params: { value: e.value.slice(0, 60), field: f.name, reason: p.error },
          },
        };
      if (f.type === 'select' || hasFormatRule(f) || f.type === 'date' || f.type === 'datetime')
        return { expr: { ...e, value: (p.value as string | null) ?? null, type: want } };
    }
  }
  switch (f.type) {
    case 'text':
    case 'longtext':
      if (hasFormatRule(f) && !sameSourceField(e, f))
        return { issue: { code: 'expr.assign_format', params: { field: f.name } } };
      if (got.t === 'multi' || got.t === 'file') return bad();
      return got.t === 'text'
        ? { expr: e }
        : { expr: { k: 'op', op: 'text', args: [e], type: T.text, span: e.span } };
    case 'email':
    case 'url':
    case 'phone':
      return sameSourceField(e, f)
        ? { expr: e }
        : { issue: { code: 'expr.assign_format', params: { field: f.name } } };
    case 'select':
      return got.t === 'text' ? { expr: e } : bad();
    case 'multiselect': {
      if (got.t !== 'multi') return bad();
      const allowed = f.options.choices?.map((c) => c.value);
      if (allowed?.length && (!sourceChoices || sourceChoices.some((c) => !allowed.includes(c))))
        return { issue: { code: 'expr.assign_multi', params: { field: f.name } } };
      return { expr: e };
    }
    case 'attachment':
      return got.t === 'file' ? { expr: e } : bad();
    case 'integer':
      if (got.t === 'int') return { expr: e };
      if (got.t === 'dec') return { expr: rounded(e, 0, T.int) };
      return bad();
    case 'decimal':
    case 'money':
    case 'percent': {
      if (got.t !== 'int' && got.t !== 'dec') return bad();
      const scale = scaleOfType(want);
      if (scaleOfType(got) <= scale)
        return { expr: { k: 'op', op: 'rescale', args: [e], type: want, span: e.span } };
      return { expr: rounded(e, scale, want) };
    }
    case 'boolean':
      return got.t === 'bool' ? { expr: e } : bad();
    case 'date':
      if (got.t === 'date') return { expr: e };
      if (got.t === 'datetime')
        return { expr: { k: 'op', op: 'dateof', args: [e], type: T.date, span: e.span } };
      return bad();
    case 'datetime':
      if (got.t === 'datetime') return { expr: e };
      if (got.t === 'date')
        return { expr: { k: 'op', op: 'midnight', args: [e], type: T.datetime, span: e.span } };
      return bad();
    case 'reference':
      if (got.t === 'int') return { expr: e };
      // A text names the target record by its display value (`scenario ← 'Budget 2027'`).
      if (got.t === 'text')
        return { expr: { k: 'op', op: 'refbyname', args: [e], type: want, span: e.span } };
      if (got.t === 'ref' && got.objectId === f.options.target) return { expr: e };
      return bad();
  }
}

/**
 * The id of the live target record whose display field holds the text (the lowest id when
 * several do); an empty text is no record, a text no record has stops the statement naming the
 * field and the text.
 */
function byDisplayValue(
  text: TExpr,
  env: SqlEnv,
  tagSql: RawBuilder<unknown>,
  reference?: { table: string; display?: string },
): RawBuilder<unknown> {
  if (!reference?.display)
    throw new Error('a reference by name needs the target and its display field');
  const v = emit(text, env);
  const found = sql`(select min(rr.id) from ${sql.id(reference.table)} rr where rr.deleted_at is null and ${sql.ref(`rr.${reference.display}`)} = ${v})`;
  const failed =
    env.dialect === 'sqlite'
      ? sql`fx_fail('expr.reference_name', ${tagSql} || char(1) || ${v})`
      : sql`fx_fail('expr.reference_name', ${tagSql} || chr(1) || ${v}, cast(null as bigint))`;
  return sql`(case when ${v} is null or ${v} = '' then null else coalesce(${found}, ${failed}) end)`;
}

function rounded(e: TExpr, scale: number, type: ExprType): TExpr {
  return { k: 'op', op: 'round', args: [e], type, span: e.span, n: scale };
}

const bigPow = (n: number) => 10n ** BigInt(n);

/**
 * The SQL writing a checked value into `f`: the value in stored form, wrapped in the runtime
 * checks of the field's rules. `tag` names the assignment in the errors the checks raise.
 */
export function emitAssign(
  e: TExpr,
  f: FieldMeta,
  env: SqlEnv,
  tag: string,
  reference?: { table: string; display?: string },
): RawBuilder<unknown> {
  const d = env.dialect;
  if (e.type.t === 'null') return sql`null`;
  const tagSql = d === 'sqlite' ? sql`${tag}` : sql`cast(${tag} as text)`;
  // The field's rules are checked on the value in internal form, then it is stored.
  let x =
    e.k === 'op' && e.op === 'refbyname'
      ? byDisplayValue(e.args[0] as TExpr, env, tagSql, reference)
      : emit(e, env);
  const bounds = (lo: RawBuilder<unknown> | null, hi: RawBuilder<unknown> | null, code: string) =>
    sql`fx_bounds(${x}, ${lo ?? sql`null`}, ${hi ?? sql`null`}, ${d === 'sqlite' ? sql`${code}` : sql`cast(${code} as text)`}, ${tagSql})`;
  const num = (v: bigint) => (d === 'sqlite' ? sql`${v}` : sql`cast(${v.toString()} as numeric)`);
  const units = (v: unknown, scale: number): bigint | null => {
    if (typeof v !== 'number' && typeof v !== 'string') return null;
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(v));
    if (!m) return null;
    const frac = (m[3] ?? '').padEnd(scale, '0').slice(0, scale);
    const u = BigInt(`${m[2]}${frac}`);
    return m[1] ? -u : u;
  };
  switch (f.type) {
    case 'integer':
    case 'decimal':
    case 'money':
    case 'percent': {
      const scale = f.type === 'integer' ? 0 : scaleOfType(typeOfField(f.type, f.options));
      // Whole numbers keep to what JSON carries exactly; decimals to 18 digits.
      const max = f.type === 'integer' ? BigInt(Number.MAX_SAFE_INTEGER) : bigPow(MAX_DIGITS) - 1n;
      const asStored = (u: bigint) =>
        d === 'sqlite' || scale === 0 ? num(u) : sql`cast(${formatScaled(u, scale)} as numeric)`;
      x = bounds(asStored(-max), asStored(max), 'expr.out_of_range');
      const lo = units(f.options.min, scale);
      const hi = units(f.options.max, scale);
      if (lo !== null) x = bounds(asStored(lo), null, 'expr.below_min');
      if (hi !== null) x = bounds(null, asStored(hi), 'expr.above_max');
      break;
    }
    case 'date':
    case 'datetime': {
      if (typeof f.options.min === 'string')
        x = bounds(sql`${f.options.min}`, null, 'expr.below_min');
      if (typeof f.options.max === 'string')
        x = bounds(
          null,
          sql`${f.type === 'datetime' && f.options.max.length === 10 ? `${f.options.max}T23:59:59.999Z` : f.options.max}`,
          'expr.above_max',
        );
      break;
    }
    case 'text':
    case 'longtext':
      x = sql`fx_text_max(${x}, ${sql.lit(f.type === 'longtext' ? LONGTEXT_MAX : TEXT_MAX)}, ${tagSql})`;
      break;
    case 'select': {
      const choices = f.options.choices?.map((c) => c.value);
      x = sql`fx_text_max(${x}, ${sql.lit(200)}, ${tagSql})`;
      if (choices?.length) x = sql`fx_choice(${x}, ${JSON.stringify(choices)}, ${tagSql})`;
      break;
    }
    case 'reference':
      if (reference && e.type.t !== 'ref') {
        const v = x;
        const failed =
          d === 'sqlite'
            ? sql`fx_fail('expr.reference_missing', ${tagSql})`
            : sql`fx_fail('expr.reference_missing', ${tagSql}, cast(null as bigint))`;
        x = sql`(case when ${v} is null or exists (select 1 from ${sql.id(reference.table)} rr where rr.id = ${v}) then ${v} else ${failed} end)`;
      }
      break;
    default:
      break;
  }
  if (f.options.required) x = sql`fx_required(${x}, ${tagSql})`;
  return internalToStored(x, f.type, e.type, d);
}

function formatScaled(units: bigint, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, digits.length - scale)}.${digits.slice(-scale)}`;
}
