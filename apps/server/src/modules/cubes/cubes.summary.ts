import { numericTypes, type CubeLayout, type FilterNode } from '@fiscus/contracts';
import {
  ensureAggregate,
  summariesFor,
  summaryWhere,
  type AggregateInfo,
} from '../../platform/aggregates.js';
import { resolveColumn } from '../../platform/compiler.js';
import type { OpContext } from '../../platform/context.js';
import { aggregatesOf, indexesOf } from '../../platform/ddl.js';
import type { FieldMeta } from '../../platform/meta.js';
import type { CubeModel, DimModel, MeasureModel } from './cubes.model.js';
import type { SummaryInput } from './cubes.sql.js';

/**
 * Cubes answered from maintained aggregates (platform/aggregates.ts — the summaries grouped
 * views keep too): a cube keeps a summary of its object grouped by the fields of its default
 * layout's dimensions and of its parameters, with the sums and non-empty counts of every number
 * field its sum, average and count measures read. The database keeps it in step with every
 * write — records ops, imports, deletes, restores, the cube's own write-back — in the write's
 * transaction. A layout is read from a summary (any summary of the object: a grouped view's
 * serves too) when its dimensions' fields are among the summary's groups, its measures are
 * sums, averages and counts of records or of the summary's number fields, and its filter and
 * the cube's parameters name only group fields; anything else (min, max, distinct counts, a
 * condition on another field) reads the records.
 */

/** Group fields a cube's summary holds at most; a cube needing more reads the records. */
const MAX_SUMMARY_GROUPS = 6;
/** Summaries an object keeps at most (grouped views keep up to four of them). */
const MAX_SUMMARIES = 6;

const groupable = (f: FieldMeta | undefined): f is FieldMeta =>
  !!f && !f.computed && f.type !== 'multiselect' && f.type !== 'attachment';

const summable = (f: FieldMeta | undefined): f is FieldMeta =>
  !!f && !f.computed && numericTypes.includes(f.type);

/** The fields a filter's conditions name (undefined: one names no stored field). */
function filterFields(
  cube: CubeModel,
  node: FilterNode | null | undefined,
): FieldMeta[] | undefined {
  const out: FieldMeta[] = [];
  let bad = false;
  const visit = (n: FilterNode, depth: number) => {
    if (!n.isactive || depth > 20) return;
    for (const c of n.conditions) {
      const f = resolveColumn(cube.meta, c.field)?.field;
      if (!groupable(f)) bad = true;
      else out.push(f);
    }
    for (const ch of n.children) visit(ch, depth + 1);
  };
  if (node) visit(node, 0);
  return bad ? undefined : out;
}

/**
 * Makes (or finds) the summary of a cube's default layout — made when the cube is saved, like
 * its covering index. None for a mounted object, a layout over a computed field or a date and
 * time field (nearly one group per record), or more than MAX_SUMMARY_GROUPS group fields.
 */
export async function summarizeCube(
  ctx: OpContext,
  cube: CubeModel,
  layout: CubeLayout | null,
): Promise<void> {
  if (!layout || (cube.meta.kind !== 'table' && cube.meta.kind !== 'reference')) return;
  const groups: string[] = [];
  const add = (f: FieldMeta) => {
    if (!groups.includes(f.column)) groups.push(f.column);
  };
  for (const key of [...layout.rows, ...layout.cols]) {
    const d = cube.dims.find((x) => x.key === key);
    if (!d) continue;
    if (!groupable(d.field) || d.field.type === 'datetime') return;
    add(d.field);
  }
  const params = filterFields(cube, cube.parameters);
  if (!params) return;
  params.forEach(add);
  if (!groups.length || groups.length > MAX_SUMMARY_GROUPS) return;
  const sums: string[] = [];
  for (const m of cube.measures)
    if ((m.fn === 'sum' || m.fn === 'avg' || m.fn === 'count') && summable(m.field))
      if (!sums.includes(m.field.column)) sums.push(m.field.column);
  const infos = aggregatesOf(await indexesOf(ctx.db, cube.meta.id));
  if (summariesFor(infos, groups, sums).length) return;
  if (infos.length >= MAX_SUMMARIES) return;
  await ensureAggregate(ctx.db.kysely, ctx.db.dialect, cube.meta.id, cube.meta.table, groups, sums);
}

/**
 * The summary that answers a layout (dimensions, measures, the layout's filter and the cube's
 * parameters), with where its inputs lie; undefined when the records must be read.
 */
export async function summaryInput(
  ctx: OpContext,
  cube: CubeModel,
  dims: DimModel[],
  measures: MeasureModel[],
  filter: FilterNode | undefined,
  timeZone: string | undefined,
): Promise<{ info: AggregateInfo; input: SummaryInput } | undefined> {
  if (cube.meta.kind !== 'table' && cube.meta.kind !== 'reference') return undefined;
  if (dims.some((d) => !groupable(d.field))) return undefined;
  const sums: string[] = [];
  for (const m of measures) {
    if (m.fn !== 'sum' && m.fn !== 'avg' && m.fn !== 'count') return undefined;
    if (!m.field) {
      if (m.fn !== 'count') return undefined;
      continue;
    }
    if (!summable(m.field)) return undefined;
    sums.push(m.field.column);
  }
  const groups = dims.map((d) => d.field.column);
  for (const info of summariesFor(
    aggregatesOf(await indexesOf(ctx.db, cube.meta.id)),
    groups,
    sums,
  )) {
    const where = summaryWhere(cube.meta, info, [cube.parameters, filter], {
      dialect: ctx.db.dialect,
      lang: ctx.lang,
      timeZone,
    });
    if (!where) continue;
    return {
      info,
      input: {
        table: info.name,
        dims: groups.map((c) => info.groups.indexOf(c)),
        measures: measures.map((m) => (m.field ? info.sums.indexOf(m.field.column) : undefined)),
        where,
      },
    };
  }
  return undefined;
}
