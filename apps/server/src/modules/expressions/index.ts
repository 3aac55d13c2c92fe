/** Checking expressions for the editors (procedures now, computed fields next). */
export { expressionsOps } from './expressions.ops.js';
export { objectLoader, paramType } from './expressions.service.js';
