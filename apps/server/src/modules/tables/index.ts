/** The physical tables of a domain with their sizes and indexes. */
export { tablesOps } from './tables.ops.js';
