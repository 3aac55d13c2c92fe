/** Reports: views and cubes with parameters, generated as XLSX, CSV or PDF files by jobs. */
export { reportsOps } from './reports.ops.js';
export { reportsPlugin } from './reports.plugin.js';
