export { DataGrid, type RowId } from './data-grid';
export { formatValue } from './format';
export type { GridColumn, GridGroup, GridLabels, ParseResult } from './types';
