import type { FieldType } from '@fiscus/contracts';
import type { RawBuilder } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import { scaleOf } from '../values.js';
import type { Span } from './ast.js';

/**
 * Types of expression values. Numbers are exact: `int` is a whole number, `dec` a decimal with
 * a fixed number of fraction digits (`scale`). Dates are calendar days, datetimes instants in
 * UTC. A `ref` is the id of a record of one object (its fields are reached with a dot).
 */
export type ExprType =
  | { t: 'null' }
  | { t: 'bool' }
  | { t: 'int' }
  | { t: 'dec'; scale: number }
  | { t: 'text' }
  | { t: 'date' }
  | { t: 'datetime' }
  | { t: 'ref'; objectId: string; objectName: string }
  | { t: 'multi' }
  | { t: 'file' };

/** The most fraction digits a value keeps inside an expression (products round to this). */
export const MAX_EXPR_SCALE = 12;
/** Fraction digits of a quotient (unless it is rounded to fewer at once). */
export const DIVISION_SCALE = 6;
/** Significant digits of a stored decimal (the exact-number rule of the platform). */
export const MAX_DIGITS = 18;

export const T = {
  null: { t: 'null' } as ExprType,
  bool: { t: 'bool' } as ExprType,
  int: { t: 'int' } as ExprType,
  text: { t: 'text' } as ExprType,
  date: { t: 'date' } as ExprType,
  datetime: { t: 'datetime' } as ExprType,
  dec: (scale: number): ExprType => ({ t: 'dec', scale }),
};

export const isNumeric = (x: ExprType): boolean => x.t === 'int' || x.t === 'dec';
export const scaleOfType = (x: ExprType): number => (x.t === 'dec' ? x.scale : 0);

/** The scale a field type keeps (decimal, money and percent; 0 for the others). */
export function fieldScale(
  type: FieldType,
  options: { scale?: number; currency?: string },
): number {
  return scaleOf(type, options);
}

/** The expression type of a field's values. */
export function typeOfField(
  type: FieldType,
  options: { scale?: number; currency?: string; target?: string },
  targetName = '',
): ExprType {
  switch (type) {
    case 'integer':
      return T.int;
    case 'decimal':
    case 'money':
    case 'percent':
      return T.dec(fieldScale(type, options));
    case 'boolean':
      return T.bool;
    case 'date':
      return T.date;
    case 'datetime':
      return T.datetime;
    case 'reference':
      return { t: 'ref', objectId: options.target ?? '', objectName: targetName };
    case 'multiselect':
      return { t: 'multi' };
    case 'attachment':
      return { t: 'file' };
    default:
      return T.text;
  }
}

/**
 * The common type two values take where either may stand (the branches of `if`, the
 * arguments of `min`, `coalesce`, the sides of a comparison): null fits anything, whole numbers
 * and decimals meet at the larger scale. Undefined when they do not fit together.
 */
export function unify(a: ExprType, b: ExprType): ExprType | undefined {
  if (a.t === 'null') return b;
  if (b.t === 'null') return a;
  if (isNumeric(a) && isNumeric(b)) {
    if (a.t === 'int' && b.t === 'int') return T.int;
    return T.dec(Math.max(scaleOfType(a), scaleOfType(b)));
  }
  if (a.t === 'ref' && b.t === 'ref') return a.objectId === b.objectId ? a : undefined;
  if (a.t === 'ref' && b.t === 'int') return a;
  if (a.t === 'int' && b.t === 'ref') return b;
  return a.t === b.t ? a : undefined;
}

export type Value = bigint | string | boolean | null;

/** How a typed expression becomes SQL (see sql.ts). */
export interface SqlEnv {
  dialect: DialectName;
  /** Table alias of the row's columns (null: unqualified). */
  alias: string | null;
  /** Parameter values in internal form (see `Value`). */
  params: ReadonlyMap<string, Value>;
  /** `today()` and `now()`. */
  today: string;
  now: string;
  /** Parameters whose value is a column of the statement (a copy step's series member). */
  columns?: ReadonlyMap<string, RawBuilder<unknown>>;
  /**
   * Subqueries the expression is inside (computed fields of other records): each names its
   * table `fx_c<depth>`, so a row's alias is never hidden by one of its own subqueries.
   */
  depth?: number;
  /** Values written into the SQL as literals, not bound (a generated column's definition). */
  literals?: boolean;
}

/**
 * A typed expression, ready to be turned into SQL. Literal and parameter values are kept in
 * their internal form: whole numbers and decimals as BigInt units (value × 10^scale), dates as
 * `YYYY-MM-DD`, datetimes as ISO text in UTC, booleans as booleans.
 */
export type TExpr = { type: ExprType; span: Span } & (
  | { k: 'lit'; value: Value }
  /** A column of the row (`alias.column`). */
  | { k: 'col'; column: string; fieldType: FieldType | 'system'; fieldCode: string }
  | { k: 'param'; name: string }
  /** A field of the record a reference points to: `(select col from table where id = of)`. */
  | { k: 'deref'; table: string; column: string; fieldType: FieldType | 'system'; of: TExpr }
  /** Operators and functions; `op` names the operation, see sql.ts. */
  | { k: 'op'; op: string; args: TExpr[]; n?: number }
  /**
   * SQL the kernel builds itself for the row (a computed field: a lookup through references, a
   * rollup of the records pointing here — see platform/computed.ts), in internal form.
   */
  | { k: 'raw'; build: (env: SqlEnv) => RawBuilder<unknown> }
);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '0001-01-01';
}
