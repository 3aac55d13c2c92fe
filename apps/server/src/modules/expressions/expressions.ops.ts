import type { OpHandlers } from '../../platform/ops.js';
import { validateExpression } from './expressions.service.js';

export const expressionsOps = {
  'expressions.validate': (ctx, i) => validateExpression(ctx, i),
} satisfies OpHandlers;
