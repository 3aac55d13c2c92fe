import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// SQLite: the record tables whose maintained aggregates' row triggers stand still while a
// grouped statement keeps the summaries instead (an import's slice: platform/aggregates.ts
// `upkeepByGroups`). A row exists only inside that write's transaction. The row triggers of
// the summaries made before get the condition that lets them stand still. PostgreSQL keeps its
// summaries by statement triggers: nothing to do there.

const NAME = /^ag\d_[a-z0-9_]+$/;
const TABLE = /^[a-z_][a-z0-9_]*$/;

/** The triggers of maintained aggregates (`ag<n>_…_i/_u/_d`), with their tables and SQL. */
async function summaryTriggers(db: Kysely<unknown>) {
  const { rows } = await sql<{
    name: string;
    tbl_name: string;
    sql: string;
  }>`select name, tbl_name, sql from sqlite_master where type = 'trigger' and name like 'ag%' order by name`.execute(
    db,
  );
  return rows;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table pf_aggregate_pause (t text primary key) without rowid`.execute(db);
  const rows = await summaryTriggers(db);
  for (const r of rows) {
    const summary = r.name.slice(0, -2);
    const kind = r.name.slice(-2);
    if (!NAME.test(summary) || !['_i', '_d', '_u'].includes(kind) || !TABLE.test(r.tbl_name))
      continue;
    const live = `not exists (select 1 from pf_aggregate_pause where t = '${r.tbl_name}')`;
    const made =
      kind === '_u'
        ? r.sql.replace(
            / for each row when (.*?) begin /s,
            ` for each row when ($1) and ${live} begin `,
          )
        : r.sql.replace(/ for each row begin /, ` for each row when ${live} begin `);
    if (made === r.sql) throw new Error(`trigger ${r.name}: unexpected definition`);
    await sql.raw(`drop trigger "${r.name}"`).execute(db);
    await sql.raw(made).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const rows = await summaryTriggers(db);
  for (const r of rows) {
    const live = ` not exists (select 1 from pf_aggregate_pause where t = '${r.tbl_name}')`;
    if (!r.sql.includes(live)) continue;
    const made = r.name.endsWith('_u')
      ? r.sql.replace(
          / for each row when \((.*)\) and not exists \(select 1 from pf_aggregate_pause where t = '[a-z0-9_]+'\) begin /s,
          ' for each row when $1 begin ',
        )
      : r.sql.replace(` when${live}`, '');
    await sql.raw(`drop trigger "${r.name}"`).execute(db);
    await sql.raw(made).execute(db);
  }
  await sql`drop table pf_aggregate_pause`.execute(db);
}
