import type { VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect } from 'react';
import { itemAt, type Item, type Layout } from './layout';
import type { RowId } from './types';

/**
 * The items in the viewport (group headers and rows), and the request for the windows of rows
 * they need. `slots` is how many row elements the grid keeps (see `DataGrid`).
 */
export function useVisibleItems({
  layout,
  virtualRows,
  viewport,
  rowHeight,
  overscan,
  request,
  countPending,
  pageSize,
}: {
  layout: Layout;
  virtualRows: VirtualItem[];
  viewport: number;
  rowHeight: number;
  overscan: number;
  request: (from: number, to: number) => void;
  countPending: boolean;
  pageSize: number;
}) {
  let firstOffset = Infinity;
  let lastOffset = -1;
  const items: { key: number; start: number; item: Item }[] = [];
  for (const v of virtualRows) {
    const item = itemAt(layout, v.index);
    if (!item) continue;
    items.push({ key: v.index, start: v.start, item });
    if (item.kind === 'row') {
      firstOffset = Math.min(firstOffset, item.offset);
      lastOffset = Math.max(lastOffset, item.offset);
    }
  }
  // Rows are keyed by slot: display index modulo the most items the viewport holds. Consecutive
  // indexes get distinct slots, and after any scroll — a step or a jump across a million rows —
  // the same slots are in use, so React keeps the row elements and only updates their content
  // instead of unmounting and mounting a screenful of rows.
  const slots = Math.max(items.length, Math.ceil(viewport / rowHeight) + 1 + 2 * overscan, 1);
  useEffect(() => {
    if (lastOffset >= 0) request(firstOffset, lastOffset);
    else if (countPending) request(0, pageSize - 1);
  });
  return { items, slots };
}

/** Row selection: one row, or every loaded row in view (the header's checkbox). */
export function useSelection<R>({
  visible,
  getRowId,
  selected,
  onSelectedChange,
}: {
  /** Rows in view; undefined where a row is still loading. */
  visible: (R | undefined)[];
  getRowId: (row: R) => RowId;
  selected?: ReadonlySet<RowId>;
  onSelectedChange?: (next: Set<RowId>) => void;
}) {
  const toggleSelected = useCallback(
    (row: R) => {
      if (!onSelectedChange) return;
      const id = getRowId(row);
      const next = new Set(selected ?? []);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onSelectedChange(next);
    },
    [getRowId, onSelectedChange, selected],
  );
  const loaded = visible.filter((r): r is R => r !== undefined);
  const allVisibleSelected = loaded.length > 0 && loaded.every((r) => selected?.has(getRowId(r)));
  const toggleAllVisible = () => {
    if (!onSelectedChange) return;
    const next = new Set(selected ?? []);
    if (allVisibleSelected) loaded.forEach((r) => next.delete(getRowId(r)));
    else loaded.forEach((r) => next.add(getRowId(r)));
    onSelectedChange(next);
  };
  return { toggleSelected, allVisibleSelected, toggleAllVisible };
}
