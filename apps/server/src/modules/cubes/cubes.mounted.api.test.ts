import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { uploadFile } from '../../test/files-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { sqliteFile } from '../../test/source-helpers.js';

/**
 * A cube over a mounted object (rows read from an outside source) is read like any other, but
 * its cells cannot be typed into: the kernel's read-only rule answers 409 naming the object,
 * and the source's rows stay as they were.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
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
