import type {
  CubeAxisItem,
  CubeMember,
  CubeSort,
  CubeValue,
  CubesQueryOutput,
} from '@fiscus/contracts';
import { divideRound, formatUnits, pow10 } from '../../platform/decimal.js';
import type { CalcModel } from './cubes.model.js';
import { parseUnits } from './cubes.numbers.js';

/**
 * The pivot engine's JavaScript half: from the aggregated rows of every grouping set (at most
 * one row per member combination, never records) to the answer's axes and cells. Members of
 * each level are ordered by name or by a measure's total; a member's subtotal comes before its
 * children, the grand total last; collapsed members hide their children; only the requested
 * window of rows and columns is turned into cells.
 */

/** Aggregated values of one grouping set's row: by measure key. */
export type Values = ReadonlyMap<string, CubeValue>;

export interface Aggregated {
  /** gid → member key (JSON of the set's members, rows then columns) → values. */
  sets: Map<number, Map<string, Values>>;
}

export interface AxisSpec {
  /** Number of dimensions on this axis and where they start among all dimensions. */
  size: number;
  start: number;
  sort?: CubeSort;
  totals: boolean;
  collapsed: readonly (readonly CubeMember[])[];
  label: (level: number, member: CubeMember) => string;
  /** Orders members by name: dates chronologically, else by label; empty last. */
  byKey: (level: number) => boolean;
}

interface Node {
  member: CubeMember;
  label: string;
  path: CubeMember[];
  labels: string[];
  children: Map<string, Node>;
}

const keyOf = (m: CubeMember) => JSON.stringify(m);

/** The gid of a (row depth, column depth) cell among `n` dimensions split rows/cols. */
function gidFor(rowDims: number, colDims: number, rowDepth: number, colDepth: number): number {
  const n = rowDims + colDims;
  let g = 0;
  for (let i = 0; i < n; i++) {
    const kept = i < rowDims ? i < rowDepth : i - rowDims < colDepth;
    if (!kept) g |= 1 << (n - 1 - i);
  }
  return g;
}

export class PivotData {
  constructor(
    private readonly agg: Aggregated,
    private readonly rowDims: number,
    private readonly colDims: number,
    private readonly calcs: readonly CalcModel[],
    private readonly scales: ReadonlyMap<string, number>,
  ) {}

  /** Values of the cell at a row path and a column path (missing: undefined). */
  values(rowPath: readonly CubeMember[], colPath: readonly CubeMember[]): Values | undefined {
    const gid = gidFor(this.rowDims, this.colDims, rowPath.length, colPath.length);
    return this.agg.sets.get(gid)?.get(JSON.stringify([...rowPath, ...colPath]));
  }

  /** One measure's value at a cell (calculated measures computed from their operands). */
  value(key: string, rowPath: readonly CubeMember[], colPath: readonly CubeMember[]): CubeValue {
    const v = this.values(rowPath, colPath);
    if (!v) return null;
    return this.valueIn(key, v);
  }

  valueIn(key: string, v: Values, depth = 0): CubeValue {
    if (v.has(key)) return v.get(key) ?? null;
    const calc = this.calcs.find((c) => c.key === key);
    if (!calc || depth > 50) return null;
    const left = this.valueIn(calc.left, v, depth + 1);
    const right = this.valueIn(calc.right, v, depth + 1);
    return calculate(calc, left, right, this.scales);
  }

  /** Member combinations of an axis at full depth (from the set with the other axis totalled). */
  tuples(axis: 'rows' | 'cols'): CubeMember[][] {
    const depth = axis === 'rows' ? this.rowDims : this.colDims;
    const gid =
      axis === 'rows'
        ? gidFor(this.rowDims, this.colDims, this.rowDims, 0)
        : gidFor(this.rowDims, this.colDims, 0, this.colDims);
    const set = this.agg.sets.get(gid);
    if (!set) return [];
    return [...set.keys()].map((k) => (JSON.parse(k) as CubeMember[]).slice(0, depth));
  }
}

function unitsAt(v: CubeValue, scale: number): bigint | null {
  if (v === null) return null;
  if (typeof v === 'number') return BigInt(Math.round(v)) * pow10(scale);
  return parseUnits(v, scale) ?? null;
}

/** difference and ratio, exact (ratio rounded half-even to its scale; ÷0 is empty). */
export function calculate(
  calc: CalcModel,
  left: CubeValue,
  right: CubeValue,
  scales: ReadonlyMap<string, number>,
): CubeValue {
  const ls = scales.get(calc.left) ?? 0;
  const rs = scales.get(calc.right) ?? 0;
  const s = Math.max(ls, rs);
  if (calc.fn === 'difference') {
    if (left === null && right === null) return null;
    const a = unitsAt(left ?? 0, s) ?? 0n;
    const b = unitsAt(right ?? 0, s) ?? 0n;
    return formatUnits(a - b, calc.info.scale);
  }
  const a = unitsAt(left, s);
  const b = unitsAt(right, s);
  if (a === null || b === null || b === 0n) return null;
  const out = calc.info.scale;
  return formatUnits(divideRound(a * pow10(out), b), out);
}

/** Compares two cell values of one measure (empty first). */
export function compareValues(a: CubeValue, b: CubeValue, scale: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = unitsAt(a, scale);
  const y = unitsAt(b, scale);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The ordered items of an axis: member subtotals before their children, leaves, the grand total
 * last (totals off: leaves only — and collapsed members, which stand for their children).
 */
export function buildAxis(
  data: PivotData,
  axis: 'rows' | 'cols',
  spec: AxisSpec,
  measureScale: (key: string) => number,
): CubeAxisItem[] {
  const root: Node = { member: null, label: '', path: [], labels: [], children: new Map() };
  for (const tuple of data.tuples(axis)) {
    let node = root;
    tuple.forEach((m, level) => {
      const k = keyOf(m);
      let child = node.children.get(k);
      if (!child) {
        const label = spec.label(level, m);
        child = {
          member: m,
          label,
          path: [...node.path, m],
          labels: [...node.labels, label],
          children: new Map(),
        };
        node.children.set(k, child);
      }
      node = child;
    });
  }
  const collapsed = new Set(spec.collapsed.map((p) => JSON.stringify(p)));
  const sort = spec.sort;
  const totalOf = (path: CubeMember[]): CubeValue => {
    if (!sort?.measure) return null;
    return axis === 'rows'
      ? data.value(sort.measure, path, [])
      : data.value(sort.measure, [], path);
  };
  const order = (nodes: Node[], level: number): Node[] => {
    const dir = sort?.dir === 'desc' ? -1 : 1;
    const byName = (a: Node, b: Node) => {
      if (a.member === null || b.member === null)
        return a.member === b.member ? 0 : a.member === null ? 1 : -1;
      if (spec.byKey(level))
        return (
          dir *
          (String(a.member) < String(b.member) ? -1 : String(a.member) > String(b.member) ? 1 : 0)
        );
      return (
        dir * collator.compare(a.label, b.label) ||
        (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)
      );
    };
    if (sort?.by === 'measure' && sort.measure) {
      const scale = measureScale(sort.measure);
      const vals = new Map(nodes.map((x) => [x, totalOf(x.path)]));
      return nodes.sort(
        (a, b) =>
          dir * compareValues(vals.get(a) ?? null, vals.get(b) ?? null, scale) ||
          byName(a, b) * dir,
      );
    }
    return nodes.sort(byName);
  };
  const out: CubeAxisItem[] = [];
  const walk = (node: Node, level: number) => {
    for (const child of order([...node.children.values()], level)) {
      const isLeaf = level === spec.size - 1;
      if (isLeaf) {
        out.push({
          path: child.path,
          labels: child.labels,
          kind: 'leaf',
          hasChildren: false,
          collapsed: false,
        });
        continue;
      }
      const isCollapsed = collapsed.has(JSON.stringify(child.path));
      if (spec.totals || isCollapsed)
        out.push({
          path: child.path,
          labels: child.labels,
          kind: 'subtotal',
          hasChildren: child.children.size > 0,
          collapsed: isCollapsed,
        });
      if (!isCollapsed) walk(child, level + 1);
    }
  };
  if (spec.size > 0) walk(root, 0);
  if (spec.size === 0 || spec.totals)
    out.push({ path: [], labels: [], kind: 'total', hasChildren: spec.size > 0, collapsed: false });
  return out;
}

/** The cells of a window: rows × columns × measures. */
export function windowCells(
  data: PivotData,
  rows: readonly CubeAxisItem[],
  cols: readonly CubeAxisItem[],
  measures: readonly string[],
): CubesQueryOutput['cells'] {
  return rows.map((r) =>
    cols.map((c) => {
      const v = data.values(r.path, c.path);
      return measures.map((m) => (v ? data.valueIn(m, v) : null));
    }),
  );
}
