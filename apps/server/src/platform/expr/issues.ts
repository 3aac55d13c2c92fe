import type { KeyOf } from '../messages.js';
import type { exprText } from './expr.messages.js';

/** One problem of an expression: what (a message key and its values) and where. */
export interface ExprIssue {
  code: KeyOf<typeof exprText>;
  start: number;
  end: number;
  params: Record<string, string | number>;
}
