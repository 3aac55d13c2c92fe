import { Button, Checkbox, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { elementScroll, observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { editText, formatValue, numericTypes } from './format';
import {
  cellEditable,
  cellId as cellIdOf,
  GridRow,
  SELECT_WIDTH,
  valueOf,
  type Active,
  type Editing,
  type RowActions,
} from './grid-row';
import { buildLayout, itemAt, type Item } from './layout';
import type { GridColumn, GridGroup, GridLabels, ParseResult } from './types';
import { useWindowedRows } from './use-windowed-rows';
import classes from './data-grid.module.css';

/** Browsers cap an element's height (~33M px in Chromium); beyond this the scroll is scaled. */
const MAX_PHYSICAL_HEIGHT = 8_000_000;
const DEFAULT_WIDTH = 160;
const MIN_WIDTH = 60;

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
  isRowDeleted?: (row: R) => boolean;
  /** A failure of the count or of the query as a whole. */
  error?: string | null;
  onRetry?: () => void;
  ariaLabel?: string;
}

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
 * The console's data grid: only the visible rows and columns are in the DOM, rows come in
 * windows fetched as the user scrolls, columns resize and reorder by dragging, groups collapse,
 * the keyboard moves an active cell and simple cells are edited in place.
 */
export function DataGrid<R>(props: DataGridProps<R>) {
  const {
    columns,
    total,
    fetchWindow,
    dataKey,
    getRowId,
    labels,
    locale,
    pageSize = 100,
    rowHeight = 36,
    height = 520,
    overscan = 6,
    groups,
    selected,
    onSelectedChange,
    onRowOpen,
    onCellEdit,
    onColumnResize,
    onColumnOrder,
    isRowDeleted,
    error,
    onRetry,
    ariaLabel,
  } = props;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useWindowedRows(fetchWindow, dataKey, pageSize);

  // Column order and widths: the user's drags, reconciled with the columns given.
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

  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const firstPage = rows.rowAt(0) !== undefined;
  const estimatedTotal = total ?? (firstPage ? estimateLoaded(rows.rowAt, pageSize) : pageSize);
  const layout = useMemo(
    () => buildLayout(estimatedTotal, groups, collapsed),
    [estimatedTotal, groups, collapsed],
  );

  const selectable = !!onSelectedChange;
  const leftPad = selectable ? SELECT_WIDTH : 0;

  // Scroll scaling for very tall grids (see MAX_PHYSICAL_HEIGHT).
  const virtualHeight = layout.count * rowHeight;
  const physicalHeight = Math.min(virtualHeight, MAX_PHYSICAL_HEIGHT);
  const scaleRef = useRef(1);
  const viewport = scrollRef.current?.clientHeight ?? 0;
  scaleRef.current =
    virtualHeight > MAX_PHYSICAL_HEIGHT && physicalHeight > viewport
      ? (virtualHeight - viewport) / (physicalHeight - viewport)
      : 1;

  const rowVirtualizer = useVirtualizer({
    count: layout.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    observeElementOffset: (instance, cb) =>
      observeElementOffset(instance, (offset, isScrolling) =>
        cb(offset * scaleRef.current, isScrolling),
      ),
    scrollToFn: (offset, options, instance) =>
      elementScroll(offset / scaleRef.current, options, instance),
  });
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: ordered.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const c = ordered[i];
      return c ? widthOf(c) : DEFAULT_WIDTH;
    },
    paddingStart: leftPad,
    overscan: 2,
  });
  const widthsKey = ordered.map((c) => `${c.id}:${widthOf(c)}`).join('|');
  useEffect(() => {
    colVirtualizer.measure();
  }, [widthsKey, colVirtualizer]);

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualCols = colVirtualizer.getVirtualItems();
  const contentWidth = colVirtualizer.getTotalSize();
  const scrollOffset = rowVirtualizer.scrollOffset ?? 0;
  const shift = scrollOffset / scaleRef.current - scrollOffset;

  // Ask for the windows covering what is on screen.
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
    if (lastOffset >= 0) rows.request(firstOffset, lastOffset);
    else if (total === undefined) rows.request(0, pageSize - 1);
  });

  // Active cell, editing.
  const [active, setActive] = useState<Active>({ index: 0, col: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  useEffect(() => {
    setEditing(null);
    setActive((a) => ({ index: Math.min(a.index, Math.max(0, layout.count - 1)), col: a.col }));
  }, [dataKey, layout.count]);

  const moveTo = useCallback(
    (index: number, col: number) => {
      const i = Math.max(0, Math.min(layout.count - 1, index));
      const c = Math.max(0, Math.min(ordered.length - 1, col));
      setActive({ index: i, col: c });
      rowVirtualizer.scrollToIndex(i, { align: 'auto' });
      colVirtualizer.scrollToIndex(c, { align: 'auto' });
    },
    [colVirtualizer, layout.count, ordered.length, rowVirtualizer],
  );

  const toggleGroup = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

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

  const canEdit = (column: GridColumn<R> | undefined, row: R | undefined) =>
    !!row && cellEditable(column, !!onCellEdit, !!isRowDeleted?.(row));

  const startEdit = (index: number, col: number, initial?: string) => {
    const item = itemAt(layout, index);
    if (!item || item.kind !== 'row') return false;
    const row = rows.rowAt(item.offset);
    const column = ordered[col];
    if (!canEdit(column, row) || !column || !row) return false;
    if (column.type === 'boolean') {
      const value = valueOf(column, row);
      void commit(index, col, !(value === true || value === 1 || value === 'true'));
      return true;
    }
    const value = valueOf(column, row);
    setEditing({
      index,
      col,
      text: initial ?? editText(column.type, value),
      error: null,
      saving: false,
    });
    return true;
  };

  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });

  const commit = async (index: number, col: number, direct?: unknown): Promise<boolean> => {
    const item = itemAt(layout, index);
    const column = ordered[col];
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
          text: editText(column.type, direct),
          error: message,
          saving: false,
        });
      } else {
        setEditing((e) => (e ? { ...e, error: message, saving: false } : e));
      }
      return false;
    }
  };

  const visibleRows = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1,
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const { index, col } = active;
    const item = itemAt(layout, index);
    switch (e.key) {
      case 'ArrowDown':
        moveTo(index + 1, col);
        break;
      case 'ArrowUp':
        moveTo(index - 1, col);
        break;
      case 'ArrowRight':
        if (item?.kind === 'group' && item.collapsed) toggleGroup(item.group.id);
        else moveTo(index, col + 1);
        break;
      case 'ArrowLeft':
        if (item?.kind === 'group' && !item.collapsed) toggleGroup(item.group.id);
        else moveTo(index, col - 1);
        break;
      case 'Home':
        moveTo(e.ctrlKey || e.metaKey ? 0 : index, 0);
        break;
      case 'End':
        moveTo(e.ctrlKey || e.metaKey ? layout.count - 1 : index, ordered.length - 1);
        break;
      case 'PageDown':
        moveTo(index + visibleRows, col);
        break;
      case 'PageUp':
        moveTo(index - visibleRows, col);
        break;
      case 'Enter':
      case 'F2': {
        if (item?.kind === 'group') {
          toggleGroup(item.group.id);
          break;
        }
        if (startEdit(index, col)) break;
        if (e.key === 'Enter' && item?.kind === 'row') {
          const row = rows.rowAt(item.offset);
          if (row) onRowOpen?.(row, item.offset);
        }
        break;
      }
      case ' ': {
        if (item?.kind === 'group') toggleGroup(item.group.id);
        else if (item?.kind === 'row') {
          const row = rows.rowAt(item.offset);
          if (row) toggleSelected(row);
        }
        break;
      }
      default:
        return;
    }
    e.preventDefault();
  };

  // Column resize by dragging the header's edge.
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

  // Column reorder by dragging a header onto another.
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

  const loadedVisible = items
    .map(({ item }) => (item.kind === 'row' ? rows.rowAt(item.offset) : undefined))
    .filter((r): r is R => r !== undefined);
  const allVisibleSelected =
    loadedVisible.length > 0 && loadedVisible.every((r) => selected?.has(getRowId(r)));
  const toggleAllVisible = () => {
    if (!onSelectedChange) return;
    const next = new Set(selected ?? []);
    if (allVisibleSelected) loadedVisible.forEach((r) => next.delete(getRowId(r)));
    else loadedVisible.forEach((r) => next.add(getRowId(r)));
    onSelectedChange(next);
  };

  const headerHeight = 38;
  const cellId = (index: number, col: number) => cellIdOf(gridId, index, col);

  // Rows get one stable object of callbacks that always calls the latest closures.
  const latest = useRef<RowActions<R> | null>(null);
  latest.current = {
    activate: (index, col) => setActive({ index, col }),
    startEdit: (index, col) => void startEdit(index, col),
    retry: (offset) => rows.retry(offset),
    toggleSelected,
    open: (row, offset) => onRowOpen?.(row, offset),
    editText: (text) => setEditing((e) => (e ? { ...e, text, error: null } : e)),
    leaveEditor: () => setEditing((cur) => (cur && !cur.error && !cur.saving ? null : cur)),
    editorKey: (e) => editorKey(e),
  };
  const actions = useMemo<RowActions<R>>(() => {
    const call = (): RowActions<R> => latest.current as RowActions<R>;
    return {
      activate: (index, col) => call().activate(index, col),
      startEdit: (index, col) => call().startEdit(index, col),
      retry: (offset) => call().retry(offset),
      toggleSelected: (row) => call().toggleSelected(row),
      open: (row, offset) => call().open(row, offset),
      editText: (text) => call().editText(text),
      leaveEditor: () => call().leaveEditor(),
      editorKey: (e) => call().editorKey(e),
    };
  }, []);

  return (
    <div className={classes.root} style={{ height }} data-testid="data-grid">
      <div className={classes.header} style={{ height: headerHeight }} role="presentation">
        <div
          className={classes.headerInner}
          role="row"
          style={{
            width: contentWidth,
            height: headerHeight,
            transform: `translateX(${-(colVirtualizer.scrollOffset ?? 0)}px)`,
          }}
        >
          {selectable && (
            <div
              className={classes.selectCell}
              style={{
                width: SELECT_WIDTH,
                height: headerHeight,
                position: 'absolute',
                left: colVirtualizer.scrollOffset ?? 0,
              }}
              role="columnheader"
            >
              <Checkbox
                size="xs"
                aria-label={labels.selectAll}
                checked={allVisibleSelected}
                onChange={toggleAllVisible}
              />
            </div>
          )}
          {virtualCols.map((vc) => {
            const column = ordered[vc.index];
            if (!column) return null;
            return (
              <div
                key={column.id}
                role="columnheader"
                aria-colindex={vc.index + 1}
                className={classes.headerCell}
                style={{
                  left: vc.start,
                  width: vc.size,
                  justifyContent: numericTypes.has(column.type) ? 'flex-end' : undefined,
                }}
                draggable
                data-drop={dropTarget === column.id}
                data-column-id={column.id}
                onDragStart={(e) => {
                  dragged.current = column.id;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', column.id);
                }}
                onDragOver={(e) => {
                  if (!dragged.current) return;
                  e.preventDefault();
                  setDropTarget(column.id);
                }}
                onDragLeave={() => setDropTarget((t) => (t === column.id ? null : t))}
                onDrop={(e) => {
                  e.preventDefault();
                  dropOn(column.id);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setDropTarget(null);
                }}
                title={column.title}
              >
                <span className={classes.headerTitle}>{column.header}</span>
                <div
                  className={classes.resizer}
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`${labels.resizeColumn}: ${column.title}`}
                  data-active={resizing === column.id}
                  onPointerDown={(e) => startResize(e, column)}
                  onDragStart={(e) => e.preventDefault()}
                  draggable={false}
                />
              </div>
            );
          })}
        </div>
      </div>
      <div
        ref={scrollRef}
        className={classes.scroller}
        role="grid"
        aria-label={ariaLabel}
        aria-rowcount={total === undefined ? -1 : total + 1}
        aria-colcount={ordered.length}
        aria-activedescendant={layout.count > 0 ? cellId(active.index, active.col) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="data-grid-scroller"
      >
        <div
          style={{ height: physicalHeight, width: contentWidth, position: 'relative' }}
          role="rowgroup"
        >
          {items.map(({ key, start, item }) => {
            const top = start + shift;
            if (item.kind === 'group') {
              const { group, depth, collapsed: isCollapsed } = item;
              return (
                <div
                  key={`g${key % slots}`}
                  role="row"
                  aria-expanded={!isCollapsed}
                  aria-level={depth + 1}
                  className={`${classes.row} ${classes.groupRow}`}
                  style={{
                    height: rowHeight,
                    width: contentWidth,
                    transform: `translateY(${top}px)`,
                  }}
                  data-testid="grid-group"
                >
                  {(() => {
                    // The label spans the columns up to the first one holding a total.
                    let labelEnd = contentWidth;
                    let x = leftPad;
                    for (const c of ordered) {
                      if (group.aggregates?.[c.id] !== undefined && x > leftPad) {
                        labelEnd = x;
                        break;
                      }
                      x += widthOf(c);
                    }
                    const isActive = active.index === key;
                    return (
                      <>
                        <div
                          id={isActive ? cellId(key, active.col) : undefined}
                          role="gridcell"
                          className={classes.cell}
                          data-active={isActive}
                          style={{
                            left: leftPad,
                            width: labelEnd - leftPad,
                            paddingLeft: 10 + depth * 18,
                          }}
                          onClick={() => setActive({ index: key, col: active.col })}
                        >
                          <button
                            type="button"
                            className={classes.groupToggle}
                            aria-label={isCollapsed ? labels.expandGroup : labels.collapseGroup}
                            onClick={() => toggleGroup(group.id)}
                          >
                            {isCollapsed ? (
                              <IconChevronRight size={16} />
                            ) : (
                              <IconChevronDown size={16} />
                            )}
                            <span>{group.label}</span>
                            <Text span size="xs" c="dimmed">
                              {labels.rowsCount(group.count)}
                            </Text>
                          </button>
                        </div>
                        {virtualCols.map((vc) => {
                          const column = ordered[vc.index];
                          if (!column || vc.start < labelEnd) return null;
                          const agg = group.aggregates?.[column.id];
                          if (agg === undefined || agg === null) return null;
                          return (
                            <div
                              key={column.id}
                              role="gridcell"
                              className={classes.cell}
                              data-align={numericTypes.has(column.type) ? 'right' : undefined}
                              style={{ left: vc.start, width: vc.size }}
                            >
                              <span className={classes.text}>
                                {typeof agg === 'number'
                                  ? formatValue(
                                      numericTypes.has(column.type) ? column.type : 'decimal',
                                      agg,
                                      locale,
                                      { currency: column.currency, precision: column.precision },
                                    )
                                  : String(agg)}
                              </span>
                            </div>
                          );
                        })}
                      </>
                    );
                  })()}
                </div>
              );
            }
            const row = rows.rowAt(item.offset);
            const rowId = row ? getRowId(row) : undefined;
            return (
              <GridRow<R>
                key={`r${key % slots}`}
                index={key}
                offset={item.offset}
                top={top}
                row={row}
                failed={!row && rows.failedAt(item.offset)}
                selectable={selectable}
                selected={rowId !== undefined && !!selected?.has(rowId)}
                deleted={!!row && !!isRowDeleted?.(row)}
                rowHeight={rowHeight}
                contentWidth={contentWidth}
                columns={ordered}
                virtualCols={virtualCols}
                activeCol={active.index === key ? active.col : -1}
                editing={editing && editing.index === key ? editing : null}
                allowEdit={!!onCellEdit}
                gridId={gridId}
                locale={locale}
                labels={labels}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
      {error ? (
        <div className={classes.overlay} role="alert">
          <Text c="red">{error}</Text>
          {onRetry && (
            <Button size="xs" variant="light" onClick={onRetry}>
              {labels.retry}
            </Button>
          )}
        </div>
      ) : total === 0 ? (
        <div className={classes.overlay}>
          <Text c="dimmed">{labels.empty}</Text>
        </div>
      ) : null}
    </div>
  );

  function editorKey(e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) {
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
  }
}

/** While the count is pending: the loaded first page tells whether there is more. */
function estimateLoaded<R>(rowAt: (offset: number) => R | undefined, pageSize: number): number {
  let n = 0;
  while (n < pageSize && rowAt(n) !== undefined) n++;
  return n < pageSize ? n : pageSize * 2;
}
