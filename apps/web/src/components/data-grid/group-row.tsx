import { Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { formatValue, numericTypes } from './format';
import type { GridColumn, GridGroup, GridLabels } from './types';
import classes from './data-grid.module.css';

/** A group header row: toggle, label and count, then the group's totals under their columns. */
export function GroupRow<R>({
  top,
  group,
  depth,
  collapsed,
  rowHeight,
  contentWidth,
  leftPad,
  columns,
  virtualCols,
  widthOf,
  activeCol,
  activeId,
  locale,
  labels,
  onActivate,
  onToggle,
}: {
  top: number;
  group: GridGroup;
  depth: number;
  collapsed: boolean;
  rowHeight: number;
  contentWidth: number;
  leftPad: number;
  columns: GridColumn<R>[];
  virtualCols: VirtualItem[];
  widthOf: (c: GridColumn<R>) => number;
  /** The active column when the active cell is on this row, else -1. */
  activeCol: number;
  activeId: string | undefined;
  locale: string;
  labels: GridLabels;
  onActivate: () => void;
  onToggle: () => void;
}) {
  // The label spans the columns up to the first one holding a total.
  let labelEnd = contentWidth;
  let x = leftPad;
  for (const c of columns) {
    if (group.aggregates?.[c.id] !== undefined && x > leftPad) {
      labelEnd = x;
      break;
    }
    x += widthOf(c);
  }
  const isActive = activeCol >= 0;
  return (
    <div
      role="row"
      aria-expanded={!collapsed}
      aria-level={depth + 1}
      className={`${classes.row} ${classes.groupRow}`}
      style={{ height: rowHeight, width: contentWidth, transform: `translateY(${top}px)` }}
      data-testid="grid-group"
    >
      <div
        id={isActive ? activeId : undefined}
        role="gridcell"
        className={classes.cell}
        data-active={isActive}
        style={{ left: leftPad, width: labelEnd - leftPad, paddingLeft: 10 + depth * 18 }}
        onClick={onActivate}
      >
        <button
          type="button"
          className={classes.groupToggle}
          aria-label={collapsed ? labels.expandGroup : labels.collapseGroup}
          onClick={onToggle}
        >
          {collapsed ? <IconChevronRight size={16} /> : <IconChevronDown size={16} />}
          <span>{group.label}</span>
          <Text span size="xs" c="dimmed">
            {labels.rowsCount(group.count)}
          </Text>
        </button>
      </div>
      {virtualCols.map((vc) => {
        const column = columns[vc.index];
        if (!column || vc.start < labelEnd) return null;
        const agg = group.aggregates?.[column.id];
        if (agg === undefined || agg === null) return null;
        const numeric = numericTypes.has(column.type);
        return (
          <div
            key={column.id}
            role="gridcell"
            className={classes.cell}
            data-align={numeric ? 'right' : undefined}
            style={{ left: vc.start, width: vc.size }}
          >
            <span className={classes.text}>
              {typeof agg === 'number' || typeof agg === 'string'
                ? formatValue(numeric ? column.type : 'decimal', agg, locale, {
                    currency: column.currency,
                    precision: column.precision,
                  })
                : String(agg)}
            </span>
          </div>
        );
      })}
    </div>
  );
}
