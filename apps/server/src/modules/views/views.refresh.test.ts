import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropIndex,
  ensureIndex,
  ensureTextIndex,
  listIndexes,
  searchIndexOf,
  searchOptions,
  type IndexInfo,
} from '../../platform/ddl.js';
import { searchIndexName, searchText } from '../../platform/text-index.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makePeerApp, makeTestApp, tableOfObject } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';
import { queueViewRefresh, VIEW_INDEX_POLICY } from './views.refresh.js';

/**
 * Views saved under an earlier index policy get today's indexes at the next start: a server
 * started on a database whose views were indexed the old way queues a background refresh, and
 * afterwards the object has exactly the indexes saving its views today makes.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
const pg = !!process.env.TEST_DATABASE_URL;

const VIEWS = [
  {
    name: 'Big and ACME, by qty',
    definition: {
      filter: group(AND, [
        { field: 'amount', op: 'between', value: [10, 500] },
        { field: 'company', op: 'contains', value: 'acme' },
      ]),
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'asc' }] },
    },
  },
  {
    name: 'Search by day',
    definition: {
      search: 'zürich 7',
      orderby: { isActive: true, sorts: [{ field: 'day', dir: 'desc' }] },
    },
  },
  {
    name: 'By region',
    definition: {
      groupby: {
        isActive: true,
        groups: [{ field: 'region', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    },
  },
];

async function makeObject(name: string): Promise<{ id: string; table: string }> {
  const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name });
  for (const [code, type, options] of [
    ['company', 'text', {}],
    ['region', 'select', { choices: [{ value: 'North' }, { value: 'South' }] }],
    ['amount', 'money', {}],
    ['qty', 'integer', {}],
    ['day', 'date', {}],
  ] as const)
    await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: code,
      code,
      type,
      options,
    });
  for (let i = 0; i < 30; i++)
    await ok(t.app, u, 'records.create', {
      objectId: o.id,
      values: {
        name: `Zürich ${i}`,
        company: i % 3 ? `ACME ${i}` : `Müller ${i}`,
        region: i % 2 ? 'North' : 'South',
        amount: i * 20,
        qty: i % 7,
        day: `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      },
    });
  for (const v of VIEWS)
    await ok(t.app, u, 'views.save', {
      objectId: o.id,
      name: v.name,
      definition: {
        filter: group(AND, []),
        orderby: { isActive: false, sorts: [] },
        groupby: { isActive: false, groups: [] },
        search: '',
        ...v.definition,
      },
    });
  const table = await tableOfObject(t.app.db.kysely, o.id);
  return { id: o.id, table };
}

/** An object's indexes by what they hold (field codes instead of columns), sorted. */
async function shapes(objectId: string): Promise<string[]> {
  const fields = await t.app.db.kysely
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', objectId)
    .execute();
  const code = (c: string) => fields.find((f) => f.column_name === c)?.code ?? c;
  const shape = (ix: IndexInfo) => {
    const cols = ix.columns.map((c) => `${code(c.column)}${c.desc ? ' desc' : ''}`);
    // A search index holds its columns in the order of their names (random here).
    if (ix.kind === 'trigram') cols.sort();
    return `${ix.kind}${ix.live ? ' live' : ''}${ix.unique ? ' unique' : ''}: ${cols.join(', ')}`;
  };
  return (await listIndexes(t.app.db.kysely, objectId)).map(shape).sort();
}

/** Waits until no `index` job is queued or running (whichever process runs it). */
async function indexJobsDone(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const open = await t.app.db.kysely
      .selectFrom('pf_jobs')
      .select('id')
      .where('kind', '=', 'index')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    if (!open.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('index jobs still open');
}

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
}, 60_000);
afterAll(async () => t.cleanup());

describe('views saved under an earlier index policy', () => {
  it('a fresh database is marked as indexed under today’s policy at start', async () => {
    const row = await t.app.db.kysely
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'view_index_policy')
      .executeTakeFirst();
    expect(row?.value).toBe(String(VIEW_INDEX_POLICY));
    // Up to date: nothing is queued again.
    expect(await queueViewRefresh(t.app)).toBe(0);
  });

  it('get today’s indexes at the next start, in the background', async () => {
    const today = await makeObject('Saved today');
    const old = await makeObject('Saved long ago');
    await t.app.jobs.idle();
    const want = await shapes(today.id);
    // Something to compare: a sort index carrying the filter's columns, a trigram
    // index, the search index, a summary.
    expect(want.some((s) => s.startsWith('aggregate'))).toBe(true);
    // The search index and the `contains` field's trigram index; the searched fields have none
    // of their own (search reads the search index alone).
    expect(want.filter((s) => s.startsWith('trigram'))).toEqual([
      'trigram: company',
      'trigram: company, name, region',
    ]);
    expect(await shapes(old.id)).toEqual(want);

    // The old object as views left it before: one index per sort (its keys and id only), no
    // text index, no summary; on PostgreSQL a search index without the short pieces.
    const k = t.app.db.kysely;
    // (Every object keeps its index of live records by id.)
    for (const ix of await listIndexes(k, old.id))
      if (ix.columns.length > 1 || ix.columns[0]?.column !== 'id')
        await dropIndex(k, t.app.db.dialect, ix.name);
    const column = async (code: string) =>
      (
        await k
          .selectFrom('pf_fields')
          .select('column_name')
          .where('object_id', '=', old.id)
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).column_name;
    const qty = await column('qty');
    const day = await column('day');
    await ensureIndex(k, t.app.db.dialect, old.id, old.table, [{ column: qty }], {
      withId: true,
      live: true,
    });
    await ensureIndex(k, t.app.db.dialect, old.id, old.table, [{ column: day, desc: true }], {
      withId: true,
      live: true,
    });
    // Before policy 3 a view's search also gave every searched field its own trigram index.
    for (const code of ['name', 'company', 'region'])
      await ensureTextIndex(t.app.db, old.id, old.table, await column(code));
    if (pg) {
      const searched = [
        await column('name'),
        await column('company'),
        await column('region'),
      ].sort();
      const name = searchIndexName(old.table, searched, 'sqlite');
      await sql`create index ${sql.id(name)} on ${sql.id(old.table)} using gin (${searchText(searched)} public.gin_trgm_ops)`.execute(
        k,
      );
      await k
        .insertInto('pf_indexes')
        .values({
          name,
          object_id: old.id,
          columns: JSON.stringify(searched),
          is_unique: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const before = await shapes(old.id);
    expect(before).not.toEqual(want);
    // PostgreSQL: whether the search index holds the pieces of one and two characters.
    const grams = async () =>
      searchOptions(await listIndexes(k, old.id), old.table, 'postgres').searchGrams;
    if (pg) expect(await grams()).toBeUndefined();
    await k.deleteFrom('app_meta').where('key', '=', 'view_index_policy').execute();

    // A server starts on the database: it queues the refresh and answers at once.
    const peer = await makePeerApp(t.config);
    try {
      await indexJobsDone();
      await peer.jobs.idle();
      expect(await shapes(old.id)).toEqual(want);
      if (pg) expect(await grams()).toBe(true);
      // The view's page answers as before (the indexes changed no answer).
      const page = async (objectId: string) =>
        (
          await ok<{ rows: { values: { name: string } }[] }>(t.app, u, 'records.list', {
            objectId,
            search: 'zürich 7',
            orderby: {
              isActive: true,
              sorts: [{ field: 'day', dir: 'desc' }],
            },
          })
        ).rows.map((r) => r.values.name);
      expect(await page(old.id)).toEqual(await page(today.id));
      // Claimed once: another start finds the database up to date.
      expect(await queueViewRefresh(peer)).toBe(0);
    } finally {
      await peer.close();
    }
  }, 120_000);
});

describe('a view’s search index follows the searched fields', () => {
  /** The codes of the fields the object's search index holds, sorted. */
  async function searchIndexed(objectId: string): Promise<string[] | undefined> {
    const columns = searchIndexOf(await listIndexes(t.app.db.kysely, objectId));
    if (!columns) return undefined;
    const fields = await t.app.db.kysely
      .selectFrom('pf_fields')
      .select(['code', 'column_name'])
      .where('object_id', '=', objectId)
      .execute();
    return columns.map((c) => fields.find((f) => f.column_name === c)?.code ?? c).sort();
  }

  it('is built again when a text field is added, converted or deleted', async () => {
    const o = await makeObject('Fields change');
    await indexJobsDone();
    expect(await searchIndexed(o.id)).toEqual(['company', 'name', 'region']);

    const city = await ok<{ id: string }>(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'City',
      code: 'city',
      type: 'text',
    });
    await indexJobsDone();
    expect(await searchIndexed(o.id)).toEqual(['city', 'company', 'name', 'region']);

    // A text field made a number leaves the searched fields.
    await ok(t.app, u, 'fields.update', { id: city.id, type: 'integer' });
    await indexJobsDone();
    expect(await searchIndexed(o.id)).toEqual(['company', 'name', 'region']);

    const company = await t.app.db.kysely
      .selectFrom('pf_fields')
      .select('id')
      .where('object_id', '=', o.id)
      .where('code', '=', 'company')
      .executeTakeFirstOrThrow();
    await ok(t.app, u, 'fields.delete', { id: company.id });
    await indexJobsDone();
    expect(await searchIndexed(o.id)).toEqual(['name', 'region']);
    // The search still answers (from the new index): the names holding both words, and the
    // record numbered 7 (a number word also finds the record of that number).
    const found = await ok<{ rows: { values: { name: string } }[] }>(t.app, u, 'records.list', {
      objectId: o.id,
      search: 'zürich 7',
    });
    expect(found.rows.map((r) => r.values.name).sort()).toEqual([
      'Zürich 17',
      'Zürich 27',
      'Zürich 6',
      'Zürich 7',
    ]);
  }, 120_000);
});
