import { AppError } from '../../lib/app-error.js';
import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import type { ObjectMeta } from '../../platform/meta.js';
import { pfText } from '../../platform/platform.messages.js';

/** Field codes: the reserved ones, uniqueness within an object, a free code for a new field. */

const RESERVED_CODES = [
  'id',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'deleted_at',
  'deleted_by',
];
export function checkCode(ctx: OpContext, meta: ObjectMeta, code: string, exceptId?: string): void {
  if (RESERVED_CODES.includes(code)) {
    throw invalid(ctx.lang, { code: [pfText(ctx.lang, 'pf.code_reserved', { code })] });
  }
  if (meta.fields.some((f) => f.code === code && f.id !== exceptId)) {
    const m = pfText(ctx.lang, 'pf.code_taken', { code });
    throw new AppError('conflict', m, { code: [m] });
  }
}

export function freeFieldCode(meta: ObjectMeta, wanted: string): string {
  let code = RESERVED_CODES.includes(wanted) ? `${wanted}_1` : wanted;
  for (let i = 2; meta.fields.some((f) => f.code === code); i++)
    code = `${wanted.slice(0, 58)}_${i}`;
  return code;
}
