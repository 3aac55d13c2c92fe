import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// fx_series(a, b): the whole numbers a … b, for copy steps that copy a record once per member
// of a series (at most 1,000 per record). SQLite has the same table function in JavaScript
// (platform/expr/runtime.ts); the tests run both.

const SERIES_MAX = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create or replace function fx_series(a bigint, b bigint) returns setof bigint
       language plpgsql immutable parallel safe as $$
       begin
         if a is null or b is null or b < a then return; end if;
         if b - a >= ${SERIES_MAX} then
           raise exception 'FXERR:expr.series_too_long:' using errcode = 'P0001';
         end if;
         return query select generate_series(a, b);
       end $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists fx_series(bigint, bigint)`.execute(db);
}
