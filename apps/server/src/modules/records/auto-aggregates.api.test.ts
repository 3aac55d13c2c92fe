import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoIndexer } from '../../platform/auto-index.js';
import { dropIndex, listIndexes, type IndexInfo } from '../../platform/ddl.js';
import { MAX_VIEW_AGGREGATES } from '../../platform/index-policy.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import {
  expectNothingBuiltWhileOff,
  makeLeastRecentlyUsed,
} from '../../test/auto-index-helpers.js';
import { insertRecords, makeTestApp } from '../../test/helpers.js';
import { importCsv } from '../../test/import-helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';
import { rng } from '../../test/random.js';
import { lastGroupsStatement } from './records.service.js';

/**
 * Automatic aggregates (platform/auto-index.ts): a group-by users run twice without saving a
 * grouped view gets, in the background, the maintained aggregate a grouped view of it would —
 * marked automatic, answering the same as the records after every kind of write, within the
 * object's limit of aggregates, giving way to views' and becoming a view's that wants it,
 * dropped with its fields and when unused, and never built while turned off.
 */
const ROWS = 3000;
const KINDS = ['Gas', 'Öl', 'Strom', 'вода', 'x'];
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
let table: string;
const sqlite = !process.env.TEST_DATABASE_URL;
const fieldIds: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp({ autoIndexes: { enabled: true, minRows: 1000 } });
  u = await registerUser(t.app);
  const o = await ok<{ id: string; tableName: string }>(t.app, u, 'objects.create', {
    name: 'Meters',
  });
  objectId = o.id;
  table = o.tableName;
  for (const [code, type, options] of [
    ['amount', 'integer', {}],
    ['qty', 'integer', {}],
    ['kind', 'select', { choices: KINDS.map((value) => ({ value })) }],
    ['region', 'text', {}],
    ['site', 'text', {}],
  ] as const) {
    const f = await ok<{ id: string }>(t.app, u, 'fields.create', {
      objectId,
      name: code,
      code,
      type,
      options,
    });
    fieldIds[code] = f.id;
  }
  const random = rng(5);
  const now = new Date().toISOString();
  await insertRecords(
    t.app.db.kysely,
    objectId,
    ['created_at', 'updated_at', 'name', 'amount', 'qty', 'kind', 'region', 'site'],
    ROWS,
    (n) => [
      now,
      now,
      `Meter ${n}`,
      random() < 0.1 ? null : Math.floor(random() * 10_000) - 2000,
      random() < 0.1 ? null : Math.floor(random() * 100),
      random() < 0.1 ? null : KINDS[n % KINDS.length],
      `R${n % 4}`,
      `S${n % 9}`,
    ],
  );
}, 120_000);
afterAll(async () => t.cleanup());

type Groups = { groups: { key: unknown; count: number; aggregates: unknown[] }[] };
const byKind = {
  isActive: true,
  groups: [
    {
      field: 'kind',
      aggregates: [
        { field: 'amount', fn: 'sum' },
        { field: 'amount', fn: 'avg' },
        { field: 'qty', fn: 'count' },
      ],
    },
  ],
};
const byRegionKind = {
  isActive: true,
  groups: [
    { field: 'region', aggregates: [{ field: 'qty', fn: 'sum' }] },
    { field: 'kind', aggregates: [] },
  ],
};

async function groups(input: Record<string, unknown>): Promise<Groups> {
  const res = await ok<Groups>(t.app, u, 'records.groups', { objectId, ...input });
  await t.app.jobs.idle();
  return res;
}

/**
 * The same group-by read from the records: a condition on the record number (true of every
 * record) keeps any summary out, and the indexer is off meanwhile (this shape learns nothing).
 */
async function fromRecords(input: {
  groupby: unknown;
  filter?: ReturnType<typeof group>;
  orderby?: unknown;
}) {
  const indexer = autoIndexer(t.app.db);
  if (!indexer) throw new Error('no indexer');
  indexer.settings.enabled = false;
  try {
    const f = input.filter ?? group(AND, []);
    return await ok<Groups>(t.app, u, 'records.groups', {
      objectId,
      groupby: input.groupby,
      filter: group(AND, [], [f, group(AND, [{ field: 'id', op: 'gt', value: 0 }])]),
      ...(input.orderby ? { orderby: input.orderby } : {}),
    });
  } finally {
    indexer.settings.enabled = true;
  }
}

const indexes = () => listIndexes(t.app.db.kysely, objectId);
const automatic = async (): Promise<IndexInfo[]> => (await indexes()).filter((ix) => ix.automatic);
const aggregates = async () => (await indexes()).filter((ix) => ix.kind === 'aggregate');
const columnOf = async (code: string) =>
  (
    await t.app.db.kysely
      .selectFrom('pf_fields')
      .select('column_name')
      .where('id', '=', fieldIds[code] as string)
      .executeTakeFirstOrThrow()
  ).column_name;
/**
 * SQLite: how the statement the last group-by read the records with is planned — its plan's
 * text, and whether any of its steps reads a column of the record table rather than of an index
 * entry.
 */
async function lastGroupsPlan(): Promise<{ plan: string; readsTable: boolean }> {
  const { sql: text, parameters = [] } = lastGroupsStatement;
  if (!text) throw new Error('no group-by read the records');
  const k = t.app.db.kysely;
  const run = async <R>(prefix: string) =>
    (await k.executeQuery<R>(CompiledQuery.raw(`${prefix} ${text}`, [...parameters]))).rows;
  const plan = (await run<{ detail: string }>('explain query plan')).map((r) => r.detail);
  const code = await run<{ opcode: string; p1: number; p2: number }>('explain');
  const { rows } = await sql<{
    rootpage: number;
  }>`select rootpage from sqlite_master where name = ${table}`.execute(k);
  const cursors = new Set(
    code.filter((r) => r.opcode === 'OpenRead' && r.p2 === rows[0]?.rootpage).map((r) => r.p1),
  );
  return {
    plan: plan.join('\n'),
    readsTable: code.some((r) => r.opcode === 'Column' && cursors.has(r.p1)),
  };
}

/** Adds `n` to the live counts of a summary directly (no write through the API). */
const shift = async (name: string, n: number) => {
  await sql`update ${sql.id(name)} set cnt = cnt + ${n} where d = 0`.execute(t.app.db.kysely);
};

describe('automatic aggregates', () => {
  it('builds nothing while turned off', async () => {
    await expectNothingBuiltWhileOff(t.app, objectId, () => groups({ groupby: byKind }));
  });

  it('gives a group-by read twice its maintained aggregate and covering index, and reads the next from it', async () => {
    const first = await groups({ groupby: byKind });
    expect(first.groups.length).toBe(KINDS.length + 1);
    // Seen once: nothing yet.
    expect(await automatic()).toEqual([]);
    const second = await groups({ groupby: byKind });
    expect(second).toEqual(first);
    const kind = await columnOf('kind');
    const amount = await columnOf('amount');
    const qty = await columnOf('qty');
    const built = await automatic();
    const shapes = built.map((ix) => `${ix.kind}:${ix.columns.map((c) => c.column).join(',')}`);
    // What a grouped view of it gets: its summary of counts and sums by kind, and the index of
    // the group field then the aggregated fields.
    expect(shapes).toContain(`aggregate:${kind},${amount},${qty}`);
    expect(shapes).toContain(`btree:${kind},${amount},${qty},id`);
    // The job knows the shape, not a value.
    const jobs = await t.app.db.kysely
      .selectFrom('pf_jobs')
      .select(['params', 'status'])
      .where('kind', '=', 'index')
      .execute();
    expect(jobs.map((j) => j.status)).toEqual(['succeeded']);
    // The next group-by is read from the summary: changing it directly changes the answer.
    const name = built.find((ix) => ix.kind === 'aggregate')?.name as string;
    await shift(name, 1000);
    const tampered = await groups({ groupby: byKind });
    await shift(name, -1000);
    for (const g of first.groups) {
      const now = tampered.groups.find((x) => JSON.stringify(x.key) === JSON.stringify(g.key));
      expect(now?.count).toBe(g.count + 1000);
    }
    expect(await groups({ groupby: byKind })).toEqual(await fromRecords({ groupby: byKind }));
    // So is the same group-by filtered by its group field.
    const gas = {
      groupby: byKind,
      filter: group(AND, [{ field: 'kind', op: 'eq', value: 'Gas' }]),
    };
    expect(await groups(gas)).toEqual(await fromRecords(gas));
    // Its reads mark it used (what the sweep of unused ones goes by).
    const used = await t.app.db.kysely
      .selectFrom('pf_indexes')
      .select('used_at')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(used.used_at).not.toBeNull();
  });

  it('gives a group-by no summary answers only its covering index, which SQLite groups by without reading the table', async () => {
    const byRegionMax = {
      isActive: true,
      groups: [{ field: 'region', aggregates: [{ field: 'qty', fn: 'max' }] }],
    };
    const first = await groups({ groupby: byRegionMax });
    await groups({ groupby: byRegionMax });
    const region = await columnOf('region');
    const qty = await columnOf('qty');
    const built = (await automatic()).filter((ix) => ix.columns[0]?.column === region);
    // A maximum cannot be kept under deletes: no summary, the covering index alone.
    expect(built.map((ix) => `${ix.kind}:${ix.columns.map((c) => c.column).join(',')}`)).toEqual([
      `btree:${region},${qty},id`,
    ]);
    expect(await groups({ groupby: byRegionMax })).toEqual(first);
    if (sqlite) {
      // The statement records.groups runs for it, planned by SQLite as it likes: it walks the
      // index in group order (no sort) and reads every value from the index entry (the table
      // row is sought only on demand, `DeferredSeek`, and never asked for).
      const statement = sql`select ${sql.id(region)} as g0, count(*) as n, max(${sql.id(qty)}) as a0 from ${sql.id(table)} where deleted_at is null group by ${sql.id(region)} order by ${sql.id(region)} asc limit 1001`;
      const { rows: plan } = await sql<{
        detail: string;
      }>`explain query plan ${statement}`.execute(t.app.db.kysely);
      const text = plan.map((r) => r.detail).join('\n');
      expect(text).toContain(`USING INDEX ${built[0]?.name}`);
      expect(text).not.toContain('TEMP B-TREE');
      const { rows: code } = await sql<{
        opcode: string;
        p1: number;
      }>`explain ${statement}`.execute(t.app.db.kysely);
      const index = code.find((r) => r.opcode === 'DeferredSeek')?.p1;
      const reads = code.filter((r) => r.opcode === 'Column');
      expect(reads.length).toBeGreaterThan(0);
      for (const r of reads) expect(r.p1).toBe(index);
    }
  });

  it('groups by the covering index also beside indexes that start with the group field without the aggregated one, answering the same', async () => {
    const byRegionMax = {
      isActive: true,
      groups: [
        {
          field: 'region',
          aggregates: [
            { field: 'qty', fn: 'max' },
            { field: 'qty', fn: 'sum' },
          ],
        },
      ],
    };
    // Read twice: its covering index (no summary keeps a maximum). Then the grid's page and total
    // filtered by a region and sorted by amount, read twice: their automatic indexes start with
    // region and hold no qty.
    await groups({ groupby: byRegionMax });
    await groups({ groupby: byRegionMax });
    const inRegion = group(AND, [{ field: 'region', op: 'eq', value: 'R1' }]);
    for (let i = 0; i < 2; i++) {
      await ok(t.app, u, 'records.list', {
        objectId,
        filter: inRegion,
        orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
      });
      await ok(t.app, u, 'records.count', { objectId, filter: inRegion });
      await t.app.jobs.idle();
    }
    const region = await columnOf('region');
    const qty = await columnOf('qty');
    const leading = (await indexes()).filter(
      (ix) => ix.kind === 'btree' && ix.columns[0]?.column === region,
    );
    const holdsQty = (ix: IndexInfo) => ix.columns.some((c) => c.column === qty);
    expect(leading.filter((ix) => !holdsQty(ix)).length).toBeGreaterThan(0);
    const covering = leading.find(holdsQty);
    expect(covering?.columns.map((c) => c.column)).toEqual([region, qty, 'id']);
    const inRegions = group(AND, [{ field: 'region', op: 'in', value: ['R1', 'R3'] }]);
    const same = async () => {
      for (const filter of [undefined, inRegions]) {
        const want = await fromRecords({ groupby: byRegionMax, filter });
        lastGroupsStatement.sql = undefined;
        expect(await groups({ groupby: byRegionMax, filter })).toEqual(want);
        if (sqlite) {
          // Read from the covering index's entries in group order: no record read, no sort.
          const { plan, readsTable } = await lastGroupsPlan();
          expect(plan).toContain(`USING INDEX ${covering?.name}`);
          expect(plan).not.toContain('TEMP B-TREE');
          expect(readsTable).toBe(false);
        }
      }
      // Groups in descending order: the index walked backwards.
      const orderby = { isActive: true, sorts: [{ field: 'region', dir: 'desc' }] };
      const want = await fromRecords({ groupby: byRegionMax, orderby });
      lastGroupsStatement.sql = undefined;
      expect(await groups({ groupby: byRegionMax, orderby })).toEqual(want);
      if (sqlite) expect(lastGroupsStatement.sql).toContain('indexed by');
    };
    await same();
    await ok(t.app, u, 'records.create', {
      objectId,
      values: { name: 'new', qty: 1000, region: 'R1' },
    });
    await ok(t.app, u, 'records.update', { objectId, id: 7, values: { region: 'R3', qty: 2 } });
    await ok(t.app, u, 'records.update', { objectId, id: 8, values: { qty: null } });
    await same();
    const ids = [30, 31, 32, 33, 34, 35];
    await ok(t.app, u, 'records.delete', { objectId, ids });
    await same();
    await ok(t.app, u, 'records.restore', { objectId, ids: ids.slice(0, 3) });
    await same();
    if (sqlite) {
      // The covering index dropped after the group-by learnt of it (a view deleted, a large
      // import begun meanwhile): answered as without it.
      const name = covering?.name as string;
      await ok(t.app, u, 'records.update', { objectId, id: 9, values: { qty: 77 } });
      const want = await fromRecords({ groupby: byRegionMax });
      await sql`drop index ${sql.id(name)}`.execute(t.app.db.kysely);
      expect(await groups({ groupby: byRegionMax })).toEqual(want);
      await dropIndex(t.app.db.kysely, t.app.db.dialect, name);
    }
  });

  it('gives a group-by filtered by equality on another field an index of that field, the group and the aggregated fields, read without the table', async () => {
    const bySiteMax = {
      isActive: true,
      groups: [{ field: 'site', aggregates: [{ field: 'amount', fn: 'max' }] }],
    };
    const ofKind = group(AND, [{ field: 'kind', op: 'eq', value: 'Gas' }]);
    await groups({ groupby: bySiteMax, filter: ofKind });
    await groups({ groupby: bySiteMax, filter: ofKind });
    const [kind, site, amount] = await Promise.all(['kind', 'site', 'amount'].map(columnOf));
    const built = (await automatic()).find(
      (ix) => ix.columns[0]?.column === kind && ix.columns[1]?.column === site,
    );
    // The kind's entries, each with its site and amount: no record is read (SQLite sorts the
    // matching entries by site, as an index starting with the site lacks the amount).
    expect(built?.columns.map((c) => c.column)).toEqual([kind, site, 'id', amount]);
    const same = async () => {
      for (const value of ['Gas', 'вода']) {
        const filter = group(AND, [{ field: 'kind', op: 'eq', value }]);
        const want = await fromRecords({ groupby: bySiteMax, filter });
        lastGroupsStatement.sql = undefined;
        expect(await groups({ groupby: bySiteMax, filter })).toEqual(want);
        if (sqlite) {
          const { plan, readsTable } = await lastGroupsPlan();
          expect(plan).toContain(`USING INDEX ${built?.name}`);
          expect(readsTable).toBe(false);
        }
      }
    };
    await same();
    await ok(t.app, u, 'records.create', {
      objectId,
      values: { name: 'gas', amount: 99_999, kind: 'Gas', site: 'S1' },
    });
    await ok(t.app, u, 'records.update', { objectId, id: 11, values: { kind: 'Gas', amount: 5 } });
    await ok(t.app, u, 'records.delete', { objectId, ids: [12, 13] });
    await same();
  });

  it('answers the same as the records after creates, updates, deletes, restores, bulk writes and an import', async () => {
    const filtered = {
      groupby: byKind,
      filter: group(AND, [{ field: 'kind', op: 'in', value: ['Gas', 'Strom'] }]),
    };
    const same = async () => {
      for (const input of [{ groupby: byKind }, filtered]) {
        const want = await fromRecords(input);
        expect(await groups(input)).toEqual(want);
      }
      // Still the automatic summary's answers.
      expect((await aggregates()).filter((ix) => ix.automatic)).toHaveLength(1);
    };
    await same();
    await ok(t.app, u, 'records.create', {
      objectId,
      values: { name: 'new', amount: 123456, qty: 7, kind: 'Gas' },
    });
    await same();
    await ok(t.app, u, 'records.update', { objectId, id: 3, values: { kind: 'Öl', amount: -5 } });
    await ok(t.app, u, 'records.update', { objectId, id: 4, values: { amount: null } });
    await same();
    const ids = [10, 11, 12, 13, 14, 15];
    await ok(t.app, u, 'records.delete', { objectId, ids });
    await same();
    await ok(t.app, u, 'records.restore', { objectId, ids: ids.slice(0, 3) });
    await same();
    await ok(t.app, u, 'records.createMany', {
      objectId,
      rows: Array.from({ length: 40 }, (_, i) => ({
        name: `bulk ${i}`,
        amount: i * 37 - 300,
        qty: i % 5,
        kind: KINDS[i % KINDS.length],
      })),
    });
    await ok(t.app, u, 'records.upsertMany', {
      objectId,
      key: 'id',
      rows: [
        { id: 20, kind: 'x', amount: 99 },
        { id: 21, kind: null },
        { name: 'upserted', kind: 'вода', amount: 1 },
      ],
    });
    await same();
    const csv = [
      'name,amount,qty,kind',
      ...Array.from({ length: 30 }, (_, i) => `imported ${i},${i * 11},${i % 3},${KINDS[i % 5]}`),
    ].join('\n');
    await importCsv(t, u, objectId, csv, { mode: 'append' });
    await same();
  }, 120_000);

  it('keeps to the object’s limit of aggregates; a view’s evicts the least recently used, and adopts one it wants', async () => {
    const shapes = [
      byRegionKind,
      {
        isActive: true,
        groups: [{ field: 'site', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
      {
        isActive: true,
        groups: [
          { field: 'site', aggregates: [] },
          { field: 'region', aggregates: [{ field: 'amount', fn: 'avg' }] },
        ],
      },
      {
        isActive: true,
        groups: [{ field: 'region', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    ];
    for (const groupby of shapes) {
      await groups({ groupby });
      await groups({ groupby });
    }
    const all = await aggregates();
    expect(all).toHaveLength(MAX_VIEW_AGGREGATES);
    // At the limit, a new shape gets no summary (automatic ones never make room).
    const other = {
      isActive: true,
      groups: [{ field: 'qty', aggregates: [{ field: 'amount', fn: 'sum' }] }],
    };
    await groups({ groupby: other });
    await groups({ groupby: other });
    expect((await aggregates()).map((ix) => ix.name).sort()).toEqual(
      all.map((ix) => ix.name).sort(),
    );
    // A grouped view of a new shape makes room: the least recently used automatic summary goes.
    const region = await columnOf('region');
    const kind = await columnOf('kind');
    const oldest = all.find(
      (ix) => ix.columns[0]?.column === region && ix.columns[1]?.column === kind,
    );
    expect(oldest?.automatic).toBe(true);
    await makeLeastRecentlyUsed(t.app, oldest?.name ?? '');
    const view = (groupby: unknown) => ({
      filter: group(AND, []),
      orderby: { isActive: false, sorts: [] },
      groupby,
      search: '',
    });
    await ok(t.app, u, 'views.save', { objectId, name: 'By qty', definition: view(other) });
    await t.app.jobs.idle();
    const after = await aggregates();
    expect(after).toHaveLength(MAX_VIEW_AGGREGATES);
    expect(after.map((ix) => ix.name)).not.toContain(oldest?.name);
    const qty = await columnOf('qty');
    const made = after.find((ix) => ix.columns[0]?.column === qty);
    expect(made?.automatic).toBe(false);
    // A grouped view that wants an automatic summary makes it its own (it no longer gives way).
    const byKindSummary = after.find((ix) => ix.automatic && ix.columns[0]?.column === kind);
    expect(byKindSummary).toBeDefined();
    await ok(t.app, u, 'views.save', { objectId, name: 'By kind', definition: view(byKind) });
    await t.app.jobs.idle();
    const adopted = (await aggregates()).find((ix) => ix.name === byKindSummary?.name);
    expect(adopted?.automatic).toBe(false);
    expect(await aggregates()).toHaveLength(MAX_VIEW_AGGREGATES);
  });

  it('marks an automatic summary used when a group-by reads it, and drops it when unused for long', async () => {
    const indexer = autoIndexer(t.app.db);
    if (!indexer) throw new Error('no indexer');
    const autos = (await aggregates()).filter((ix) => ix.automatic);
    expect(autos.length).toBeGreaterThan(0);
    expect(await indexer.sweep()).toEqual([]);
    const dropped = await indexer.sweep(Date.now() + indexer.settings.idleMs + 86_400_000);
    for (const ix of autos) expect(dropped).toContain(ix.name);
    expect((await aggregates()).filter((ix) => ix.automatic)).toEqual([]);
    if (sqlite) {
      const { rows } = await sql<{
        name: string;
      }>`select name from sqlite_master where name in (${sql.join(autos.map((ix) => ix.name))}) or tbl_name in (${sql.join(autos.map((ix) => ix.name))})`.execute(
        t.app.db.kysely,
      );
      expect(rows).toEqual([]);
    }
    // Views' summaries stay.
    expect(await aggregates()).toHaveLength(2);
  });

  it('drops a field’s automatic summaries, their tables and triggers with the field', async () => {
    const bySite = {
      isActive: true,
      groups: [{ field: 'site', aggregates: [{ field: 'qty', fn: 'sum' }] }],
    };
    await groups({ groupby: bySite });
    await groups({ groupby: bySite });
    const site = await columnOf('site');
    const made = (await aggregates()).filter(
      (ix) => ix.automatic && ix.columns[0]?.column === site,
    );
    expect(made).toHaveLength(1);
    const name = made[0]?.name as string;
    await ok(t.app, u, 'fields.delete', { id: fieldIds.site });
    expect((await indexes()).map((ix) => ix.name)).not.toContain(name);
    const gone = sqlite
      ? await sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where name = ${name} or name like ${`${name}_%`}`.execute(
          t.app.db.kysely,
        )
      : await sql<{
          n: number;
        }>`select count(*) as n from pg_class where relname = ${name}`.execute(t.app.db.kysely);
    expect(Number(gone.rows[0]?.n)).toBe(0);
    // Writes go on without it.
    await ok(t.app, u, 'records.update', { objectId, id: 5, values: { qty: 3 } });
    expect(await groups({ groupby: byKind })).toEqual(await fromRecords({ groupby: byKind }));
  });
});
