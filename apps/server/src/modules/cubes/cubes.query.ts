import type {
  CubeMember,
  CubeValue,
  CubesQueryOutput,
  cubesQueryInput,
  FilterNode,
} from '@fiscus/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { cached } from '../../platform/cache.js';
import { compileFilter, compileWhere } from '../../platform/compiler.js';
import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { compileOptionsFor, resolveLabels } from '../../platform/read.js';
import { relationOf, relRows } from '../../platform/relation.js';
import { choiceText } from '../../platform/meta.js';
import { cubesText } from './cubes.messages.js';
import { checkLayout, type CubeModel, type DimModel, type MeasureModel } from './cubes.model.js';
import { buildAxis, PivotData, windowCells, type Values } from './cubes.pivot.js';
import { loadCube } from './cubes.service.js';
import { buildAggregation, buildSummaryAggregation } from './cubes.sql.js';
import { summaryInput } from './cubes.summary.js';
import { foldWhenGrown } from '../../platform/aggregates.js';

/** Most aggregated rows (member combinations over every grouping set) a layout may have. */
export const MAX_GROUPS = 500_000;

type QueryInput = z.output<typeof cubesQueryInput>;

/** The WHERE of a cube query: live records, the cube's parameters and the layout's filter. */
export async function cubeWhere(
  ctx: OpContext,
  cube: CubeModel,
  filter: FilterNode | undefined,
  timeZone: string | undefined,
): Promise<RawBuilder<SqlBool>> {
  const opts = await compileOptionsFor(ctx, cube.meta);
  const where = compileWhere(cube.meta, { filter, timeZone }, opts);
  if (!cube.parameters) return where;
  const errors: Record<string, string[]> = {};
  const params = compileFilter(cube.meta, cube.parameters, { ...opts, timeZone }, errors);
  if (Object.keys(errors).length) {
    const fields: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(errors)) fields[k.replace(/^filter/, 'parameters')] = v;
    throw invalid(ctx.lang, fields);
  }
  return params ? sql<SqlBool>`${where} and ${params}` : where;
}

/** Measures the layout needs in SQL: its own and every operand of its calculated measures. */
function neededMeasures(cube: CubeModel, keys: readonly string[]): MeasureModel[] {
  const want = new Set<string>();
  const visit = (k: string, depth: number) => {
    if (depth > 50 || want.has(k)) return;
    want.add(k);
    const c = cube.calcs.find((x) => x.key === k);
    if (c) {
      visit(c.left, depth + 1);
      visit(c.right, depth + 1);
    }
  };
  for (const k of keys) visit(k, 0);
  return cube.measures.filter((m) => want.has(m.key));
}

const COUNT_KEY = '\u0000records';

function paramsKey(params: readonly unknown[]): string {
  return JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

interface Aggregate {
  sets: Map<number, Map<string, Values>>;
}

function memberOf(d: DimModel, raw: unknown): CubeMember {
  if (raw === null || raw === undefined) return null;
  switch (d.kind) {
    case 'reference':
      return Number(raw);
    case 'boolean':
      return Number(raw) !== 0;
    default:
      return String(raw);
  }
}

/**
 * Runs (or takes from the cache) the aggregation of a layout: from a maintained aggregate of
 * the object when one answers it (cubes.summary.ts), else from the records.
 */
async function aggregate(
  ctx: OpContext,
  cube: CubeModel,
  dims: DimModel[],
  rowCount: number,
  measures: MeasureModel[],
  where: RawBuilder<SqlBool>,
  layout: { filter: FilterNode | undefined; timeZone: string | undefined },
): Promise<{ agg: Aggregate; cached: boolean }> {
  const counter: MeasureModel = {
    key: COUNT_KEY,
    label: '',
    fn: 'count',
    info: {
      key: COUNT_KEY,
      label: '',
      fn: 'count',
      valueType: 'number',
      scale: 0,
      writable: false,
    },
  };
  const all = [...measures, counter];
  const rel = await relationOf(ctx, cube.meta);
  const summary = rel.local
    ? await summaryInput(ctx, cube, dims, all, layout.filter, layout.timeZone)
    : undefined;
  const { query, read } = summary
    ? buildSummaryAggregation({
        dialect: rel.db.dialect,
        summary: summary.input,
        dims,
        rowCount,
        measures: all,
        limit: MAX_GROUPS,
      })
    : buildAggregation({
        dialect: rel.db.dialect,
        from: rel.from,
        where,
        dims,
        rowCount,
        measures: all,
        limit: MAX_GROUPS,
      });
  const compiled = query.compile(rel.db.kysely);
  let computed = false;
  const agg = await cached(
    ctx.db,
    'cube',
    `${ctx.domainId}\u0000${rel.cacheTables.join(',')}\u0000${compiled.sql}\u0000${paramsKey(compiled.parameters)}`,
    rel.cacheTables,
    async () => {
      computed = true;
      const rows = await relRows<Record<string, unknown>>(ctx, rel, 'heavy', query);
      if (rows.length > MAX_GROUPS)
        throw new AppError(
          'unprocessable',
          cubesText(ctx.lang, 'cube.too_many_cells', { max: MAX_GROUPS }),
        );
      const sets = new Map<number, Map<string, Values>>();
      const n = dims.length;
      const grand = (1 << n) - 1;
      for (const r of rows) {
        const gid = Number(r.gid ?? 0);
        // PostgreSQL: a summary's rows are folded when writes have appended many.
        if (summary && gid === grand && ctx.db.dialect === 'postgres')
          foldWhenGrown(ctx.db.kysely, summary.info, Number(r.summary_rows ?? 0));
        const members: CubeMember[] = [];
        for (let i = 0; i < n; i++) {
          if (gid & (1 << (n - 1 - i))) continue;
          members.push(memberOf(dims[i] as DimModel, r[`g${i}`]));
        }
        const values = new Map<string, CubeValue>();
        all.forEach((m, i) =>
          values.set(m.key, (read[i] as (r: Record<string, unknown>) => CubeValue)(r)),
        );
        let set = sets.get(gid);
        if (!set) sets.set(gid, (set = new Map()));
        set.set(JSON.stringify(members), values);
      }
      return { sets };
    },
    rel.cacheMaxAgeMs === undefined ? undefined : { maxAgeMs: rel.cacheMaxAgeMs },
  );
  return { agg, cached: !computed };
}

/** Display texts of members: choices' labels, references' display values, yes/no, periods. */
async function labeller(
  ctx: OpContext,
  dims: DimModel[],
  data: PivotData,
  rowCount: number,
): Promise<(dimIndex: number, m: CubeMember) => string> {
  const refs = new Map<number, Set<number>>();
  const collect = (tuples: CubeMember[][], offset: number) => {
    for (const t of tuples)
      t.forEach((m, i) => {
        const d = dims[offset + i];
        if (d?.kind === 'reference' && typeof m === 'number') {
          let s = refs.get(offset + i);
          if (!s) refs.set(offset + i, (s = new Set()));
          s.add(m);
        }
      });
  };
  collect(data.tuples('rows'), 0);
  collect(data.tuples('cols'), rowCount);
  const texts = refs.size
    ? await resolveLabels(
        ctx,
        [...refs.entries()].map(([i, ids]) => ({
          field: (dims[i] as DimModel).field,
          ids: [...ids],
        })),
      )
    : new Map<string, Map<number, string | null>>();
  const empty = cubesText(ctx.lang, 'cube.empty_member');
  return (i, m) => {
    const d = dims[i] as DimModel;
    if (m === null) return empty;
    switch (d.kind) {
      case 'boolean':
        return cubesText(ctx.lang, m ? 'cube.yes' : 'cube.no');
      case 'reference':
        return texts.get(d.field.id)?.get(Number(m)) ?? `#${String(m)}`;
      case 'select':
        return choiceText(ctx.lang, d.field, m);
      default:
        return String(m);
    }
  };
}

/** Locked members of the cube's lock rules: dimension key → (member id → its name). */
export async function lockedMembers(
  ctx: OpContext,
  cube: CubeModel,
): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const l of cube.locks) {
    // The flag may be a computed field: read from the target's relation.
    const from = (await relationOf(ctx, l.target)).from;
    const rows = await sql<{
      id: number | string;
    }>`select id from ${from} where ${sql.id(l.flag.column)} = 1 and deleted_at is null`.execute(
      ctx.db.kysely,
    );
    const ids = rows.rows.map((r) => Number(r.id));
    const names = ids.length ? await resolveLabels(ctx, [{ field: l.dim.field, ids }]) : new Map();
    const m = out.get(l.dim.key) ?? new Map<number, string>();
    for (const id of ids) m.set(id, names.get(l.dim.field.id)?.get(id) ?? `#${id}`);
    out.set(l.dim.key, m);
  }
  return out;
}

export async function queryCube(ctx: OpContext, input: QueryInput): Promise<CubesQueryOutput> {
  const cube = await loadCube(ctx, input.cubeId);
  const errors: Record<string, string[]> = {};
  checkLayout(ctx, input, cube.dims, cube.measures, cube.calcs, '', errors);
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  const rowDims = input.rows.map((k) => cube.dims.find((d) => d.key === k) as DimModel);
  const colDims = input.cols.map((k) => cube.dims.find((d) => d.key === k) as DimModel);
  const dims = [...rowDims, ...colDims];
  const where = await cubeWhere(ctx, cube, input.filter, input.timeZone);
  const measures = neededMeasures(cube, input.measures);
  const { agg, cached: fromCache } = await aggregate(
    ctx,
    cube,
    dims,
    rowDims.length,
    measures,
    where,
    { filter: input.filter, timeZone: input.timeZone },
  );

  const infos = input.measures.map(
    (k) =>
      (cube.measures.find((m) => m.key === k)?.info ?? cube.calcs.find((c) => c.key === k)?.info)!,
  );
  const scales = new Map<string, number>([
    ...cube.measures.map((m) => [m.key, m.info.scale] as const),
    ...cube.calcs.map((c) => [c.key, c.info.scale] as const),
  ]);
  const data = new PivotData(agg, rowDims.length, colDims.length, cube.calcs, scales);
  const label = await labeller(ctx, dims, data, rowDims.length);
  const scaleOf = (k: string) => scales.get(k) ?? 0;
  const isDate = (d: DimModel | undefined) => d?.kind === 'date';
  const rowsAll = buildAxis(
    data,
    'rows',
    {
      size: rowDims.length,
      start: 0,
      sort: input.rowSort,
      totals: input.rowTotals,
      collapsed: input.collapsedRows,
      label: (lv, m) => label(lv, m),
      byKey: (lv) => isDate(rowDims[lv]),
    },
    scaleOf,
  );
  const colsAll = buildAxis(
    data,
    'cols',
    {
      size: colDims.length,
      start: rowDims.length,
      sort: input.colSort,
      totals: input.colTotals,
      collapsed: input.collapsedCols,
      label: (lv, m) => label(rowDims.length + lv, m),
      byKey: (lv) => isDate(colDims[lv]),
    },
    scaleOf,
  );
  const rows = rowsAll.slice(input.rowOffset, input.rowOffset + input.rowLimit);
  const cols = colsAll.slice(input.colOffset, input.colOffset + input.colLimit);

  const locked: CubesQueryOutput['locked'] = [];
  if (cube.locks.length) {
    const lockMap = await lockedMembers(ctx, cube);
    const mark = (axis: 'rows' | 'cols', items: typeof rows, axisDims: DimModel[]) =>
      items.forEach((it, index) => {
        it.path.forEach((m, lv) => {
          const d = axisDims[lv];
          const name = d && typeof m === 'number' ? lockMap.get(d.key)?.get(m) : undefined;
          if (name !== undefined) locked.push({ axis, index, member: name });
        });
      });
    mark('rows', rows, rowDims);
    mark('cols', cols, colDims);
  }
  const total = data.value(COUNT_KEY, [], []);
  return {
    rows: { offset: input.rowOffset, total: rowsAll.length, items: rows },
    cols: { offset: input.colOffset, total: colsAll.length, items: cols },
    measures: infos,
    cells: windowCells(data, rows, cols, input.measures),
    locked,
    records: typeof total === 'number' ? total : 0,
    cached: fromCache,
  };
}
