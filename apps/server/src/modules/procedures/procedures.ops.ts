import type { OpHandlers } from '../../platform/ops.js';
import {
  cancelRun,
  createProcedure,
  deleteProcedure,
  getProcedure,
  getRun,
  listProcedures,
  listRuns,
  startRun,
  updateProcedure,
  validateDefinition,
} from './procedures.service.js';

export const proceduresOps = {
  'procedures.list': (ctx) => listProcedures(ctx),
  'procedures.get': (ctx, i) => getProcedure(ctx, i.id),
  'procedures.create': (ctx, i) => createProcedure(ctx, i),
  'procedures.update': (ctx, i) => updateProcedure(ctx, i),
  'procedures.delete': (ctx, i) => deleteProcedure(ctx, i.id),
  'procedures.validate': (ctx, i) => validateDefinition(ctx, i.definition, i.id),
  'procedures.run': (ctx, i, { app }) => startRun(ctx, app, i),
  'procedures.runs': (ctx, i) => listRuns(ctx, i),
  'procedures.getRun': (ctx, i) => getRun(ctx, i.id),
  'procedures.cancel': (ctx, i, { app }) => cancelRun(ctx, app, i.id),
} satisfies OpHandlers;
