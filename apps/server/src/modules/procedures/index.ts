/** Procedures: named routines of safe steps over a domain's data, run as jobs. */
export { proceduresOps } from './procedures.ops.js';
export { proceduresPlugin } from './procedures.plugin.js';
