import type { OpHandlers } from '../../platform/ops.js';
import { exportRecords, getExport } from './exports.service.js';

export const exportsOps = {
  'records.export': (ctx, i, { app }) => exportRecords(ctx, i, app),
  'exports.get': (ctx, i, { app }) => getExport(ctx, i, app),
} satisfies OpHandlers;
