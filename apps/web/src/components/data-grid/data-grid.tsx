import { Button, Text } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { GridHeader } from './grid-header';
import { handleGridKey } from './grid-keys';
import { cellId as cellIdOf, editErrorId, GridRow, SELECT_WIDTH, type Active } from './grid-row';
import { GroupRow } from './group-row';
import { buildLayout } from './layout';
import type { DataGridProps } from './types';
import { useCellEditing } from './use-cell-editing';
import { useColumns } from './use-columns';
import { useGridVirtualizers } from './use-grid-virtualizers';
import { useWindowedRows } from './use-windowed-rows';
import { useSelection, useVisibleItems } from './use-visible-items';
import { estimateLoaded, useStableActions } from './grid-helpers';
import classes from './data-grid.module.css';

/**
 * The console's data grid: only the visible rows and columns are in the DOM, rows come in
 * windows fetched as the user scrolls, columns resize and reorder by dragging, groups collapse,
 * the keyboard moves an active cell and simple cells are edited in place.
 */
export function DataGrid<R>(props: DataGridProps<R>) {
  const { columns, total, dataKey, getRowId, labels, locale, groups, selected } = props;
  const { pageSize = 100, rowHeight = 36, height = 520, overscan = 6 } = props;
  const { onSelectedChange, onRowOpen, onCellEdit, isRowDeleted, error, onRetry } = props;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useWindowedRows(props.fetchWindow, dataKey, pageSize);
  const cols = useColumns(columns, props.onColumnResize, props.onColumnOrder);
  const { ordered, widthOf } = cols;

  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const firstPage = rows.rowAt(0) !== undefined;
  const estimatedTotal = total ?? (firstPage ? estimateLoaded(rows.rowAt, pageSize) : pageSize);
  const layout = useMemo(
    () => buildLayout(estimatedTotal, groups, collapsed),
    [estimatedTotal, groups, collapsed],
  );

  const selectable = !!onSelectedChange;
  const leftPad = selectable ? SELECT_WIDTH : 0;
  const { rowVirtualizer, colVirtualizer, physicalHeight, viewport, shift } = useGridVirtualizers({
    scrollRef,
    count: layout.count,
    rowHeight,
    overscan,
    columns: ordered,
    widthOf,
    leftPad,
  });
  const virtualCols = colVirtualizer.getVirtualItems();
  const contentWidth = colVirtualizer.getTotalSize();

  const { items, slots } = useVisibleItems({
    layout,
    virtualRows: rowVirtualizer.getVirtualItems(),
    viewport,
    rowHeight,
    overscan,
    request: rows.request,
    countPending: total === undefined,
    pageSize,
  });

  const [active, setActive] = useState<Active>({ index: 0, col: 0 });
  useEffect(() => {
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
  const edit = useCellEditing({
    layout,
    rows,
    columns: ordered,
    onCellEdit,
    isRowDeleted,
    focusGrid: () => scrollRef.current?.focus({ preventScroll: true }),
    moveTo,
    resetKey: `${dataKey}|${layout.count}`,
    locale,
  });

  const toggleGroup = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (edit.editing) return;
    handleGridKey(e, {
      active,
      layout,
      columnCount: ordered.length,
      pageRows: Math.max(
        1,
        Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1,
      ),
      moveTo,
      toggleGroup,
      startEdit: edit.startEdit,
      rowAt: rows.rowAt,
      open: (row, offset) => onRowOpen?.(row, offset),
      toggleSelected,
    });
  };

  const { toggleSelected, allVisibleSelected, toggleAllVisible } = useSelection({
    visible: items.map(({ item }) => (item.kind === 'row' ? rows.rowAt(item.offset) : undefined)),
    getRowId,
    selected,
    onSelectedChange,
  });

  const cellId = (index: number, col: number) => cellIdOf(gridId, index, col);
  const actions = useStableActions<R>({
    activate: (index, col) => setActive({ index, col }),
    retry: (offset) => rows.retry(offset),
    toggleSelected,
    open: (row, offset) => onRowOpen?.(row, offset),
    editText: edit.editText,
    leaveEditor: edit.leaveEditor,
    editorKey: edit.editorKey,
  });

  return (
    <div className={classes.root} style={{ height }} data-testid="data-grid">
      <GridHeader
        columns={ordered}
        virtualCols={virtualCols}
        contentWidth={contentWidth}
        scrollLeft={colVirtualizer.scrollOffset ?? 0}
        labels={labels}
        selectAll={
          selectable ? { checked: allVisibleSelected, toggle: toggleAllVisible } : undefined
        }
        drag={cols.drag}
        resizing={cols.resizing}
        startResize={cols.startResize}
        sorts={props.sorts ?? []}
        onSortChange={props.onSortChange}
      />
      <div
        ref={scrollRef}
        className={classes.scroller}
        role="grid"
        aria-label={props.ariaLabel}
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
              return (
                <GroupRow<R>
                  key={`g${key % slots}`}
                  top={top}
                  group={item.group}
                  depth={item.depth}
                  collapsed={item.collapsed}
                  rowHeight={rowHeight}
                  contentWidth={contentWidth}
                  leftPad={leftPad}
                  columns={ordered}
                  virtualCols={virtualCols}
                  widthOf={widthOf}
                  activeCol={active.index === key ? active.col : -1}
                  activeId={cellId(key, active.col)}
                  locale={locale}
                  labels={labels}
                  onActivate={() => setActive({ index: key, col: active.col })}
                  onToggle={() => toggleGroup(item.group.id)}
                />
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
                editing={edit.editing && edit.editing.index === key ? edit.editing : null}
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
      {edit.editing?.error && (
        // Under the grid, not over the next row: the strip takes its own line.
        <div id={editErrorId(gridId)} className={classes.editError} role="alert">
          <strong>{ordered[edit.editing.col]?.title}:</strong> {edit.editing.error}
        </div>
      )}
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
        <div className={classes.overlay} data-testid="grid-empty">
          {props.emptyContent ? (
            <div className={classes.overlayContent}>{props.emptyContent}</div>
          ) : (
            <Text c="dimmed">{labels.empty}</Text>
          )}
        </div>
      ) : null}
    </div>
  );
}
