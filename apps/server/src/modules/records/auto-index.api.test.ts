import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import { autoIndexer } from '../../platform/auto-index.js';
import { listIndexes, type IndexInfo } from '../../platform/ddl.js';
import { MAX_VIEW_INDEXES } from '../../platform/index-policy.js';
import { countRowVisits } from '../../platform/planner.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import {
  expectNothingBuiltWhileOff,
  makeLeastRecentlyUsed,
} from '../../test/auto-index-helpers.js';
import { insertRecords, makeTestApp } from '../../test/helpers.js';
import { rng } from '../../test/random.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

/**
 * Automatic indexes (platform/auto-index.ts): a filter users run twice without saving a view
 * gets the indexes a view of it would, in the background; they are marked automatic, give way to
 * views' indexes, are dropped with their fields and when unused, and can be turned off.
 */
const ROWS = 3000;
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
let table: string;
const sqlite = !process.env.TEST_DATABASE_URL;
const columns: Record<string, string> = {};
const col = (code: string) => columns[code] as string;

beforeAll(async () => {
  t = await makeTestApp({ autoIndexes: { enabled: true, minRows: 1000 } });
  u = await registerUser(t.app);
  const o = await ok<{ id: string; tableName: string }>(t.app, u, 'objects.create', {
    name: 'Ledger',
  });
  objectId = o.id;
  table = o.tableName;
  for (const [code, type] of [
    ['amount', 'integer'],
    ['company', 'text'],
    ['day', 'date'],
    ['qty', 'integer'],
    ['kind', 'text'],
  ] as const)
    await ok(t.app, u, 'fields.create', { objectId, name: code, code, type });
  for (const r of await t.app.db.kysely
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', objectId)
    .execute())
    columns[r.code] = r.column_name;
  const random = rng(11);
  const now = new Date().toISOString();
  const names = ['Acme', 'Globex', 'Initech', 'Müller', 'Umbrella'];
  await insertRecords(
    t.app.db.kysely,
    objectId,
    ['created_at', 'updated_at', 'name', 'amount', 'company', 'day', 'qty', 'kind'],
    ROWS,
    (n) => [
      now,
      now,
      `Entry ${n}`,
      Math.floor(random() * 10_000),
      `${names[n % names.length]} ${n % 89}`,
      `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
      Math.floor(random() * 100),
      `k${n % 7}`,
    ],
  );
}, 120_000);
afterAll(async () => {
  countRowVisits(false);
  await t.cleanup();
});

const by = (field: string, dir: 'asc' | 'desc' = 'asc', ...more: [string, 'asc' | 'desc'][]) => ({
  isActive: true,
  sorts: [{ field, dir }, ...more.map(([f, d]) => ({ field: f, dir: d }))],
});
const filter = group(AND, [
  { field: 'amount', op: 'between', value: [2000, 2600] },
  { field: 'company', op: 'contains', value: 'acme' },
]);

const automatic = async (): Promise<IndexInfo[]> =>
  (await listIndexes(t.app.db.kysely, objectId)).filter((ix) => ix.automatic);
/** Indexes counted against the object's limit (not maintained aggregates). */
const counted = async () =>
  (await listIndexes(t.app.db.kysely, objectId)).filter((ix) => ix.kind !== 'aggregate');

async function page(input: Record<string, unknown>) {
  const before = t.app.db.rowVisits?.() ?? 0;
  const res = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
    objectId,
    limit: 50,
    ...input,
  });
  await t.app.jobs.idle();
  return { ids: res.rows.map((r) => r.id), visits: (t.app.db.rowVisits?.() ?? 0) - before };
}

/** The plan PostgreSQL makes for the page's statement when it may use any index it has. */
async function pgPlan(): Promise<string> {
  return t.app.db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{
      'QUERY PLAN': string;
    }>`explain select id from ${sql.id(table)} where deleted_at is null and ${sql.id(col('amount'))} between 2000 and 2600 order by ${sql.id(col('day'))}, id limit 51`.execute(
      trx,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('automatic indexes', () => {
  it('the off switch is AUTO_INDEXES (on by default)', () => {
    expect(loadConfig({}, { dataDir: t.config.dataDir }).autoIndexes).toEqual({
      enabled: true,
      minRows: 10_000,
    });
    expect(
      loadConfig(
        { AUTO_INDEXES: 'false', AUTO_INDEX_MIN_ROWS: '50' },
        { dataDir: t.config.dataDir },
      ).autoIndexes,
    ).toEqual({ enabled: false, minRows: 50 });
  });

  it('builds nothing while turned off', async () => {
    await expectNothingBuiltWhileOff(t.app, objectId, () => page({ filter, orderby: by('qty') }));
  });

  it('builds the indexes of a filter run twice, and the next page is read with them', async () => {
    countRowVisits(true);
    const first = await page({ filter, orderby: by('day') });
    // Seen once: nothing yet.
    expect(await automatic()).toEqual([]);
    const second = await page({ filter, orderby: by('day') });
    expect(second.ids).toEqual(first.ids);
    const built = await automatic();
    const shapes = built.map(
      (ix) => `${ix.kind}:${ix.columns.map((c) => `${c.column}${c.desc ? '-' : ''}`).join(',')}`,
    );
    // The sort index carrying the filter's columns (on PostgreSQL those it compares: not the
    // substring's), the range's index and the substring's trigram index: what a view of this
    // filter and sort gets.
    expect(shapes).toContain(
      sqlite
        ? `btree:${col('day')},id,${col('amount')},${col('company')}`
        : `btree:${col('day')},id,${col('amount')}`,
    );
    expect(shapes).toContain(`btree:${col('amount')},id`);
    expect(shapes).toContain(`trigram:${col('company')}`);
    // One job for the shape, though it was read three times.
    await page({ filter, orderby: by('day') });
    const jobs = await t.app.db.kysely
      .selectFrom('pf_jobs')
      .select(['params', 'status', 'created_by'])
      .where('kind', '=', 'index')
      .execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.status).toBe('succeeded');
    expect(jobs[0]?.created_by).toBeNull();
    // The job knows the shape, not the values users typed.
    expect(jobs[0]?.params).not.toContain('acme');
    expect(jobs[0]?.params).not.toContain('2600');
    const third = await page({ filter, orderby: by('day') });
    expect(third.ids).toEqual(first.ids);
    if (sqlite) {
      // Read without indexes, the page reads every record; with them, a few.
      expect(first.visits).toBeGreaterThanOrEqual(ROWS);
      expect(third.visits, `${first.visits} → ${third.visits}`).toBeLessThan(first.visits / 4);
    } else {
      const sortIndex = built.find((ix) => ix.columns[0]?.column === col('day'))?.name;
      const rangeIndex = built.find((ix) => ix.columns[0]?.column === col('amount'))?.name;
      const plan = await pgPlan();
      expect(
        [sortIndex, rangeIndex].some((n) => n && plan.includes(n)),
        plan,
      ).toBe(true);
    }
  });

  it('builds no index a longer one serves, and drops an automatic one a longer one now serves', async () => {
    const shortSort = { orderby: by('qty', 'desc') };
    await page(shortSort);
    await page(shortSort);
    const qtyDesc = (await automatic()).filter(
      (ix) => ix.columns[0]?.column === col('qty') && ix.columns[0]?.desc,
    );
    expect(qtyDesc.map((ix) => ix.columns.length)).toEqual([2]);
    // The same sort with a filter: its sort index carries the filter's columns (on PostgreSQL
    // the amount it compares, not the text) and starts with the shorter one, which goes.
    const longer = {
      filter: group(AND, [
        { field: 'kind', op: 'eq', value: 'k1' },
        { field: 'amount', op: 'gt', value: 9000 },
      ]),
      orderby: by('qty', 'desc'),
    };
    await page(longer);
    await page(longer);
    const after = (await automatic()).filter(
      (ix) => ix.columns[0]?.column === col('qty') && ix.columns[0]?.desc,
    );
    expect(after).toHaveLength(1);
    expect(after[0]?.columns.length).toBe(sqlite ? 4 : 3);
    // The short sort is served by it: read again, it asks for nothing.
    const jobs = async () =>
      (
        await t.app.db.kysely
          .selectFrom('pf_jobs')
          .select('id')
          .where('kind', '=', 'index')
          .execute()
      ).length;
    const n = await jobs();
    const indexer = autoIndexer(t.app.db);
    if (indexer) indexer.settings.retryMs = 0;
    try {
      await page(shortSort);
      await page(shortSort);
    } finally {
      if (indexer) indexer.settings.retryMs = 3_600_000;
    }
    expect(await jobs()).toBe(n);
  });

  it('notes nothing on a table below the size that matters', async () => {
    const indexer = autoIndexer(t.app.db);
    if (!indexer) throw new Error('no indexer');
    indexer.settings.minRows = ROWS * 10;
    try {
      for (let i = 0; i < 3; i++) await page({ orderby: by('updated_at', 'desc') });
      expect((await automatic()).some((ix) => ix.columns[0]?.column === 'updated_at')).toBe(false);
    } finally {
      indexer.settings.minRows = 1000;
    }
  });

  it('counts automatic indexes against the object’s limit; a view’s index evicts the least recently used', async () => {
    const sorts: ReturnType<typeof by>[] = [];
    for (const f of ['amount', 'qty', 'kind', 'company', 'name', 'day', 'updated_at'])
      for (const d of ['asc', 'desc'] as const) sorts.push(by(f, d));
    for (const f of ['amount', 'qty', 'company', 'name']) sorts.push(by(f, 'asc', ['day', 'desc']));
    for (const orderby of sorts) {
      if ((await counted()).length >= MAX_VIEW_INDEXES) break;
      await page({ orderby });
      await page({ orderby });
    }
    expect(await counted()).toHaveLength(MAX_VIEW_INDEXES);
    // At the limit, a new shape gets nothing (automatic indexes never make room).
    const full = (await counted()).map((ix) => ix.name).sort();
    const other = { orderby: by('kind', 'asc', ['qty', 'desc']) };
    await page(other);
    await page(other);
    expect((await counted()).map((ix) => ix.name).sort()).toEqual(full);
    // The least recently used automatic index gives way to a view's.
    const autos = await automatic();
    const oldest = autos.find((ix) => ix.columns[0]?.column === col('qty'));
    expect(oldest).toBeDefined();
    await makeLeastRecentlyUsed(t.app, oldest?.name ?? '');
    await ok(t.app, u, 'views.save', {
      objectId,
      name: 'By created',
      definition: {
        filter: group(AND, []),
        orderby: by('created_at', 'desc'),
        groupby: { isActive: false, groups: [] },
        search: '',
      },
    });
    await t.app.jobs.idle();
    const after = await listIndexes(t.app.db.kysely, objectId);
    expect(after.filter((ix) => ix.kind !== 'aggregate')).toHaveLength(MAX_VIEW_INDEXES);
    expect(after.map((ix) => ix.name)).not.toContain(oldest?.name);
    const view = after.find((ix) => ix.columns[0]?.column === 'created_at');
    expect(view?.automatic).toBe(false);
    // A view that wants automatic indexes makes them its own (they no longer give way), before
    // it makes room: the least recently used of them is not what goes.
    const wanted = after.filter(
      (ix) =>
        ix.automatic &&
        ((ix.kind === 'btree' &&
          ix.columns.map((c) => `${c.column}${c.desc ? '-' : ''}`).join() ===
            `${col('amount')},id`) ||
          (ix.kind === 'trigram' && ix.columns[0]?.column === col('company'))),
    );
    expect(wanted).toHaveLength(2);
    await t.app.db.kysely
      .updateTable('pf_indexes')
      .set({ used_at: '2019-01-01T00:00:00.000Z' })
      .where(
        'name',
        'in',
        wanted.map((ix) => ix.name),
      )
      .execute();
    await ok(t.app, u, 'views.save', {
      objectId,
      name: 'Acme by name, then day',
      definition: {
        filter,
        orderby: by('name', 'desc', ['day', 'asc']),
        groupby: { isActive: false, groups: [] },
        search: '',
      },
    });
    await t.app.jobs.idle();
    const now = await listIndexes(t.app.db.kysely, objectId);
    expect(now.filter((ix) => ix.kind !== 'aggregate')).toHaveLength(MAX_VIEW_INDEXES);
    const adopted = now.filter((ix) => wanted.some((w) => w.name === ix.name));
    expect(adopted).toHaveLength(wanted.length);
    for (const ix of adopted) expect(ix.automatic, ix.name).toBe(false);
    // Its own sort index was made in the room of another automatic one.
    expect(
      now.some(
        (ix) => ix.columns[0]?.column === col('name') && ix.columns[1]?.column === col('day'),
      ),
    ).toBe(true);
  });

  it('drops automatic indexes unused for long, and keeps views’ indexes', async () => {
    const indexer = autoIndexer(t.app.db);
    if (!indexer) throw new Error('no indexer');
    const autos = await automatic();
    expect(autos.length).toBeGreaterThan(0);
    // Used recently: kept.
    expect(await indexer.sweep()).toEqual([]);
    const dropped = await indexer.sweep(Date.now() + indexer.settings.idleMs + 86_400_000);
    expect(dropped.sort()).toEqual(autos.map((ix) => ix.name).sort());
    const left = await listIndexes(t.app.db.kysely, objectId);
    expect(left.filter((ix) => ix.automatic)).toEqual([]);
    expect(left.some((ix) => ix.columns[0]?.column === 'created_at')).toBe(true);
  });

  it('drops a field’s automatic indexes with the field', async () => {
    const f = {
      filter: group(AND, [{ field: 'kind', op: 'contains', value: 'k3' }]),
      orderby: by('qty'),
    };
    await page(f);
    await page(f);
    const kinds = (await automatic()).filter((ix) =>
      ix.columns.some((c) => c.column === col('kind')),
    );
    expect(kinds.map((ix) => ix.kind)).toContain('trigram');
    const id = (
      await t.app.db.kysely
        .selectFrom('pf_fields')
        .select('id')
        .where('object_id', '=', objectId)
        .where('code', '=', 'kind')
        .executeTakeFirstOrThrow()
    ).id;
    await ok(t.app, u, 'fields.delete', { id });
    const left = await listIndexes(t.app.db.kysely, objectId);
    expect(left.filter((ix) => ix.columns.some((c) => c.column === col('kind')))).toEqual([]);
    if (sqlite) {
      const { rows } = await sql<{
        name: string;
      }>`select name from sqlite_master where name in (${sql.join(kinds.map((ix) => ix.name))})`.execute(
        t.app.db.kysely,
      );
      expect(rows).toEqual([]);
    }
  });
});
