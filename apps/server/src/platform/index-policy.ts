import { textualTypes, type FilterNode, type ViewDefinition } from '@fiscus/contracts';
import { sql } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import {
  adoptIndexes,
  dropIndex,
  ensureIndex,
  indexName,
  listIndexes,
  withIdColumn,
  type IndexColumn,
  type IndexInfo,
} from './ddl.js';
import type { Lang } from './messages.js';
import { aggregateName, ensureAggregate, isAggregateName } from './aggregates.js';
import { searchIndexName, textIndexable, textIndexName } from './text-index.js';
import { isVirtual, type FieldMeta, type ObjectMeta } from './meta.js';
import { type OpContext, type Q } from './context.js';
import { compileSortKeys, resolveColumn } from './compiler.js';

/**
 * The index policy: which indexes a definition (a saved view's filter, sort, grouping and
 * search) gets. Saving a view applies it (modules/views); so does the refresh of views saved
 * under an earlier policy.
 */

/** Indexes per object made for views; beyond it views still work, just unindexed. */
export const MAX_VIEW_INDEXES = 16;
/** Maintained aggregates (summary tables) per object, besides its indexes. */
export const MAX_VIEW_AGGREGATES = 4;

/**
 * Automatic indexes and aggregates being built in this process until they are recorded, per
 * database and object (name → builds of it): the automatic room checks count them, so two jobs
 * building for one object at once — a text index's fill of seconds and a short job beside it in
 * the job runner's quick slot (jobs.ts) — never take more than the object's room between them.
 */
const underway = new WeakMap<object, Map<string, Map<string, number>>>();

/** Runs `build` of an automatic index or aggregate `name` with its room held meanwhile. */
export async function holdingRoom<T>(
  db: object,
  objectId: string,
  name: string,
  build: () => Promise<T>,
): Promise<T> {
  let byObject = underway.get(db);
  if (!byObject) underway.set(db, (byObject = new Map()));
  let names = byObject.get(objectId);
  if (!names) byObject.set(objectId, (names = new Map()));
  names.set(name, (names.get(name) ?? 0) + 1);
  try {
    return await build();
  } finally {
    const n = (names.get(name) ?? 1) - 1;
    if (n > 0) names.set(name, n);
    else names.delete(name);
    if (!names.size) byObject.delete(objectId);
  }
}

/**
 * Room of the object held by automatic builds underway (`holdingRoom`): indexes, or with
 * `aggregates` summaries — those not `recorded` yet, `name` (the one about to be built) aside.
 */
export function roomHeld(
  db: object,
  objectId: string,
  recorded: readonly string[],
  name: string,
  aggregates = false,
): number {
  let n = 0;
  for (const held of underway.get(db)?.get(objectId)?.keys() ?? [])
    if (held !== name && isAggregateName(held) === aggregates && !recorded.includes(held)) n++;
  return n;
}
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

/** Operators PostgreSQL tests on a B-tree entry as an index condition on any column of it. */
const ENTRY_TESTED_OPS = new Set([...INDEXABLE_OPS].filter((op) => op !== 'in'));

/**
 * The conditions of a filter's AND paths (the root and its AND groups, at any depth): those
 * every row of the page must pass.
 */
function andConditionsOf(
  node: FilterNode,
  out: { field: string; op: string }[] = [],
): { field: string; op: string }[] {
  if (node.operator.sid !== 'and') return out;
  for (const c of node.conditions) out.push({ field: c.field, op: c.op });
  for (const ch of node.children) if (ch.isactive) andConditionsOf(ch, out);
  return out;
}

/**
 * The stored columns a view's filter tests, in the order they appear: the candidates to carry
 * in its sort index. Not long texts (they would bloat every entry), multi-selects, attachments,
 * computed fields without a column, or system columns.
 *
 * - SQLite defers reading the table row while the columns a condition needs are in the index
 *   entry: any operator, any depth.
 * - PostgreSQL tests on the entry only what it can use as an index condition while walking the
 *   index in sort order: comparisons (`=`, `<`, `>`, ranges, relative dates) that every row must
 *   pass (AND paths), not `in` lists on a column after the first (PostgreSQL 15 then gives up the
 *   index's order), not text matches (`ILIKE`) or alternatives (OR). Nor text fields at all: a
 *   B-tree entry holds at most about 2.7 kB, and three texts of up to 1,000 characters could
 *   pass it and fail the record's write.
 */
function testedColumns(meta: ObjectMeta, d: ViewDefinition, dialect: DialectName): string[] {
  if (!d.filter.isactive || (dialect !== 'sqlite' && dialect !== 'postgres')) return [];
  const pg = dialect === 'postgres';
  const conditions = pg
    ? andConditionsOf(d.filter).filter((c) => ENTRY_TESTED_OPS.has(c.op))
    : conditionsOf(d.filter);
  const out: string[] = [];
  for (const c of conditions) {
    const col = resolveColumn(meta, c.field);
    const f = col?.field;
    if (
      !col ||
      !f ||
      isVirtual(f) ||
      f.type === 'longtext' ||
      col.kind === 'multi' ||
      col.kind === 'file' ||
      (pg && col.kind === 'text') ||
      out.includes(col.column)
    )
      continue;
    out.push(col.column);
    if (out.length >= MAX_TESTED_COLUMNS) break;
  }
  return out;
}

/**
 * Indexes that follow a view: one composite index over its sort keys (group fields first),
 * followed by the other columns its filter tests (testedColumns), and one per field its filter compares
 * in an index-friendly way. Their columns, before the `id` each ends with (ddl.ts `ensureIndex`).
 */
export function plannedIndexes(
  meta: ObjectMeta,
  d: ViewDefinition,
  dialect: DialectName,
  lang: Lang,
): IndexColumn[][] {
  const wanted: IndexColumn[][] = [];
  // Computed fields without a column of their own (lookups, rollups, formulas that read other
  // records) cannot be indexed: an index stops before the first of them.
  const virtual = (c: { field?: FieldMeta } | undefined) => !!c?.field && isVirtual(c.field);
  const all = compileSortKeys(meta, d.orderby, d.groupby, lang);
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
  // The other columns the filter tests follow the sort keys (and id), so that a page read by
  // walking the index in sort order tests the filter on the index entry and reads the table
  // only for the rows it returns (docs/execution.md, "Walks that test the filter in the index").
  const tested = sortCols.length ? testedColumns(meta, d, dialect) : [];
  // A grouped view: group fields then aggregated fields (at most three), so groups and sums
  // come from the index alone (covering), without reading the table.
  const grouped: IndexColumn[] = [];
  let groupCount = 0;
  if (d.groupby.isActive && d.groupby.groups.length) {
    const add = (key: string) => {
      const col = resolveColumn(meta, key);
      if (
        !col ||
        virtual(col) ||
        col.kind === 'multi' ||
        col.kind === 'file' ||
        grouped.some((x) => x.column === col.column)
      )
        return;
      grouped.push({ column: col.column });
    };
    d.groupby.groups.slice(0, 3).forEach((g) => add(g.field));
    groupCount = grouped.length;
    d.groupby.groups.forEach((g) => (g.aggregates ?? []).forEach((a) => add(a.field)));
    grouped.splice(groupCount + 3);
  }
  const aggregated = grouped.slice(groupCount).map((c) => c.column);
  const tail = (lead: IndexColumn[], more: readonly string[] = []) => {
    const extra = [...new Set([...tested, ...more])].filter(
      (c) => !lead.some((x) => x.column === c) && !sortCols.some((x) => x.column === c),
    );
    return extra.length
      ? [{ column: 'id', desc: sortCols.at(-1)?.desc }, ...extra.map((column) => ({ column }))]
      : [];
  };
  // The equality index of a grouped view also holds the aggregated fields: a group-by filtered
  // on another field by equality then reads that value's index entries, not its records
  // (docs/platform.md, "Physical tables and indexes").
  if (eqLead.length) wanted.push([...eqLead, ...sortCols, ...tail(eqLead, aggregated)]);
  if (sortCols.length) wanted.push([...sortCols, ...tail([])]);
  if (grouped.length) wanted.unshift(grouped);
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
  return wanted.filter((w, i) => !wanted.some((o, j) => j !== i && isPrefix(w, o)));
}

/** The names of the B-tree indexes `plannedIndexes` asks for (partial, live records, `id` last). */
export function plannedIndexNames(meta: ObjectMeta, planned: IndexColumn[][]): string[] {
  return planned.map((cols) => indexName(meta.table, withIdColumn(cols), false, true));
}

/**
 * Creates the indexes of a definition (`plannedIndexes`), and a grouped view's maintained
 * aggregate, within the per-object limit. A view's indexes take precedence over automatic ones
 * (auto-index.ts): an automatic index or aggregate it wants becomes the view's, and when the
 * object has no room left, the least recently used automatic index (or aggregate, for an
 * aggregate) is dropped to make it. Automatic ones (`automatic`) never make room; they get an
 * aggregate only for a group-by's shape (`aggregate`) that it answers (`automaticSummary`).
 */
export async function indexView(
  ctx: Pick<OpContext, 'db' | 'lang'>,
  k: Q,
  meta: ObjectMeta,
  d: ViewDefinition,
  opts: {
    /** PostgreSQL: build the B-tree indexes without blocking writes (ddl.ts `ensureIndex`). */
    concurrently?: boolean;
    /** Built for the reads users ran (auto-index.ts). */
    automatic?: boolean;
    /** Automatic: the shape is a group-by's (records.groups), which may get its aggregate. */
    aggregate?: boolean;
  } = {},
): Promise<string[]> {
  const planned = plannedIndexes(meta, d, ctx.db.dialect, ctx.lang);
  // A view's: the automatic indexes it wants become its own first (text ones too, so that
  // making room below never drops one of them).
  if (!opts.automatic) {
    const text = indexedTextFields(meta, d)
      .map((id) => meta.fields.find((f) => f.id === id))
      .filter((f) => !!f)
      .map((f) => textIndexName(meta.table, f.column));
    if (d.search.trim() && searchIndexFits(meta))
      text.push(
        searchIndexName(
          meta.table,
          meta.fields.filter((f) => textIndexable(f.type)).map((f) => f.column),
          ctx.db.dialect,
        ),
      );
    await adoptIndexes(k, [...plannedIndexNames(meta, planned), ...text]);
  }
  // Automatic: an index that starts with the planned one (same order) serves it already.
  const before = opts.automatic ? await listIndexes(k, meta.id) : [];
  const needed = planned.filter((cols) => !before.some((ix) => startsWith(ix, withIdColumn(cols))));
  const existing = (
    await k.selectFrom('pf_indexes').select('name').where('object_id', '=', meta.id).execute()
  ).map((r) => r.name);
  const made: string[] = [];
  // A grouped view's counts and sums are also maintained per group (platform/aggregates.ts): its
  // group-bys then read one row per group, whatever the number of records and however often
  // they change. Each summary costs every write a little: at most MAX_VIEW_AGGREGATES, views'
  // and automatic ones together.
  const summary = opts.automatic
    ? opts.aggregate
      ? automaticSummary(meta, d)
      : undefined
    : summaryOf(meta, d);
  if (summary) {
    const name = aggregateName(meta.table, summary.groups, summary.sums);
    const held = opts.automatic ? roomHeld(ctx.db, meta.id, existing, name, true) : 0;
    let room =
      existing.includes(name) ||
      existing.filter(isAggregateName).length + held < MAX_VIEW_AGGREGATES;
    // A view's makes room: the least recently used automatic aggregate gives way.
    if (!room && !opts.automatic)
      room = await evictAutomatic(k, ctx.db.dialect, meta.id, 'aggregate');
    if (room) {
      const build = () =>
        ensureAggregate(
          k,
          ctx.db.dialect,
          meta.id,
          meta.table,
          summary.groups,
          summary.sums,
          opts.automatic ? { automatic: true } : {},
        );
      await (opts.automatic ? holdingRoom(ctx.db, meta.id, name, build) : build());
      if (!existing.includes(name)) made.push(name);
    }
  }
  const indexNames = async () =>
    (await k.selectFrom('pf_indexes').select('name').where('object_id', '=', meta.id).execute())
      .map((r) => r.name)
      .filter((n) => !isAggregateName(n));
  let recorded = await indexNames();
  const names = plannedIndexNames(meta, needed);
  for (const [i, cols] of needed.entries()) {
    const planned = names[i] as string;
    // Automatic: the room that builds underway for the object (a text index's fill) hold too.
    const taken = () =>
      recorded.length + (opts.automatic ? roomHeld(ctx.db, meta.id, recorded, planned) : 0);
    if (taken() >= MAX_VIEW_INDEXES && !existing.includes(planned)) {
      if (opts.automatic || !(await evictAutomatic(k, ctx.db.dialect, meta.id))) break;
      recorded = await indexNames();
    }
    const prior = recorded.length;
    const build = () =>
      ensureIndex(k, ctx.db.dialect, meta.id, meta.table, cols, {
        withId: true,
        live: true,
        ...(opts.concurrently ? { concurrently: true } : {}),
        ...(opts.automatic ? { automatic: true } : {}),
      });
    const name = await (opts.automatic ? holdingRoom(ctx.db, meta.id, planned, build) : build());
    recorded = await indexNames();
    if (recorded.length > prior) made.push(name);
  }
  // Automatic indexes that a longer index now starts with add nothing: dropped, room kept.
  if (opts.automatic) {
    const all = await listIndexes(k, meta.id);
    for (const ix of all)
      if (
        ix.automatic &&
        ix.kind === 'btree' &&
        all.some(
          (o) => o !== ix && o.columns.length > ix.columns.length && startsWith(o, ix.columns),
        )
      )
        await dropIndex(k, ctx.db.dialect, ix.name);
  }
  return made;
}

/**
 * Drops the object's least recently used automatic index (B-tree or text), or with `kind`
 * 'aggregate' its least recently used automatic aggregate, to make room for a view's. False
 * when it has none.
 */
export async function evictAutomatic(
  k: Q,
  dialect: DialectName,
  objectId: string,
  kind: 'index' | 'aggregate' = 'index',
): Promise<boolean> {
  const victim = (
    await k
      .selectFrom('pf_indexes')
      .select('name')
      .where('object_id', '=', objectId)
      .where('automatic', '=', 1)
      .orderBy(sql`coalesce(used_at, created_at)`)
      .orderBy('name')
      .execute()
  ).find((r) => isAggregateName(r.name) === (kind === 'aggregate'));
  if (!victim) return false;
  await dropIndex(k, dialect, victim.name);
  return true;
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
 * The maintained aggregate an automatic group-by shape gets: a view's (`summaryOf`), only when
 * it answers the shape's group-by (records.service.ts `summaryGroups`) — up to three group
 * fields, counts, sums and averages of stored number fields only, a filter naming only group
 * fields, no search. Otherwise none: a summary the shape's reads would not use would only cost
 * writes.
 */
export function automaticSummary(
  meta: ObjectMeta,
  d: ViewDefinition,
): { groups: string[]; sums: string[] } | undefined {
  if (d.search.trim() || d.groupby.groups.length > 3) return undefined;
  const summary = summaryOf(meta, d);
  if (!summary) return undefined;
  for (const g of d.groupby.groups)
    for (const a of g.aggregates ?? []) {
      const col = resolveColumn(meta, a.field);
      if (
        !col?.field ||
        col.field.computed ||
        (col.kind !== 'number' && col.kind !== 'int') ||
        (a.fn !== 'sum' && a.fn !== 'avg' && a.fn !== 'count')
      )
        return undefined;
    }
  if (d.filter.isactive)
    for (const c of conditionsOf(d.filter)) {
      const col = resolveColumn(meta, c.field);
      if (!col || !summary.groups.includes(col.column)) return undefined;
    }
  return summary;
}

/** Fields whose substring conditions (`contains`, `starts_with`) or search a view has. */
function textFieldsOf(meta: ObjectMeta, d: ViewDefinition): string[] {
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

/**
 * Whether an object searching `n` fields gets a search index: from two fields (an index of more
 * than one column is how it is told from a field's trigram index, ddl.ts `searchIndexOf`).
 */
export function wantsSearchIndex(n: number): boolean {
  return n > 1;
}

/** Whether the object's search can have a search index (index-jobs.ts builds it). */
export function searchIndexFits(meta: ObjectMeta): boolean {
  const searched = meta.fields.filter((f) => textIndexable(f.type));
  return wantsSearchIndex(searched.length) && !searched.some((f) => f.computed);
}

/**
 * The text fields whose trigram indexes a view or an automatic shape gets (built by a job; the
 * view works meanwhile, reading rows): those of its substring conditions (`contains`,
 * `starts_with`), and for a search each searched field only when the object cannot have a
 * search index — one that can searches through that index alone, and when its searched fields
 * change the index is rebuilt (`requestSearchRebuild`, index-jobs.ts) instead of search falling
 * back to per-field indexes.
 */
export function indexedTextFields(meta: ObjectMeta, d: ViewDefinition): string[] {
  if (!d.search.trim() || !searchIndexFits(meta)) return textFieldsOf(meta, d);
  return textFieldsOf(meta, { ...d, search: '' });
}

/** Whether `ix` is a B-tree index of live records starting with `cols` (same order). */
export function startsWith(ix: IndexInfo, cols: IndexColumn[]): boolean {
  return (
    ix.kind === 'btree' &&
    ix.live &&
    !ix.unique &&
    ix.columns.length >= cols.length &&
    cols.every((c, i) => ix.columns[i]?.column === c.column && !!ix.columns[i]?.desc === !!c.desc)
  );
}
