/** Objects (tables and reference catalogs): their metadata and real SQL tables. */
export { objectsOps } from './objects.ops.js';
