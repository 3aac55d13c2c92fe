export { DataGrid, type DataGridProps, type RowId } from './data-grid';
export {
  formatValue,
  editText,
  toNumber,
  inlineEditable,
  numericTypes,
  isReference,
} from './format';
export type {
  CellType,
  Choice,
  GridColumn,
  GridGroup,
  GridLabels,
  ParseResult,
  ReferenceValue,
} from './types';
