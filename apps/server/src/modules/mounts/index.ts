/** Mounts: a data source's table shown as a read-only object, live or synced (docs/mounts.md). */
export { mountsOps } from './mounts.ops.js';
export { mountsPlugin } from './mounts.plugin.js';
