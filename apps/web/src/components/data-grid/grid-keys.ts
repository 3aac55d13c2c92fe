import type { KeyboardEvent } from 'react';
import type { Active } from './grid-row';
import { itemAt, type Layout } from './layout';

export interface GridKeyContext<R> {
  active: Active;
  layout: Layout;
  columnCount: number;
  /** Rows in one page of the viewport (PageUp/PageDown). */
  pageRows: number;
  moveTo: (index: number, col: number) => void;
  toggleGroup: (id: string) => void;
  startEdit: (index: number, col: number, initial?: string) => boolean;
  rowAt: (offset: number) => R | undefined;
  open: (row: R, offset: number) => void;
  toggleSelected: (row: R) => void;
}

/** The grid's keys while no cell is being edited; returns whether the key was the grid's. */
export function handleGridKey<R>(e: KeyboardEvent<HTMLDivElement>, ctx: GridKeyContext<R>) {
  const { index, col } = ctx.active;
  const { moveTo, layout } = ctx;
  const item = itemAt(layout, index);
  const rowOf = () => (item?.kind === 'row' ? ctx.rowAt(item.offset) : undefined);
  switch (e.key) {
    case 'ArrowDown':
      moveTo(index + 1, col);
      break;
    case 'ArrowUp':
      moveTo(index - 1, col);
      break;
    case 'ArrowRight':
      if (item?.kind === 'group' && item.collapsed) ctx.toggleGroup(item.group.id);
      else moveTo(index, col + 1);
      break;
    case 'ArrowLeft':
      if (item?.kind === 'group' && !item.collapsed) ctx.toggleGroup(item.group.id);
      else moveTo(index, col - 1);
      break;
    case 'Home':
      moveTo(e.ctrlKey || e.metaKey ? 0 : index, 0);
      break;
    case 'End':
      moveTo(e.ctrlKey || e.metaKey ? layout.count - 1 : index, ctx.columnCount - 1);
      break;
    case 'PageDown':
      moveTo(index + ctx.pageRows, col);
      break;
    case 'PageUp':
      moveTo(index - ctx.pageRows, col);
      break;
    case 'Enter':
    case 'F2': {
      if (item?.kind === 'group') {
        ctx.toggleGroup(item.group.id);
        break;
      }
      if (ctx.startEdit(index, col)) break;
      const row = rowOf();
      if (e.key === 'Enter' && row && item?.kind === 'row') ctx.open(row, item.offset);
      break;
    }
    case ' ': {
      if (item?.kind === 'group') ctx.toggleGroup(item.group.id);
      else {
        const row = rowOf();
        if (row) ctx.toggleSelected(row);
      }
      break;
    }
    default: {
      // Typing on an editable cell starts editing it with what was typed.
      const printable = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
      if (!printable || item?.kind !== 'row' || !ctx.startEdit(index, col, e.key)) return false;
      break;
    }
  }
  e.preventDefault();
  return true;
}
