import {
  AND,
  type Condition,
  type CubeCoord,
  type CubeMember,
  type FilterNode,
} from '@fiscus/contracts';
import type { OpContext } from '../../platform/context.js';
import { addError, invalid } from '../../platform/errors.js';
import { cubesText } from './cubes.messages.js';
import type { CubeModel, DimModel } from './cubes.model.js';

/**
 * Cells as filters: the coordinates of a cell (each fixed member of its row and column path)
 * become conditions the query compiler understands, ANDed with the cube's parameters and the
 * layout's filter — the filter tree of exactly the records the cell aggregates.
 */

const PERIOD: Record<string, RegExp> = {
  year: /^(\d{4})$/,
  quarter: /^(\d{4})-Q([1-4])$/,
  month: /^(\d{4})-(\d{2})$/,
  day: /^(\d{4})-(\d{2})-(\d{2})$/,
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** First day of a period and first day of the next one (`2026-Q1` → 2026-01-01, 2026-04-01). */
export function periodBounds(grain: string, member: string): [string, string] | undefined {
  const m = PERIOD[grain]?.exec(member);
  if (!m) return undefined;
  const y = Number(m[1]);
  const next = (yy: number, mm: number, dd = 1) => {
    const d = new Date(Date.UTC(yy, mm - 1, dd));
    return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  };
  switch (grain) {
    case 'year':
      return [`${pad(y, 4)}-01-01`, next(y + 1, 1)];
    case 'quarter': {
      const q = Number(m[2]);
      return [next(y, (q - 1) * 3 + 1), next(y, q * 3 + 1)];
    }
    case 'month': {
      const mo = Number(m[2]);
      if (mo < 1 || mo > 12) return undefined;
      return [next(y, mo), next(y, mo + 1)];
    }
    default: {
      const mo = Number(m[2]);
      const d = Number(m[3]);
      const start = next(y, mo, d);
      if (start !== member) return undefined;
      return [start, next(y, mo, d + 1)];
    }
  }
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export interface ResolvedCoord {
  dim: DimModel;
  member: CubeMember;
}

/** Checks the coordinates of a cell (each dimension once, members of the right kind). */
export function resolveCoords(
  ctx: OpContext,
  cube: CubeModel,
  coords: CubeCoord[],
): ResolvedCoord[] {
  const errors: Record<string, string[]> = {};
  const out: ResolvedCoord[] = [];
  coords.forEach((c, i) => {
    const dim = cube.dims.find((d) => d.key === c.dimension);
    if (!dim)
      return addError(
        errors,
        `coords.${i}.dimension`,
        cubesText(ctx.lang, 'cube.unknown_dimension', { key: c.dimension }),
      );
    if (out.some((o) => o.dim === dim))
      return addError(
        errors,
        `coords.${i}.dimension`,
        cubesText(ctx.lang, 'cube.axis_twice', { key: c.dimension }),
      );
    const m = c.member;
    const ok =
      m === null ||
      (dim.kind === 'reference' && typeof m === 'number' && Number.isSafeInteger(m)) ||
      (dim.kind === 'boolean' && typeof m === 'boolean') ||
      ((dim.kind === 'select' || dim.kind === 'text') && typeof m === 'string') ||
      (dim.kind === 'date' && typeof m === 'string' && !!periodBounds(dim.grain ?? 'month', m));
    if (!ok)
      return addError(
        errors,
        `coords.${i}.member`,
        cubesText(ctx.lang, 'cube.member', {
          member: String(m).slice(0, 60),
          dimension: dim.label,
        }),
      );
    out.push({ dim, member: m });
  });
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  return out;
}

/** The conditions that fix the coordinates. */
export function coordConditions(coords: ResolvedCoord[]): Condition[] {
  const out: Condition[] = [];
  for (const { dim, member } of coords) {
    const field = dim.field.code;
    if (member === null) {
      out.push({ field, op: 'is_empty' });
      continue;
    }
    if (dim.kind !== 'date') {
      out.push({ field, op: 'eq', value: member });
      continue;
    }
    const [from, to] = periodBounds(dim.grain ?? 'month', String(member)) as [string, string];
    if (dim.field.type === 'date') out.push({ field, op: 'between', value: [from, dayBefore(to)] });
    else {
      out.push({ field, op: 'gte', value: `${from}T00:00:00.000Z` });
      out.push({ field, op: 'lt', value: `${to}T00:00:00.000Z` });
    }
  }
  return out;
}

/** The filter tree of a cell: the cube's parameters, the layout's filter and the coordinates. */
export function cellFilterTree(
  cube: CubeModel,
  filter: FilterNode | undefined,
  coords: ResolvedCoord[],
): FilterNode {
  const children: FilterNode[] = [];
  if (cube.parameters?.isactive) children.push(cube.parameters);
  if (filter?.isactive) children.push(filter);
  return {
    isactive: true,
    isexpanded: true,
    name: 'cell',
    operator: { ...AND },
    children,
    conditions: coordConditions(coords),
  };
}
