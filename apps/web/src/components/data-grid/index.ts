export { DataGrid } from './data-grid';
export { formatValue } from './format';
export type { GridColumn, GridGroup, GridLabels, ParseResult, RowId } from './types';
