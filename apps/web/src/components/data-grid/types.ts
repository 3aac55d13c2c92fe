import type { CSSProperties, ReactNode } from 'react';

/** How a cell shows and edits its value. */
export type CellType =
  | 'text'
  | 'longtext'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'reference'
  | 'email'
  | 'url'
  | 'phone'
  | 'attachment';

export interface Choice {
  value: string;
  label: string;
  color?: string;
}

/** A reference cell's value: the target record and its display text. */
export interface ReferenceValue {
  id: string | number;
  label: string;
}

/** Result of turning typed text into a value: the value, or a message for the user. */
export type ParseResult = { ok: true; value: unknown } | { ok: false; error: string };

export interface GridColumn<R> {
  id: string;
  header: ReactNode;
  /** Plain text of the header (aria labels, drag handles). */
  title: string;
  type: CellType;
  width?: number;
  minWidth?: number;
  /** Cells of this column may be edited in place (simple types only). */
  editable?: boolean;
  /** A click on the header sorts by this column. */
  sortable?: boolean;
  choices?: Choice[];
  currency?: string;
  /** Digits after the decimal point for decimal, money and percent. */
  precision?: number;
  /** Value of the cell; defaults to `row[id]`. */
  getValue?: (row: R) => unknown;
  /** Address a reference cell links to. */
  href?: (value: ReferenceValue, row: R) => string | undefined;
  /** Text typed by the user → value or a translated error. */
  parse?: (text: string, row: R) => ParseResult;
}

/** A group header of a grouped grid. Rows of a group are contiguous in the grid's order. */
export interface GridGroup {
  /** Stable id, e.g. the path of group values. */
  id: string;
  label: ReactNode;
  count: number;
  /** Column id → formatted or raw aggregate shown under that column. */
  aggregates?: Record<string, unknown>;
  children?: GridGroup[];
}

/** One key of the grid's order: a column and its direction. */
export interface GridSort {
  field: string;
  dir: 'asc' | 'desc';
}

export interface GridLabels {
  selectRow: string;
  selectAll: string;
  loading: string;
  empty: string;
  error: string;
  retry: string;
  resizeColumn: string;
  /** Hint on a sortable header: click sorts, shift-click adds a key. */
  sortHint?: string;
  expandGroup: string;
  collapseGroup: string;
  yes: string;
  no: string;
  rowsCount: (count: number) => string;
}

export type RowId = string | number;

export interface DataGridProps<R> {
  columns: GridColumn<R>[];
  /** Number of rows, from a separate count; undefined while it is being counted. */
  total: number | undefined;
  /** Loads the rows [offset, offset + limit) of the current query. */
  fetchWindow: (offset: number, limit: number) => Promise<R[]>;
  /** Changes whenever the query changes (filter, sort, search…): the cached windows are dropped. */
  dataKey: string;
  getRowId: (row: R) => RowId;
  labels: GridLabels;
  locale: string;
  pageSize?: number;
  rowHeight?: number;
  height?: CSSProperties['height'];
  overscan?: number;
  groups?: GridGroup[];
  selected?: ReadonlySet<RowId>;
  onSelectedChange?: (next: Set<RowId>) => void;
  onRowOpen?: (row: R, offset: number) => void;
  /** Saves an edited cell; resolves to the saved row, rejects with an Error whose message is shown. */
  onCellEdit?: (row: R, column: GridColumn<R>, value: unknown) => Promise<R | void>;
  onColumnResize?: (columnId: string, width: number) => void;
  onColumnOrder?: (columnIds: string[]) => void;
  /** The order shown on the headers (arrows, and numbers when there are several keys). */
  sorts?: GridSort[];
  /**
   * A click on a sortable header sorts by that column alone (ascending, descending, none);
   * shift-click adds it as a further key or turns its direction.
   */
  onSortChange?: (sorts: GridSort[]) => void;
  isRowDeleted?: (row: R) => boolean;
  /** Shown instead of `labels.empty` when there are no rows (e.g. an invitation to add one). */
  emptyContent?: ReactNode;
  /** A failure of the count or of the query as a whole. */
  error?: string | null;
  onRetry?: () => void;
  ariaLabel?: string;
}
