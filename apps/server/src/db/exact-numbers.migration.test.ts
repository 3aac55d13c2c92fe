import fc from 'fast-check';
import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { registerUser, type RegisteredUser, bearer } from '../test/auth-helpers.js';
import { makeTestApp } from '../test/helpers.js';
import { AND, group, ok, qry } from '../test/qry-helpers.js';
import { createDb } from './dialect.js';
import { migrations } from './migrations/index.js';

/**
 * The move to exact numbers (migration 2026-11-27-1001) on existing data, on the database the
 * suite runs on: a database as the previous version left it — decimals and percentages in
 * binary floating point, money in `real` (SQLite) or `numeric(19,4)` (PostgreSQL), a unique
 * index, a default — is migrated by the app at start, and every value reads back as the same
 * number it was.
 */
const BEFORE = '2026-11-25-0004-cubes';
const DOMAIN = 'dmigrated01';
const TABLE = 'obj_migrated01';

/** Field code → [type, options as the old version stored them, column]. */
const FIELDS: Record<string, [string, Record<string, unknown>]> = {
  plain: ['decimal', {}],
  fine: ['decimal', { scale: 4, default: 0.5 }],
  eur: ['money', { currency: 'EUR', unique: true }],
  yen: ['money', { currency: 'JPY' }],
  bare: ['money', {}],
  pct: ['percent', {}],
  noisy: ['decimal', {}],
  empty: ['decimal', { scale: 3 }],
};

/** A value as the old API stored it: a JSON number with at most `places` decimals. */
const oldNumber = (places: number, maxWhole = 10n ** 9n) =>
  fc
    .tuple(fc.bigInt({ min: -maxWhole, max: maxWhole }), fc.integer({ min: 0, max: places }))
    .map(([units, s]) => Number(units) / 10 ** s)
    .map((n) => Number(n.toFixed(places)));

type Row = Record<string, number | null>;
const rows: Row[] = fc.sample(
  fc.record({
    plain: fc.option(oldNumber(5), { freq: 6 }),
    fine: fc.option(oldNumber(4), { freq: 6 }),
    eur: oldNumber(2, 10n ** 12n),
    yen: fc.option(oldNumber(2), { freq: 6 }),
    bare: fc.option(oldNumber(2), { freq: 6 }),
    pct: fc.option(oldNumber(3, 1000n), { freq: 6 }),
    noisy: fc.constant(null),
    empty: fc.constant(null),
  }),
  { numRuns: 400, seed: 20261127 },
);
// Unique money values (the unique index must hold them), one float-noise value.
const seen = new Set<number>();
for (const r of rows) {
  while (seen.has(r.eur as number)) r.eur = Number(((r.eur as number) + 1).toFixed(2));
  seen.add(r.eur as number);
}
(rows[0] as Row).noisy = 0.1 + 0.2;
(rows[1] as Row).noisy = 2.5;

/** Fraction digits a stored number has (its shortest text, without trailing zeros). */
const fractionDigits = (n: number) => Math.max(0, new Decimal(String(n)).decimalPlaces());
const neededScale = (code: string, declared: number) =>
  Math.min(
    6,
    Math.max(
      declared,
      ...rows.map((r) => (r[code] == null ? 0 : fractionDigits(r[code] as number))),
    ),
  );

async function oldDatabase(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  let migrationTableSchema: string | undefined;
  if (postgres) {
    const { rows: s } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      db,
    );
    migrationTableSchema = s[0]?.schema;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error } = await migrator.migrateTo(BEFORE);
  if (error) throw error;
  const now = new Date().toISOString();
  await sql`insert into domains (id, name, created_at) values (${DOMAIN}, 'Old books', ${now})`.execute(
    db,
  );
  await sql`insert into pf_objects (id, domain_id, name, code, kind, description, table_name, created_at, updated_at)
    values ('omigrated01', ${DOMAIN}, 'Ledger', 'ledger', 'table', '', ${TABLE}, ${now}, ${now})`.execute(
    db,
  );
  const real = postgres ? 'double precision' : 'real';
  const columns = [sql`"f_name" text`];
  let pos = 0;
  const fieldRow = async (code: string, type: string, options: Record<string, unknown>) =>
    sql`insert into pf_fields (id, object_id, domain_id, name, code, type, options, column_name, position, created_at, updated_at)
      values (${`fm${code}`}, 'omigrated01', ${DOMAIN}, ${code}, ${code}, ${type}, ${JSON.stringify(options)}, ${`f_${code}`}, ${pos++}, ${now}, ${now})`.execute(
      db,
    );
  await fieldRow('name', 'text', { required: true });
  for (const [code, [type, options]] of Object.entries(FIELDS)) {
    await fieldRow(code, type, options);
    const ct = type === 'money' && postgres ? 'numeric(19,4)' : real;
    columns.push(sql`${sql.ref(`f_${code}`)} ${sql.raw(ct)}`);
  }
  await sql`update pf_objects set display_field_id = 'fmname'`.execute(db);
  const id = postgres ? sql`bigserial primary key` : sql`integer primary key`;
  await sql`create table ${sql.table(TABLE)} (id ${id}, created_at varchar(40) not null, created_by varchar(64),
    updated_at varchar(40) not null, updated_by varchar(64), deleted_at varchar(40), deleted_by varchar(64),
    ${sql.join(columns)})`.execute(db);
  await sql`create unique index "ux_migrated01_eur" on ${sql.table(TABLE)} ("f_eur")`.execute(db);
  await sql`insert into pf_indexes (name, object_id, columns, is_unique, created_at)
    values ('ux_migrated01_eur', 'omigrated01', '["f_eur"]', 1, ${now})`.execute(db);
  const codes = Object.keys(FIELDS);
  for (const [i, r] of rows.entries()) {
    const values = codes.map((c) => r[c] ?? null);
    await sql`insert into ${sql.table(TABLE)} (created_at, updated_at, f_name, ${sql.join(
      codes.map((c) => sql.ref(`f_${c}`)),
    )}) values (${now}, ${now}, ${`r${i}`}, ${sql.join(values)})`.execute(db);
  }
}

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp(
    {},
    {
      prepare: async ({ databaseUrl, dataDir }) => {
        const db = createDb({ databaseUrl, dataDir });
        try {
          await oldDatabase(
            db.kysely as unknown as Kysely<unknown>,
            db.kysely.getExecutor().adapter instanceof PostgresAdapter,
          );
        } finally {
          await db.close();
        }
      },
    },
  );
  // The first user to register owns the domains nobody belonged to.
  const first = await registerUser(t.app);
  const sw = await ok(t.app, first, 'domains.switch', { id: DOMAIN });
  u = { ...first, headers: bearer(sw.accessToken) };
}, 120_000);
afterAll(async () => t.cleanup());

async function listAll() {
  const r = await ok(t.app, u, 'records.list', {
    objectId: 'omigrated01',
    limit: 1000,
    orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
  });
  return r.rows as { id: number; values: Record<string, unknown> }[];
}

describe('migrating stored numbers to exact storage', () => {
  it('gives every field the scale its values need (money: the currency minor unit at least)', async () => {
    const o = await ok(t.app, u, 'objects.get', { id: 'omigrated01' });
    const options = (code: string) =>
      o.fields.find((f: { code: string }) => f.code === code).options;
    expect(options('plain').scale).toBe(neededScale('plain', 2));
    expect(options('fine').scale).toBe(4);
    expect(options('fine').default).toBe('0.5000');
    expect(options('eur').scale).toBe(2);
    expect(options('yen').scale).toBe(neededScale('yen', 0));
    expect(options('bare').scale).toBe(2);
    expect(options('pct').scale).toBe(neededScale('pct', 2));
    expect(options('noisy').scale).toBe(6);
    expect(options('empty').scale).toBe(3);
    expect(options('eur').unique).toBe(true);
  });

  it('changes no value: each reads back as the number it was, at its field scale', async () => {
    const list = await listAll();
    expect(list).toHaveLength(rows.length);
    let compared = 0;
    list.forEach((rec, i) => {
      const before = rows[i] as Row;
      for (const code of Object.keys(FIELDS)) {
        if (code === 'noisy') continue;
        const was = before[code];
        const now = rec.values[code];
        if (was === null || was === undefined) {
          expect(now, `${code} row ${i}`).toBeNull();
          continue;
        }
        expect(typeof now).toBe('string');
        expect(
          new Decimal(String(was)).equals(new Decimal(now as string)),
          `${code} row ${i}: ${was} → ${String(now)}`,
        ).toBe(true);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(1500);
    // The one value with binary noise (0.1 + 0.2) is rounded half-even to 6 places.
    expect(list[0]?.values.noisy).toBe('0.300000');
    expect(list[1]?.values.noisy).toBe('2.500000');
  });

  it('sums exactly, keeps the unique index and the default, and takes new values', async () => {
    const g = await ok(t.app, u, 'records.groups', {
      objectId: 'omigrated01',
      groupby: {
        isActive: true,
        groups: [{ field: 'empty', aggregates: [{ field: 'eur', fn: 'sum' }] }],
      },
    });
    const want = rows.reduce((s, r) => s + BigInt(Math.round((r.eur as number) * 100)), 0n);
    const cents = BigInt((g.groups[0].aggregates[0].value as string).replace('.', ''));
    expect(cents).toBe(want);
    const dup = await qry(t.app, u, 'records.create', {
      objectId: 'omigrated01',
      values: { name: 'dup', eur: rows[5]?.eur },
    });
    expect(dup.status).toBe(409);
    const fresh = await ok(t.app, u, 'records.create', {
      objectId: 'omigrated01',
      values: { name: 'new', eur: '9999999999999999.99', plain: rows[7]?.plain ?? 1 },
    });
    expect(fresh.values).toMatchObject({ eur: '9999999999999999.99', fine: '0.5000' });
    const found = await ok(t.app, u, 'records.list', {
      objectId: 'omigrated01',
      filter: group(AND, [{ field: 'eur', op: 'eq', value: rows[9]?.eur }]),
    });
    expect(found.rows).toHaveLength(1);
  });
});
