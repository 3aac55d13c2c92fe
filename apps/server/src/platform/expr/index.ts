import { AppError } from '../../lib/app-error.js';
import type { Lang } from '../messages.js';
import { checkTree, type CheckScope } from './checker.js';
import { exprText } from './expr.messages.js';
import type { ExprIssue } from './issues.js';
import { parseExpr, ParseError } from './parser.js';
import { FX_ERROR } from './runtime.js';
import type { ExprType, TExpr } from './types.js';

/**
 * The expression language of the platform (procedures' assignments and conditions, computed
 * fields, anything that evaluates a user's formula): text → syntax tree (parser.ts) → typed tree
 * checked against metadata and parameters (checker.ts, functions.ts) → SQL with bound values for
 * SQLite or PostgreSQL (sql.ts; writing into fields: assign.ts). The language is described for
 * users in docs/expressions.md.
 */

export type { CheckScope } from './checker.js';
export type { ExprIssue } from './issues.js';
export type { ExprType, TExpr, Value } from './types.js';
export { T, isIsoDate } from './types.js';
export { emit, emitCondition, emitOutput } from './sql.js';
export { checkAssign, emitAssign } from './assign.js';
export { registerExprRuntime } from './runtime.js';
export { issueMessage, issueText, typeText } from './texts.js';

export type Analysis = { ok: true; expr: TExpr } | { ok: false; issues: ExprIssue[] };

/** Parses and type-checks an expression in a scope; every problem comes with its position. */
export async function analyze(text: string, scope: CheckScope): Promise<Analysis> {
  let tree;
  try {
    tree = parseExpr(text);
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, issues: [e.issue] };
    throw e;
  }
  return checkTree(tree, scope);
}

/**
 * A runtime failure of an expression (a value too large, a computed date out of range, a field
 * rule broken by a computed value) as a 422 in the user's language; `fieldOfTag` names the
 * field an assignment writes. Undefined for errors that are not the expression's.
 */
export function runtimeError(
  e: unknown,
  lang: Lang,
  fieldOfTag: (tag: string) => string | undefined = () => undefined,
): AppError | undefined {
  const text = String((e as { message?: unknown } | null)?.message ?? '');
  const code = (e as { code?: unknown } | null)?.code;
  const at = text.indexOf(FX_ERROR);
  if (at >= 0 && text.startsWith('expr.reference_name:', at + FX_ERROR.length)) {
    // The tag, then the text no record is named (it may hold any character).
    const rest = text.slice(at + FX_ERROR.length + 'expr.reference_name:'.length);
    const cut = rest.indexOf('\u0001');
    const field = fieldOfTag(cut >= 0 ? rest.slice(0, cut) : rest) ?? '';
    const value = cut >= 0 ? rest.slice(cut + 1, cut + 81) : '';
    return new AppError('unprocessable', exprText(lang, 'expr.reference_name', { field, value }));
  }
  if (at >= 0) {
    const [key = '', tag = ''] = text.slice(at + FX_ERROR.length).split(/[:\s]/);
    const field = fieldOfTag(tag);
    if (key === 'expr.out_of_range' || key === 'expr.date_range')
      return new AppError(
        'unprocessable',
        field
          ? exprText(lang, `${key}_field` as 'expr.out_of_range_field', { field })
          : exprText(lang, key),
      );
    const known = [
      'expr.required',
      'expr.not_a_choice_runtime',
      'expr.text_too_long',
      'expr.below_min',
      'expr.above_max',
      'expr.reference_missing',
      'expr.series_too_long',
    ];
    if (known.includes(key))
      return new AppError(
        'unprocessable',
        exprText(lang, key as 'expr.required', { field: field ?? '' }),
      );
    return new AppError('unprocessable', exprText(lang, 'expr.out_of_range'));
  }
  // Arithmetic the database refused: integer overflow (SQLite), numeric overflow (PostgreSQL).
  if (/integer overflow/i.test(text) || code === '22003')
    return new AppError('unprocessable', exprText(lang, 'expr.out_of_range'));
  if (code === '22008' || code === '22007')
    return new AppError('unprocessable', exprText(lang, 'expr.date_range'));
  return undefined;
}

/** Significant digits a computed number may have (what a decimal field can store). */
const OUTPUT_DIGITS = 18;

/**
 * A value read with `emitOutput` in the API's form: whole numbers as numbers, decimals as
 * decimal text with the type's scale, booleans, dates and text as they are. A number with more
 * digits than a field can hold is a 422.
 */
export function readOutput(type: ExprType, raw: unknown, lang: Lang): unknown {
  if (raw === null || raw === undefined) return null;
  switch (type.t) {
    case 'int':
    case 'dec': {
      const text = String(raw);
      if (text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length > OUTPUT_DIGITS)
        throw new AppError('unprocessable', exprText(lang, 'expr.out_of_range'));
      if (type.t === 'dec') return text;
      // Whole numbers travel as JSON numbers: only those a number holds exactly.
      const n = Number(text);
      if (!Number.isSafeInteger(n))
        throw new AppError('unprocessable', exprText(lang, 'expr.out_of_range'));
      return n;
    }
    case 'ref':
      return Number(raw);
    case 'bool':
      return raw === true || raw === 1 || raw === 1n || raw === '1' || raw === 't';
    case 'multi':
      try {
        return JSON.parse(String(raw)) as unknown;
      } catch {
        return [String(raw)];
      }
    default:
      return typeof raw === 'string' ? raw : String(raw);
  }
}
