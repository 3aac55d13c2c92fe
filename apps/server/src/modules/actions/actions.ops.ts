import type { OpHandlers } from '../../platform/ops.js';
import {
  createAction,
  deleteAction,
  getAction,
  listActions,
  runAction,
  updateAction,
} from './actions.service.js';

export const actionsOps = {
  'actions.list': (ctx, i) => listActions(ctx, i),
  'actions.get': (ctx, i) => getAction(ctx, i.id),
  'actions.create': (ctx, i) => createAction(ctx, i),
  'actions.update': (ctx, i) => updateAction(ctx, i),
  'actions.delete': (ctx, i) => deleteAction(ctx, i.id),
  'actions.run': (ctx, i, { app }) => runAction(ctx, app, i),
} satisfies OpHandlers;
