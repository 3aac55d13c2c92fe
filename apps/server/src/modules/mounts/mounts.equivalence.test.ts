import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { filterArbitraries, scalarValue } from '../../test/filter-arbitraries.js';
import { uploadFile } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { picker, rng } from '../../test/random.js';
import { ok } from '../../test/qry-helpers.js';
import {
  mysqlSource,
  mysqlSourceUrl,
  pgSource,
  pgSourceUrl,
  sqliteFile,
  type MysqlSource,
  type PgSource,
} from '../../test/source-helpers.js';

/**
 * A mount answers exactly as the platform's own tables do. The same rows live in a native
 * object, in a source table mounted live and in the same table mounted synced; the records
 * fuzz's random filter trees (and searches) must give the same rows and totals on all three —
 * against a SQLite file source and, where they are at hand (CI starts both), a PostgreSQL and a
 * MySQL/MariaDB source.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const pgUrl = pgSourceUrl();
const myUrl = mysqlSourceUrl();
const CODES = ['name', 'amount', 'qty', 'kind', 'day', 'at', 'flag', 'mail', 'pct'] as const;
const TYPES: Record<(typeof CODES)[number], string> = {
  name: 'text',
  amount: 'money',
  qty: 'integer',
  kind: 'select',
  day: 'date',
  at: 'datetime',
  flag: 'boolean',
  mail: 'email',
  pct: 'percent',
};
const WORDS = [
  "O'Brien",
  '100% _sure_ \\',
  'Ünïcödé 日本',
  'Москва',
  'МОСКВА',
  'Zürich',
  'a',
  'b',
  'x',
];

const random = rng(11);
const pick = picker(random);

interface Row {
  name: string;
  amount: number | null;
  qty: number | null;
  kind: string | null;
  day: string | null;
  at: string | null;
  flag: boolean | null;
  mail: string | null;
  pct: number | null;
}
const ROWS: Row[] = Array.from({ length: 60 }, (_, i) => ({
  name: `${pick(WORDS)} ${i}`,
  amount: random() < 0.15 ? null : Math.round((random() - 0.3) * 100000) / 100,
  qty: random() < 0.15 ? null : Math.floor(random() * 40) - 10,
  kind: random() < 0.15 ? null : pick(['a', 'b', 'x', 'Öl']),
  day:
    random() < 0.15
      ? null
      : `${pick(['1999', '2025', '2026'])}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
  at:
    random() < 0.15
      ? null
      : new Date(
          Date.UTC(
            2026,
            Math.floor(random() * 3),
            1 + Math.floor(random() * 27),
            Math.floor(random() * 24),
          ),
        ).toISOString(),
  flag: random() < 0.15 ? null : random() < 0.5,
  mail: random() < 0.3 ? null : `${pick(['anna', 'Björn'])}${i}@example.com`,
  pct: random() < 0.2 ? null : Math.round(random() * 1000) / 10,
}));

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let native: string;
let src: PgSource | undefined;
let my: MysqlSource | undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-mnt-eq-'));
const mounts: { label: string; live: string; synced: string }[] = [];

async function mountBoth(label: string, sourceId: string, schema: string | null) {
  const columns = CODES.map((code) => ({ column: code, name: code, code, type: TYPES[code] }));
  const live = await ok(t.app, u, 'mounts.create', {
    sourceId,
    schema,
    table: 'items',
    name: `${label} live`,
    columns,
    mode: 'live',
    keyColumn: 'id',
  });
  const synced = await ok(t.app, u, 'mounts.create', {
    sourceId,
    schema,
    table: 'items',
    name: `${label} synced`,
    columns,
    mode: 'synced',
    keyColumn: 'id',
  });
  mounts.push({ label, live: live.objectId, synced: synced.objectId });
}

beforeAll(async () => {
  t = await makeTestApp({ sourceAllowOwnDatabase: true });
  u = await registerUser(t.app);
  const o = await ok(t.app, u, 'objects.create', { name: 'Native' });
  native = o.id;
  for (const code of CODES) {
    if (code === 'name') continue;
    await ok(t.app, u, 'fields.create', { objectId: native, name: code, code, type: TYPES[code] });
  }
  await ok(t.app, u, 'records.createMany', { objectId: native, rows: ROWS });

  const file = path.join(dir, 'items.sqlite');
  const q = (v: unknown) =>
    v === null
      ? 'null'
      : typeof v === 'number'
        ? String(v)
        : typeof v === 'boolean'
          ? v
            ? '1'
            : '0'
          : `'${String(v).replaceAll("'", "''")}'`;
  const bytes = sqliteFile(file, [
    'create table items (id integer primary key, name text, amount real, qty integer, kind text, day date, at datetime, flag boolean, mail text, pct real)',
    ...ROWS.map(
      (r, i) => `insert into items values (${i + 1}, ${CODES.map((c) => q(r[c])).join(', ')})`,
    ),
  ]);
  const up = await uploadFile(t.app, u.headers, 'items.sqlite', bytes);
  const lite = await ok(t.app, u, 'datasources.create', {
    name: 'Items file',
    kind: 'sqlite',
    fileId: (up.json() as { fileId: string }).fileId,
  });
  await mountBoth('sqlite', lite.id, null);

  if (pgUrl) {
    src = await pgSource(pgUrl);
    const s = src.schema;
    await src.run(
      `create table "${s}".items (id integer primary key, name text not null, amount numeric(19,2), qty integer, kind text, day date, at timestamptz, flag boolean, mail varchar(200), pct double precision)`,
    );
    for (const [i, r] of ROWS.entries())
      await src.run(`insert into "${s}".items values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`, [
        i + 1,
        ...CODES.map((c) => r[c]),
      ]);
    const pgs = await ok(t.app, u, 'datasources.create', {
      name: 'Items PG',
      kind: 'postgres',
      ...src.settings,
      sslMode: 'disable',
    });
    await mountBoth('postgres', pgs.id, s);
  }
  if (myUrl) {
    my = await mysqlSource(myUrl);
    // The usual declarations of a MySQL schema: the database's default collation (case- and
    // accent-insensitive, trailing spaces ignored), BOOLEAN as tinyint(1), DATETIME in UTC.
    await my.run(
      'create table items (id int primary key, name varchar(200) not null, amount decimal(19,2), qty int, kind varchar(20), day date, at datetime(3), flag boolean, mail varchar(200), pct double)',
    );
    for (const [i, r] of ROWS.entries())
      await my.run('insert into items values (?,?,?,?,?,?,?,?,?,?)', [
        i + 1,
        ...CODES.map((c) => {
          const v = r[c];
          if (c === 'at' && typeof v === 'string') return v.replace('T', ' ').replace('Z', '');
          return v;
        }),
      ]);
    const mys = await ok(t.app, u, 'datasources.create', {
      name: 'Items MySQL',
      kind: 'mysql',
      ...my.settings,
      sslMode: 'disable',
    });
    await mountBoth('mysql', mys.id, my.database);
  }
  await t.app.jobs.idle();
}, 120_000);
afterAll(async () => {
  await t.cleanup();
  await src?.drop();
  await my?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const { tree } = filterArbitraries({ codes: CODES, system: ['id'] });
const byId = { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] };

async function answer(objectId: string, input: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/qry',
    headers: u.headers,
    payload: { ...input, objectId },
  });
  const body = res.json() as {
    data?: { rows?: { id: number; values: unknown }[]; total?: number };
    error?: { code: string };
  };
  return {
    status: res.statusCode,
    code: body.error?.code,
    rows: body.data?.rows?.map((r) => [r.id, r.values]),
    total: body.data?.total,
  };
}

describe('live and synced mounts answer as the native object does', () => {
  it('the synced copies hold every row', async () => {
    for (const m of mounts) {
      const mount = await ok(t.app, u, 'mounts.get', { objectId: m.synced });
      expect(mount.lastSyncRows, m.label).toBe(ROWS.length);
      expect((await ok(t.app, u, 'records.count', { objectId: m.live })).total).toBe(ROWS.length);
    }
  });

  it(`gives the same rows for ${RUNS} random filter trees`, async () => {
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(
        tree.map((f) => ({ ...f, isactive: true })),
        fc.oneof(fc.constant(undefined), fc.constantFrom('a', 'москва', '1', 'Ü', '100%')),
        fc.constantFrom('records.list', 'records.count'),
        async (filter, search, op) => {
          const input = { op, filter, search, orderby: byId, limit: 1000, timeZone: 'UTC' };
          const expected = await answer(native, input);
          if (expected.status === 200 && (expected.rows?.length ?? expected.total ?? 0) > 0)
            matched++;
          for (const m of mounts) {
            for (const objectId of [m.live, m.synced]) {
              const got = await answer(objectId, input);
              const label = `${m.label} ${objectId === m.live ? 'live' : 'synced'} ${JSON.stringify(input)}`;
              expect(got.status, label).toBe(expected.status);
              expect(got.rows, label).toEqual(expected.rows);
              expect(got.total, label).toEqual(expected.total);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(matched).toBeGreaterThan(0);
  }, 600_000);

  it('compares whole numbers beyond 32 bits with 32-bit source columns', async () => {
    for (const [filter, search] of [
      [{ field: 'qty', op: 'lt', value: 3_000_000_000 }, undefined],
      [{ field: 'qty', op: 'in', value: [5, 4_000_000_000] }, undefined],
      [{ field: 'id', op: 'neq', value: 5_000_000_000 }, '6000000000'],
    ] as const) {
      const input = {
        op: 'records.list',
        filter: {
          isactive: true,
          isexpanded: true,
          name: 'r',
          operator: { id: 1, sid: 'and', name: 'AND' },
          children: [],
          conditions: [filter],
        },
        search,
        orderby: byId,
        limit: 1000,
      };
      const expected = await answer(native, input);
      expect(expected.status).toBe(200);
      for (const m of mounts)
        for (const objectId of [m.live, m.synced])
          expect(await answer(objectId, input), `${m.label} ${JSON.stringify(filter)}`).toEqual(
            expected,
          );
    }
  });

  it('gives the same rows for simple valid conditions on every field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            field: fc.constantFrom(...CODES),
            op: fc.constantFrom(
              'eq',
              'neq',
              'gt',
              'lt',
              'contains',
              'starts_with',
              'in',
              'between',
              'is_empty',
              'is_not_empty',
            ),
            value: scalarValue,
          }),
          { minLength: 1, maxLength: 2 },
        ),
        async (conditions) => {
          const filter = {
            isactive: true,
            isexpanded: true,
            name: 'r',
            operator: { id: 1, sid: 'and', name: 'AND' },
            children: [],
            conditions,
          };
          const input = { op: 'records.list', filter, orderby: byId, limit: 1000 };
          const expected = await answer(native, input);
          for (const m of mounts)
            for (const objectId of [m.live, m.synced])
              expect(
                await answer(objectId, input),
                `${m.label} ${JSON.stringify(conditions)}`,
              ).toEqual(expected);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  }, 600_000);
});
