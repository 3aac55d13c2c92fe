import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { uploadFile } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import {
  mysqlSource,
  mysqlSourceUrl,
  sqliteFile,
  type MysqlSource,
} from '../../test/source-helpers.js';

/**
 * A cube over a mounted object (rows read from an outside source) is read like any other, but
 * its cells cannot be typed into: the kernel's read-only rule answers 409 naming the object,
 * and the source's rows stay as they were.
 */
const myUrl = mysqlSourceUrl();
let t: Awaited<ReturnType<typeof makeTestApp>>;
let my: MysqlSource | undefined;
let owner: RegisteredUser;
let cubeId: string;
let objectId: string;
const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-cube-mnt-'));

beforeAll(async () => {
  t = await makeTestApp();
  owner = await registerUser(t.app);
  const bytes = sqliteFile(path.join(dir, 'shop.sqlite'), [
    'create table orders (id integer primary key, region text, amount real)',
    "insert into orders values (1, 'north', 10.5), (2, 'north', 20), (3, 'south', 4.5)",
  ]);
  const up = await uploadFile(t.app, owner.headers, 'shop.sqlite', bytes);
  const sourceId = (
    await ok(t.app, owner, 'datasources.create', {
      name: 'Shop',
      kind: 'sqlite',
      fileId: (up.json() as { fileId: string }).fileId,
    })
  ).id;
  objectId = (
    await ok(t.app, owner, 'mounts.create', {
      sourceId,
      table: 'orders',
      name: 'Orders',
      columns: [
        { column: 'region', name: 'Region', type: 'text' },
        { column: 'amount', name: 'Amount', type: 'decimal' },
      ],
      mode: 'live',
    })
  ).objectId;
  cubeId = (
    await ok(t.app, owner, 'cubes.create', {
      objectId,
      name: 'Orders by region',
      dimensions: [{ key: 'region', field: 'region' }],
      measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
      defaultLayout: { rows: ['region'], cols: [], measures: ['amount'] },
    })
  ).id;
});
afterAll(async () => {
  await t.cleanup();
  await my?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const amounts = async () =>
  (
    await ok(t.app, owner, 'records.list', { objectId, sort: [{ field: 'id', dir: 'asc' }] })
  ).rows.map((r: { values: { amount: unknown } }) => Number(r.values.amount));

describe('a cube over a mounted object', () => {
  it('is queried like any other', async () => {
    const out = await ok(t.app, owner, 'cubes.query', {
      cubeId,
      rows: ['region'],
      cols: [],
      measures: ['amount'],
    });
    expect(out.rows.items.map((i: { labels: string[] }) => i.labels[0])).toEqual([
      'north',
      'south',
      undefined,
    ]);
    expect(out.cells.map((r: unknown[][][]) => Number(r[0]?.[0]))).toEqual([30.5, 4.5, 35]);
    expect(out.records).toBe(3);
  });

  it('refuses a write into a leaf or the grand total with 409 naming the object', async () => {
    for (const coords of [[{ dimension: 'region', member: 'north' }], []]) {
      const r = await qry(t.app, owner, 'cubes.write', {
        cubeId,
        coords,
        measure: 'amount',
        value: '100',
      });
      expect(r.status).toBe(409);
      expect(r.error?.message).toMatch(/"Orders" is mounted from outside and is read-only/);
    }
    expect(await amounts()).toEqual([10.5, 20, 4.5]);
  });

  it('has nothing to undo and says the object is read-only', async () => {
    const r = await qry(t.app, owner, 'cubes.undo', { cubeId });
    expect(r.status).toBe(409);
    expect(r.error?.message).toMatch(/"Orders" is mounted from outside and is read-only/);
  });
});

/** Booked amounts on days that fall in every quarter, the months on a quarter's edges above all. */
const BOOKINGS: [string, number][] = [
  ['2026-01-01', 1],
  ['2026-03-31', 2],
  ['2026-04-01', 4],
  ['2026-05-15', 8],
  ['2026-06-30', 16],
  ['2026-07-01', 32],
  ['2026-09-30', 64],
  ['2026-10-01', 128],
  ['2026-11-30', 256],
  ['2026-12-31', 512],
  ['2027-02-01', 1024],
];

/** The cube's quarters and years over the bookings, as `cubes.query` answers them. */
async function periods(object: string) {
  const cube = (
    await ok(t.app, owner, 'cubes.create', {
      objectId: object,
      name: `Bookings by period ${object}`,
      dimensions: [
        { key: 'year', field: 'day', grain: 'year' },
        { key: 'quarter', field: 'day', grain: 'quarter' },
        { key: 'month', field: 'day', grain: 'month' },
      ],
      measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
      defaultLayout: { rows: ['quarter'], cols: [], measures: ['amount'] },
    })
  ).id;
  const leaves = async (rows: string[]) => {
    const out = await ok(t.app, owner, 'cubes.query', {
      cubeId: cube,
      rows,
      cols: [],
      measures: ['amount'],
    });
    return out.rows.items.map((i: { labels: (string | undefined)[] }, k: number) => [
      i.labels.join(' '),
      Number(out.cells[k]?.[0]?.[0]),
    ]);
  };
  return { quarters: await leaves(['quarter']), years: await leaves(['year', 'quarter']), cube };
}

const QUARTERS = [
  ['2026-Q1', 3],
  ['2026-Q2', 28],
  ['2026-Q3', 96],
  ['2026-Q4', 896],
  ['2027-Q1', 1024],
  ['', 2047],
];

/** Years with their quarters: a subtotal comes before its members. */
const YEARS = [
  ['2026', 1023],
  ['2026 2026-Q1', 3],
  ['2026 2026-Q2', 28],
  ['2026 2026-Q3', 96],
  ['2026 2026-Q4', 896],
  ['2027', 1024],
  ['2027 2027-Q1', 1024],
  ['', 2047],
];

describe.skipIf(!myUrl)('a cube over a live mount of a MySQL/MariaDB table', () => {
  let live: string;
  beforeAll(async () => {
    my = await mysqlSource(myUrl as string);
    await my.run(
      'create table bookings (id bigint primary key, day date not null, amount decimal(12,2))',
    );
    await my.run(
      `insert into bookings values ${BOOKINGS.map((_, i) => `(${i + 1}, ?, ?)`).join(', ')}`,
      BOOKINGS.flat(),
    );
    const sourceId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'Ledger MySQL',
        kind: 'mysql',
        ...my.settings,
        sslMode: 'disable',
      })
    ).id;
    live = (
      await ok(t.app, owner, 'mounts.create', {
        sourceId,
        schema: my.database,
        table: 'bookings',
        name: 'Bookings',
        columns: [
          { column: 'day', name: 'Day', type: 'date' },
          { column: 'amount', name: 'Amount', type: 'decimal' },
        ],
        mode: 'live',
      })
    ).objectId;
  });

  it('groups dates by whole quarters (integer division at the source), with the years above them', async () => {
    const { quarters, years, cube } = await periods(live);
    expect(quarters).toEqual(QUARTERS);
    expect(years).toEqual(YEARS);
    // Show Records of a quarter lists exactly the bookings in it.
    const filter = await ok(t.app, owner, 'cubes.cellFilter', {
      cubeId: cube,
      coords: [{ dimension: 'quarter', member: '2026-Q2' }],
    });
    const rows = (await ok(t.app, owner, 'records.list', { objectId: live, filter: filter.filter }))
      .rows;
    expect(rows.map((r: { values: { day: string } }) => r.values.day).sort()).toEqual([
      '2026-04-01',
      '2026-05-15',
      '2026-06-30',
    ]);
  });
});

describe('a cube over a live mount of a SQLite table', () => {
  it('groups dates by whole quarters, with the years above them', async () => {
    const bytes = sqliteFile(path.join(dir, 'ledger.sqlite'), [
      'create table bookings (id integer primary key, day text not null, amount real)',
      `insert into bookings values ${BOOKINGS.map(([d, a], i) => `(${i + 1}, '${d}', ${a})`).join(', ')}`,
    ]);
    const up = await uploadFile(t.app, owner.headers, 'ledger.sqlite', bytes);
    const sourceId = (
      await ok(t.app, owner, 'datasources.create', {
        name: 'Ledger',
        kind: 'sqlite',
        fileId: (up.json() as { fileId: string }).fileId,
      })
    ).id;
    const live = (
      await ok(t.app, owner, 'mounts.create', {
        sourceId,
        table: 'bookings',
        name: 'Ledger bookings',
        columns: [
          { column: 'day', name: 'Day', type: 'date' },
          { column: 'amount', name: 'Amount', type: 'decimal' },
        ],
        mode: 'live',
      })
    ).objectId;
    const { quarters, years } = await periods(live);
    expect(quarters).toEqual(QUARTERS);
    expect(years).toEqual(YEARS);
  });
});
