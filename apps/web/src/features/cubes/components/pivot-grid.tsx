import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock } from '@tabler/icons-react';
import type { CubeAxisItem, CubeMeasureInfo, CubeValue } from '@fiscus/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatCubeValue, isNumeric, toFloat } from '../lib/decimal';
import type { MeasureStyle } from '../lib/layout';
import type { PivotData } from '../hooks/use-pivot-data';
import classes from './pivot-grid.module.css';

export interface PivotGridLabels {
  total: string;
  grandTotal: string;
  expand: string;
  collapse: string;
  empty: string;
  error: string;
  retry: string;
  locked: (member: string) => string;
  cell: string;
  /** Header text of a measure. */
  measure: (info: CubeMeasureInfo) => string;
}

/** A cell of the grid: row item index, column item index, measure index. */
export interface CellRef {
  i: number;
  j: number;
  m: number;
}

export interface PivotGridProps {
  data: PivotData;
  colDims: number;
  /** Labels of the row dimensions (the corner). */
  rowDimLabels: string[];
  styles: Record<string, MeasureStyle>;
  locale: string;
  labels: PivotGridLabels;
  height: CSSProperties['height'];
  active: CellRef | null;
  onActive: (cell: CellRef) => void;
  onToggleRow: (item: CubeAxisItem) => void;
  onToggleCol: (item: CubeAxisItem) => void;
  /** Whether a cell takes a typed value: true, or false / the reason it does not. */
  canEdit?: (cell: CellRef) => boolean;
  /** Writes a typed value; resolves to an error message, or null when written. */
  onCommit?: (cell: CellRef, text: string) => Promise<string | null>;
  /** Keys of cells changed by the last write (`rowPath|colPath|measure`). */
  changed?: ReadonlySet<string>;
  cellKey: (row: CubeAxisItem, col: CubeAxisItem, measure: string) => string;
  /** What the editor starts with: the cell's value, or nothing (a delta or a percentage). */
  editHint?: 'value' | 'empty';
  /** Opens the records behind a cell (double click on a cell that cannot be edited). */
  onOpenRecords?: (cell: CellRef) => void;
  rowHeight?: number;
  cellWidth?: number;
  rowHeaderWidth?: number;
}

const LEVEL_HEIGHT = 30;

/** Heatmap colour of a value within its measure's range (blue low → red high). */
function heat(value: CubeValue | undefined, range: { min: number; max: number } | undefined) {
  const x = toFloat(value);
  if (x === null || !range || !(range.max > range.min)) return undefined;
  const t = (x - range.min) / (range.max - range.min);
  const hue = 220 - 220 * t;
  return `hsla(${hue.toFixed(0)}, 80%, 55%, 0.28)`;
}

/**
 * The pivot grid: frozen column headers (one level per column dimension, then the measures) and
 * frozen row headers (an outline with expand/collapse), both axes virtualised so only the cells
 * on screen are in the DOM, whatever the size of the pivot. Cells arrive in blocks as it scrolls.
 */
export function PivotGrid(props: PivotGridProps) {
  const {
    data,
    colDims,
    rowDimLabels,
    styles,
    locale,
    labels,
    height,
    active,
    onActive,
    onToggleRow,
    onToggleCol,
    canEdit,
    onCommit,
    changed,
    cellKey,
    onOpenRecords,
    editHint = 'value',
    rowHeight = 32,
    cellWidth = 128,
    rowHeaderWidth = 260,
  } = props;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const M = Math.max(1, data.measures.length);
  const itemWidth = cellWidth * M;
  const levels = colDims > 0 ? colDims + (M > 1 ? 1 : 0) : 1;
  const headerHeight = levels * LEVEL_HEIGHT;

  const rowV = useVirtualizer({
    count: data.rowTotal,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    paddingStart: headerHeight,
    overscan: 4,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: data.colTotal,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemWidth,
    paddingStart: rowHeaderWidth,
    overscan: 1,
  });
  useEffect(() => {
    colV.measure();
  }, [itemWidth, colV]);
  useEffect(() => {
    rowV.measure();
  }, [headerHeight, rowHeight, rowV]);

  const vRows = rowV.getVirtualItems();
  const vCols = colV.getVirtualItems();
  // Elements are keyed by their slot in the window (consecutive indexes modulo its size), so a
  // scroll reuses the DOM nodes and only changes their text and position instead of replacing
  // every cell.
  const rowSlot = (i: number) => i % Math.max(1, vRows.length);
  const colSlot = (j: number) => j % Math.max(1, vCols.length);
  const width = rowHeaderWidth + data.colTotal * itemWidth;
  const fullHeight = headerHeight + data.rowTotal * rowHeight;

  // Ask for the blocks on screen.
  const r0 = vRows[0]?.index ?? 0;
  const r1 = vRows[vRows.length - 1]?.index ?? 0;
  const c0 = vCols[0]?.index ?? 0;
  const c1 = vCols[vCols.length - 1]?.index ?? 0;
  const { request } = data;
  useEffect(() => {
    if (data.rowTotal > 0 && data.colTotal > 0) request(r0, r1, c0, c1);
  }, [request, r0, r1, c0, c1, data.rowTotal, data.colTotal, data.version]);

  // Editing.
  const [editing, setEditing] = useState<{
    cell: CellRef;
    text: string;
    error: string | null;
    saving: boolean;
  } | null>(null);
  useEffect(() => setEditing(null), [data.rowTotal, data.colTotal, M]);

  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });
  const moveTo = (i: number, p: number) => {
    const ni = Math.max(0, Math.min(data.rowTotal - 1, i));
    const np = Math.max(0, Math.min(data.colTotal * M - 1, p));
    onActive({ i: ni, j: Math.floor(np / M), m: np % M });
    rowV.scrollToIndex(ni, { align: 'auto' });
    colV.scrollToIndex(Math.floor(np / M), { align: 'auto' });
  };
  const startEdit = (cell: CellRef, initial?: string) => {
    if (!onCommit || !canEdit?.(cell)) return false;
    const v = data.cell(cell.i, cell.j, cell.m);
    setEditing({
      cell,
      text:
        initial ??
        (editHint === 'empty' || v === null || v === undefined
          ? ''
          : formatCubeValue(v, locale, data.measures[cell.m]?.scale ?? 0, { grouping: false })),
      error: null,
      saving: false,
    });
    return true;
  };
  const commit = async () => {
    if (!editing || !onCommit) return;
    setEditing({ ...editing, saving: true, error: null });
    const error = await onCommit(editing.cell, editing.text);
    if (error) setEditing((e) => (e ? { ...e, saving: false, error } : e));
    else {
      setEditing(null);
      focusGrid();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || data.rowTotal === 0) return;
    const cur = active ?? { i: 0, j: 0, m: 0 };
    const p = cur.j * M + cur.m;
    const page = Math.max(
      1,
      Math.floor(((scrollRef.current?.clientHeight ?? 300) - headerHeight) / rowHeight) - 1,
    );
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(cur.i + 1, p),
      ArrowUp: () => moveTo(cur.i - 1, p),
      ArrowRight: () => moveTo(cur.i, p + 1),
      ArrowLeft: () => moveTo(cur.i, p - 1),
      PageDown: () => moveTo(cur.i + page, p),
      PageUp: () => moveTo(cur.i - page, p),
      Home: () => (e.ctrlKey ? moveTo(0, 0) : moveTo(cur.i, 0)),
      End: () =>
        e.ctrlKey
          ? moveTo(data.rowTotal - 1, data.colTotal * M - 1)
          : moveTo(cur.i, data.colTotal * M - 1),
      Enter: () => {
        if (!startEdit(cur)) onOpenRecords?.(cur);
      },
      F2: () => void startEdit(cur),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
      return;
    }
    if (e.key.length === 1 && /[-+\d.,]/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (startEdit(cur, e.key)) e.preventDefault();
    }
  };

  const rowText = (item: CubeAxisItem | undefined, flat: boolean) => {
    if (!item) return '';
    if (item.kind === 'total') return labels.grandTotal;
    if (flat && item.kind === 'leaf') return item.labels.join(' › ');
    return item.labels[item.labels.length - 1] ?? '';
  };
  const flat = isFlat(data);

  const colText = (item: CubeAxisItem | undefined, level: number): string => {
    if (!item) return '';
    if (item.kind === 'total') return level === 0 ? labels.grandTotal : '';
    const d = item.path.length;
    if (level < d) return item.labels[level] ?? '';
    if (item.kind === 'subtotal' && level === d) return labels.total;
    return '';
  };
  const samePrefix = (a: CubeAxisItem | undefined, b: CubeAxisItem | undefined, level: number) => {
    if (!a || !b || a.kind === 'total' || b.kind === 'total') return false;
    if (a.path.length <= level || b.path.length <= level) return false;
    for (let l = 0; l <= level; l++) if (a.path[l] !== b.path[l]) return false;
    return true;
  };

  const activeId = (c: CellRef) => `${gridId}-${c.i}-${c.j}-${c.m}`;
  const measureInfo = (m: number): CubeMeasureInfo | undefined => data.measures[m];
  const mLabel = (m: number) => {
    const info = measureInfo(m);
    return info ? labels.measure(info) : '';
  };

  const empty = !data.isLoading && !data.error && data.rowTotal > 0 && data.records === 0;

  return (
    <div className={classes.root} style={{ height }} data-testid="pivot-grid">
      <div
        ref={scrollRef}
        className={classes.scroller}
        style={{ height: '100%' }}
        role="grid"
        aria-rowcount={data.rowTotal + levels}
        aria-colcount={data.colTotal * M + 1}
        aria-activedescendant={active ? activeId(active) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="pivot-scroller"
      >
        <div className={classes.canvas} style={{ width, height: fullHeight }}>
          <div
            className={classes.colHeaders}
            style={{ height: headerHeight, width }}
            role="rowgroup"
          >
            <div className={classes.corner} style={{ width: rowHeaderWidth, height: headerHeight }}>
              <span className={classes.label}>{rowDimLabels.join(' › ')}</span>
            </div>
            {vCols.map((vc) => {
              const j = vc.index;
              const item = data.colItem(j);
              const prev = j > 0 ? data.colItem(j - 1) : undefined;
              const firstVisible = vc.index === vCols[0]?.index;
              const out = [];
              const dimLevels = colDims > 0 ? colDims : 0;
              for (let level = 0; level < dimLevels; level++) {
                const text = colText(item, level);
                const cont =
                  !firstVisible &&
                  samePrefix(prev, item, level) &&
                  level < (item?.path.length ?? 0);
                const togglable =
                  item &&
                  item.kind === 'subtotal' &&
                  item.hasChildren &&
                  level === item.path.length - 1;
                out.push(
                  <div
                    key={`h${level}`}
                    className={classes.hcell}
                    role="columnheader"
                    data-col={j}
                    data-level={level}
                    data-cont={cont}
                    data-total={item?.kind !== 'leaf' && level >= (item?.path.length ?? 0)}
                    style={{
                      left: vc.start,
                      top: level * LEVEL_HEIGHT,
                      width: vc.size,
                      height: LEVEL_HEIGHT,
                      borderLeft: cont ? undefined : '1px solid transparent',
                    }}
                    title={text}
                    data-testid="pivot-col-header"
                  >
                    {togglable && (
                      <button
                        type="button"
                        className={classes.toggle}
                        aria-expanded={!item.collapsed}
                        aria-label={`${item.collapsed ? labels.expand : labels.collapse}: ${text}`}
                        onClick={() => onToggleCol(item)}
                      >
                        {item.collapsed ? (
                          <IconChevronRight size={14} />
                        ) : (
                          <IconChevronDown size={14} />
                        )}
                      </button>
                    )}
                    {cont ? '' : <span className={classes.label}>{text}</span>}
                  </div>,
                );
              }
              if (M > 1 || colDims === 0) {
                for (let m = 0; m < M; m++)
                  out.push(
                    <div
                      key={`m${m}`}
                      className={`${classes.hcell} ${classes.measureHead}`}
                      role="columnheader"
                      style={{
                        left: vc.start + m * cellWidth,
                        top: (levels - 1) * LEVEL_HEIGHT,
                        width: cellWidth,
                        height: LEVEL_HEIGHT,
                      }}
                      title={mLabel(m)}
                    >
                      <span className={classes.label}>{mLabel(m)}</span>
                    </div>,
                  );
              }
              return out;
            })}
          </div>
          <div
            className={classes.rowHeaders}
            style={{ width: rowHeaderWidth, height: data.rowTotal * rowHeight }}
            role="rowgroup"
          >
            {vRows.map((vr) => {
              const item = data.rowItem(vr.index);
              const indent = item && item.kind !== 'total' && !flat ? item.path.length - 1 : 0;
              const text = rowText(item, flat);
              const locked = data.lockedRow(vr.index);
              return (
                <div
                  key={rowSlot(vr.index)}
                  className={classes.rhead}
                  role="rowheader"
                  data-kind={item?.kind}
                  data-row={vr.index}
                  aria-level={item ? item.path.length + 1 : undefined}
                  style={{
                    top: vr.start - headerHeight,
                    height: rowHeight,
                    width: rowHeaderWidth,
                    paddingLeft: 6 + indent * 16,
                  }}
                  title={locked ? labels.locked(locked) : text}
                  data-testid="pivot-row-header"
                >
                  {item && item.kind === 'subtotal' && item.hasChildren ? (
                    <button
                      type="button"
                      className={classes.toggle}
                      aria-expanded={!item.collapsed}
                      aria-label={`${item.collapsed ? labels.expand : labels.collapse}: ${text}`}
                      onClick={() => onToggleRow(item)}
                    >
                      {item.collapsed ? (
                        <IconChevronRight size={14} />
                      ) : (
                        <IconChevronDown size={14} />
                      )}
                    </button>
                  ) : (
                    <span className={classes.spacer} />
                  )}
                  <span className={classes.label}>{text}</span>
                  {locked && (
                    <IconLock size={12} className={classes.lockIcon} style={{ marginLeft: 4 }} />
                  )}
                </div>
              );
            })}
          </div>
          {vRows.map((vr) => {
            const rowItem = data.rowItem(vr.index);
            const rowLocked = data.lockedRow(vr.index);
            return vCols.map((vc) => {
              const colItem = data.colItem(vc.index);
              const colLocked = data.lockedCol(vc.index);
              const locked = rowLocked ?? colLocked;
              const cells = [];
              for (let m = 0; m < M; m++) {
                const info = measureInfo(m);
                const value = data.cell(vr.index, vc.index, m);
                const style = info ? styles[info.key] : undefined;
                const ref: CellRef = { i: vr.index, j: vc.index, m };
                const isActive =
                  !!active && active.i === vr.index && active.j === vc.index && active.m === m;
                const sub = rowItem?.kind !== 'leaf' || colItem?.kind !== 'leaf';
                const key =
                  rowItem && colItem && info ? cellKey(rowItem, colItem, info.key) : undefined;
                const text =
                  value === undefined
                    ? ''
                    : formatCubeValue(value, locale, info?.scale ?? 0, style);
                cells.push(
                  <div
                    key={`${rowSlot(vr.index)}:${colSlot(vc.index)}:${m}`}
                    id={isActive ? activeId(ref) : undefined}
                    role="gridcell"
                    className={classes.cell}
                    data-sub={sub}
                    data-empty={value === null}
                    data-active={isActive}
                    data-locked={!!locked}
                    data-changed={!!key && !!changed?.has(key)}
                    data-row={vr.index}
                    data-col={vc.index}
                    data-measure={info?.key}
                    aria-busy={value === undefined || undefined}
                    style={{
                      top: vr.start,
                      left: vc.start + m * cellWidth,
                      width: cellWidth,
                      height: rowHeight,
                      backgroundColor:
                        style?.heatmap && !sub && isNumeric(value)
                          ? heat(value, data.ranges[m])
                          : undefined,
                      justifyContent: isNumeric(value) ? undefined : 'flex-start',
                    }}
                    title={locked ? labels.locked(locked) : undefined}
                    onClick={() => {
                      onActive(ref);
                      focusGrid();
                    }}
                    onDoubleClick={() => {
                      if (!startEdit(ref)) onOpenRecords?.(ref);
                    }}
                    data-testid="pivot-cell"
                  >
                    {locked && <IconLock size={11} className={classes.lockIcon} aria-hidden />}
                    {text}
                  </div>,
                );
              }
              return cells;
            });
          })}
          {editing && (
            <>
              <input
                className={classes.editor}
                data-error={!!editing.error}
                autoFocus
                aria-label={labels.cell}
                aria-invalid={!!editing.error}
                disabled={editing.saving}
                value={editing.text}
                onChange={(e) =>
                  setEditing({ ...editing, text: e.currentTarget.value, error: null })
                }
                onKeyDown={(e) => {
                  e.stopPropagation();
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void commit();
                  } else if (e.key === 'Escape') {
                    e.preventDefault();
                    setEditing(null);
                    focusGrid();
                  }
                }}
                onBlur={() => setEditing((cur) => (cur && !cur.saving && !cur.error ? null : cur))}
                style={{
                  top: headerHeight + editing.cell.i * rowHeight,
                  left: rowHeaderWidth + (editing.cell.j * M + editing.cell.m) * cellWidth,
                  width: cellWidth,
                  height: rowHeight,
                }}
                data-testid="pivot-editor"
              />
              {editing.error && (
                <div
                  className={classes.editorError}
                  role="alert"
                  style={{
                    top: headerHeight + (editing.cell.i + 1) * rowHeight,
                    left: rowHeaderWidth + (editing.cell.j * M + editing.cell.m) * cellWidth,
                  }}
                >
                  {editing.error}
                </div>
              )}
            </>
          )}
        </div>
      </div>
      {data.error ? (
        <div className={classes.overlay} role="alert">
          <Text c="red" size="sm">
            {labels.error}
          </Text>
          <Button size="xs" variant="light" onClick={data.refetch}>
            {labels.retry}
          </Button>
        </div>
      ) : data.failed ? (
        <div className={classes.overlay} role="alert">
          <Text c="red" size="sm">
            {labels.error}
          </Text>
          <Button size="xs" variant="light" onClick={data.retryFailed}>
            {labels.retry}
          </Button>
        </div>
      ) : empty ? (
        <div className={classes.overlay} style={{ top: headerHeight }}>
          <Text c="dimmed" size="sm">
            {labels.empty}
          </Text>
        </div>
      ) : null}
    </div>
  );
}

/** An outline without subtotals: leaves show their whole path on one line. */
function isFlat(data: PivotData): boolean {
  const first = data.rowItem(0);
  return !!first && first.kind === 'leaf' && first.path.length > 1;
}
