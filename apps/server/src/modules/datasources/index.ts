/** Data sources: connections to external databases (owners and admins), see docs/mounts.md. */
export { datasourcesOps } from './datasources.ops.js';
export { datasourcesPlugin } from './datasources.plugin.js';
