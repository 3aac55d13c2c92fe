import { useEffect, useState, type KeyboardEvent } from 'react';
import { editText, numericTypes } from './format';
import { cellEditable, valueOf, type Editing } from './grid-row';
import { itemAt, type Layout } from './layout';
import type { GridColumn, ParseResult } from './types';
import type { WindowedRows } from './use-windowed-rows';

const typedEditable = new Set([
  'text',
  'email',
  'url',
  'phone',
  'integer',
  'decimal',
  'money',
  'percent',
]);

function defaultParse<R>(column: GridColumn<R>, text: string): ParseResult {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (numericTypes.has(column.type)) {
    const n = Number(t.replace(',', '.'));
    if (!Number.isFinite(n)) return { ok: false, error: 'NaN' };
    return { ok: true, value: n };
  }
  return { ok: true, value: t };
}

/**
 * Editing a cell in place: start (booleans flip at once), type, commit through `onCellEdit`
 * (the saved row replaces the cached one), show the error next to the cell, leave.
 */
export function useCellEditing<R>({
  layout,
  rows,
  columns,
  onCellEdit,
  isRowDeleted,
  focusGrid,
  moveTo,
  resetKey,
  locale,
}: {
  layout: Layout;
  rows: WindowedRows<R>;
  columns: GridColumn<R>[];
  onCellEdit?: (row: R, column: GridColumn<R>, value: unknown) => Promise<R | void>;
  isRowDeleted?: (row: R) => boolean;
  focusGrid: () => void;
  moveTo: (index: number, col: number) => void;
  /** A new query or layout ends any edit. */
  resetKey: string;
  /** The user's locale: decimals start editing with its decimal separator. */
  locale?: string;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  useEffect(() => setEditing(null), [resetKey]);

  const canEdit = (column: GridColumn<R> | undefined, row: R | undefined) =>
    !!row && cellEditable(column, !!onCellEdit, !!isRowDeleted?.(row));

  const startEdit = (index: number, col: number, initial?: string) => {
    const item = itemAt(layout, index);
    if (!item || item.kind !== 'row') return false;
    const row = rows.rowAt(item.offset);
    const column = columns[col];
    if (!canEdit(column, row) || !column || !row) return false;
    // Typing starts an edit with the typed text where the editor is a text box.
    if (initial !== undefined && !typedEditable.has(column.type)) return false;
    if (column.type === 'boolean') {
      const value = valueOf(column, row);
      void commit(index, col, !(value === true || value === 1 || value === 'true'));
      return true;
    }
    const value = valueOf(column, row);
    setEditing({
      index,
      col,
      text: initial ?? editText(column.type, value, locale),
      error: null,
      saving: false,
    });
    return true;
  };

  const commit = async (index: number, col: number, direct?: unknown): Promise<boolean> => {
    const item = itemAt(layout, index);
    const column = columns[col];
    if (!item || item.kind !== 'row' || !column || !onCellEdit) return false;
    const row = rows.rowAt(item.offset);
    if (!row) return false;
    let value = direct;
    if (direct === undefined) {
      const text = editing?.text ?? '';
      const parsed = column.parse ? column.parse(text, row) : defaultParse(column, text);
      if (!parsed.ok) {
        setEditing((e) => (e ? { ...e, error: parsed.error } : e));
        return false;
      }
      value = parsed.value;
      setEditing((e) => (e ? { ...e, error: null, saving: true } : e));
    }
    try {
      const saved = await onCellEdit(row, column, value);
      rows.patch(item.offset, saved ?? ({ ...(row as object), [column.id]: value } as R));
      setEditing(null);
      focusGrid();
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (direct !== undefined) {
        setEditing({
          index,
          col,
          text: editText(column.type, direct, locale),
          error: message,
          saving: false,
        });
      } else {
        setEditing((e) => (e ? { ...e, error: message, saving: false } : e));
      }
      return false;
    }
  };

  const editorKey = (e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (!editing) return;
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit(editing.index, editing.col);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(null);
      focusGrid();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      const { index, col } = editing;
      const step = e.shiftKey ? -1 : 1;
      void commit(index, col).then((ok) => {
        if (ok) moveTo(index, col + step);
      });
    }
  };

  return {
    editing,
    startEdit,
    editorKey,
    editText: (text: string) => setEditing((e) => (e ? { ...e, text, error: null } : e)),
    leaveEditor: () => setEditing((cur) => (cur && !cur.error && !cur.saving ? null : cur)),
  };
}
