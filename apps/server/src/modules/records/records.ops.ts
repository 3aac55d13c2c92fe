import type { OpHandlers } from '../../platform/ops.js';
import {
  countRecords,
  createMany,
  createRecord,
  getRecord,
  groupRecords,
  listRecords,
  recordHistory,
  setDeleted,
  updateRecord,
  upsertMany,
} from './records.service.js';

export const recordsOps = {
  'records.list': (ctx, i) => listRecords(ctx, i),
  'records.count': (ctx, i) => countRecords(ctx, i),
  'records.groups': (ctx, i) => groupRecords(ctx, i),
  'records.get': (ctx, i) => getRecord(ctx, i.objectId, i.id),
  'records.create': (ctx, i) => createRecord(ctx, i.objectId, i.values, i.names),
  'records.update': (ctx, i) => updateRecord(ctx, i.objectId, i.id, i.values, i.names),
  'records.createMany': (ctx, i) => createMany(ctx, i),
  'records.upsertMany': (ctx, i) => upsertMany(ctx, i),
  'records.delete': (ctx, i) => setDeleted(ctx, i.objectId, i.ids, true),
  'records.restore': (ctx, i) => setDeleted(ctx, i.objectId, i.ids, false),
  'records.history': (ctx, i) => recordHistory(ctx, i),
} satisfies OpHandlers;
