import type { OpHandlers } from '../../platform/ops.js';
import { getFiles } from './files.service.js';

export const filesOps = {
  'files.get': (ctx, i, { app }) => getFiles(ctx, i, app),
} satisfies OpHandlers;
