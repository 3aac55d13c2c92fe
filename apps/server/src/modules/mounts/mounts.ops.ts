import type { OpHandlers } from '../../platform/ops.js';
import {
  checkMount,
  createMount,
  deleteMount,
  getMount,
  inspectMount,
  listMounts,
  syncMount,
  updateMount,
} from './mounts.service.js';

export const mountsOps = {
  'mounts.list': (ctx) => listMounts(ctx),
  'mounts.get': (ctx, i) => getMount(ctx, i.objectId),
  'mounts.inspect': (ctx, i) => inspectMount(ctx, i),
  'mounts.create': (ctx, i, { app }) => createMount(ctx, app, i),
  'mounts.update': (ctx, i, { app }) => updateMount(ctx, app, i),
  'mounts.sync': (ctx, i, { app }) => syncMount(ctx, app, i.objectId, i.full),
  'mounts.check': async (ctx, i) => {
    await checkMount(ctx, i.objectId);
    return getMount(ctx, i.objectId);
  },
  'mounts.delete': (ctx, i) => deleteMount(ctx, i.objectId),
} satisfies OpHandlers;
