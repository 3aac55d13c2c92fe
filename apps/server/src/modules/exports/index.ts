/** Exports of records to CSV and XLSX, run as jobs. */
export { exportsOps } from './exports.ops.js';
export { exportsPlugin } from './exports.plugin.js';
// For other writers of files (reports): streaming a view's rows, the writers and their parts.
export type { Cell, Convert, SheetColumn } from './cells.js';
export { neutralise } from './cells.js';
export { CsvWriter, csvField } from './csv-writer.js';
export {
  CSV_TYPE,
  streamRecords,
  XLSX_TYPE,
  type ExportParams,
  type RecordsSink,
} from './exports.service.js';
export { columnLetters, sheetName, xmlText, XLSX_MAX_ROWS, XlsxWriter } from './xlsx-writer.js';
export { ZipTooLargeError, ZipWriter } from './zip-writer.js';
