import type { ReactNode } from 'react';

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

export interface GridLabels {
  selectRow: string;
  selectAll: string;
  loading: string;
  empty: string;
  error: string;
  retry: string;
  resizeColumn: string;
  expandGroup: string;
  collapseGroup: string;
  yes: string;
  no: string;
  rowsCount: (count: number) => string;
}
