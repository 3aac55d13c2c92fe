/** Cubes: pivots over an object's records — queries, Show Records and write-back. */
export { cubesOps } from './cubes.ops.js';
export { queryCube } from './cubes.query.js';
export { checkCubeLayout, getCube } from './cubes.service.js';
