import type { OpHandlers } from '../../platform/ops.js';
import {
  createDatasource,
  datasourcePreview,
  datasourceTables,
  deleteDatasource,
  getDatasource,
  listDatasources,
  testDatasource,
  updateDatasource,
} from './datasources.service.js';

export const datasourcesOps = {
  'datasources.list': (ctx) => listDatasources(ctx),
  'datasources.get': (ctx, i) => getDatasource(ctx, i.id),
  'datasources.create': (ctx, i, { app }) => createDatasource(ctx, app, i),
  'datasources.update': (ctx, i, { app }) => updateDatasource(ctx, app, i),
  'datasources.delete': (ctx, i) => deleteDatasource(ctx, i.id),
  'datasources.test': (ctx, i, { app }) => testDatasource(ctx, app, i),
  'datasources.tables': (ctx, i) => datasourceTables(ctx, i.id),
  'datasources.preview': (ctx, i) => datasourcePreview(ctx, i),
} satisfies OpHandlers;
