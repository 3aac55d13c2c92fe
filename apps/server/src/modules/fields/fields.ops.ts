import { indexesOf } from '../../platform/ddl.js';
import { requestSearchRebuild } from '../../platform/index-jobs.js';
import type { OpContext } from '../../platform/context.js';
import type { OpEnv, OpHandlers } from '../../platform/ops.js';
import {
  checkComputedField,
  createField,
  deleteField,
  fieldObjectId,
  updateField,
} from './fields.service.js';

/**
 * Runs a change of an object's fields, then keeps its views' search on an index over the fields
 * searched after it (index-jobs.ts `requestSearchRebuild`).
 */
async function keepingSearch<T>(
  ctx: OpContext,
  { app }: OpEnv,
  objectId: string,
  change: () => Promise<T>,
): Promise<T> {
  const had = await indexesOf(ctx.db, objectId);
  const out = await change();
  await requestSearchRebuild(app.jobs, ctx.db, ctx, objectId, had);
  return out;
}

export const fieldsOps = {
  'fields.create': (ctx, i, env) => keepingSearch(ctx, env, i.objectId, () => createField(ctx, i)),
  'fields.update': async (ctx, i, env) =>
    keepingSearch(ctx, env, await fieldObjectId(ctx, i.id), () => updateField(ctx, i)),
  'fields.delete': async (ctx, i, env) =>
    keepingSearch(ctx, env, await fieldObjectId(ctx, i.id), () => deleteField(ctx, i.id)),
  'fields.check': (ctx, i) => checkComputedField(ctx, i),
} satisfies OpHandlers;
