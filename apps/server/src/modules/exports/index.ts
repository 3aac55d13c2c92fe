/** Exports of records to CSV and XLSX, run as jobs. */
export { exportsOps } from './exports.ops.js';
export { exportsPlugin } from './exports.plugin.js';
