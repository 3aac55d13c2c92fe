import {
  AND,
  OR,
  type Condition,
  type Cube,
  type CubeLayout,
  type CubeMember,
  type CubeSort,
  type FilterNode,
} from '@fiscus/contracts';
import type { NumberFormatSpec } from './decimal';

/** Where a field sits in the pivot: the seed's Rows, Columns, Values and Parameters. */
export type Zone = 'fields' | 'rows' | 'cols' | 'values' | 'params';

/** The pivot's working layout. */
export interface PivotLayout {
  rows: string[];
  cols: string[];
  /** Measures and calculated measures shown (Values). */
  measures: string[];
  /** Dimensions in Parameters and the members chosen for each (empty: all). */
  params: { key: string; members: CubeMember[] }[];
  /** Free conditions on the object's fields (the filter builder), besides the parameters. */
  filter?: FilterNode;
  rowSort?: CubeSort;
  colSort?: CubeSort;
  collapsedRows: CubeMember[][];
  collapsedCols: CubeMember[][];
  rowTotals: boolean;
  colTotals: boolean;
}

/** Per measure: number format and heatmap. */
export interface MeasureStyle extends NumberFormatSpec {
  heatmap?: boolean;
}

/** What a user keeps for a cube in this browser: their layout and measure styles. */
export interface PivotPrefs {
  layout?: PivotLayout;
  styles: Record<string, MeasureStyle>;
}

const PARAM = 'param:';

/** A dimension's period bounds: [first day, first day of the next period). */
export function periodBounds(grain: string, member: string): [string, string] | undefined {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const day = (y: number, m: number, d = 1) => {
    const x = new Date(Date.UTC(y, m - 1, d));
    return `${pad(x.getUTCFullYear(), 4)}-${pad(x.getUTCMonth() + 1)}-${pad(x.getUTCDate())}`;
  };
  let m: RegExpExecArray | null;
  switch (grain) {
    case 'year':
      m = /^(\d{4})$/.exec(member);
      return m ? [day(+m[1]!, 1), day(+m[1]! + 1, 1)] : undefined;
    case 'quarter':
      m = /^(\d{4})-Q([1-4])$/.exec(member);
      return m ? [day(+m[1]!, (+m[2]! - 1) * 3 + 1), day(+m[1]!, +m[2]! * 3 + 1)] : undefined;
    case 'day':
      m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(member);
      return m ? [day(+m[1]!, +m[2]!, +m[3]!), day(+m[1]!, +m[2]!, +m[3]! + 1)] : undefined;
    default:
      m = /^(\d{4})-(\d{2})$/.exec(member);
      return m ? [day(+m[1]!, +m[2]!), day(+m[1]!, +m[2]! + 1)] : undefined;
  }
}

/** The period of a date (`2026-03-15`) at a grain: `2026`, `2026-Q1`, `2026-03`, `2026-03-15`. */
export function periodOf(grain: string, date: string): string {
  const y = date.slice(0, 4);
  const mo = Number(date.slice(5, 7));
  switch (grain) {
    case 'year':
      return y;
    case 'quarter':
      return `${y}-Q${Math.floor((mo + 2) / 3)}`;
    case 'day':
      return date.slice(0, 10);
    default:
      return date.slice(0, 7);
  }
}

export interface DimInfo {
  key: string;
  field: string;
  /** Field type of the dimension: 'date' / 'datetime' periods, anything else a plain value. */
  type: string;
  grain?: string;
}

const group = (
  name: string,
  op: typeof AND,
  conditions: Condition[],
  children: FilterNode[] = [],
) =>
  ({
    isactive: true,
    isexpanded: true,
    name,
    operator: { ...op },
    conditions,
    children,
  }) as FilterNode;

/** The conditions of one member (as `cubes.cellFilter` builds them, see docs/cubes.md). */
export function memberNode(dim: DimInfo, member: CubeMember): FilterNode {
  const field = dim.field;
  if (member === null) return group('', AND, [{ field, op: 'is_empty' }]);
  if (dim.type !== 'date' && dim.type !== 'datetime')
    return group('', AND, [{ field, op: 'eq', value: member }]);
  const [from, to] = periodBounds(dim.grain ?? 'month', String(member)) ?? ['', ''];
  if (dim.type === 'date') {
    const last = new Date(`${to}T00:00:00Z`);
    last.setUTCDate(last.getUTCDate() - 1);
    return group('', AND, [
      { field, op: 'between', value: [from, last.toISOString().slice(0, 10)] },
    ]);
  }
  return group('', AND, [
    { field, op: 'gte', value: `${from}T00:00:00.000Z` },
    { field, op: 'lt', value: `${to}T00:00:00.000Z` },
  ]);
}

/**
 * The layout's filter: one OR group per dimension in Parameters with chosen members (named
 * `param:<key>` so a saved layout brings the choice back), ANDed with the free filter.
 */
export function layoutFilter(
  params: PivotLayout['params'],
  dims: DimInfo[],
  extra?: FilterNode,
): FilterNode | undefined {
  const children: FilterNode[] = [];
  for (const p of params) {
    const dim = dims.find((d) => d.key === p.key);
    if (!dim || p.members.length === 0) continue;
    children.push(
      group(
        `${PARAM}${p.key}`,
        OR,
        [],
        p.members.map((m) => memberNode(dim, m)),
      ),
    );
  }
  if (extra) children.push(extra);
  return children.length ? group('layout', AND, [], children) : undefined;
}

/** The members of a `param:<key>` group, read back from its conditions. */
function membersOf(node: FilterNode, dim: DimInfo): CubeMember[] {
  const out: CubeMember[] = [];
  for (const child of node.children) {
    const c = child.conditions[0];
    if (!c) continue;
    if (c.op === 'is_empty') out.push(null);
    else if (c.op === 'eq') out.push(c.value as CubeMember);
    else if ((c.op === 'between' || c.op === 'gte') && dim.grain) {
      const first = Array.isArray(c.value) ? String(c.value[0]) : String(c.value);
      out.push(periodOf(dim.grain, first));
    }
  }
  return out;
}

/** The pivot layout of a saved cube layout (the parameter groups read back). */
export function fromCubeLayout(saved: CubeLayout, dims: DimInfo[]): PivotLayout {
  const params: PivotLayout['params'] = [];
  let filter: FilterNode | undefined;
  for (const child of saved.filter?.children ?? []) {
    if (!child.name.startsWith(PARAM)) {
      filter ??= child;
      continue;
    }
    const key = child.name.slice(PARAM.length);
    const dim = dims.find((d) => d.key === key);
    if (dim && !saved.rows.includes(key) && !saved.cols.includes(key))
      params.push({ key, members: membersOf(child, dim) });
  }
  return {
    rows: saved.rows,
    cols: saved.cols,
    measures: saved.measures,
    params,
    filter,
    rowSort: saved.rowSort,
    colSort: saved.colSort,
    collapsedRows: [],
    collapsedCols: [],
    rowTotals: true,
    colTotals: true,
  };
}

const isPeriod = (d: DimInfo) => d.type === 'date' || d.type === 'datetime';
/** Column candidates first: periods, then the short lists (yes/no, a select's choices). */
const colRank = (d: DimInfo) =>
  isPeriod(d)
    ? 0
    : d.type === 'boolean'
      ? 1
      : d.type === 'select'
        ? 2
        : d.type === 'reference'
          ? 3
          : 4;

/**
 * The server's guess for a cube without a default layout (modules/cubes guessLayout): the first
 * dimension that is not a period on rows, a period (else a yes/no or select dimension, else the
 * next one) on columns, the first measure.
 */
export function guessLayout(
  dims: DimInfo[],
  measures: { key: string }[],
): { rows: string[]; cols: string[]; measures: string[] } {
  const row = dims.find((d) => !isPeriod(d)) ?? dims[0];
  const col = dims
    .filter((d) => d !== row)
    .reduce<DimInfo | undefined>(
      (best, d) => (!best || colRank(d) < colRank(best) ? d : best),
      undefined,
    );
  return {
    rows: row ? [row.key] : [],
    cols: col ? [col.key] : [],
    measures: measures[0] ? [measures[0].key] : [],
  };
}

/** The layout a cube opens with: the user's own, the cube's default, or a first guess. */
export function initialLayout(cube: Cube, dims: DimInfo[], mine?: PivotLayout): PivotLayout {
  const known = new Set([
    ...cube.dimensions.map((d) => d.key),
    ...cube.measures.map((m) => m.key),
    ...cube.calculated.map((c) => c.key),
  ]);
  const valid = (l: PivotLayout) =>
    [...l.rows, ...l.cols, ...l.measures, ...l.params.map((p) => p.key)].every((k) =>
      known.has(k),
    ) && l.measures.length > 0;
  if (mine && valid(mine)) return mine;
  if (cube.defaultLayout) {
    const l = fromCubeLayout(cube.defaultLayout, dims);
    if (valid(l)) return l;
  }
  const guess = guessLayout(dims, cube.measures);
  return {
    rows: guess.rows,
    cols: guess.cols,
    measures: guess.measures,
    params: [],
    collapsedRows: [],
    collapsedCols: [],
    rowTotals: true,
    colTotals: true,
  };
}

/** The cube layout saved as the cube's default. */
export function toCubeLayout(l: PivotLayout, dims: DimInfo[]): CubeLayout {
  return {
    rows: l.rows,
    cols: l.cols,
    measures: l.measures,
    filter: layoutFilter(l.params, dims, l.filter),
    rowSort: l.rowSort,
    colSort: l.colSort,
  };
}

/**
 * Moves a field to a zone at an index. Dimensions go to Rows, Columns or Parameters; measures
 * to Values; anything dragged to the field list leaves the layout. Returns the layout unchanged
 * when the move is not allowed (a measure onto Rows, the last measure out of Values, limits).
 */
export function moveField(
  l: PivotLayout,
  id: string,
  to: Zone,
  index = Number.MAX_SAFE_INTEGER,
): PivotLayout {
  const [kind, key] = splitId(id);
  if (kind === 'm') {
    if (to !== 'values' && to !== 'fields') return l;
    const rest = l.measures.filter((k) => k !== key);
    if (to === 'fields') return rest.length ? { ...l, measures: rest } : l;
    if (rest.length >= 12) return l;
    rest.splice(Math.min(index, rest.length), 0, key);
    return { ...l, measures: rest };
  }
  if (to === 'values') return l;
  const rows = l.rows.filter((k) => k !== key);
  const cols = l.cols.filter((k) => k !== key);
  const previous = l.params.find((p) => p.key === key);
  const params = l.params.filter((p) => p.key !== key);
  const at = <T>(list: T[], item: T) => {
    const next = [...list];
    next.splice(Math.min(index, next.length), 0, item);
    return next;
  };
  const base = {
    ...l,
    rows,
    cols,
    params,
    // Collapsed members and sorts belong to the axes as they were.
    collapsedRows: l.rows.includes(key) || to === 'rows' ? [] : l.collapsedRows,
    collapsedCols: l.cols.includes(key) || to === 'cols' ? [] : l.collapsedCols,
  };
  switch (to) {
    case 'rows':
      return rows.length >= 6 ? l : { ...base, rows: at(rows, key) };
    case 'cols':
      return cols.length >= 4 ? l : { ...base, cols: at(cols, key) };
    case 'params':
      return { ...base, params: at(params, previous ?? { key, members: [] }) };
    default:
      return base;
  }
}

/** Field ids in the zones: `d:<key>` for dimensions, `m:<key>` for measures. */
export const dimId = (key: string) => `d:${key}`;
export const measureId = (key: string) => `m:${key}`;
export function splitId(id: string): ['d' | 'm', string] {
  return [id.startsWith('m:') ? 'm' : 'd', id.slice(2)];
}

/** The zone a field is in. */
export function zoneOf(l: PivotLayout, id: string): Zone {
  const [kind, key] = splitId(id);
  if (kind === 'm') return l.measures.includes(key) ? 'values' : 'fields';
  if (l.rows.includes(key)) return 'rows';
  if (l.cols.includes(key)) return 'cols';
  if (l.params.some((p) => p.key === key)) return 'params';
  return 'fields';
}

const prefsKey = (cubeId: string) => `fiscus-pivot:${cubeId}`;

export function loadPrefs(cubeId: string): PivotPrefs {
  try {
    const raw = localStorage.getItem(prefsKey(cubeId));
    const parsed = raw ? (JSON.parse(raw) as Partial<PivotPrefs>) : {};
    return { layout: parsed.layout, styles: parsed.styles ?? {} };
  } catch {
    return { styles: {} };
  }
}

export function savePrefs(cubeId: string, prefs: PivotPrefs): void {
  try {
    localStorage.setItem(prefsKey(cubeId), JSON.stringify(prefs));
  } catch {
    /* storage full or blocked: the layout stays for this visit */
  }
}

/** A path of members as a stable text key. */
export const pathKey = (path: readonly CubeMember[]) => JSON.stringify(path);
