import type { Lang } from '../messages.js';
import { exprText } from './expr.messages.js';
import type { ExprIssue } from './issues.js';
import type { ExprType } from './types.js';

/** Texts of the expression language's problems and types, in the user's language. */

/** A type as users read it, in their language. */
export function typeText(lang: Lang, type: ExprType | string): string {
  const key =
    typeof type === 'string' ? type : type.t === 'ref' ? `ref:${type.objectName}` : type.t;
  if (key.startsWith('ref:')) return exprText(lang, 'expr.type.ref', { object: key.slice(4) });
  const known = [
    'null',
    'bool',
    'int',
    'dec',
    'number',
    'text',
    'date',
    'datetime',
    'multi',
    'file',
  ];
  return known.includes(key) ? exprText(lang, `expr.type.${key}` as 'expr.type.text') : key;
}

const TYPE_PARAMS = ['type', 'left', 'right', 'actual', 'expected'];

/** The message of an issue, without its position. */
export function issueText(lang: Lang, issue: Pick<ExprIssue, 'code' | 'params'>): string {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(issue.params)) {
    params[k] =
      TYPE_PARAMS.includes(k) &&
      typeof v === 'string' &&
      !(issue.code === 'expr.arity' && k === 'expected')
        ? typeText(lang, v)
        : v;
  }
  return exprText(lang, issue.code, params);
}

/** The message of an issue with where it is (characters counted from 1). */
export function issueMessage(lang: Lang, issue: ExprIssue): string {
  return exprText(lang, 'expr.at', { message: issueText(lang, issue), pos: issue.start + 1 });
}
