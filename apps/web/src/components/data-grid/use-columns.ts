import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { GridColumn } from './types';

export const DEFAULT_WIDTH = 160;
const MIN_WIDTH = 60;

/** Dragging a header onto another: the handlers every header cell gets. */
export interface ColumnDrag {
  dropTarget: string | null;
  start: (e: DragEvent, columnId: string) => void;
  over: (e: DragEvent, columnId: string) => void;
  leave: (columnId: string) => void;
  drop: (e: DragEvent, columnId: string) => void;
  end: () => void;
}

/**
 * The grid's columns in the user's order and widths: dragging a header's edge resizes a column,
 * dragging a header onto another moves it; both are reconciled with the columns given.
 */
export function useColumns<R>(
  columns: GridColumn<R>[],
  onColumnResize?: (columnId: string, width: number) => void,
  onColumnOrder?: (columnIds: string[]) => void,
) {
  const [order, setOrder] = useState<string[]>(() => columns.map((c) => c.id));
  const [widths, setWidths] = useState<Record<string, number>>({});
  const ordered = useMemo(() => {
    const byId = new Map(columns.map((c) => [c.id, c]));
    const list = order.map((id) => byId.get(id)).filter((c): c is GridColumn<R> => !!c);
    for (const c of columns) if (!order.includes(c.id)) list.push(c);
    return list;
  }, [columns, order]);
  const columnIdsKey = columns.map((c) => c.id).join('|');
  useEffect(() => {
    setOrder(columnIdsKey.split('|'));
  }, [columnIdsKey]);
  const widthOf = useCallback(
    (c: GridColumn<R>) => widths[c.id] ?? c.width ?? DEFAULT_WIDTH,
    [widths],
  );

  // Resize by dragging the header's edge.
  const [resizing, setResizing] = useState<string | null>(null);
  const startResize = (e: ReactPointerEvent<HTMLDivElement>, column: GridColumn<R>) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = widthOf(column);
    const min = column.minWidth ?? MIN_WIDTH;
    let latest = startWidth;
    setResizing(column.id);
    const move = (ev: PointerEvent) => {
      latest = Math.max(min, Math.round(startWidth + ev.clientX - startX));
      setWidths((w) => ({ ...w, [column.id]: latest }));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setResizing(null);
      onColumnResize?.(column.id, latest);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  // Reorder by dragging a header onto another.
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const dropOn = (targetId: string) => {
    const from = dragged.current;
    dragged.current = null;
    setDropTarget(null);
    if (!from || from === targetId) return;
    const ids = ordered.map((c) => c.id).filter((id) => id !== from);
    ids.splice(ids.indexOf(targetId), 0, from);
    setOrder(ids);
    onColumnOrder?.(ids);
  };
  const drag: ColumnDrag = {
    dropTarget,
    start: (e, id) => {
      dragged.current = id;
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', id);
    },
    over: (e, id) => {
      if (!dragged.current) return;
      e.preventDefault();
      setDropTarget(id);
    },
    leave: (id) => setDropTarget((t) => (t === id ? null : t)),
    drop: (e, id) => {
      e.preventDefault();
      dropOn(id);
    },
    end: () => {
      dragged.current = null;
      setDropTarget(null);
    },
  };

  return { ordered, widthOf, resizing, startResize, drag };
}
