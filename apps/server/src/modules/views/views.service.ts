import {
  textualTypes,
  type FilterNode,
  type SavedView,
  type ViewDefinition,
  type viewsSaveInput,
} from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { ensureIndex, type IndexColumn } from '../../platform/ddl.js';
import { ensureAggregate, isAggregateName } from '../../platform/aggregates.js';
import { requestTextIndexes } from '../../platform/index-jobs.js';
import { textIndexable } from '../../platform/text-index.js';
import { isVirtual, loadObject, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';
import { shortId } from '../../platform/ident.js';
import { type OpContext, type Q } from '../../platform/context.js';
import {
  compileSortKeys,
  compileWhere,
  resolveColumn,
  aggregateAllowed,
} from '../../platform/compiler.js';
import { addError, invalid, notFoundIn } from '../../platform/errors.js';
import { pfText } from '../../platform/platform.messages.js';
import type { Database } from '../../db/schema.js';

/** Indexes per object made for views; beyond it views still work, just unindexed. */
export const MAX_VIEW_INDEXES = 16;
/** Maintained aggregates (summary tables) per object, besides its indexes. */
const MAX_VIEW_AGGREGATES = 4;
const INDEXABLE_OPS = new Set([
  'eq',
  'in',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_n_days',
]);

type ViewRow = Database['pf_views'];

function viewOut(ctx: OpContext, r: ViewRow): SavedView {
  return {
    id: r.id,
    objectId: r.object_id,
    name: r.name,
    shared: r.shared === 1,
    ownerId: r.owner_id,
    isOwn: r.owner_id === ctx.userId,
    definition: JSON.parse(r.definition) as ViewDefinition,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listViews(ctx: OpContext, objectId: string): Promise<{ items: SavedView[] }> {
  const meta = await loadObject(ctx, objectId);
  const rows = await ctx.db.kysely
    .selectFrom('pf_views')
    .selectAll()
    .where('object_id', '=', meta.id)
    .where('domain_id', '=', ctx.domainId)
    .where((eb) => eb.or([eb('shared', '=', 1), eb('owner_id', '=', ctx.userId)]))
    .orderBy('name')
    .execute();
  return { items: rows.map((r) => viewOut(ctx, r)) };
}

/** Checks that every field a view names exists and every operator fits; 400 otherwise. */
function checkDefinition(ctx: OpContext, meta: ObjectMeta, d: ViewDefinition): void {
  const errors: Record<string, string[]> = {};
  const prefix = (e: unknown) => {
    if (e instanceof AppError && e.fields) {
      for (const [k, v] of Object.entries(e.fields))
        for (const m of v) addError(errors, `definition.${k}`, m);
    } else throw e;
  };
  try {
    compileWhere(
      meta,
      { filter: { ...d.filter, isactive: true }, search: d.search },
      { dialect: ctx.db.dialect, lang: ctx.lang },
    );
  } catch (e) {
    prefix(e);
  }
  try {
    compileSortKeys(
      meta,
      { ...d.orderby, isActive: true },
      { ...d.groupby, isActive: true },
      ctx.lang,
    );
  } catch (e) {
    prefix(e);
  }
  d.groupby.groups.forEach((g, i) =>
    (g.aggregates ?? []).forEach((a, j) => {
      const c = resolveColumn(meta, a.field);
      const path = `definition.groupby.groups.${i}.aggregates.${j}`;
      if (!c)
        addError(
          errors,
          `${path}.field`,
          pfText(ctx.lang, 'pf.unknown_field', { field: a.field.slice(0, 60) }),
        );
      else if (!aggregateAllowed(c.kind, a.fn))
        addError(
          errors,
          `${path}.fn`,
          pfText(ctx.lang, 'pf.aggregate_not_allowed', { fn: a.fn, type: c.field?.type ?? c.kind }),
        );
    }),
  );
  d.columns.forEach((c, i) => {
    if (!resolveColumn(meta, c.field))
      addError(
        errors,
        `definition.columns.${i}.field`,
        pfText(ctx.lang, 'pf.unknown_field', { field: c.field.slice(0, 60) }),
      );
  });
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
}

function conditionsOf(
  node: FilterNode,
  out: { field: string; op: string }[] = [],
): { field: string; op: string }[] {
  for (const c of node.conditions) out.push({ field: c.field, op: c.op });
  for (const ch of node.children) if (ch.isactive) conditionsOf(ch, out);
  return out;
}

/** Columns of a view's filter a sort index carries after its keys (see indexView): at most 3. */
const MAX_TESTED_COLUMNS = 3;

/**
 * The stored columns a view's filter tests (any operator, any depth), in the order they appear:
 * the candidates to carry in its sort index. Not long texts (they would bloat every entry),
 * multi-selects, attachments, computed fields without a column, or system columns.
 */
function testedColumns(meta: ObjectMeta, d: ViewDefinition): string[] {
  if (!d.filter.isactive) return [];
  const out: string[] = [];
  for (const c of conditionsOf(d.filter)) {
    const col = resolveColumn(meta, c.field);
    const f = col?.field;
    if (
      !col ||
      !f ||
      isVirtual(f) ||
      f.type === 'longtext' ||
      col.kind === 'multi' ||
      col.kind === 'file' ||
      out.includes(col.column)
    )
      continue;
    out.push(col.column);
    if (out.length >= MAX_TESTED_COLUMNS) break;
  }
  return out;
}

/**
 * Indexes that follow a view: one composite index over its sort keys (group fields first; on
 * SQLite followed by the other columns its filter tests), and one per field its filter compares
 * in an index-friendly way.
 */
export async function indexView(
  ctx: Pick<OpContext, 'db' | 'lang'>,
  k: Q,
  meta: ObjectMeta,
  d: ViewDefinition,
  /** PostgreSQL: build the B-tree indexes without blocking writes (ddl.ts `ensureIndex`). */
  opts: { concurrently?: boolean } = {},
): Promise<string[]> {
  const wanted: IndexColumn[][] = [];
  // Computed fields without a column of their own (lookups, rollups, formulas that read other
  // records) cannot be indexed: an index stops before the first of them.
  const virtual = (c: { field?: FieldMeta } | undefined) => !!c?.field && isVirtual(c.field);
  const all = compileSortKeys(meta, d.orderby, d.groupby, ctx.lang);
  const firstVirtual = all.findIndex((x) => virtual(x.column));
  const keys = (firstVirtual < 0 ? all : all.slice(0, firstVirtual)).filter(
    (x) => x.column.column !== 'id' && x.column.kind !== 'multi',
  );
  const sortCols = keys.slice(0, 3).map((x) => ({ column: x.column.column, desc: x.desc }));
  let eqLead: IndexColumn[] = [];
  // Equality conditions of an AND root in front of the sort keys: the page is then read in
  // index order, already filtered, and stops after `limit` rows.
  if (d.filter.isactive && d.filter.operator.sid === 'and' && sortCols.length) {
    const eqCols: IndexColumn[] = [];
    for (const c of d.filter.conditions) {
      const col = resolveColumn(meta, c.field);
      if (
        c.op !== 'eq' ||
        !col ||
        virtual(col) ||
        col.kind === 'multi' ||
        col.kind === 'file' ||
        col.column === 'id'
      )
        continue;
      if (
        !eqCols.some((x) => x.column === col.column) &&
        !sortCols.some((x) => x.column === col.column)
      )
        eqCols.push({ column: col.column });
    }
    if (eqCols.length) eqLead = eqCols.slice(0, 2);
  }
  // SQLite: the other columns the filter tests follow the sort keys (and id), so that a page
  // read by walking the index in sort order tests the filter on the index entry and reads the
  // table only for the rows it returns (docs/execution.md, "Walks that test the filter in the
  // index"). PostgreSQL tests such conditions on the table row anyway: no extra columns there.
  const tested = ctx.db.dialect === 'sqlite' && sortCols.length ? testedColumns(meta, d) : [];
  const tail = (lead: IndexColumn[]) => {
    const extra = tested.filter(
      (c) => !lead.some((x) => x.column === c) && !sortCols.some((x) => x.column === c),
    );
    return extra.length
      ? [{ column: 'id', desc: sortCols.at(-1)?.desc }, ...extra.map((column) => ({ column }))]
      : [];
  };
  if (eqLead.length) wanted.push([...eqLead, ...sortCols, ...tail(eqLead)]);
  if (sortCols.length) wanted.push([...sortCols, ...tail([])]);
  // A grouped view: group fields then aggregated fields, so groups and sums come from the
  // index alone (covering), without reading the table.
  if (d.groupby.isActive && d.groupby.groups.length) {
    const cols: IndexColumn[] = [];
    const add = (key: string) => {
      const col = resolveColumn(meta, key);
      if (
        !col ||
        virtual(col) ||
        col.kind === 'multi' ||
        col.kind === 'file' ||
        cols.some((x) => x.column === col.column)
      )
        return;
      cols.push({ column: col.column });
    };
    d.groupby.groups.slice(0, 3).forEach((g) => add(g.field));
    const groupCount = cols.length;
    d.groupby.groups.forEach((g) => (g.aggregates ?? []).forEach((a) => add(a.field)));
    if (cols.length) wanted.unshift(cols.slice(0, groupCount + 3));
  }
  if (d.filter.isactive) {
    for (const c of conditionsOf(d.filter)) {
      const col = resolveColumn(meta, c.field);
      if (
        !col ||
        virtual(col) ||
        col.column === 'id' ||
        col.kind === 'multi' ||
        col.kind === 'file' ||
        !INDEXABLE_OPS.has(c.op)
      )
        continue;
      // An index that already starts with this column serves the condition too.
      if (!wanted.some((w) => w[0]?.column === col.column)) wanted.push([{ column: col.column }]);
    }
  }
  // An index that is a prefix of another wanted one adds nothing (and may lure the planner
  // away from the covering one): keep the longer.
  const same = (a: IndexColumn, b: IndexColumn | undefined) =>
    !!b && a.column === b.column && !!a.desc === !!b.desc;
  const isPrefix = (a: IndexColumn[], b: IndexColumn[]) =>
    a.length < b.length && a.every((c, i) => same(c, b[i]));
  const needed = wanted.filter((w, i) => !wanted.some((o, j) => j !== i && isPrefix(w, o)));
  const existing = (
    await k.selectFrom('pf_indexes').select('name').where('object_id', '=', meta.id).execute()
  ).map((r) => r.name);
  const made: string[] = [];
  // A grouped view's counts and sums are also maintained per group (platform/aggregates.ts): its
  // group-bys then read one row per group, whatever the number of records and however often
  // they change. Each summary costs every write a little: at most MAX_VIEW_AGGREGATES.
  const summary = summaryOf(meta, d);
  if (summary && existing.filter(isAggregateName).length < MAX_VIEW_AGGREGATES) {
    const name = await ensureAggregate(
      k,
      ctx.db.dialect,
      meta.id,
      meta.table,
      summary.groups,
      summary.sums,
    );
    if (!existing.includes(name)) made.push(name);
  }
  const indexCount = async () =>
    (await k.selectFrom('pf_indexes').select('name').where('object_id', '=', meta.id).execute())
      .map((r) => r.name)
      .filter((n) => !isAggregateName(n)).length;
  let count = await indexCount();
  for (const cols of needed) {
    if (count >= MAX_VIEW_INDEXES) break;
    const before = count;
    const name = await ensureIndex(k, ctx.db.dialect, meta.id, meta.table, cols, {
      withId: true,
      live: true,
      ...(opts.concurrently ? { concurrently: true } : {}),
    });
    count = await indexCount();
    if (count > before) made.push(name);
  }
  return made;
}

/**
 * The maintained aggregate of a grouped view: its group fields (up to three, all stored fields)
 * and the number fields it counts, sums or averages. None for a view grouped by anything else
 * (a computed field, a system column, a multi-select, an attachment) or a mounted object.
 */
function summaryOf(
  meta: ObjectMeta,
  d: ViewDefinition,
): { groups: string[]; sums: string[] } | undefined {
  if (meta.kind === 'mounted' || !d.groupby.isActive || !d.groupby.groups.length) return undefined;
  const groups: string[] = [];
  const sums: string[] = [];
  for (const g of d.groupby.groups.slice(0, 3)) {
    const col = resolveColumn(meta, g.field);
    const f = col?.field;
    if (!col || !f || f.computed || col.kind === 'multi' || col.kind === 'file') return undefined;
    if (!groups.includes(col.column)) groups.push(col.column);
  }
  for (const g of d.groupby.groups)
    for (const a of g.aggregates ?? []) {
      const col = resolveColumn(meta, a.field);
      if (
        col?.field &&
        !col.field.computed &&
        (col.kind === 'number' || col.kind === 'int') &&
        (a.fn === 'sum' || a.fn === 'avg' || a.fn === 'count') &&
        !sums.includes(col.column)
      )
        sums.push(col.column);
    }
  return { groups, sums };
}

/**
 * Fields whose substring conditions (`contains`, `starts_with`) or search a view has: they get a
 * trigram index (built by a job; the view works meanwhile, reading rows).
 */
export function textFieldsOf(meta: ObjectMeta, d: ViewDefinition): string[] {
  const ids = new Set<string>();
  if (d.filter.isactive) {
    for (const c of conditionsOf(d.filter)) {
      const col = resolveColumn(meta, c.field);
      if (
        (c.op === 'contains' || c.op === 'starts_with') &&
        col?.field &&
        textIndexable(col.field.type)
      )
        ids.add(col.field.id);
    }
  }
  if (d.search.trim()) {
    for (const f of meta.fields)
      if (textualTypes.includes(f.type) || f.type === 'select') ids.add(f.id);
  }
  return [...ids];
}

type SaveInput = z.output<typeof viewsSaveInput>;

export async function saveView(
  ctx: OpContext,
  input: SaveInput,
  app: FastifyInstance,
): Promise<SavedView> {
  const meta = await loadObject(ctx, input.objectId);
  checkDefinition(ctx, meta, input.definition);
  const canShare = ctx.ability.can('update', 'View');
  const k = ctx.db.kysely;
  const now = isoNow();
  let id = input.id;
  if (id) {
    const row = await k
      .selectFrom('pf_views')
      .selectAll()
      .where('id', '=', id)
      .where('domain_id', '=', ctx.domainId)
      .executeTakeFirst();
    if (!row || row.object_id !== meta.id || (row.owner_id !== ctx.userId && row.shared !== 1))
      throw notFoundIn(ctx.lang, 'view');
    if (row.owner_id !== ctx.userId && !canShare)
      throw new AppError('forbidden', pfText(ctx.lang, 'pf.view_not_own'));
    if ((input.shared || row.shared === 1) && !canShare) {
      throw new AppError('forbidden', pfText(ctx.lang, 'pf.shared_view_forbidden'));
    }
    await k
      .updateTable('pf_views')
      .set({
        name: input.name,
        shared: input.shared ? 1 : 0,
        definition: JSON.stringify(input.definition),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  } else {
    if (input.shared && !canShare)
      throw new AppError('forbidden', pfText(ctx.lang, 'pf.shared_view_forbidden'));
    id = shortId();
    await k
      .insertInto('pf_views')
      .values({
        id,
        domain_id: ctx.domainId,
        object_id: meta.id,
        owner_id: ctx.userId,
        name: input.name,
        shared: input.shared ? 1 : 0,
        definition: JSON.stringify(input.definition),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await indexView(ctx, k, meta, input.definition);
  await requestTextIndexes(app.jobs, ctx.db, ctx, meta, textFieldsOf(meta, input.definition), {
    search: !!input.definition.search.trim(),
  });
  const row = await k
    .selectFrom('pf_views')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return viewOut(ctx, row);
}

export async function deleteView(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const k = ctx.db.kysely;
  const row = await k
    .selectFrom('pf_views')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row || (row.owner_id !== ctx.userId && row.shared !== 1)) throw notFoundIn(ctx.lang, 'view');
  if (row.owner_id !== ctx.userId && !ctx.ability.can('update', 'View'))
    throw new AppError('forbidden', pfText(ctx.lang, 'pf.view_not_own'));
  await k.deleteFrom('pf_views').where('id', '=', id).execute();
  return { ok: true };
}

/** Renames (newCode) or removes (null) a field in every saved view of its object. */
export async function pruneViewsOfField(
  k: Q,
  objectId: string,
  field: FieldMeta,
  newCode: string | null,
): Promise<void> {
  const rows = await k
    .selectFrom('pf_views')
    .selectAll()
    .where('object_id', '=', objectId)
    .execute();
  const hit = (key: string) => key === field.code || key === field.id;
  const fixNode = (n: FilterNode): FilterNode => ({
    ...n,
    conditions: n.conditions
      .filter((c) => newCode !== null || !hit(c.field))
      .map((c) => (hit(c.field) && newCode ? { ...c, field: newCode } : c)),
    children: n.children.map(fixNode),
  });
  for (const r of rows) {
    const d = JSON.parse(r.definition) as ViewDefinition;
    const map = <T extends { field: string }>(list: T[]): T[] =>
      list
        .filter((x) => newCode !== null || !hit(x.field))
        .map((x) => (hit(x.field) && newCode ? { ...x, field: newCode } : x));
    const next: ViewDefinition = {
      ...d,
      filter: fixNode(d.filter),
      orderby: { ...d.orderby, sorts: map(d.orderby.sorts) },
      groupby: {
        ...d.groupby,
        groups: map(d.groupby.groups).map((g) => ({
          ...g,
          ...(g.aggregates ? { aggregates: map(g.aggregates) } : {}),
        })),
      },
      columns: map(d.columns),
    };
    const json = JSON.stringify(next);
    if (json !== r.definition)
      await k.updateTable('pf_views').set({ definition: json }).where('id', '=', r.id).execute();
  }
}
