import type { OpHandlers } from '../../platform/ops.js';
import {
  cancelRun,
  createReport,
  deleteReport,
  generateReport,
  getReport,
  getRun,
  listReports,
  listRuns,
  updateReport,
} from './reports.service.js';

export const reportsOps = {
  'reports.list': (ctx, i) => listReports(ctx, i),
  'reports.get': (ctx, i) => getReport(ctx, i.id),
  'reports.create': (ctx, i) => createReport(ctx, i),
  'reports.update': (ctx, i) => updateReport(ctx, i),
  'reports.delete': (ctx, i) => deleteReport(ctx, i.id),
  'reports.generate': (ctx, i, { app }) => generateReport(ctx, app, i),
  'reports.runs': (ctx, i) => listRuns(ctx, i),
  'reports.getRun': (ctx, i) => getRun(ctx, i.id),
  'reports.cancel': (ctx, i, { app }) => cancelRun(ctx, app, i.id),
} satisfies OpHandlers;
