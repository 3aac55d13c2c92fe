/** Procedures: named routines of safe steps over a domain's data, run as jobs. */
export { proceduresOps } from './procedures.ops.js';
export { proceduresPlugin } from './procedures.plugin.js';
/** For actions: a procedure's definition, its parameter check, and starting a run. */
export { getProcedure, startRun } from './procedures.service.js';
export { paramValues } from './procedures.plan.js';
