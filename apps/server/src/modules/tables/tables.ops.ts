import type { OpHandlers } from '../../platform/ops.js';
import { listTables } from './tables.service.js';

export const tablesOps = {
  'tables.list': (ctx) => listTables(ctx),
} satisfies OpHandlers;
