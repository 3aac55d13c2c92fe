import type { OpHandlers } from '../../platform/ops.js';
import * as imports from './imports.service.js';

export const importsOps = {
  'imports.list': (ctx, i, { app }) => imports.importsList(ctx, i, app),
  'imports.get': (ctx, i, { app }) => imports.importsGet(ctx, i, app),
  'imports.create': (ctx, i, { app }) => imports.importsCreate(ctx, i, app),
  'imports.preview': (ctx, i, { app }) => imports.importsPreview(ctx, i, app),
  'imports.update': (ctx, i, { app }) => imports.importsUpdate(ctx, i, app),
  'imports.run': (ctx, i, { app }) => imports.importsRun(ctx, i, app),
  'imports.cancel': (ctx, i, { app }) => imports.importsCancel(ctx, i, app),
  'imports.log': (ctx, i, { app }) => imports.importsLog(ctx, i, app),
  'imports.logFile': (ctx, i, { app }) => imports.importsLogFile(ctx, i, app),
  'imports.delete': (ctx, i, { app }) => imports.importsDelete(ctx, i, app),
} satisfies OpHandlers;
