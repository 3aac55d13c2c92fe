import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock } from '@tabler/icons-react';
import type { CubeAxisItem, CubeMeasureInfo, CubeValue } from '@fiscus/contracts';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { formatCubeValue, isNumeric, toFloat } from '../lib/decimal';
import type { MeasureStyle } from '../lib/layout';
import { usePivotVersion, type PivotData } from '../hooks/use-pivot-data';
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
  /** The grid's accessible name (the cube's name). */
  name: string;
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
  /**
   * The values before the last write, by cell key (`rowPath|colPath|measure`): a cell whose
   * value differs from it is highlighted as changed.
   */
  baseline?: ReadonlyMap<string, CubeValue> | null;
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
/** Rows and column items drawn beyond the screen on each side. */
const OVERSCAN_ROWS = 2;
const OVERSCAN_COLS = 1;

/** Heatmap colour of a value within its measure's range (blue low → red high). */
function heat(value: CubeValue | undefined, range: { min: number; max: number } | undefined) {
  const x = toFloat(value);
  if (x === null || !range || !(range.max > range.min)) return undefined;
  const t = (x - range.min) / (range.max - range.min);
  const hue = 220 - 220 * t;
  return `hsla(${hue.toFixed(0)}, 80%, 55%, 0.28)`;
}

/** The rows and column items on screen (with the overscan), as item indexes. */
interface Window {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

const sameWindow = (a: Window, b: Window) =>
  a.r0 === b.r0 && a.r1 === b.r1 && a.c0 === b.c0 && a.c1 === b.c1;

/** What one row of cells needs to be drawn; rows are memoised on it. */
interface BodyRowProps {
  i: number;
  /** Where the row is in the grid (px from the top, headers included). */
  top: number;
  c0: number;
  c1: number;
  colSlots: number;
  M: number;
  cellWidth: number;
  itemWidth: number;
  rowHeaderWidth: number;
  /** The whole grid's width. */
  width: number;
  /** Changes when a block the row reads arrives, when the measures or their styles change. */
  stamp: string;
  /** The active cell's position in this row (j × M + m), or -1. */
  active: number;
  activeId: string;
  data: PivotData;
  styles: Record<string, MeasureStyle>;
  locale: string;
  lockedText: (member: string) => string;
  cellKey: (row: CubeAxisItem, col: CubeAxisItem, measure: string) => string;
  baseline: ReadonlyMap<string, CubeValue> | null | undefined;
  heatRanges: { min: number; max: number }[] | null;
}

/**
 * One row of cells. Cells are keyed by their slot in the window (consecutive column indexes
 * modulo its width), so a scroll changes the text and position of the same elements instead
 * of replacing them; a row whose index, window and blocks did not change is not drawn again.
 */
const BodyRow = memo(function BodyRow(props: BodyRowProps) {
  const { i, top, c0, c1, colSlots, M, cellWidth, itemWidth, rowHeaderWidth, active, data } = props;
  const { styles, locale, baseline, heatRanges, cellKey } = props;
  const rowItem = data.rowItem(i);
  const rowLocked = data.lockedRow(i);
  const cells = [];
  for (let j = c0; j <= c1; j++) {
    const colItem = data.colItem(j);
    const locked = rowLocked ?? data.lockedCol(j);
    const sub = rowItem?.kind !== 'leaf' || colItem?.kind !== 'leaf';
    for (let m = 0; m < M; m++) {
      const info = data.measures[m];
      const value = data.cell(i, j, m);
      const style = info ? styles[info.key] : undefined;
      const isActive = active === j * M + m;
      const numeric = isNumeric(value);
      let changed = false;
      if (baseline && rowItem && colItem && info && value !== undefined) {
        const key = cellKey(rowItem, colItem, info.key);
        changed = baseline.has(key) && baseline.get(key) !== value;
      }
      cells.push(
        <div
          key={`${j % colSlots}:${m}`}
          id={isActive ? props.activeId : undefined}
          role="gridcell"
          className={classes.cell}
          data-sub={sub}
          data-empty={value === null}
          data-text={value !== undefined && value !== null && !numeric}
          data-active={isActive}
          data-locked={!!locked}
          data-changed={changed}
          data-row={i}
          data-col={j}
          data-m={m}
          data-measure={info?.key}
          aria-busy={value === undefined || undefined}
          style={{
            left: rowHeaderWidth + j * itemWidth + m * cellWidth,
            backgroundColor:
              heatRanges && style?.heatmap && !sub && numeric
                ? heat(value, heatRanges[m])
                : undefined,
          }}
          title={locked ? props.lockedText(locked) : undefined}
          data-testid="pivot-cell"
        >
          {locked && <IconLock size={11} className={classes.lockIcon} aria-hidden />}
          {value === undefined ? '' : formatCubeValue(value, locale, info?.scale ?? 0, style)}
        </div>,
      );
    }
  }
  // The row is positioned, its cells only across: moving down a row changes one element's
  // position, not every cell's.
  return (
    <div className={classes.bodyRow} style={{ top, width: props.width }} role="presentation">
      {cells}
    </div>
  );
});

/**
 * The pivot grid: frozen column headers (one level per column dimension, then the measures) and
 * frozen row headers (an outline with expand/collapse), both axes virtualised so only the cells
 * on screen are in the DOM, whatever the size of the pivot. Rows and columns have fixed sizes,
 * so the window on screen is computed from the scroll position alone, once per scroll event,
 * and the grid is drawn again only when the window moves by a row or a column. Cells arrive in
 * blocks as it scrolls; a block arriving redraws the rows that read it and nothing else.
 */
export function PivotGrid(props: PivotGridProps) {
  const {
    name,
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
    baseline,
    cellKey,
    onOpenRecords,
    editHint = 'value',
    rowHeight = 32,
    cellWidth = 128,
    rowHeaderWidth = 260,
  } = props;
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const version = usePivotVersion(data);
  const M = Math.max(1, data.measures.length);
  const itemWidth = cellWidth * M;
  const levels = colDims > 0 ? colDims + (M > 1 ? 1 : 0) : 1;
  const headerHeight = levels * LEVEL_HEIGHT;
  const { rowTotal, colTotal } = data;

  // The window on screen, from the scroll position and the scroller's size.
  const windowOf = useCallback((): Window => {
    const el = scrollRef.current;
    const top = el?.scrollTop ?? 0;
    const left = el?.scrollLeft ?? 0;
    const h = el?.clientHeight ?? 0;
    const w = el?.clientWidth ?? 0;
    const lastRow = Math.max(0, rowTotal - 1);
    const lastCol = Math.max(0, colTotal - 1);
    const clampTo = (x: number, max: number) => Math.max(0, Math.min(max, x));
    return {
      r0: clampTo(Math.floor(top / rowHeight) - OVERSCAN_ROWS, lastRow),
      r1: clampTo(Math.ceil((top + h - headerHeight) / rowHeight) - 1 + OVERSCAN_ROWS, lastRow),
      c0: clampTo(Math.floor(left / itemWidth) - OVERSCAN_COLS, lastCol),
      c1: clampTo(Math.ceil((left + w - rowHeaderWidth) / itemWidth) - 1 + OVERSCAN_COLS, lastCol),
    };
  }, [rowTotal, colTotal, rowHeight, itemWidth, headerHeight, rowHeaderWidth]);
  const [win, setWin] = useState<Window>({ r0: 0, r1: -1, c0: 0, c1: -1 });
  const winRef = useRef(win);
  winRef.current = win;
  const sync = useCallback(
    (now: boolean) => {
      const next = windowOf();
      if (sameWindow(next, winRef.current)) return;
      winRef.current = next;
      // During a scroll the new rows are drawn before the frame is painted (no blank frame).
      if (now) flushSync(() => setWin(next));
      else setWin(next);
    },
    [windowOf],
  );
  useLayoutEffect(() => {
    sync(false);
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => sync(true);
    el.addEventListener('scroll', onScroll, { passive: true });
    const ro = new ResizeObserver(() => sync(false));
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro.disconnect();
    };
  }, [sync]);

  const rows = win.r1 >= win.r0 && rowTotal > 0 ? win.r1 - win.r0 + 1 : 0;
  const cols = win.c1 >= win.c0 && colTotal > 0 ? win.c1 - win.c0 + 1 : 0;
  const rowIndexes = Array.from({ length: rows }, (_, k) => win.r0 + k);
  const colIndexes = Array.from({ length: cols }, (_, k) => win.c0 + k);
  // Elements are keyed by their slot in the window (consecutive indexes modulo its size), so a
  // scroll reuses the DOM nodes and only changes their text and position.
  const rowSlot = (i: number) => i % Math.max(1, rows);
  const width = rowHeaderWidth + colTotal * itemWidth;
  const fullHeight = headerHeight + rowTotal * rowHeight;

  // Ask for the blocks on screen.
  const { request } = data;
  const { r0, r1, c0, c1 } = win;
  useEffect(() => {
    if (rowTotal > 0 && colTotal > 0 && r1 >= r0 && c1 >= c0) request(r0, r1, c0, c1);
  }, [request, r0, r1, c0, c1, rowTotal, colTotal, version]);

  /** Scrolls just enough for row i and column item j to be on screen. */
  const reveal = (i: number, j: number) => {
    const el = scrollRef.current;
    if (!el) return;
    const bodyH = el.clientHeight - headerHeight;
    const bodyW = el.clientWidth - rowHeaderWidth;
    const y = i * rowHeight;
    if (y < el.scrollTop) el.scrollTop = y;
    else if (y + rowHeight > el.scrollTop + bodyH) el.scrollTop = y + rowHeight - bodyH;
    const x = j * itemWidth;
    if (x < el.scrollLeft) el.scrollLeft = x;
    else if (x + itemWidth > el.scrollLeft + bodyW) el.scrollLeft = x + itemWidth - bodyW;
  };

  // Editing.
  const [editing, setEditing] = useState<{
    cell: CellRef;
    text: string;
    error: string | null;
    saving: boolean;
  } | null>(null);
  useEffect(() => setEditing(null), [rowTotal, colTotal, M]);

  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true });
  const moveTo = (i: number, p: number) => {
    const ni = Math.max(0, Math.min(data.rowTotal - 1, i));
    const np = Math.max(0, Math.min(data.colTotal * M - 1, p));
    onActive({ i: ni, j: Math.floor(np / M), m: np % M });
    reveal(ni, Math.floor(np / M));
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

  const empty = !data.isLoading && !data.error && rowTotal > 0 && data.records === 0;
  // The heatmap's ranges (over the loaded blocks) only when a measure shows one.
  const heatRanges = Object.values(styles).some((st) => st?.heatmap) ? data.ranges() : null;
  // Delegated: one handler for every cell.
  const cellAt = (target: EventTarget): CellRef | null => {
    const el = (target as HTMLElement).closest?.<HTMLElement>('[data-testid=pivot-cell]');
    if (!el) return null;
    return { i: Number(el.dataset.row), j: Number(el.dataset.col), m: Number(el.dataset.m) };
  };

  return (
    <div className={classes.root} style={{ height }} data-testid="pivot-grid">
      <div
        ref={scrollRef}
        className={classes.scroller}
        style={{ height: '100%' }}
        role="grid"
        aria-label={name}
        aria-rowcount={rowTotal + levels}
        aria-colcount={colTotal * M + 1}
        aria-activedescendant={active ? activeId(active) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="pivot-scroller"
      >
        <div
          className={classes.canvas}
          style={
            {
              width,
              height: fullHeight,
              '--pivot-cell-width': `${cellWidth}px`,
              '--pivot-row-height': `${rowHeight}px`,
            } as CSSProperties
          }
          onClick={(e) => {
            const ref = cellAt(e.target);
            if (!ref) return;
            onActive(ref);
            focusGrid();
          }}
          onDoubleClick={(e) => {
            const ref = cellAt(e.target);
            if (ref && !startEdit(ref)) onOpenRecords?.(ref);
          }}
        >
          <div
            className={classes.colHeaders}
            style={{ height: headerHeight, width }}
            role="rowgroup"
          >
            <div className={classes.corner} style={{ width: rowHeaderWidth, height: headerHeight }}>
              <span className={classes.label}>{rowDimLabels.join(' › ')}</span>
            </div>
            {colIndexes.map((j) => {
              const start = rowHeaderWidth + j * itemWidth;
              const item = data.colItem(j);
              const prev = j > 0 ? data.colItem(j - 1) : undefined;
              const firstVisible = j === c0;
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
                    key={`${j % cols}h${level}`}
                    className={classes.hcell}
                    role="columnheader"
                    data-col={j}
                    data-level={level}
                    data-cont={cont}
                    data-total={item?.kind !== 'leaf' && level >= (item?.path.length ?? 0)}
                    style={{
                      left: start,
                      top: level * LEVEL_HEIGHT,
                      width: itemWidth,
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
                      key={`${j % cols}m${m}`}
                      className={`${classes.hcell} ${classes.measureHead}`}
                      role="columnheader"
                      style={{
                        left: start + m * cellWidth,
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
            style={{ width: rowHeaderWidth, height: rowTotal * rowHeight }}
            role="rowgroup"
          >
            {rowIndexes.map((i) => {
              const item = data.rowItem(i);
              const indent = item && item.kind !== 'total' && !flat ? item.path.length - 1 : 0;
              const text = rowText(item, flat);
              const locked = data.lockedRow(i);
              return (
                <div
                  key={rowSlot(i)}
                  className={classes.rhead}
                  role="rowheader"
                  data-kind={item?.kind}
                  data-row={i}
                  aria-level={item ? item.path.length + 1 : undefined}
                  style={{
                    top: i * rowHeight,
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
          {rowIndexes.map((i) => (
            <BodyRow
              key={rowSlot(i)}
              i={i}
              top={headerHeight + i * rowHeight}
              width={width}
              c0={c0}
              c1={c0 + cols - 1}
              colSlots={Math.max(1, cols)}
              M={M}
              cellWidth={cellWidth}
              itemWidth={itemWidth}
              rowHeaderWidth={rowHeaderWidth}
              stamp={data.rowStamp(i, c0, c0 + cols - 1)}
              active={active && active.i === i ? active.j * M + active.m : -1}
              activeId={active && active.i === i ? activeId(active) : ''}
              data={data}
              styles={styles}
              locale={locale}
              lockedText={labels.locked}
              cellKey={cellKey}
              baseline={baseline}
              heatRanges={heatRanges}
            />
          ))}
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
      ) : data.failed() ? (
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
