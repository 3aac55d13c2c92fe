/** Saved views of an object (personal or shared) and the indexes they need. */
export { viewsOps } from './views.ops.js';
export { viewsPlugin } from './views.plugin.js';
export { pruneViewsOfField } from './views.service.js';
