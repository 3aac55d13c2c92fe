import type {
  HistoryEntry,
  RecordGroup,
  RecordRow,
  recordsCountInput,
  recordsCreateManyInput,
  recordsGroupsInput,
  recordsHistoryInput,
  recordsListInput,
  RecordsListOutput,
  recordsUpsertManyInput,
  RecordsWriteManyOutput,
  NameTranslations,
} from '@fiscus/contracts';
import { choiceLabel } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import { isoNow } from '../../lib/clock.js';
import { commonText } from '../../platform/messages.js';
import { readAudit, writeAudit, type AuditEntry } from '../../platform/audit.js';
import { decode, scaleOf } from '../../platform/values.js';
import { formatUnits } from '../../platform/decimal.js';
import {
  averageScale,
  averageText,
  exactSumOf,
  exactSumSelects,
  extremeOf,
  extremeSelect,
} from '../../platform/sums.js';
import type { DialectName } from '../../db/dialect.js';
import {
  assertWritable,
  findField,
  isVirtual,
  loadObject,
  storedFields,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { relationOf, relRows } from '../../platform/relation.js';
import { type OpContext, type Q } from '../../platform/context.js';
import { recordsText } from './records.messages.js';
import { createOne, same, snapshot, updateOne, writeMany } from './records.write.js';
import { OffloadedRows } from './records.offload.js';
import { writeRows } from './records.parse.js';
import { cached, parametersKey } from '../../platform/cache.js';
import { aggregatesOf, indexesOf, type IndexInfo } from '../../platform/ddl.js';
import { noteRead } from '../../platform/auto-index.js';
import { safeIdent } from '../../platform/ident.js';
import {
  compactAggregate,
  summariesFor,
  summaryFor,
  summarySelect,
  summaryWhere,
} from '../../platform/aggregates.js';
import {
  compileQuery,
  countMatches,
  filterColumns,
  readPage,
  rootEqualities,
  tableRows,
} from '../../platform/planner.js';
import {
  aggregateAllowed,
  compileSortKeys,
  resolveColumn,
  type SortKey,
  type AggFn,
  type Column,
} from '../../platform/compiler.js';
import { addError, invalid, notFoundIn } from '../../platform/errors.js';
import { recordEvent } from '../../platform/events/index.js';
import { pfText } from '../../platform/platform.messages.js';
import {
  attachRecordNames,
  hasRecordNames,
  writeRecordNames,
} from '../../platform/record-names.js';
import {
  attachDisplay,
  pickFields,
  resolveLabels,
  selectList,
  toRecord,
  withMeta,
  type Raw,
} from '../../platform/read.js';

type Errors = Record<string, string[]>;

function q(ctx: OpContext): Q {
  return ctx.db.kysely;
}

export function listRecords(ctx: OpContext, input: ListInput): Promise<RecordsListOutput> {
  return withMeta(ctx, input.objectId, (meta) => listOnce(ctx, input, meta));
}

export function countRecords(ctx: OpContext, input: CountInput): Promise<{ total: number }> {
  return withMeta(ctx, input.objectId, (meta) => countOnce(ctx, input, meta));
}

export function groupRecords(
  ctx: OpContext,
  input: GroupsInput,
): Promise<{ groups: RecordGroup[]; truncated: boolean }> {
  return withMeta(ctx, input.objectId, (meta) => groupsOnce(ctx, input, meta));
}

export function getRecord(ctx: OpContext, objectId: string, id: number): Promise<RecordRow> {
  return withMeta(ctx, objectId, (meta) => getOnce(ctx, id, meta));
}

type ListInput = z.output<typeof recordsListInput>;
type CountInput = z.output<typeof recordsCountInput>;
type GroupsInput = z.output<typeof recordsGroupsInput>;

async function listOnce(
  ctx: OpContext,
  input: ListInput,
  meta: ObjectMeta,
): Promise<RecordsListOutput> {
  const fields = pickFields(ctx, meta, input.fields);
  const indexes = await indexesOf(ctx.db, meta.id);
  const query = await compileQuery(ctx, meta, input, indexes);
  const keys = compileSortKeys(meta, input.orderby, input.groupby, ctx.lang);
  const rows = await readPage(ctx, meta, query, {
    columns: selectList(fields),
    keys,
    state: input.state ?? 'active',
    filtered: !!(input.filter?.isactive || input.search?.trim()),
    offset: input.offset,
    limit: input.limit,
    indexes,
    equalities: rootEqualities(meta, input.filter),
    tested: filterColumns(meta, input.filter),
  });
  // The shape of this read may get indexes of its own (platform/auto-index.ts).
  await noteRead(ctx, meta, input, indexes, query.rows);
  const hasMore = rows.length > input.limit;
  const records = rows.slice(0, input.limit).map((r) => toRecord(fields, r));
  await attachDisplay(ctx, fields, records);
  await attachRecordNames(ctx, meta, records);
  return { rows: records, offset: input.offset, limit: input.limit, hasMore };
}

async function countOnce(
  ctx: OpContext,
  input: CountInput,
  meta: ObjectMeta,
): Promise<{ total: number }> {
  const indexes = await indexesOf(ctx.db, meta.id);
  const query = await compileQuery(ctx, meta, input, indexes);
  const total = await countMatches(ctx, query, () => summaryCount(ctx, meta, input, indexes));
  await noteRead(ctx, meta, input, indexes, query.rows);
  return { total };
}

/**
 * The count from a maintained aggregate (platform/aggregates.ts) when one answers it: no search,
 * and a filter naming only the summary's group fields (or none) — every record of a group shares
 * those values, so the sum of the matching groups' counts is the number of matching records.
 * The summary with the fewest group fields that fits is read. Undefined otherwise.
 */
function summaryCount(
  ctx: OpContext,
  meta: ObjectMeta,
  input: CountInput,
  indexes: IndexInfo[],
): RawBuilder<{ n: number | string | null }> | undefined {
  if (meta.kind === 'mounted' || input.search?.trim()) return undefined;
  for (const info of summariesFor(aggregatesOf(indexes), [], [])) {
    const where = summaryWhere(
      meta,
      info,
      [input.filter],
      { dialect: ctx.db.dialect, lang: ctx.lang, timeZone: input.timeZone },
      input.state ?? 'active',
    );
    if (!where) continue;
    return sql<{
      n: number | string | null;
    }>`select sum(cnt) as n from ${sql.id(safeIdent(info.name))} where ${where}`;
  }
  return undefined;
}

function decodeColumn(c: Column, v: unknown): unknown {
  if (c.field) return decode(c.field, v);
  if (v === null || v === undefined) return null;
  return c.kind === 'id' ? Number(v) : String(v);
}

/**
 * An aggregate of a group as the API gives it: counts are numbers; sums and averages exact
 * decimal texts (a sum at the field's scale — whole numbers at scale 0, so a sum past 2^53 keeps
 * every digit —, an average rounded half-even to the field's scale, whole numbers to 2 places);
 * min and max in the field's own form (decimal text, number, date text).
 */
function aggregateValue(
  a: { c: Column; fn: AggFn },
  r: Raw,
  name: string,
  dialect: DialectName,
): number | string | null {
  const scale = a.c.field ? scaleOf(a.c.field.type, a.c.field.options) : 0;
  if (a.fn === 'sum' || a.fn === 'avg') {
    const { units, count } = exactSumOf(r, dialect, name, scale);
    if (units === null) return null;
    if (a.fn === 'sum') return formatUnits(units, scale);
    return averageText(units, count, scale, averageScale(scale, a.c.kind !== 'number'));
  }
  const raw = r[name];
  if (raw === null || raw === undefined) return null;
  if (a.fn === 'count') return Number(raw);
  if (a.c.kind === 'number') return extremeOf(raw, dialect, scale);
  if (a.c.kind === 'int' || a.c.kind === 'id') return Number(raw);
  return String(raw);
}

async function groupsOnce(
  ctx: OpContext,
  input: GroupsInput,
  meta: ObjectMeta,
): Promise<{ groups: RecordGroup[]; truncated: boolean }> {
  const errors: Errors = {};
  const groupCols: Column[] = [];
  const aggs: Agg[] = [];
  input.groupby.groups.forEach((g, i) => {
    const c = resolveColumn(meta, g.field);
    if (!c)
      return addError(
        errors,
        `groupby.groups.${i}.field`,
        pfText(ctx.lang, 'pf.unknown_field', { field: g.field.slice(0, 60) }),
      );
    if (!groupCols.some((x) => x.column === c.column)) groupCols.push(c);
    (g.aggregates ?? []).forEach((a, j) => {
      const ac = resolveColumn(meta, a.field);
      const path = `groupby.groups.${i}.aggregates.${j}`;
      if (!ac)
        return addError(
          errors,
          `${path}.field`,
          pfText(ctx.lang, 'pf.unknown_field', { field: a.field.slice(0, 60) }),
        );
      if (!aggregateAllowed(ac.kind, a.fn)) {
        return addError(
          errors,
          `${path}.fn`,
          pfText(ctx.lang, 'pf.aggregate_not_allowed', {
            fn: a.fn,
            type: ac.field?.type ?? ac.kind,
          }),
        );
      }
      const key = `${a.fn}:${ac.key}`;
      if (!aggs.some((x) => `${x.fn}:${x.c.key}` === key)) aggs.push({ c: ac, fn: a.fn, key });
    });
  });
  if (!groupCols.length && !Object.keys(errors).length)
    addError(errors, 'groupby.groups', commonText(ctx.lang, 'field.required'));
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  const keys = compileSortKeys(
    meta,
    input.orderby,
    { isActive: true, groups: input.groupby.groups.map((g) => ({ field: g.field })) },
    ctx.lang,
  ).filter((k) => groupCols.some((g) => g.column === k.column.column));
  const fromSummary = await summaryGroups(ctx, meta, input, groupCols, aggs, keys);
  const { rows, dialect } =
    fromSummary ?? (await plainGroups(ctx, meta, input, groupCols, aggs, keys));
  // The shape of this group-by may get its maintained aggregate (platform/auto-index.ts).
  await noteRead(
    ctx,
    meta,
    input,
    await indexesOf(ctx.db, meta.id),
    () => tableRows(ctx.db, meta.table),
    'groups',
  );
  return groupsOf(ctx, rows, dialect, input, groupCols, aggs);
}

type Agg = { c: Column; fn: AggFn; key: string };

/** ORDER BY items of group keys (NULLs first ascending, as pages order them). */
function groupOrder(
  dialect: DialectName,
  keys: SortKey[],
  sqlOf: (k: SortKey) => RawBuilder<unknown>,
): RawBuilder<unknown>[] {
  return keys.map((k) => {
    const x = sqlOf(k);
    if (dialect === 'postgres')
      return k.desc ? sql`${x} desc nulls last` : sql`${x} asc nulls first`;
    return k.desc ? sql`${x} desc` : sql`${x} asc`;
  });
}

/**
 * The groups from a maintained aggregate (platform/aggregates.ts) when one answers the
 * group-by: its groups among the summary's group columns, its aggregates counts, sums and
 * averages of the summary's number columns, its filter naming only group columns, no search.
 * Undefined otherwise (the records are read).
 */
async function summaryGroups(
  ctx: OpContext,
  meta: ObjectMeta,
  input: GroupsInput,
  groupCols: Column[],
  aggs: Agg[],
  keys: SortKey[],
): Promise<{ rows: Raw[]; dialect: DialectName } | undefined> {
  if (meta.kind === 'mounted' || input.search?.trim()) return undefined;
  if (groupCols.some((c) => !c.field || c.field.computed)) return undefined;
  if (
    aggs.some(
      (a) =>
        !a.c.field ||
        a.c.field.computed ||
        (a.fn !== 'sum' && a.fn !== 'avg' && a.fn !== 'count') ||
        (a.c.kind !== 'number' && a.c.kind !== 'int'),
    )
  )
    return undefined;
  const req = {
    groups: groupCols.map((c) => c.column),
    aggregates: aggs.map((a) => ({ column: a.c.column, fn: a.fn as 'sum' | 'avg' | 'count' })),
    state: input.state ?? 'active',
  };
  const info = summaryFor(aggregatesOf(await indexesOf(ctx.db, meta.id)), req);
  if (!info) return undefined;
  const dialect = ctx.db.dialect;
  // The filter over the summary's group columns; a condition on any other column (or the
  // record number, or a system column) means the records must be read.
  const where = summaryWhere(
    meta,
    info,
    [input.filter],
    { dialect, lang: ctx.lang, timeZone: input.timeZone },
    req.state,
  );
  if (!where) return undefined;
  const s = summarySelect(info, req, dialect);
  const summaryQuery = sql<Raw>`select ${sql.join(s.selects)} from ${s.from} where ${where} group by ${
    s.groupBy
  } having sum(cnt) > 0 order by ${sql.join(
    groupOrder(dialect, keys, (k) =>
      sql.id(`g${groupCols.findIndex((g) => g.column === k.column.column)}`),
    ),
  )} limit ${input.limit + 1}`;
  // Cached like the records' groups until the object's table (or the summary) is written: a
  // repeated group-by costs nothing, the first after a write reads the summary's groups.
  const c = summaryQuery.compile(ctx.db.kysely);
  const rows = await cached(
    ctx.db,
    'groups',
    `${info.name}\u0000${c.sql}\u0000${parametersKey(c.parameters)}`,
    [meta.table, info.name],
    async () => (await summaryQuery.execute(ctx.db.read ?? q(ctx))).rows,
  );
  if (dialect === 'postgres') {
    // Each write appends a row per group it changed: fold them when they outnumber the groups.
    const stored = rows.reduce((n, r) => n + Number(r.summary_rows ?? 0), 0);
    // A failed fold changes no answer (the rows stay and are added up); the next read retries.
    if (stored > 2 * rows.length + 64) void compactAggregate(q(ctx), info, () => undefined);
  }
  return { rows, dialect };
}

/** The B-tree indexes whose first columns are the group columns (in any order). */
function groupIndexes(
  indexes: readonly IndexInfo[],
  groupCols: readonly Column[],
): { ix: IndexInfo; cols: string[] }[] {
  const groups = new Set(groupCols.map((c) => c.column));
  return indexes.flatMap((ix) => {
    if (ix.kind !== 'btree') return [];
    const cols = ix.columns.map((c) => c.column);
    const lead = new Set(cols.slice(0, groups.size));
    return lead.size === groups.size && [...groups].every((g) => lead.has(g)) ? [{ ix, cols }] : [];
  });
}

/**
 * Whether the object has a B-tree index SQLite could walk to group (it starts with the group
 * columns, in any order, and covers the records asked for: a partial index of live records
 * serves only reads of live records) that lacks an aggregated column, so that the walk would
 * read every record from the table.
 */
function lookupWalk(
  indexes: readonly IndexInfo[],
  groupCols: readonly Column[],
  aggs: readonly Agg[],
  state: string,
): boolean {
  return groupIndexes(indexes, groupCols).some(
    ({ ix, cols }) =>
      !(ix.live && state !== 'active') &&
      !aggs.every((a) => a.c.column === 'id' || cols.includes(a.c.column)),
  );
}

/**
 * The index a group-by of live records reads instead of the table when SQLite would otherwise
 * not (see `plainGroups`): a partial index of live records that starts with the group columns
 * and holds the aggregated columns and every column the filter tests — its entries answer the
 * group-by in group order without reading a record. Only when reading it can never be slower
 * than what SQLite does without it: no search or trigram lookup narrows the records first, and
 * no other index (nor the record number) starts with columns the filter tests unless this one
 * starts with them too, in the same order (any range another index could narrow the records to,
 * this one narrows them to as well). The narrowest of several.
 */
function coveringIndex(
  indexes: readonly IndexInfo[],
  groupCols: readonly Column[],
  aggs: readonly Agg[],
  tested: readonly string[],
): IndexInfo | undefined {
  const testedLead = (cols: readonly string[]) => {
    const n = cols.findIndex((c) => !tested.includes(c));
    return n < 0 ? cols : cols.slice(0, n);
  };
  const others = [
    ['id'],
    ...indexes.filter((ix) => ix.kind === 'btree').map((ix) => ix.columns.map((c) => c.column)),
  ];
  let best: IndexInfo | undefined;
  for (const { ix, cols } of groupIndexes(indexes, groupCols)) {
    if (!ix.live) continue;
    const holds = (c: string) => c === 'id' || cols.includes(c);
    if (!aggs.every((a) => holds(a.c.column)) || !tested.every(holds)) continue;
    const own = testedLead(cols);
    if (others.some((o) => testedLead(o).some((c, i) => own[i] !== c))) continue;
    if (!best || ix.columns.length < best.columns.length) best = ix;
  }
  return best;
}

/**
 * Test instrumentation: the last statement a group-by read the records with (its SQL and
 * values), for tests that look at how the database plans it.
 */
export const lastGroupsStatement: { sql?: string; parameters?: readonly unknown[] } = {};

/** The groups read from the object's records (in the heavy lane, cached per data version). */
async function plainGroups(
  ctx: OpContext,
  meta: ObjectMeta,
  input: GroupsInput,
  groupCols: Column[],
  aggs: Agg[],
  keys: SortKey[],
): Promise<{ rows: Raw[]; dialect: DialectName }> {
  const query = await compileQuery(ctx, meta, input);
  const where = query.fast;
  const rel = query.rel;
  const dialect = rel.db.dialect;
  // SQLite groups by walking an index that starts with the group columns (no sort). When such
  // an index does not also hold the aggregated columns, every entry reads its record: slower
  // than one pass over the table and a sort (83 against 37 ms at 100,000 records), and SQLite
  // picks it even beside a covering one (7.8 ms): it ranks neither as covering (the partial
  // index's `deleted_at is null` is read through a deferred seek). An index made for a filter
  // or a sort (a view's or an automatic one) must never make a group-by slower: when one could
  // be walked, the covering index is named (`indexed by`) when there is one that pays
  // (`coveringIndex`); else the group keys are written `+col`, which keeps every index out of
  // the grouping and the ordering (not out of the filter).
  const state = input.state ?? 'active';
  const indexes = dialect === 'sqlite' ? await indexesOf(ctx.db, meta.id) : [];
  const unindexed = dialect === 'sqlite' && lookupWalk(indexes, groupCols, aggs, state);
  // Not through the derived table of computed fields that are not stored: its lookups' joins
  // read every record's reference from the table.
  const covering =
    unindexed &&
    rel.hinted &&
    !meta.fields.some(isVirtual) &&
    state === 'active' &&
    !input.search?.trim() &&
    where === query.plain
      ? coveringIndex(indexes, groupCols, aggs, filterColumns(meta, input.filter))
      : undefined;
  const selects: RawBuilder<unknown>[] = groupCols.map(
    (c, i) => sql`${sql.id(c.column)} as ${sql.id(`g${i}`)}`,
  );
  selects.push(sql`count(*) as n`);
  aggs.forEach((a, i) => {
    const x = sql.id(a.c.column);
    const name = `a${i}`;
    if (a.fn === 'sum' || a.fn === 'avg') selects.push(...exactSumSelects(x, dialect, name));
    else if (a.c.kind === 'number' && a.fn !== 'count') selects.push(extremeSelect(x, a.fn, name));
    else {
      const e = a.fn === 'count' ? sql`count(${x})` : sql`${sql.raw(a.fn)}(${x})`;
      selects.push(sql`${e} as ${sql.id(name)}`);
    }
  });
  /** The group-by reading `from`, its group keys written `+col` when `plus`. */
  const statement = (from: RawBuilder<unknown>, plus: boolean) => {
    const key = (column: string) => (plus ? sql`+${sql.id(column)}` : sql.id(column));
    const order = groupOrder(dialect, keys, (k) => key(k.column.column));
    const groupBy = sql.join(groupCols.map((c) => key(c.column)));
    return sql<Raw>`select ${sql.join(selects)} from ${from} where ${where} group by ${groupBy} order by ${sql.join(
      order,
    )} limit ${input.limit + 1}`;
  };
  const groupsQuery =
    covering && rel.hinted
      ? statement(rel.hinted(sql`indexed by ${sql.id(safeIdent(covering.name))}`), false)
      : statement(rel.from, unindexed);
  // Groups are cached like counts: until the object's table is written.
  const c = groupsQuery.compile(rel.db.kysely);
  lastGroupsStatement.sql = c.sql;
  lastGroupsStatement.parameters = c.parameters;
  const rows = await cached(
    ctx.db,
    'groups',
    `${rel.cacheTables.join(',')}\u0000${c.sql}\u0000${parametersKey(c.parameters)}`,
    rel.cacheTables,
    () =>
      relRows<Raw>(ctx, rel, 'heavy', groupsQuery).catch((e: unknown) => {
        // The covering index dropped since the object's indexes were read (a view deleted, a
        // large import begun): the group-by as without it.
        if (covering && e instanceof Error && e.message.startsWith('no such index'))
          return relRows<Raw>(ctx, rel, 'heavy', statement(rel.from, true));
        throw e;
      }),
    rel.cacheMaxAgeMs === undefined ? undefined : { maxAgeMs: rel.cacheMaxAgeMs },
  );
  return { rows, dialect };
}

async function groupsOf(
  ctx: OpContext,
  rows: Raw[],
  dialect: DialectName,
  input: GroupsInput,
  groupCols: Column[],
  aggs: Agg[],
): Promise<{ groups: RecordGroup[]; truncated: boolean }> {
  const truncated = rows.length > input.limit;
  const groups: RecordGroup[] = rows.slice(0, input.limit).map((r) => {
    const key: Record<string, unknown> = {};
    const display: Record<string, string | null> = {};
    groupCols.forEach((c, i) => {
      const v = decodeColumn(c, r[`g${i}`]);
      key[c.key] = v;
      const choice = c.field?.options.choices?.find((ch) => ch.value === v);
      display[c.key] =
        v === null
          ? null
          : choice
            ? choiceLabel(ctx.lang, choice)
            : Array.isArray(v)
              ? v.join(', ')
              : String(v);
    });
    return {
      key,
      display,
      count: Number(r.n),
      aggregates: aggs.map((a, i) => ({
        field: a.c.key,
        fn: a.fn,
        value: aggregateValue(a, r, `a${i}`, dialect),
      })),
    };
  });
  const refCols = groupCols.filter((c) => c.field?.type === 'reference');
  if (refCols.length) {
    const labels = await resolveLabels(
      ctx,
      refCols.map((c) => ({
        field: c.field as FieldMeta,
        ids: groups.map((g) => g.key[c.key]).filter((v): v is number => typeof v === 'number'),
      })),
    );
    for (const g of groups) {
      for (const c of refCols) {
        const v = g.key[c.key];
        if (typeof v === 'number')
          g.display[c.key] = labels.get((c.field as FieldMeta).id)?.get(v) ?? null;
      }
    }
  }
  return { groups, truncated };
}

/** A record's row, its computed fields computed (from the object's relation). */
async function readRaw(
  k: Q,
  meta: ObjectMeta,
  id: number,
  from?: RawBuilder<unknown>,
): Promise<Raw | undefined> {
  const { rows } = await sql<Raw>`select ${selectList(
    from ? meta.fields : storedFields(meta),
  )} from ${from ?? sql.id(meta.table)} where id = ${id}`.execute(k);
  return rows[0];
}

async function getOnce(ctx: OpContext, id: number, meta: ObjectMeta): Promise<RecordRow> {
  // By primary key: read at once, beside any writer (a live mount: at its source).
  const rel = await relationOf(ctx, meta);
  const raw = rel.local
    ? await readRaw(ctx.db.read ?? q(ctx), meta, id, rel.from)
    : (
        await relRows<Raw>(
          ctx,
          rel,
          'read',
          sql`select ${selectList(meta.fields)} from ${rel.from} where id = ${id}`,
        )
      )[0];
  if (!raw) throw notFoundIn(ctx.lang, 'record');
  const rec = toRecord(meta.fields, raw);
  await attachDisplay(ctx, meta.fields, [rec]);
  await attachRecordNames(ctx, meta, [rec]);
  return rec;
}

export async function createRecord(
  ctx: OpContext,
  objectId: string,
  values: Record<string, unknown>,
  names?: NameTranslations,
): Promise<RecordRow> {
  const meta = await loadObject(ctx, objectId);
  assertWritable(ctx.lang, meta);
  const id = await createOne(ctx, meta, values);
  if (names !== undefined && hasRecordNames(meta))
    await writeRecordNames(q(ctx), ctx, meta, id, names);
  return getRecord(ctx, objectId, id);
}

export async function updateRecord(
  ctx: OpContext,
  objectId: string,
  id: number,
  values: Record<string, unknown>,
  names?: NameTranslations,
): Promise<RecordRow> {
  const meta = await loadObject(ctx, objectId);
  assertWritable(ctx.lang, meta);
  const named = names !== undefined && hasRecordNames(meta);
  // Only the names change: the record must be there (and stays as it is).
  if (named && Object.keys(values).length === 0) await getOnce(ctx, id, meta);
  else await updateOne(ctx, meta, id, values);
  if (named) await writeRecordNames(q(ctx), ctx, meta, id, names);
  return getRecord(ctx, objectId, id);
}

type CreateManyInput = z.output<typeof recordsCreateManyInput>;
type UpsertManyInput = z.output<typeof recordsUpsertManyInput>;

/**
 * A bulk write's rows: as the request gave them, or read on the bulk-body worker (the `/api/qry`
 * dispatcher then puts an `OffloadedRows` in their place).
 */
function rowsOf(rows: readonly Record<string, unknown>[], byId: boolean) {
  const elsewhere: unknown = rows;
  return elsewhere instanceof OffloadedRows ? elsewhere : writeRows(rows, byId);
}

/** records.createMany: every row a new record. */
export async function createMany(
  ctx: OpContext,
  input: CreateManyInput,
): Promise<RecordsWriteManyOutput> {
  const meta = await loadObject(ctx, input.objectId);
  assertWritable(ctx.lang, meta);
  return writeMany(ctx, meta, rowsOf(input.rows, false), { kind: 'create' }, input.onError);
}

/** records.upsertMany: rows update the record their key finds, the others are created. */
export async function upsertMany(
  ctx: OpContext,
  input: UpsertManyInput,
): Promise<RecordsWriteManyOutput> {
  const meta = await loadObject(ctx, input.objectId);
  assertWritable(ctx.lang, meta);
  if (input.key === 'id')
    return writeMany(ctx, meta, rowsOf(input.rows, true), { kind: 'id' }, input.onError);
  const field = findField(meta, input.key);
  if (!field)
    throw invalid(ctx.lang, {
      key: [pfText(ctx.lang, 'pf.unknown_field', { field: input.key.slice(0, 60) })],
    });
  if (!field.options.unique)
    throw invalid(ctx.lang, {
      key: [recordsText(ctx.lang, 'records.key_not_unique', { field: field.name })],
    });
  return writeMany(ctx, meta, rowsOf(input.rows, false), { kind: 'field', field }, input.onError);
}

/** Soft delete (`deleted`) or restore of up to 1000 records; each change is audited. */
export async function setDeleted(
  ctx: OpContext,
  objectId: string,
  ids: number[],
  deleted: boolean,
): Promise<{ affected: number }> {
  const all = await loadObject(ctx, objectId);
  assertWritable(ctx.lang, all);
  // The records' stored values (computed ones are not kept in the history).
  const meta = { ...all, fields: storedFields(all) };
  const unique = [...new Set(ids)];
  return q(ctx)
    .transaction()
    .execute(async (trx) => {
      const state = deleted ? sql`deleted_at is null` : sql`deleted_at is not null`;
      // PostgreSQL: lock the rows (in id order: no deadlock between two such changes) so the
      // audit's "before" is what the change really replaced; SQLite's writes are serial.
      const lock = ctx.db.dialect === 'postgres' ? sql` order by id for update` : sql``;
      const { rows } =
        await sql<Raw>`select ${selectList(meta.fields)} from ${sql.id(meta.table)} where id in (${sql.join(unique)}) and ${state}${lock}`.execute(
          trx,
        );
      if (!rows.length) return { affected: 0 };
      const found = rows.map((r) => Number(r.id));
      const now = isoNow();
      if (deleted) {
        await sql`update ${sql.id(meta.table)} set deleted_at = ${now}, deleted_by = ${ctx.userId} where id in (${sql.join(found)})`.execute(
          trx,
        );
      } else {
        await sql`update ${sql.id(meta.table)} set deleted_at = null, deleted_by = null, updated_at = ${now}, updated_by = ${ctx.userId} where id in (${sql.join(found)})`.execute(
          trx,
        );
      }
      const entries: AuditEntry[] = rows.map((r) => {
        const snap = snapshot(meta, r);
        return {
          domainId: ctx.domainId,
          objectId: meta.id,
          recordId: Number(r.id),
          action: deleted ? 'delete' : 'restore',
          userId: ctx.userId,
          before: deleted ? snap : null,
          after: deleted ? null : snap,
        };
      });
      await writeAudit(trx, ctx.db.dialect, entries);
      // One event for the whole operation, however many records it touched.
      await recordEvent(ctx.db, trx, {
        kind: deleted ? 'record.deleted' : 'record.restored',
        domainId: ctx.domainId,
        userId: ctx.userId,
        objectId: meta.id,
        objectName: meta.name,
        recordIds: found,
        count: found.length,
        links:
          found.length === 1
            ? { objectId: meta.id, recordId: found[0] as number }
            : { objectId: meta.id },
      });
      return { affected: found.length };
    });
}

type HistoryInput = z.output<typeof recordsHistoryInput>;

export async function recordHistory(
  ctx: OpContext,
  input: HistoryInput,
): Promise<{ items: HistoryEntry[] }> {
  const meta = await loadObject(ctx, input.objectId);
  const rows = await readAudit(q(ctx), meta.id, input.id, input.offset, input.limit);
  if (!rows.length && input.offset === 0) {
    const exists = await readRaw(q(ctx), meta, input.id);
    if (!exists) throw notFoundIn(ctx.lang, 'record');
  }
  const byId = new Map(meta.fields.map((f) => [f.id, f]));
  const rekey = (s: string | null): Record<string, unknown> | null => {
    if (!s) return null;
    const o = JSON.parse(s) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [fid, v] of Object.entries(o)) {
      const f = byId.get(fid);
      if (f) out[f.code] = v;
    }
    return out;
  };
  return {
    items: rows.map((r) => {
      const before = rekey(r.before);
      const after = rekey(r.after);
      const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
      const changes = [...keys]
        .filter((k) => !same(before?.[k], after?.[k]))
        .map((k) => ({
          field: k,
          name: findField(meta, k)?.name ?? k,
          before: before?.[k] ?? null,
          after: after?.[k] ?? null,
        }));
      return {
        id: Number(r.id),
        action: r.action as HistoryEntry['action'],
        at: r.at,
        userId: r.user_id,
        userName: r.full_name || r.username || null,
        via: r.via,
        before,
        after,
        changes,
      };
    }),
  };
}
