import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';
import { storeFile, tempPath } from '../files/index.js';
import { CSV_TYPE } from './reader.js';

/**
 * An export imports again as it is: select columns hold labels, reference columns the display
 * texts of their records. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => {
  await t.cleanup();
});

interface Obj {
  id: string;
}
interface Imp {
  id: string;
  status: string;
  error: string | null;
  result: { inserted: number; updated: number; skipped: number; failed: number } | null;
}
interface Row {
  id: number;
  values: Record<string, unknown>;
}

async function store(name: string, text: string) {
  const tmp = await tempPath(t.config.dataDir);
  await writeFile(tmp, text);
  const info = await storeFile(t.app.db, t.config.dataDir, {
    tempFile: tmp,
    domainId: u.session.domain.id,
    userId: u.session.user.id,
    name,
    type: CSV_TYPE,
    purpose: 'upload',
  });
  return info.id;
}

async function runImport(obj: Obj, fileId: string, settings: Record<string, unknown> = {}) {
  const imp = await ok<Imp>(t.app, u, 'imports.create', { objectId: obj.id, fileId });
  if (Object.keys(settings).length) await ok(t.app, u, 'imports.update', { id: imp.id, settings });
  await ok(t.app, u, 'imports.run', { id: imp.id });
  await t.app.jobs.idle();
  return ok<Imp>(t.app, u, 'imports.get', { id: imp.id });
}

async function rows(obj: Obj): Promise<Row[]> {
  const res = await ok<{ rows: Row[] }>(t.app, u, 'records.list', {
    objectId: obj.id,
    orderby: { isActive: true, sorts: [{ field: 'name', dir: 'asc' }] },
    limit: 100,
  });
  return res.rows;
}

async function log(imp: Imp) {
  const res = await ok<{ items: { row: number; column: string; message: string }[] }>(
    t.app,
    u,
    'imports.log',
    { id: imp.id },
  );
  return res.items.map((e) => [e.row, e.column, e.message]);
}

/** Vehicle types (a catalog) and an object of vehicles with a select, a multiselect and a reference. */
async function model() {
  const types = await ok<Obj>(t.app, u, 'objects.create', {
    name: `Vehicle types ${Math.random()}`,
    kind: 'reference',
  });
  const typeId: Record<string, number> = {};
  for (const name of ['Car', 'Truck', 'Bus', 'Bus', 'Straßenbahn'])
    typeId[name] = (
      await ok<Row>(t.app, u, 'records.create', { objectId: types.id, values: { name } })
    ).id;
  const vehicles = async () => {
    const obj = await ok<Obj>(t.app, u, 'objects.create', { name: `Vehicles ${Math.random()}` });
    for (const f of [
      {
        name: 'Status',
        code: 'status',
        type: 'select',
        options: {
          choices: [
            { value: 'active', label: 'Active' },
            { value: 'retired', label: 'Retired' },
          ],
        },
      },
      {
        name: 'Features',
        code: 'features',
        type: 'multiselect',
        options: {
          choices: [
            { value: 'ev', label: 'Electric' },
            { value: '4wd', label: 'Four-wheel drive' },
          ],
        },
      },
      { name: 'Type', code: 'type', type: 'reference', options: { target: types.id } },
    ])
      await ok(t.app, u, 'fields.create', { objectId: obj.id, ...f });
    return obj;
  };
  return { types, typeId, vehicles };
}

describe('imports: an export imports again as it is', () => {
  it('reads choices by their labels and references by the display texts of their records', async () => {
    const { typeId, vehicles } = await model();
    const source = await vehicles();
    for (const values of [
      { name: 'V1', status: 'active', features: ['ev', '4wd'], type: typeId.Car },
      { name: 'V2', status: 'retired', features: ['4wd'], type: typeId.Truck },
      { name: 'V3', status: null, features: ['ev'], type: typeId['Straßenbahn'] },
    ])
      await ok(t.app, u, 'records.create', { objectId: source.id, values });

    const job = await ok<{ id: string }>(t.app, u, 'records.export', {
      objectId: source.id,
      format: 'csv',
      fields: ['name', 'status', 'features', 'type'],
    });
    await t.app.jobs.idle();
    const done = await ok<{ status: string; fileId: string }>(t.app, u, 'exports.get', {
      id: job.id,
    });
    expect(done.status).toBe('succeeded');

    const copy = await vehicles();
    const imp = await runImport(copy, done.fileId);
    expect(imp.error).toBeNull();
    expect(imp.status).toBe('succeeded');
    expect(imp.result).toEqual({ inserted: 3, updated: 0, skipped: 0, failed: 0 });
    const strip = (list: Row[]) =>
      list.map((r) => ({
        name: r.values.name,
        status: r.values.status,
        features: r.values.features,
        type: r.values.type,
      }));
    expect(strip(await rows(copy))).toEqual(strip(await rows(source)));
  });

  it('matches labels and codes in any case, references by text or number; names the ambiguous ones per row', async () => {
    const { typeId, vehicles } = await model();
    const obj = await vehicles();
    const csv = [
      'Name,Status,Features,Type',
      'A,ACTIVE, electric ; 4WD ,car',
      'B,retired,Four-Wheel Drive,TRUCK',
      `C,Retired,ev,${typeId.Truck}`,
      'D,active,,straßenbahn',
      'E,active,,Bus',
      'F,gone,,Car',
      'G,active,,Plane',
      'H,active,,999999',
    ].join('\n');
    const imp = await runImport(obj, await store('vehicles.csv', csv), { onError: 'skip' });
    expect(imp.status).toBe('succeeded');
    expect(imp.result).toEqual({ inserted: 4, updated: 0, skipped: 4, failed: 4 });
    expect(
      (await rows(obj)).map((r) => [
        r.values.name,
        r.values.status,
        r.values.features,
        r.values.type,
      ]),
    ).toEqual([
      ['A', 'active', ['ev', '4wd'], typeId.Car],
      ['B', 'retired', ['4wd'], typeId.Truck],
      ['C', 'retired', ['ev'], typeId.Truck],
      ['D', 'active', null, typeId['Straßenbahn']],
    ]);
    const entries = await log(imp);
    expect(entries.map(([row, column]) => [row, column])).toEqual([
      [6, 'Type'],
      [7, 'Status'],
      [8, 'Type'],
      [9, 'Type'],
    ]);
    expect(entries[0]?.[2]).toMatch(/"Bus" is shown for 2 records of Vehicle types/);
    expect(entries[2]?.[2]).toMatch(/No record of Vehicle types .* is shown as "Plane"/);
  });
});

describe('imports: a run that writes nothing', () => {
  it('skip mode with every row bad fails, counts the rows as skipped and changes nothing', async () => {
    const { vehicles } = await model();
    const obj = await vehicles();
    await ok(t.app, u, 'records.create', { objectId: obj.id, values: { name: 'Kept' } });
    const csv = 'Name,Status\nA,gone\nB,lost\nC,missing\n';
    const imp = await runImport(obj, await store('bad.csv', csv), {
      onError: 'skip',
      mode: 'replace',
    });
    expect(imp.status).toBe('failed');
    expect(imp.error).toMatch(/None of the 3 rows could be imported/);
    expect(imp.result).toEqual({ inserted: 0, updated: 0, skipped: 3, failed: 3 });
    expect((await rows(obj)).map((r) => r.values.name)).toEqual(['Kept']);
    expect(await log(imp)).toHaveLength(3);
  });
});
