import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Domain events (the ribbon and its live stream), the tickets that open the stream, and on
// PostgreSQL the runtime functions of expressions (SQLite gets the same functions in JavaScript
// on every connection: platform/expr/runtime.ts). Each function here must answer exactly what
// its JavaScript twin answers; the expression tests run both.

const PG_FUNCTIONS = [
  // Raises an expression's runtime error: FXERR:<message key>:<tag of the assignment>.
  `create or replace function fx_fail(code text, tag text, v anyelement) returns anyelement
   language plpgsql as $$
   begin raise exception 'FXERR:%:%', code, coalesce(tag, '') using errcode = 'P0001'; end $$`,
  `create or replace function fx_fail(code text, tag text) returns text
   language plpgsql as $$
   begin raise exception 'FXERR:%:%', code, coalesce(tag, '') using errcode = 'P0001'; end $$`,
  // v rounded half-even to s fraction digits.
  `create or replace function fx_round(v numeric, s int) returns numeric
   language plpgsql immutable strict parallel safe as $$
   declare p numeric := power(10::numeric, s); x numeric := v * p; t numeric := trunc(x);
   begin
     if abs(x - t) = 0.5 then
       if mod(t, 2) <> 0 then t := t + sign(x); end if;
       x := t;
     else x := round(x); end if;
     return round(x / p, s);
   end $$`,
  `create or replace function fx_floor(v numeric, s int) returns numeric
   language plpgsql immutable strict parallel safe as $$
   declare p numeric := power(10::numeric, s);
   begin return round(floor(v * p) / p, s); end $$`,
  `create or replace function fx_ceil(v numeric, s int) returns numeric
   language plpgsql immutable strict parallel safe as $$
   declare p numeric := power(10::numeric, s);
   begin return round(ceil(v * p) / p, s); end $$`,
  // a / b rounded half-even to s fraction digits, exactly; null when b is 0.
  `create or replace function fx_div(a numeric, b numeric, s int) returns numeric
   language plpgsql immutable strict parallel safe as $$
   declare p numeric := power(10::numeric, s); n numeric := a * p; q numeric; r numeric;
   begin
     if b = 0 then return null; end if;
     q := div(n, b);
     r := n - q * b;
     if 2 * abs(r) > abs(b) or (2 * abs(r) = abs(b) and mod(q, 2) <> 0) then
       q := q + sign(n) * sign(b);
     end if;
     return round(q / p, s);
   end $$`,
  `create or replace function fx_left(s text, n bigint) returns text
   language sql immutable strict parallel safe as $$
   select case when n <= 0 then '' else left(s, least(n, 1000000)::int) end $$`,
  `create or replace function fx_right(s text, n bigint) returns text
   language sql immutable strict parallel safe as $$
   select case when n <= 0 then '' else right(s, least(n, 1000000)::int) end $$`,
  `create or replace function fx_mid(s text, a bigint, n bigint) returns text
   language sql immutable strict parallel safe as $$
   select case when n <= 0 then ''
     else substr(s, greatest(least(a, 1000000), 1)::int, least(n, 1000000)::int) end $$`,
  // Dates are ISO text (YYYY-MM-DD); results outside the years 1–9999 are errors.
  `create or replace function fx_date_text(d timestamp) returns text
   language plpgsql immutable strict parallel safe as $$
   begin
     if d < '0001-01-01'::timestamp or d >= '10000-01-01'::timestamp then
       raise exception 'FXERR:expr.date_range:' using errcode = 'P0001';
     end if;
     return to_char(d, 'YYYY-MM-DD');
   end $$`,
  `create or replace function fx_add_months(d text, n bigint) returns text
   language plpgsql immutable strict parallel safe as $$
   begin
     if n > 120000 or n < -120000 then
       raise exception 'FXERR:expr.date_range:' using errcode = 'P0001';
     end if;
     return fx_date_text(cast(d as date) + make_interval(months => n::int));
   end $$`,
  `create or replace function fx_add_days(d text, n bigint) returns text
   language plpgsql immutable strict parallel safe as $$
   begin
     if n > 3660000 or n < -3660000 then
       raise exception 'FXERR:expr.date_range:' using errcode = 'P0001';
     end if;
     return fx_date_text(cast(cast(d as date) + n::int as timestamp));
   end $$`,
  `create or replace function fx_end_of_month(d text) returns text
   language sql immutable strict parallel safe as $$
   select to_char(date_trunc('month', cast(d as date)) + interval '1 month' - interval '1 day',
     'YYYY-MM-DD') $$`,
  `create or replace function fx_days_between(a text, b text) returns bigint
   language sql immutable strict parallel safe as $$
   select cast(cast(b as date) - cast(a as date) as bigint) $$`,
  // date(y, m, d) as spreadsheets count it: months and days past the end roll over.
  `create or replace function fx_make_date(y bigint, m bigint, d bigint) returns text
   language plpgsql immutable strict parallel safe as $$
   declare total bigint; yy bigint; mm bigint;
   begin
     if abs(y) > 100000 or abs(m) > 1200000 or abs(d) > 3660000 then
       raise exception 'FXERR:expr.date_range:' using errcode = 'P0001';
     end if;
     total := y * 12 + m - 1;
     yy := floor(total / 12.0);
     mm := total - yy * 12 + 1;
     if yy < 1 or yy > 9999 then
       raise exception 'FXERR:expr.date_range:' using errcode = 'P0001';
     end if;
     return fx_date_text(cast(make_date(yy::int, mm::int, 1) + (d - 1)::int as timestamp));
   end $$`,
  // Checks of values written into fields (platform/expr/assign.ts).
  `create or replace function fx_bounds(v numeric, lo numeric, hi numeric, code text, tag text)
   returns numeric language plpgsql immutable parallel safe as $$
   begin
     if v is not null and ((lo is not null and v < lo) or (hi is not null and v > hi)) then
       raise exception 'FXERR:%:%', code, coalesce(tag, '') using errcode = 'P0001';
     end if;
     return v;
   end $$`,
  `create or replace function fx_bounds(v text, lo text, hi text, code text, tag text)
   returns text language plpgsql immutable parallel safe as $$
   begin
     if v is not null and ((lo is not null and v collate "C" < lo) or (hi is not null and v collate "C" > hi)) then
       raise exception 'FXERR:%:%', code, coalesce(tag, '') using errcode = 'P0001';
     end if;
     return v;
   end $$`,
  `create or replace function fx_required(v anyelement, tag text) returns anyelement
   language plpgsql immutable parallel safe as $$
   begin
     if v is null or cast(v as text) = '' then
       raise exception 'FXERR:expr.required:%', coalesce(tag, '') using errcode = 'P0001';
     end if;
     return v;
   end $$`,
  `create or replace function fx_choice(v text, choices text, tag text) returns text
   language plpgsql immutable parallel safe as $$
   begin
     if v is not null and not exists (select 1 from json_array_elements_text(cast(choices as json)) c where c = v) then
       raise exception 'FXERR:expr.not_a_choice_runtime:%', coalesce(tag, '') using errcode = 'P0001';
     end if;
     return v;
   end $$`,
  `create or replace function fx_text_max(v text, m int, tag text) returns text
   language plpgsql immutable parallel safe as $$
   begin
     if v is null or v = '' then return null; end if;
     if char_length(v) > m then
       raise exception 'FXERR:expr.text_too_long:%', coalesce(tag, '') using errcode = 'P0001';
     end if;
     return v;
   end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = pg ? sql`bigserial primary key` : sql`integer primary key autoincrement`;

  await db.schema
    .createTable('pf_events')
    .addColumn('id', serial)
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('object_id', 'varchar(64)')
    .addColumn('object_name', 'varchar(255)')
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(1))
    /** JSON array of the first record ids. */
    .addColumn('record_ids', 'text')
    /** JSON details by kind. */
    .addColumn('data', 'text')
    /** JSON links (record, import, job, report, run). */
    .addColumn('links', 'text')
    .execute();
  await db.schema
    .createIndex('pf_events_domain')
    .on('pf_events')
    .columns(['domain_id', 'id'])
    .execute();
  await db.schema
    .createIndex('pf_events_kind')
    .on('pf_events')
    .columns(['domain_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('pf_events_object')
    .on('pf_events')
    .columns(['domain_id', 'object_id', 'id'])
    .execute();
  await db.schema
    .createIndex('pf_events_user')
    .on('pf_events')
    .columns(['domain_id', 'user_id', 'id'])
    .execute();

  await db.schema
    .createTable('pf_event_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  if (pg) for (const f of PG_FUNCTIONS) await sql.raw(f).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_event_tickets').ifExists().execute();
  await db.schema.dropTable('pf_events').ifExists().execute();
}
