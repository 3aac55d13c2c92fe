import type { OpHandlers } from '../../platform/ops.js';
import {
  createObject,
  deleteObject,
  getObject,
  listObjects,
  updateObject,
} from './objects.service.js';

export const objectsOps = {
  'objects.list': (ctx, i) => listObjects(ctx, i.kind),
  'objects.get': (ctx, i) => getObject(ctx, i.id),
  'objects.create': (ctx, i) => createObject(ctx, i),
  'objects.update': (ctx, i) => updateObject(ctx, i),
  'objects.delete': (ctx, i) => deleteObject(ctx, i.id),
} satisfies OpHandlers;
