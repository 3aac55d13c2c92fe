import { Button } from '@mantine/core';
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo, type KeyboardEvent } from 'react';
import { CellContent } from './cells';
import { CellEditor } from './cell-editor';
import { inlineEditable, numericTypes } from './format';
import type { GridColumn, GridLabels } from './types';
import classes from './data-grid.module.css';

export const SELECT_WIDTH = 40;

export interface Active {
  index: number;
  col: number;
}

export interface Editing extends Active {
  text: string;
  error: string | null;
  saving: boolean;
}

/** The grid's callbacks as rows see them: one stable object, so rows can skip re-rendering. */
export interface RowActions<R> {
  activate: (index: number, col: number) => void;
  retry: (offset: number) => void;
  toggleSelected: (row: R) => void;
  open: (row: R, offset: number) => void;
  editText: (text: string) => void;
  leaveEditor: () => void;
  editorKey: (e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** The id of a cell, for aria-activedescendant. */
export function cellId(gridId: string, index: number, col: number): string {
  return `${gridId}-r${index}-c${col}`;
}

/** The id of the grid's strip that shows why an edited value was refused. */
export function editErrorId(gridId: string): string {
  return `${gridId}-edit-error`;
}

/** Whether a column of this row can be edited in place. */
export function cellEditable<R>(
  column: GridColumn<R> | undefined,
  allowEdit: boolean,
  deleted: boolean,
): boolean {
  return !!column && allowEdit && !!column.editable && inlineEditable.has(column.type) && !deleted;
}

export function valueOf<R>(column: GridColumn<R>, row: R): unknown {
  return column.getValue ? column.getValue(row) : (row as Record<string, unknown>)[column.id];
}

interface GridRowProps<R> {
  /** Display index. */
  index: number;
  /** Offset of the row in the whole result. */
  offset: number;
  top: number;
  /** Undefined while its window loads. */
  row: R | undefined;
  failed: boolean;
  selectable: boolean;
  selected: boolean;
  deleted: boolean;
  rowHeight: number;
  contentWidth: number;
  columns: GridColumn<R>[];
  virtualCols: VirtualItem[];
  /** The active column when the active cell is in this row, else -1. */
  activeCol: number;
  /** The cell being edited when it is in this row. */
  editing: Editing | null;
  allowEdit: boolean;
  gridId: string;
  locale: string;
  labels: GridLabels;
  actions: RowActions<R>;
}

/**
 * One data row. Memoised: while scrolling, only rows whose index, data or state changed render
 * again (a scroll step renders the rows coming into view, a loaded window only its rows).
 */
function GridRowInner<R>(props: GridRowProps<R>) {
  const {
    index,
    offset,
    top,
    row,
    failed,
    selectable,
    selected,
    deleted,
    rowHeight,
    contentWidth,
    columns,
    virtualCols,
    activeCol,
    editing,
    allowEdit,
    gridId,
    locale,
    labels,
    actions,
  } = props;
  return (
    <div
      role="row"
      aria-rowindex={offset + 2}
      aria-selected={selectable ? selected : undefined}
      aria-busy={row ? undefined : true}
      className={classes.row}
      data-selected={selected}
      data-deleted={deleted ? true : undefined}
      style={{
        height: rowHeight,
        width: contentWidth,
        transform: `translateY(${top}px)`,
      }}
      data-testid="grid-row"
      onDoubleClick={(e) => {
        // Double-click opens the record card (Enter or typing edits a cell); not in an editor.
        if (row && !(e.target as HTMLElement).closest('input, select, button, a'))
          actions.open(row, offset);
      }}
    >
      {selectable && (
        <div className={classes.selectCell} style={{ width: SELECT_WIDTH, height: rowHeight - 1 }}>
          {row && (
            <input
              type="checkbox"
              className={classes.check}
              aria-label={labels.selectRow}
              checked={selected}
              onChange={() => actions.toggleSelected(row)}
              tabIndex={-1}
            />
          )}
        </div>
      )}
      {virtualCols.map((vc) => {
        const column = columns[vc.index];
        if (!column) return null;
        const isActive = activeCol === vc.index;
        const isEditing = editing !== null && editing.col === vc.index;
        const editable = !!row && cellEditable(column, allowEdit, deleted);
        const numeric = numericTypes.has(column.type);
        return (
          <div
            key={column.id}
            // Only the active cell needs an id (aria-activedescendant): ids on every cell would
            // all change with every scroll.
            id={isActive ? cellId(gridId, index, vc.index) : undefined}
            role="gridcell"
            aria-colindex={vc.index + 1}
            aria-invalid={isEditing && editing.error ? true : undefined}
            className={classes.cell}
            data-active={isActive}
            data-invalid={isEditing && !!editing.error}
            data-editable={editable}
            data-align={numeric ? 'right' : undefined}
            style={{ left: vc.start, width: vc.size }}
            onClick={() => actions.activate(index, vc.index)}
          >
            {!row ? (
              failed && vc.index === 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => actions.retry(offset)}
                >
                  {labels.retry}
                </Button>
              ) : (
                <div
                  className={classes.placeholder}
                  aria-label={vc.index === 0 ? labels.loading : undefined}
                />
              )
            ) : isEditing ? (
              <CellEditor
                column={column}
                editing={editing}
                numeric={numeric}
                actions={actions}
                errorId={editErrorId(gridId)}
              />
            ) : (
              <CellContent
                column={column}
                value={valueOf(column, row)}
                row={row}
                locale={locale}
                labels={labels}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

export const GridRow = memo(GridRowInner) as typeof GridRowInner;
