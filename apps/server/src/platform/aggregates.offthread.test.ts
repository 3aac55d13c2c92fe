import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAggregate } from './aggregates.js';
import { ensureIndex } from './ddl.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { insertRecords, makeTestApp, tableOfObject } from '../test/helpers.js';
import { ok } from '../test/qry-helpers.js';

/**
 * SQLite: a maintained aggregate (summary) made outside a transaction — the automatic ones — is
 * built by the index builder's worker thread (db/index-builder.ts): the event loop goes on
 * while its rows are summed, and the summary is the records' group-by.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;

/** An app with an object of `rows` records: a text `region` of 7 values and a number `qty`. */
async function setUp(name: string, rows: number): Promise<void> {
  t = await makeTestApp();
  u = await registerUser(t.app);
  objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name })).id;
  await ok(t.app, u, 'fields.create', { objectId, name: 'region', code: 'region', type: 'text' });
  await ok(t.app, u, 'fields.create', { objectId, name: 'qty', code: 'qty', type: 'integer' });
  const now = new Date().toISOString();
  await insertRecords(
    t.app.db.kysely,
    objectId,
    ['created_at', 'updated_at', 'name', 'region', 'qty'],
    rows,
    (n) => [now, now, `r${n}`, `g${n % 7}`, (n * 31) % 1000],
  );
}

/** Runs `build` twice at once: both answer one name, recorded once and still automatic. */
async function twiceAtOnce(build: () => Promise<string>): Promise<void> {
  const [a, b] = await Promise.all([build(), build()]);
  expect(b).toBe(a);
  const recorded = await t.app.db.kysely
    .selectFrom('pf_indexes')
    .select('automatic')
    .where('name', '=', a)
    .execute();
  expect(recorded).toEqual([{ automatic: 1 }]);
}

/** The column of the object's field `code`. */
async function columnOf(code: string): Promise<string> {
  const f = await t.app.db.kysely
    .selectFrom('pf_fields')
    .select('column_name')
    .where('object_id', '=', objectId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return f.column_name;
}

describe.runIf(!process.env.TEST_DATABASE_URL)('summaries built off the event loop', () => {
  beforeAll(() => setUp('Big', 200_000));
  afterAll(() => t.cleanup());

  it('sums the records in the worker while a timer fires, and answers their group-by', async () => {
    const k = t.app.db.kysely;
    const table = await tableOfObject(k, objectId);
    const [region, qty] = await Promise.all([columnOf('region'), columnOf('qty')]);
    let done = false;
    const building = ensureAggregate(k, 'sqlite', objectId, table, [region], [qty], {
      automatic: true,
    }).then((name) => {
      done = true;
      return name;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    const name = await building;
    const summed = await sql<{
      g: string;
      n: number;
    }>`select c0 as g, cnt as n from ${sql.id(name)} where d = 0 order by c0`.execute(k);
    const direct = await sql<{ g: string; n: number }>`select ${sql.id(region)} as g,
      count(*) as n from ${sql.id(table)} where deleted_at is null group by 1 order by 1`.execute(
      k,
    );
    expect(summed.rows).toEqual(direct.rows);
    expect(summed.rows).toHaveLength(7);
    // Writes after it are kept in step by its triggers (made in the same worker transaction).
    await ok(t.app, u, 'records.create', { objectId, values: { name: 'x', region: 'g0', qty: 5 } });
    const g0 = await sql<{
      n: number;
    }>`select cnt as n from ${sql.id(name)} where d = 0 and c0 = 'g0'`.execute(k);
    expect(g0.rows[0]?.n).toBe((direct.rows[0]?.n ?? 0) + 1);
  });
});

// Two jobs whose group-bys want the same summary (or index) may build it at once (the job
// runner runs two jobs at a time): the second finds it made by the first and answers its name.
describe('the same summary or index built twice at once', () => {
  beforeAll(() => setUp('Twice', 20_000));
  afterAll(() => t.cleanup());

  it('answers the name to two builds of the same summary at once', async () => {
    const k = t.app.db.kysely;
    const table = await tableOfObject(k, objectId);
    const region = await columnOf('region');
    const build = () =>
      ensureAggregate(k, t.app.db.dialect, objectId, table, [region], [], {
        automatic: true,
      });
    await twiceAtOnce(build);
  });

  it('answers the name to two builds of the same index at once', async () => {
    const k = t.app.db.kysely;
    const table = await tableOfObject(k, objectId);
    const qty = await columnOf('qty');
    const build = () =>
      ensureIndex(k, t.app.db.dialect, objectId, table, [{ column: qty }], {
        withId: true,
        live: true,
        automatic: true,
      });
    await twiceAtOnce(build);
  });
});
