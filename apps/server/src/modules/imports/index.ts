/** Imports of CSV and XLSX files into an object, run as jobs. */
export { importsModule } from './imports.module.js';
export { importsOps } from './imports.ops.js';
export { columnNames, formatOfType, readRows, type Row } from './reader.js';
export { appliedSlices, applySliceRows } from './imports.job.js';
