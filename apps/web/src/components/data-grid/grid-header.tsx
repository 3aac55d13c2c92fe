import { Checkbox } from '@mantine/core';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { numericTypes } from './format';
import { SELECT_WIDTH } from './grid-row';
import type { GridColumn, GridLabels } from './types';
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
              data-drop={drag.dropTarget === column.id}
              data-column-id={column.id}
              onDragStart={(e) => drag.start(e, column.id)}
              onDragOver={(e) => drag.over(e, column.id)}
              onDragLeave={() => drag.leave(column.id)}
              onDrop={(e) => drag.drop(e, column.id)}
              onDragEnd={drag.end}
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
  );
}
