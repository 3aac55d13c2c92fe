import { Checkbox } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { numericTypes } from './format';
import { SELECT_WIDTH } from './grid-row';
import { nextSorts } from './sorting';
import type { GridColumn, GridLabels, GridSort } from './types';
import type { ColumnDrag } from './use-columns';
import classes from './data-grid.module.css';

export const HEADER_HEIGHT = 38;

/** The header row: select-all, then the visible columns (drag to move, drag the edge to resize). */
export function GridHeader<R>({
  columns,
  virtualCols,
  contentWidth,
  scrollLeft,
  labels,
  selectAll,
  drag,
  resizing,
  startResize,
  sorts,
  onSortChange,
}: {
  columns: GridColumn<R>[];
  virtualCols: VirtualItem[];
  contentWidth: number;
  scrollLeft: number;
  labels: GridLabels;
  /** Present when rows are selectable. */
  selectAll?: { checked: boolean; toggle: () => void };
  drag: ColumnDrag;
  resizing: string | null;
  startResize: (e: ReactPointerEvent<HTMLDivElement>, column: GridColumn<R>) => void;
  sorts: readonly GridSort[];
  onSortChange?: (sorts: GridSort[]) => void;
}) {
  return (
    <div className={classes.header} style={{ height: HEADER_HEIGHT }} role="presentation">
      <div
        className={classes.headerInner}
        role="row"
        style={{
          width: contentWidth,
          height: HEADER_HEIGHT,
          transform: `translateX(${-scrollLeft}px)`,
        }}
      >
        {selectAll && (
          <div
            className={classes.selectCell}
            style={{
              width: SELECT_WIDTH,
              height: HEADER_HEIGHT,
              position: 'absolute',
              left: scrollLeft,
            }}
            role="columnheader"
          >
            <Checkbox
              size="xs"
              aria-label={labels.selectAll}
              checked={selectAll.checked}
              onChange={selectAll.toggle}
            />
          </div>
        )}
        {virtualCols.map((vc) => {
          const column = columns[vc.index];
          if (!column) return null;
          const sortable = !!onSortChange && !!column.sortable;
          const at = sorts.findIndex((s) => s.field === column.id);
          const sort = at >= 0 ? sorts[at] : undefined;
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-colindex={vc.index + 1}
              aria-sort={
                sort
                  ? sort.dir === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : sortable
                    ? 'none'
                    : undefined
              }
              className={classes.headerCell}
              data-sortable={sortable || undefined}
              onClick={
                sortable ? (e) => onSortChange(nextSorts(sorts, column.id, e.shiftKey)) : undefined
              }
              style={{
                left: vc.start,
                width: vc.size,
                justifyContent: numericTypes.has(column.type) ? 'flex-end' : undefined,
              }}
              draggable
              data-drop={drag.dropTarget === column.id}
              data-column-id={column.id}
              onDragStart={(e) => drag.start(e, column.id)}
              onDragOver={(e) => drag.over(e, column.id)}
              onDragLeave={() => drag.leave(column.id)}
              onDrop={(e) => drag.drop(e, column.id)}
              onDragEnd={drag.end}
              title={
                sortable && labels.sortHint ? `${column.title} — ${labels.sortHint}` : column.title
              }
            >
              <span className={classes.headerTitle}>{column.header}</span>
              {sort && (
                <span className={classes.sortMark} data-testid="sort-mark">
                  {sort.dir === 'asc' ? <IconArrowUp size={13} /> : <IconArrowDown size={13} />}
                  {sorts.length > 1 && <span>{at + 1}</span>}
                </span>
              )}
              <div
                className={classes.resizer}
                role="separator"
                aria-orientation="vertical"
                aria-label={`${labels.resizeColumn}: ${column.title}`}
                data-active={resizing === column.id}
                onPointerDown={(e) => startResize(e, column)}
                onClick={(e) => e.stopPropagation()}
                onDragStart={(e) => e.preventDefault()}
                draggable={false}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
