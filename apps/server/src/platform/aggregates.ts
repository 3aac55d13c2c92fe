import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterNode } from '@fiscus/contracts';
import { offThreadBuild, type DialectName } from '../db/dialect.js';
import { isoNow } from '../lib/clock.js';
import { compileFilter } from './compiler.js';
import type { Q } from './context.js';
import { safeIdent } from './ident.js';
import type { Lang } from './messages.js';
import type { ObjectMeta } from './meta.js';
import { analyzeTable } from './stats.js';
import { SUM_SPLIT } from './sums.js';

/**
 * Maintained aggregates: a summary table per grouped view's shape, holding for every combination
 * of its group columns (up to three) and of live/deleted the number of records and the exact sums
 * (and non-empty counts) of its number columns. The database keeps it in step with every write to
 * the record table — records ops, bulk writes, imports, deletes, restores, field conversions —
 * inside the same transaction, through triggers, so it is never stale and needs no invalidation:
 *
 * - SQLite: row triggers; each row written adds to or takes from its group's summary row (an
 *   upsert keyed by the group values as SQLite quotes them, `quote()`: NULL, numbers and texts
 *   never collide). Sums are kept as two sums, of each value's high and low 32 bits, exactly as
 *   `sums.ts` sums them: they cannot overflow. Writes of many rows at once (an import's slices)
 *   pause the row triggers in their transaction and keep the summaries by one grouped statement
 *   per summary instead (`upkeepByGroups`).
 * - PostgreSQL: statement triggers with transition tables; each statement appends one row per
 *   group it changed with the net change (never a lock on a shared summary row, so concurrent
 *   writers never wait for or deadlock on each other). Reads add the rows of a group up; a read
 *   that finds many more rows than groups folds them together (`compactAggregate`, one
 *   statement that deletes what it read and inserts the totals, exact under concurrent writes).
 *
 * A group-by whose groups are among a summary's group columns, whose aggregates are counts, sums
 * and averages of its number columns and whose filter names only its group columns (any
 * operator: every record of a group has the same group values) is answered from the summary
 * instead of the records: rows of groups, not of records. Anything else reads the records.
 * Saved views' group-bys (records.groups), cubes (cubes.query: every grouping set of a layout
 * and its totals) and counts (records.count) read summaries this way; grouped views and cubes
 * make them (min, max and distinct counts cannot be kept under deletes: they read the records).
 *
 * Names: `ag<k>_<table>_<hash>`, `k` the number of group columns; recorded in `pf_indexes` with
 * the group columns then the summed ones, so that dropping a column drops the summaries that use
 * it (ddl.ts `dropColumn`) and dropping the object drops them.
 */

export interface AggregateInfo {
  name: string;
  /** Source columns grouped by (summary columns c0, c1, …). */
  groups: string[];
  /** Source number columns summed (summary columns s0…, s1…). */
  sums: string[];
}

export function aggregateName(table: string, groups: string[], sums: string[]): string {
  const hash = createHash('sha1')
    .update(`${table}:${groups.join(',')}:${sums.join(',')}:aggregate`)
    .digest('hex')
    .slice(0, 12);
  return `ag${groups.length}_${table.slice(4)}_${hash}`;
}

export function isAggregateName(name: string): boolean {
  return /^ag\d_/.test(name);
}

/** A recorded summary from its `pf_indexes` entry (name and columns). */
export function aggregateInfo(name: string, columns: string[]): AggregateInfo {
  const k = Number(name.charAt(2));
  return { name, groups: columns.slice(0, k), sums: columns.slice(k) };
}

const id = (s: string) => `"${safeIdent(s)}"`;

/**
 * SQLite: the record tables whose summaries' row triggers stand still (one row per table, only
 * ever inside the transaction of `upkeepByGroups`, so no other connection or transaction sees
 * it; made by the migration `2026-11-28-6001-aggregate-pause`).
 */
const PAUSED = 'pf_aggregate_pause';

/** PostgreSQL: the rows each summary had right after this process built or last folded it. */
const folded = new Map<string, number>();

/**
 * Creates the summary of `groups` × `sums` of a record table unless it exists, fills it from the
 * records and records it, in one transaction (the caller's, when it is one). Answers its name.
 * `automatic`: made for the group-bys users ran (auto-index.ts); an automatic summary asked for
 * without it (a view's) becomes the caller's.
 */
export async function ensureAggregate(
  q: Q,
  dialect: DialectName,
  objectId: string,
  table: string,
  groups: string[],
  sums: string[],
  opts: { automatic?: boolean } = {},
): Promise<string> {
  const name = aggregateName(table, groups, sums);
  /** True when the summary is recorded (an automatic one becomes the caller's unless asked so). */
  const existing = async () => {
    const known = await q
      .selectFrom('pf_indexes')
      .select(['name', 'automatic'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (known?.automatic === 1 && !opts.automatic)
      await q
        .updateTable('pf_indexes')
        .set({ automatic: 0, used_at: null })
        .where('name', '=', name)
        .execute();
    return !!known;
  };
  if (await existing()) return name;
  const record = (trx: Q) =>
    trx
      .insertInto('pf_indexes')
      .values({
        name,
        object_id: objectId,
        columns: JSON.stringify([...groups, ...sums]),
        is_unique: 0,
        created_at: isoNow(),
        automatic: opts.automatic ? 1 : 0,
      })
      .execute();
  const build = async (trx: Q) => {
    if (dialect === 'postgres') await buildPg(trx, table, name, groups, sums);
    else await buildSqlite(trx, table, name, groups, sums);
    await record(trx);
  };
  // SQLite: the summary's table, triggers and rows made off the event loop, in one transaction
  // of the index builder's connection (db/index-builder.ts), unless inside a transaction.
  const off = dialect === 'sqlite' ? offThreadBuild(q) : undefined;
  if (q.isTransaction) await build(q);
  else
    try {
      if (off) {
        const made = await sqliteStatements(q, table, name, groups, sums);
        await off(
          made.map((s) => s.compile(q)),
          { atomic: true },
        );
        try {
          await record(q);
        } catch (e) {
          await dropAggregate(q, dialect, name);
          throw e;
        }
      } else await q.transaction().execute(build);
    } catch (e) {
      // Two jobs whose group-bys want the same summary may build it at once (the job runner
      // runs more than one): the one that comes second finds it made, and it is its answer too.
      if (await existing()) return name;
      throw e;
    }
  await analyzeTable(q, dialect, name);
  return name;
}

async function buildSqlite(q: Q, table: string, name: string, groups: string[], sums: string[]) {
  for (const s of await sqliteStatements(q, table, name, groups, sums)) await s.execute(q);
}

/** SQLite: the statements that make a summary (its table, index and triggers) and fill it. */
async function sqliteStatements(
  q: Q,
  table: string,
  name: string,
  groups: string[],
  sums: string[],
): Promise<RawBuilder<unknown>[]> {
  const out: RawBuilder<unknown>[] = [];
  const { rows: info } = await sql<{
    name: string;
    type: string;
  }>`select name, type from pragma_table_info(${safeIdent(table)})`.execute(q);
  const declared = (c: string) => info.find((r) => r.name === c)?.type || '';
  const t = id(table);
  const n = id(name);
  const split = String(SUM_SPLIT);
  const cols = [
    'k text not null',
    'd integer not null',
    ...groups.map((c, i) => `c${i} ${declared(c)}`.trim()),
    'cnt integer not null',
    ...sums.flatMap((_, i) => [
      `s${i}h integer not null`,
      `s${i}l integer not null`,
      `s${i}n integer not null`,
    ]),
  ];
  out.push(sql.raw(`create table ${n} (${cols.join(', ')})`));
  out.push(sql.raw(`create unique index ${id(`${name}_k`)} on ${n} (k, d)`));
  const key = (r: string) => groups.map((c) => `quote(${r}.${id(c)})`).join(` || ',' || `);
  const dead = (r: string) => `(${r}.deleted_at is not null)`;
  const names = sqliteColumns({ name, groups, sums });
  const add = (r: string) =>
    `insert into ${n} (${names.join(', ')}) values (${[
      key(r),
      dead(r),
      ...groups.map((c) => `${r}.${id(c)}`),
      '1',
      ...sums.flatMap((c) => [
        `coalesce(${r}.${id(c)} / ${split}, 0)`,
        `coalesce(${r}.${id(c)} % ${split}, 0)`,
        `(${r}.${id(c)} is not null)`,
      ]),
    ].join(', ')}) on conflict (k, d) do update set cnt = cnt + 1${sums
      .map((_, i) =>
        [`s${i}h`, `s${i}l`, `s${i}n`].map((s) => `, ${s} = ${s} + excluded.${s}`).join(''),
      )
      .join('')};`;
  const sub = (r: string) =>
    `update ${n} set cnt = cnt - 1${sums
      .map(
        (c, i) =>
          `, s${i}h = s${i}h - coalesce(${r}.${id(c)} / ${split}, 0)` +
          `, s${i}l = s${i}l - coalesce(${r}.${id(c)} % ${split}, 0)` +
          `, s${i}n = s${i}n - (${r}.${id(c)} is not null)`,
      )
      .join('')} where k = ${key(r)} and d = ${dead(r)};`;
  const watched = [...[...new Set([...groups, ...sums])].map(id), 'deleted_at'];
  const changed = [
    ...[...new Set([...groups, ...sums])].map((c) => `old.${id(c)} is not new.${id(c)}`),
    `${dead('old')} is not ${dead('new')}`,
  ].join(' or ');
  // Not while a grouped statement keeps the summary instead (`upkeepByGroups`).
  const live = `not exists (select 1 from ${PAUSED} where t = '${safeIdent(table)}')`;
  out.push(
    sql.raw(
      `create trigger ${id(`${name}_i`)} after insert on ${t} for each row when ${live} begin ${add('new')} end`,
    ),
  );
  out.push(
    sql.raw(
      `create trigger ${id(`${name}_d`)} after delete on ${t} for each row when ${live} begin ${sub('old')} end`,
    ),
  );
  out.push(
    sql.raw(
      `create trigger ${id(`${name}_u`)} after update of ${watched.join(', ')} on ${t} for each row when (${changed}) and ${live} begin ${sub('old')} ${add('new')} end`,
    ),
  );
  const g = groups.map(id);
  out.push(
    sql.raw(
      `insert into ${n} (${names.join(', ')}) select ${[
        key(t),
        dead(t),
        ...g,
        'count(*)',
        ...sums.flatMap((c) => [
          `coalesce(sum(${id(c)} / ${split}), 0)`,
          `coalesce(sum(${id(c)} % ${split}), 0)`,
          `count(${id(c)})`,
        ]),
      ].join(', ')} from ${t} group by ${[...g, dead(t)].join(', ')}`,
    ),
  );
  return out;
}

/** SQLite: the columns of a summary table, in the order its statements write them. */
function sqliteColumns(info: AggregateInfo): string[] {
  return [
    'k',
    'd',
    ...info.groups.map((_, i) => `c${i}`),
    'cnt',
    ...info.sums.flatMap((_, i) => [`s${i}h`, `s${i}l`, `s${i}n`]),
  ];
}

/**
 * SQLite: one statement that adds (`sign` 1) or takes away (-1) the records of `table` (alias
 * `r`) matching `where` to or from a summary, group by group — what its row triggers would have
 * done for each of them, added up: the same group keys (`quote()`), the same split sums.
 */
function sqliteGrouped(
  table: string,
  info: AggregateInfo,
  where: RawBuilder<SqlBool>,
  sign: 1 | -1,
): RawBuilder<unknown> {
  const r = (c: string) => `r.${id(c)}`;
  const m = sign === 1 ? '' : '-';
  const split = String(SUM_SPLIT);
  const cols = sqliteColumns(info);
  const select = [
    info.groups.map((c) => `quote(${r(c)})`).join(` || ',' || `) || `''`,
    '(r.deleted_at is not null)',
    // Every record of a group has the same values (the key is made of them).
    ...info.groups.map(r),
    `${m}count(*)`,
    ...info.sums.flatMap((c) => [
      `${m}coalesce(sum(${r(c)} / ${split}), 0)`,
      `${m}coalesce(sum(${r(c)} % ${split}), 0)`,
      `${m}count(${r(c)})`,
    ]),
  ];
  const sets = cols
    .filter((c) => c === 'cnt' || /^s\d+[hln]$/.test(c))
    .map((c) => `${c} = ${c} + excluded.${c}`);
  return sql`insert into ${sql.id(safeIdent(info.name))} (${sql.raw(cols.join(', '))}) select ${sql.raw(
    select.join(', '),
  )} from ${sql.id(safeIdent(table))} as r where ${where} group by 1, 2 on conflict (k, d) do update set ${sql.raw(
    sets.join(', '),
  )}`;
}

/**
 * Keeps a record table's summaries in step with a write of many rows by grouped statements: one
 * per summary for all the rows, instead of one summary upsert per row from the row triggers.
 */
export interface GroupedUpkeep {
  /**
   * Takes the records matching `where` (over the record table as `r`) out of the summaries, as
   * they are now: call it before a write that changes or deletes them. `columns`: the record
   * columns the write changes (summaries over none of them, and not over `deleted_at`, which
   * every summary is, are left alone); all summaries when not given.
   */
  take(where: RawBuilder<SqlBool>, columns?: readonly string[]): Promise<void>;
  /** Adds the records matching `where` as they are now: after the write made or changed them. */
  put(where: RawBuilder<SqlBool>, columns?: readonly string[]): Promise<void>;
}

/**
 * Runs `write` — statements that change many records of `table` at once, e.g. a slice of an
 * import — with the row triggers of the object's summaries standing still, and gives it the
 * grouped statements that keep the summaries instead (`GroupedUpkeep`): `take` the records a
 * write changes or deletes before it, `put` the records it made or changed after it, each with a
 * condition that selects the same records before and after the write (by id, or by values the
 * write does not change). Exact as the row triggers are: a record taken and put again adds
 * nothing. Needs a transaction (`trx`): the pause is a row of `pf_aggregate_pause` written in
 * it and deleted before `write`'s result is answered, so no other transaction sees it, and a
 * failed write rolls the summaries back with the records. Any other write in that transaction
 * to the same table after `write` is kept by the row triggers again.
 *
 * SQLite only; `write` gets undefined on PostgreSQL (its summaries' triggers are statement
 * triggers already: one grouped insert per statement, see the top) and for an object without
 * summaries — the write then needs nothing more.
 */
export async function upkeepByGroups<T>(
  trx: Q,
  dialect: DialectName,
  objectId: string,
  table: string,
  write: (upkeep: GroupedUpkeep | undefined) => Promise<T>,
): Promise<T> {
  if (dialect !== 'sqlite') return write(undefined);
  if (!trx.isTransaction) throw new Error('upkeepByGroups runs in a transaction');
  const infos = (
    await trx
      .selectFrom('pf_indexes')
      .select(['name', 'columns'])
      .where('object_id', '=', objectId)
      .execute()
  )
    .filter((r) => isAggregateName(r.name))
    .map((r) => aggregateInfo(r.name, JSON.parse(r.columns) as string[]));
  if (!infos.length) return write(undefined);
  const t = safeIdent(table);
  const touched = (info: AggregateInfo, columns?: readonly string[]) =>
    !columns ||
    columns.some((c) => c === 'deleted_at' || info.groups.includes(c) || info.sums.includes(c));
  const run = async (where: RawBuilder<SqlBool>, sign: 1 | -1, columns?: readonly string[]) => {
    for (const info of infos)
      if (touched(info, columns)) await sqliteGrouped(t, info, where, sign).execute(trx);
  };
  await sql`insert into ${sql.id(PAUSED)} (t) values (${t})`.execute(trx);
  const out = await write({
    take: (where, columns) => run(where, -1, columns),
    put: (where, columns) => run(where, 1, columns),
  });
  await sql`delete from ${sql.id(PAUSED)} where t = ${t}`.execute(trx);
  return out;
}

/** PostgreSQL: the net change of a statement's rows, one row per group (see the top). */
function pgDelta(groups: string[], sums: string[], from: { rel: string; sign: 1 | -1 }[]): string {
  const g = groups.map(id);
  const parts = from.map(
    ({ rel, sign }) =>
      `select (deleted_at is not null)::int as d${g.map((c, i) => `, ${c} as c${i}`).join('')}, ${sign}::bigint as cnt${sums
        .map(
          (c, i) =>
            `, ${sign === 1 ? '' : '-'}${id(c)}::numeric as s${i}, ${sign}::bigint * (${id(c)} is not null)::int as s${i}n`,
        )
        .join('')} from ${rel}`,
  );
  const cols = [
    'd',
    ...groups.map((_, i) => `c${i}`),
    'cnt',
    ...sums.flatMap((_, i) => [`s${i}`, `s${i}n`]),
  ];
  const keys = ['d', ...groups.map((_, i) => `c${i}`)];
  return `select ${cols
    .map((c) => (keys.includes(c) ? c : `coalesce(sum(${c}), 0)`))
    .join(
      ', ',
    )} from (${parts.join(' union all ')}) u group by ${keys.join(', ')} having sum(cnt) <> 0${sums
    .map((_, i) => ` or coalesce(sum(s${i}), 0) <> 0 or sum(s${i}n) <> 0`)
    .join('')}`;
}

async function buildPg(q: Q, table: string, name: string, groups: string[], sums: string[]) {
  const t = id(table);
  const n = id(name);
  // The summary's group columns take the record columns' types (and collations).
  await sql
    .raw(
      `create table ${n} as select 0 as d${groups.map((c, i) => `, ${id(c)} as c${i}`).join('')}, 0::bigint as cnt${sums
        .map((_, i) => `, 0::numeric as s${i}, 0::bigint as s${i}n`)
        .join('')} from ${t} where false`,
    )
    .execute(q);
  const cols = [
    'd',
    ...groups.map((_, i) => `c${i}`),
    'cnt',
    ...sums.flatMap((_, i) => [`s${i}`, `s${i}n`]),
  ].join(', ');
  const plus = [{ rel: 'nt', sign: 1 as const }];
  const minus = [{ rel: 'ot', sign: -1 as const }];
  const fn = id(`${name}_fn`);
  await sql
    .raw(
      `create function ${fn}() returns trigger language plpgsql as $body$
begin
  if tg_op = 'INSERT' then
    insert into ${n} (${cols}) ${pgDelta(groups, sums, plus)};
  elsif tg_op = 'DELETE' then
    insert into ${n} (${cols}) ${pgDelta(groups, sums, minus)};
  else
    insert into ${n} (${cols}) ${pgDelta(groups, sums, [...plus, ...minus])};
  end if;
  return null;
end
$body$`,
    )
    .execute(q);
  await sql
    .raw(
      `create trigger ${id(`${name}_i`)} after insert on ${t} referencing new table as nt for each statement execute function ${fn}()`,
    )
    .execute(q);
  await sql
    .raw(
      `create trigger ${id(`${name}_d`)} after delete on ${t} referencing old table as ot for each statement execute function ${fn}()`,
    )
    .execute(q);
  await sql
    .raw(
      `create trigger ${id(`${name}_u`)} after update on ${t} referencing old table as ot new table as nt for each statement execute function ${fn}()`,
    )
    .execute(q);
  const filled = await sql
    .raw(`insert into ${n} (${cols}) ${pgDelta(groups, sums, [{ rel: t, sign: 1 }])}`)
    .execute(q);
  // One row per group: as folded as it gets.
  folded.set(name, Number(filled.numAffectedRows ?? 0));
}

/** Drops a summary: its triggers (PostgreSQL: and their function) and its table. */
export async function dropAggregate(q: Q, dialect: DialectName, name: string): Promise<void> {
  const n = safeIdent(name);
  if (dialect === 'postgres') {
    // Dropping the function drops its triggers.
    await sql.raw(`drop function if exists ${id(`${n}_fn`)}() cascade`).execute(q);
  } else {
    for (const suffix of ['_i', '_u', '_d'])
      await sql`drop trigger if exists ${sql.id(`${n}${suffix}`)}`.execute(q);
  }
  await sql`drop table if exists ${sql.id(n)}`.execute(q);
}

const compacting = new Set<string>();

/**
 * PostgreSQL: folds a summary's rows into one per group — in one statement that deletes the rows
 * it sees and inserts their totals (rows appended meanwhile by other transactions are not seen,
 * so they stay). Runs at most once at a time per summary; answers at once.
 */
export function compactAggregate(
  q: Q,
  info: AggregateInfo,
  onError: (e: unknown) => void,
): Promise<void> {
  if (compacting.has(info.name)) return Promise.resolve();
  compacting.add(info.name);
  const n = id(info.name);
  const keys = ['d', ...info.groups.map((_, i) => `c${i}`)];
  const vals = ['cnt', ...info.sums.flatMap((_, i) => [`s${i}`, `s${i}n`])];
  return sql
    .raw<{ n: number | string }>(
      `with gone as (delete from ${n} returning *), kept as (insert into ${n} (${[...keys, ...vals].join(', ')}) select ${[
        ...keys,
        ...vals.map((v) => `sum(${v})`),
      ].join(
        ', ',
      )} from gone group by ${keys.join(', ')} having sum(cnt) <> 0 returning 1) select count(*) as n from kept`,
    )
    .execute(q)
    .then((r) => {
      folded.set(info.name, Number(r.rows[0]?.n ?? 0));
    }, onError)
    .finally(() => compacting.delete(info.name));
}

/**
 * PostgreSQL: after a read that went through `rowsRead` rows of a summary, folds it (in the
 * background) when that is more than twice the rows it had when last folded — each write
 * appends rows — or when this process never folded it and it read more than a few.
 */
export function foldWhenGrown(q: Q, info: AggregateInfo, rowsRead: number): void {
  const before = folded.get(info.name);
  if (rowsRead > 2 * (before ?? 0) + 64)
    // A failed fold changes no answer (the rows stay and are added up); a later read retries.
    void compactAggregate(q, info, () => undefined);
}

/**
 * The condition of a filter (and of more filters, e.g. a cube's parameters) over a summary's
 * columns, live or deleted groups as `state` says: every condition must name one of its group
 * columns (any operator — all records of a group share those values). Undefined when one names
 * anything else (another field, the record number, a system column): the records must be read.
 * Problems of the filters are the caller's to report (it compiles them for the records too).
 */
export function summaryWhere(
  meta: ObjectMeta,
  info: AggregateInfo,
  filters: (FilterNode | null | undefined)[],
  opts: { dialect: DialectName; lang: Lang; timeZone?: string | undefined },
  state: 'active' | 'deleted' | 'all' = 'active',
): RawBuilder<SqlBool> | undefined {
  let outside = false;
  const compileOpts = {
    dialect: opts.dialect,
    lang: opts.lang,
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
    columnSql: (c: { column: string }) => {
      const x = summaryColumn(info, c.column);
      if (!x) outside = true;
      return x;
    },
  };
  const parts: RawBuilder<SqlBool>[] = [
    state === 'active' ? sql`d = 0` : state === 'deleted' ? sql`d = 1` : sql`1 = 1`,
  ];
  for (const f of filters) {
    if (!f) continue;
    const errors: Record<string, string[]> = {};
    const x = compileFilter(meta, f, compileOpts, errors);
    if (Object.keys(errors).length) return undefined;
    if (x) parts.push(x);
  }
  if (outside) return undefined;
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The summaries that group by all of `groups` and sum all of `sums`, fewest groups first. */
export function summariesFor(
  infos: AggregateInfo[],
  groups: readonly string[],
  sums: readonly string[],
): AggregateInfo[] {
  return infos
    .filter(
      (a) => groups.every((c) => a.groups.includes(c)) && sums.every((c) => a.sums.includes(c)),
    )
    .sort((a, b) => a.groups.length - b.groups.length);
}

/** What a group-by asks of a summary (see `summaryQuery`). */
export interface SummaryRequest {
  /** Source columns of the groups, in the answer's order (output `g0`, `g1`, …). */
  groups: string[];
  /** Aggregates, output `a0`, `a1`, … in the same shapes as the plain group-by's. */
  aggregates: { column: string; fn: 'sum' | 'avg' | 'count' }[];
  state: 'active' | 'deleted' | 'all';
}

/** The summary answering `req`, if one of `infos` does. */
export function summaryFor(
  infos: AggregateInfo[],
  req: Omit<SummaryRequest, 'state'>,
): AggregateInfo | undefined {
  return infos.find(
    (a) =>
      req.groups.every((c) => a.groups.includes(c)) &&
      req.aggregates.every((x) => a.sums.includes(x.column)),
  );
}

/** The summary column of a source group column (for the filter). */
export function summaryColumn(
  info: AggregateInfo,
  column: string,
): RawBuilder<unknown> | undefined {
  const i = info.groups.indexOf(column);
  return i < 0 ? undefined : sql.id(`c${i}`);
}

/**
 * The select list, source and grouping of a group-by answered from a summary, with the result
 * columns of the plain group-by (`g…`, `n`, `a…h/l/n`, `a…`): the caller adds its condition
 * (`summaryWhere`), order and limit.
 */
export function summarySelect(
  info: AggregateInfo,
  req: SummaryRequest,
  dialect: DialectName,
): {
  selects: RawBuilder<unknown>[];
  from: RawBuilder<unknown>;
  groupBy: RawBuilder<unknown>;
} {
  const c = (col: string) => sql.id(`c${info.groups.indexOf(col)}`);
  const selects: RawBuilder<unknown>[] = req.groups.map(
    (g, i) => sql`${c(g)} as ${sql.id(`g${i}`)}`,
  );
  selects.push(sql`sum(cnt) as n`);
  req.aggregates.forEach((a, i) => {
    const s = info.sums.indexOf(a.column);
    const name = (suffix: string) => sql.id(`a${i}${suffix}`);
    const col = (suffix: string) => sql.id(`s${s}${suffix}`);
    if (a.fn === 'count') selects.push(sql`sum(${col('n')}) as ${name('')}`);
    else if (dialect === 'sqlite')
      selects.push(
        sql`cast(sum(${col('h')}) as text) as ${name('h')}`,
        sql`cast(sum(${col('l')}) as text) as ${name('l')}`,
        sql`sum(${col('n')}) as ${name('n')}`,
      );
    else
      selects.push(
        sql`cast(sum(${col('')}) as text) as ${name('h')}`,
        sql`sum(${col('n')}) as ${name('n')}`,
      );
  });
  if (dialect === 'postgres') selects.push(sql`count(*) as summary_rows`);
  return {
    selects,
    from: sql.id(safeIdent(info.name)),
    groupBy: sql.join(req.groups.map(c)),
  };
}
