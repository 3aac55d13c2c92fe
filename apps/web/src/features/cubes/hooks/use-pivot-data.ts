import type {
  CubeAxisItem,
  CubeMeasureInfo,
  CubesQueryInput,
  CubesQueryOutput,
  CubeValue,
} from '@fiscus/contracts';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { qry, useOp } from '@/lib/qry';
import { toFloat } from '../lib/decimal';

/** Row items and column items per fetched block (the server allows 2000 × 500). */
export const ROW_BLOCK = 100;
export const COL_BLOCK = 40;
/**
 * Blocks kept at most: those used longest ago are dropped (and fetched again if the grid comes
 * back to them), so memory and the work per arriving block stay flat however far one scrolls.
 */
export const MAX_BLOCKS = 48;

export type QueryBase = Omit<CubesQueryInput, 'rowOffset' | 'rowLimit' | 'colOffset' | 'colLimit'>;

type Range = { min: number; max: number };

interface Block {
  out?: CubesQueryOutput;
  failed?: boolean;
  /** Leaf values per measure in this block (for the heatmap), computed once when it arrives. */
  ranges?: Range[];
  /** When the grid last asked for it (for dropping the ones used longest ago). */
  used: number;
  /** When it arrived (row stamps). */
  arrival: number;
}

/** Leaf values per measure of one answer (the only item of an axis counts as a leaf). */
function rangesOf(out: CubesQueryOutput): Range[] {
  const res = out.measures.map(() => ({ min: Infinity, max: -Infinity }));
  const { rows, cols, cells } = out;
  rows.items.forEach((r, ri) => {
    if (r.kind !== 'leaf' && rows.items.length > 1) return;
    cols.items.forEach((c, ci) => {
      if (c.kind !== 'leaf' && cols.items.length > 1) return;
      cells[ri]?.[ci]?.forEach((v, m) => {
        const x = toFloat(v);
        const range = res[m];
        if (x === null || !range) return;
        if (x < range.min) range.min = x;
        if (x > range.max) range.max = x;
      });
    });
  });
  return res;
}

export interface PivotData {
  /** The first window: loading and error states, totals, measures. */
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  rowTotal: number;
  colTotal: number;
  measures: CubeMeasureInfo[];
  records: number;
  rowItem: (i: number) => CubeAxisItem | undefined;
  colItem: (j: number) => CubeAxisItem | undefined;
  /** A cell's value; undefined while its block is not loaded. */
  cell: (i: number, j: number, m: number) => CubeValue | undefined;
  /** The locked member a row or column lies on, if any. */
  lockedRow: (i: number) => string | undefined;
  lockedCol: (j: number) => string | undefined;
  /** Asks for the blocks covering rows r0..r1 and columns c0..c1 (item indexes). */
  request: (r0: number, r1: number, c0: number, c1: number) => void;
  /** Whether a block failed (for a retry). */
  failed: () => boolean;
  retryFailed: () => void;
  /** Leaf values per measure over the loaded blocks (for the heatmap). */
  ranges: () => { min: number; max: number }[];
  /**
   * Changes whenever a block arrives or the blocks start over. Only what subscribes
   * (`usePivotVersion`) is drawn again then — the grid, not the screen around it.
   */
  subscribe: (listener: () => void) => () => void;
  getVersion: () => number;
  /**
   * A stamp of the blocks a row band reads (changes when one of them arrives or goes), so a
   * row of cells is drawn again only when its own data changed.
   */
  rowStamp: (i: number, c0: number, c1: number) => string;
  /** Every loaded cell with its row and column items and measure index. */
  forEachCell: (
    fn: (row: CubeAxisItem, col: CubeAxisItem, m: number, value: CubeValue) => void,
  ) => void;
}

/**
 * The cells of a pivot, fetched in blocks of rows × columns as the grid scrolls. The first block
 * is a regular cached read (so a write to the cube or its definition refreshes it); when it
 * changes, every other block is dropped and fetched again on demand.
 */
export function usePivotData(base: QueryBase | null): PivotData {
  const first = useOp(
    'cubes.query',
    {
      ...(base as QueryBase),
      rowOffset: 0,
      rowLimit: ROW_BLOCK,
      colOffset: 0,
      colLimit: COL_BLOCK,
    },
    { enabled: !!base, placeholderData: (prev) => prev },
  );
  const blocks = useRef(new Map<string, Block>());
  const pending = useRef(new Set<string>());
  const clock = useRef(0);
  // The blocks' version lives outside React state: a block arriving redraws the subscribers
  // (the grid) only.
  const version = useRef(0);
  const listeners = useRef(new Set<() => void>());
  const bump = useCallback(() => {
    version.current++;
    for (const l of listeners.current) l();
  }, []);
  const subscribe = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const getVersion = useCallback(() => version.current, []);
  const generation = useRef(0);
  /** Arrival number of each block (for row stamps). */
  const arrivals = useRef(0);
  const baseKey = useMemo(() => JSON.stringify(base), [base]);

  // A new first block (new layout, or the data changed): start over from it.
  useEffect(() => {
    generation.current++;
    blocks.current = new Map();
    pending.current = new Set();
    if (first.data && !first.isPlaceholderData)
      blocks.current.set('0:0', {
        out: first.data,
        ranges: rangesOf(first.data),
        used: ++clock.current,
        arrival: ++arrivals.current,
      });
    bump();
  }, [first.data, first.isPlaceholderData, baseKey, bump]);

  const fetchBlock = useCallback(
    (rb: number, cb: number) => {
      if (!base) return;
      const key = `${rb}:${cb}`;
      const have = blocks.current.get(key);
      if (have) {
        have.used = ++clock.current;
        return;
      }
      if (pending.current.has(key)) return;
      pending.current.add(key);
      const gen = generation.current;
      qry('cubes.query', {
        ...base,
        rowOffset: rb * ROW_BLOCK,
        rowLimit: ROW_BLOCK,
        colOffset: cb * COL_BLOCK,
        colLimit: COL_BLOCK,
      }).then(
        (out) => {
          if (gen !== generation.current) return;
          pending.current.delete(key);
          blocks.current.set(key, {
            out,
            ranges: rangesOf(out),
            used: ++clock.current,
            arrival: ++arrivals.current,
          });
          evict(blocks.current);
          bump();
        },
        () => {
          if (gen !== generation.current) return;
          pending.current.delete(key);
          blocks.current.set(key, {
            failed: true,
            used: ++clock.current,
            arrival: ++arrivals.current,
          });
          bump();
        },
      );
    },
    [base, bump],
  );

  const settled = first.data && !first.isPlaceholderData ? first.data : undefined;
  const shown = settled ?? first.data;
  const rowTotal = shown?.rows.total ?? 0;
  const colTotal = shown?.cols.total ?? 0;

  const request = useCallback(
    (r0: number, r1: number, c0: number, c1: number) => {
      if (!settled) return;
      const rbs = [Math.floor(r0 / ROW_BLOCK), Math.floor(Math.max(r0, r1) / ROW_BLOCK)];
      const cbs = [Math.floor(c0 / COL_BLOCK), Math.floor(Math.max(c0, c1) / COL_BLOCK)];
      for (let rb = rbs[0]!; rb <= rbs[1]!; rb++)
        for (let cb = cbs[0]!; cb <= cbs[1]!; cb++) fetchBlock(rb, cb);
    },
    [settled, fetchBlock],
  );

  const blockOf = (i: number, j: number) =>
    blocks.current.get(`${Math.floor(i / ROW_BLOCK)}:${Math.floor(j / COL_BLOCK)}`)?.out;
  // Row items are the same in every block of a row band (and columns in a column band).
  const rowBand = (i: number) => {
    const rb = Math.floor(i / ROW_BLOCK);
    for (const [k, b] of blocks.current) if (b.out && k.startsWith(`${rb}:`)) return b.out;
    return undefined;
  };
  const colBand = (j: number) => {
    const cb = Math.floor(j / COL_BLOCK);
    for (const [k, b] of blocks.current) if (b.out && k.endsWith(`:${cb}`)) return b.out;
    return undefined;
  };

  const measureCount = shown?.measures.length ?? 0;
  const rangesAt = useRef<{ version: number; n: number; out: Range[] } | null>(null);
  const ranges = () => {
    const at = rangesAt.current;
    if (at && at.version === version.current && at.n === measureCount) return at.out;
    const out = Array.from({ length: measureCount }, () => ({ min: Infinity, max: -Infinity }));
    for (const b of blocks.current.values())
      b.ranges?.forEach((r, m) => {
        const o = out[m];
        if (!o) return;
        if (r.min < o.min) o.min = r.min;
        if (r.max > o.max) o.max = r.max;
      });
    rangesAt.current = { version: version.current, n: measureCount, out };
    return out;
  };

  return {
    isLoading: first.isLoading,
    error: first.error,
    refetch: () => void first.refetch(),
    rowTotal,
    colTotal,
    measures: shown?.measures ?? [],
    records: shown?.records ?? 0,
    rowItem: (i) => {
      const out = i < ROW_BLOCK && !settled ? shown : rowBand(i);
      return out?.rows.items[i - out.rows.offset];
    },
    colItem: (j) => {
      const out = j < COL_BLOCK && !settled ? shown : colBand(j);
      return out?.cols.items[j - out.cols.offset];
    },
    cell: (i, j, m) => {
      const out = blockOf(i, j) ?? (i < ROW_BLOCK && j < COL_BLOCK ? shown : undefined);
      if (!out) return undefined;
      const row = out.cells[i - out.rows.offset];
      return row ? (row[j - out.cols.offset]?.[m] ?? null) : undefined;
    },
    lockedRow: (i) => {
      const out = rowBand(i);
      if (!out) return undefined;
      const idx = i - out.rows.offset;
      return out.locked.find((l) => l.axis === 'rows' && l.index === idx)?.member;
    },
    lockedCol: (j) => {
      const out = colBand(j);
      if (!out) return undefined;
      const idx = j - out.cols.offset;
      return out.locked.find((l) => l.axis === 'cols' && l.index === idx)?.member;
    },
    request,
    failed: () => {
      for (const b of blocks.current.values()) if (b.failed) return true;
      return false;
    },
    retryFailed: () => {
      for (const [k, b] of blocks.current) if (b.failed) blocks.current.delete(k);
      bump();
    },
    ranges,
    subscribe,
    getVersion,
    rowStamp: (i, c0, c1) => {
      const rb = Math.floor(i / ROW_BLOCK);
      let stamp = '';
      for (let cb = Math.floor(c0 / COL_BLOCK); cb <= Math.floor(c1 / COL_BLOCK); cb++)
        stamp += `${blocks.current.get(`${rb}:${cb}`)?.arrival ?? 0},`;
      return stamp;
    },
    forEachCell: (fn) => {
      for (const b of blocks.current.values()) {
        if (!b.out) continue;
        const { rows, cols, cells } = b.out;
        rows.items.forEach((r, ri) =>
          cols.items.forEach((c, ci) => cells[ri]?.[ci]?.forEach((v, m) => fn(r, c, m, v))),
        );
      }
    },
  };
}

/** Drops the blocks used longest ago beyond MAX_BLOCKS (the first block stays). */
function evict(blocks: Map<string, Block>) {
  if (blocks.size <= MAX_BLOCKS) return;
  const old = [...blocks.entries()]
    .filter(([k]) => k !== '0:0')
    .sort((a, b) => a[1].used - b[1].used)
    .slice(0, blocks.size - MAX_BLOCKS);
  for (const [k] of old) blocks.delete(k);
}

/** The blocks' version: redraws the component that calls it whenever a block arrives. */
export function usePivotVersion(data: PivotData): number {
  return useSyncExternalStore(data.subscribe, data.getVersion);
}
