import type { expressionsValidateInput, ProcedureParam } from '@fiscus/contracts';
import type { z } from 'zod';
import type { OpContext } from '../../platform/context.js';
import {
  analyze,
  checkAssign,
  issueMessage,
  issueText,
  T,
  typeText,
  type ExprType,
} from '../../platform/expr/index.js';
import { findField, loadObject, type ObjectMeta } from '../../platform/meta.js';
import { pfText } from '../../platform/platform.messages.js';

type ValidateInput = z.output<typeof expressionsValidateInput>;

/** The expression type of a procedure parameter (records: a reference to their object). */
export async function paramType(
  ctx: OpContext,
  p: Pick<ProcedureParam, 'type'> & Partial<Pick<ProcedureParam, 'scale' | 'objectId'>>,
): Promise<ExprType> {
  switch (p.type) {
    case 'number':
      return (p.scale ?? 0) === 0 ? T.int : T.dec(p.scale ?? 0);
    case 'date':
    case 'month':
      return T.date;
    case 'boolean':
      return T.bool;
    case 'record': {
      if (!p.objectId) return { t: 'ref', objectId: '', objectName: '' };
      try {
        const o = await loadObject(ctx, p.objectId);
        return { t: 'ref', objectId: o.id, objectName: o.name };
      } catch {
        return { t: 'ref', objectId: p.objectId, objectName: '' };
      }
    }
    default:
      return T.text;
  }
}

/** Loads objects of the caller's domain for `reference.field` (metadata cache). */
export function objectLoader(ctx: OpContext): (id: string) => Promise<ObjectMeta> {
  return (id) => loadObject(ctx, id);
}

/**
 * `expressions.validate`: what the editor shows while the user types — the problems with their
 * positions, or the kind of value the expression gives (and whether it fits the target field).
 */
export async function validateExpression(ctx: OpContext, input: ValidateInput) {
  const object = input.objectId ? await loadObject(ctx, input.objectId) : undefined;
  const params = new Map<string, ExprType>();
  for (const p of input.params) params.set(p.name, await paramType(ctx, p));
  const result = await analyze(input.text, {
    object,
    params,
    loadObject: objectLoader(ctx),
    ...(input.kind === 'condition' ? { expect: 'bool' as const } : {}),
  });
  if (!result.ok) {
    return {
      valid: false,
      type: null,
      typeText: null,
      issues: result.issues.map((i) => ({
        start: i.start,
        end: i.end,
        message: issueMessage(ctx.lang, i),
      })),
    };
  }
  if (input.target) {
    const target = await loadObject(ctx, input.target.objectId);
    const field = findField(target, input.target.field);
    const message = !field
      ? pfText(ctx.lang, 'pf.unknown_field', { field: input.target.field.slice(0, 60) })
      : undefined;
    const fit = field ? checkAssign(result.expr, field, ctx.lang) : undefined;
    const problem = message ?? (fit?.issue ? issueText(ctx.lang, fit.issue) : undefined);
    if (problem)
      return {
        valid: false,
        type: result.expr.type.t,
        typeText: typeText(ctx.lang, result.expr.type),
        issues: [{ start: 0, end: input.text.length, message: problem }],
      };
  }
  return {
    valid: true,
    type: result.expr.type.t,
    typeText: typeText(ctx.lang, result.expr.type),
    issues: [],
  };
}
