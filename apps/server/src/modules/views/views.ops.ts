import type { OpHandlers } from '../../platform/ops.js';
import { deleteView, listViews, saveView } from './views.service.js';

export const viewsOps = {
  'views.list': (ctx, i) => listViews(ctx, i.objectId),
  'views.save': (ctx, i, { app }) => saveView(ctx, i, app),
  'views.delete': (ctx, i) => deleteView(ctx, i.id),
} satisfies OpHandlers;
