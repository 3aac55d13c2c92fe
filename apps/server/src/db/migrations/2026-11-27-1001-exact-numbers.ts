import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Exact numbers: decimal, money and percent fields move from binary floating point (SQLite
// `real`; PostgreSQL `double precision`, money `numeric(19,4)`) to exact storage at a declared
// scale — SQLite integer units in `scaled_int(18,s)`, PostgreSQL `numeric(18,s)` — without
// changing any value: each field's scale becomes the larger of the one it declared (or its
// default: a money field's currency minor unit, else 2) and the fraction digits its stored
// values and default have, at most 6. Self-contained on purpose (it must never change).

const MAX_SCALE = 6;
const MAX_DIGITS = 18;
const CHUNK = 5000;

interface FieldRow {
  id: string;
  type: string;
  options: string;
  column_name: string;
  table_name: string;
}

type Options = Record<string, unknown> & { scale?: number; currency?: string; default?: unknown };

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
function ident(name: string): string {
  if (!NAME.test(name)) throw new Error(`refusing identifier ${JSON.stringify(name)}`);
  return name;
}

function currencyScale(code: unknown): number {
  if (typeof code !== 'string' || !code) return 2;
  try {
    const d = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    return typeof d === 'number' ? Math.min(d, MAX_SCALE) : 2;
  } catch {
    return 2;
  }
}

/** The exact decimal a stored number spells (its shortest text), as digits and scale. */
function decimalOf(v: unknown): { units: bigint; scale: number } | undefined {
  if (v === null || v === undefined) return undefined;
  const text = typeof v === 'number' ? String(v) : String(v).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) return undefined;
  const frac = m[3] ?? '';
  let units = BigInt(`${m[2] ?? ''}${frac}` || '0');
  let scale = frac.length - (m[4] ? Number(m[4]) : 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  // Trailing zeros of the fraction say nothing about the digits needed.
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units: m[1] === '-' ? -units : units, scale };
}

/** Units at `scale`, rounded half-even when the value has more digits. */
function unitsAt(d: { units: bigint; scale: number }, scale: number): bigint {
  if (d.scale <= scale) return d.units * 10n ** BigInt(scale - d.scale);
  const f = 10n ** BigInt(d.scale - scale);
  const q = d.units / f;
  const r = d.units % f;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < f) return q;
  const away = d.units < 0n ? q - 1n : q + 1n;
  if (twice > f) return away;
  return q % 2n === 0n ? q : away;
}

function format(units: bigint, scale: number): string {
  const neg = units < 0n;
  let digits = (neg ? -units : units).toString();
  if (scale === 0) return `${neg ? '-' : ''}${digits}`;
  digits = digits.padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function intDigits(d: { units: bigint; scale: number }): number {
  const whole = (d.units < 0n ? -d.units : d.units) / 10n ** BigInt(d.scale);
  return whole === 0n ? 0 : whole.toString().length;
}

/** Reads a column's non-null values in id order, a chunk at a time. */
async function eachChunk(
  db: Kysely<unknown>,
  table: string,
  column: string,
  visit: (rows: { id: number; v: unknown }[]) => Promise<void> | void,
): Promise<void> {
  let last = 0;
  for (;;) {
    const { rows } = await sql<{ id: number | string; v: unknown }>`select id, ${sql.ref(
      column,
    )} as v from ${sql.table(table)} where ${sql.ref(column)} is not null and id > ${last} order by id limit ${CHUNK}`.execute(
      db,
    );
    if (!rows.length) return;
    last = Number(rows[rows.length - 1]?.id);
    await visit(rows.map((r) => ({ id: Number(r.id), v: r.v })));
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { rows: fields } =
    await sql<FieldRow>`select f.id, f.type, f.options, f.column_name, o.table_name
    from pf_fields f join pf_objects o on o.id = f.object_id
    where f.type in ('decimal', 'money', 'percent') order by f.id`.execute(db);
  for (const f of fields) {
    const table = ident(f.table_name);
    const column = ident(f.column_name);
    const options = JSON.parse(f.options) as Options;
    const declared = Math.min(
      typeof options.scale === 'number'
        ? options.scale
        : f.type === 'money'
          ? currencyScale(options.currency)
          : 2,
      MAX_SCALE,
    );
    // The digits the values (and the default) need.
    let needed = declared;
    let whole = 0;
    const note = (v: unknown) => {
      const d = decimalOf(v);
      if (!d) return;
      needed = Math.max(needed, d.scale);
      whole = Math.max(whole, intDigits(d));
    };
    await eachChunk(db, table, column, (rows) => {
      for (const r of rows) note(r.v);
    });
    const hasDefault = typeof options.default === 'number' || typeof options.default === 'string';
    if (hasDefault) note(options.default);
    const scale = Math.max(0, Math.min(needed, MAX_SCALE, MAX_DIGITS - whole));

    if (postgres) {
      // float8 → text is its shortest exact text (PostgreSQL 12+), so no digit moves.
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type numeric(${sql.lit(
        MAX_DIGITS,
      )},${sql.lit(scale)}) using fx_round(cast(cast(${sql.ref(column)} as text) as numeric), ${sql.lit(
        scale,
      )})`.execute(db);
    } else {
      const fresh = ident(`${column}__exact`);
      const staging = ident(`mig_exact_${column}`.slice(0, 60));
      // Indexes naming the column are dropped while it is replaced, then made again as they were.
      const { rows: indexes } = await sql<{
        name: string;
        sql: string | null;
      }>`select name, sql from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(
        db,
      );
      const affected = indexes.filter(
        (ix): ix is { name: string; sql: string } => !!ix.sql && ix.sql.includes(`"${column}"`),
      );
      for (const ix of affected) await sql`drop index ${sql.ref(ix.name)}`.execute(db);
      await sql`create temp table ${sql.table(staging)} (id integer primary key, u integer not null)`.execute(
        db,
      );
      await eachChunk(db, table, column, async (rows) => {
        const values = rows.flatMap((r) => {
          const d = decimalOf(r.v);
          return d ? [sql`(${r.id}, ${unitsAt(d, scale)})`] : [];
        });
        if (values.length)
          await sql`insert into ${sql.table(staging)} (id, u) values ${sql.join(values)}`.execute(
            db,
          );
      });
      await sql`alter table ${sql.table(table)} add column ${sql.ref(fresh)} ${sql.raw(
        `scaled_int(${MAX_DIGITS},${scale})`,
      )}`.execute(db);
      await sql`update ${sql.table(table)} set ${sql.ref(fresh)} = (select s.u from ${sql.table(
        staging,
      )} s where s.id = ${sql.table(table)}.id) where ${sql.ref(column)} is not null`.execute(db);
      await sql`drop table ${sql.table(staging)}`.execute(db);
      await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
      await sql`alter table ${sql.table(table)} rename column ${sql.ref(fresh)} to ${sql.ref(
        column,
      )}`.execute(db);
      for (const ix of affected) await sql.raw(ix.sql).execute(db);
    }

    const next: Options = { ...options, scale };
    if (hasDefault) {
      const d = decimalOf(options.default);
      if (d) next.default = format(unitsAt(d, scale), scale);
    }
    await sql`update pf_fields set options = ${JSON.stringify(next)} where id = ${f.id}`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // Exact values do not go back to floating point: restore a backup taken before upgrading.
}
