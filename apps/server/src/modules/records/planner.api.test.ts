import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCache } from '../../platform/cache.js';
import { dropIndex, listIndexes } from '../../platform/ddl.js';
import { countRowVisits } from '../../platform/planner.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { insertRecords, makeTestApp } from '../../test/helpers.js';
import { rng } from '../../test/random.js';
import { AND, OR, group, ok } from '../../test/qry-helpers.js';

/**
 * Saving a view never makes its page slower. Measured as rows visited (SQLite counts every row
 * a page query reads through `pf_visit()`, see platform/planner.ts), not time: the same page is
 * read before its view is saved and after (its indexes made), with the total known as the grid
 * has it, and after must not visit more rows than before. Before, the filter's own indexes
 * exist already (a view of the same filter without its sort was saved first): the risk is the
 * sort index a view adds, walked in sort order while the filter's index would read fewer rows.
 */
const ROWS = 20_000;
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
const sqlite = !process.env.TEST_DATABASE_URL;
/** Field code → its column. */
const columns: Record<string, string> = {};
const columnOf = (code: string) => columns[code] as string;

const COMPANIES = ['Müller GmbH', 'Acme Corp', 'Globex', 'Initech', 'Ромашка', 'Café Zürich'];

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  const o = await ok<{ id: string; tableName: string }>(t.app, u, 'objects.create', {
    name: 'Ledger',
  });
  objectId = o.id;
  for (const [code, type, options] of [
    ['amount', 'decimal', {}],
    ['category', 'select', { choices: Array.from({ length: 10 }, (_, i) => ({ value: `c${i}` })) }],
    ['company', 'text', {}],
    ['day', 'date', {}],
    ['qty', 'integer', {}],
  ] as const) {
    await ok(t.app, u, 'fields.create', { objectId, name: code, code, type, options });
  }
  const meta = await ok<{ fields: { code: string; id: string }[] }>(t.app, u, 'objects.get', {
    id: objectId,
  });
  const rows = await t.app.db.kysely
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', objectId)
    .execute();
  for (const r of rows) columns[r.code] = r.column_name;
  expect(meta.fields.length).toBe(6);
  const random = rng(3);
  const stored = (units: number) => (sqlite ? units : (units / 100).toFixed(2));
  const now = new Date().toISOString();
  await insertRecords(
    t.app.db.kysely,
    objectId,
    ['created_at', 'updated_at', 'name', 'amount', 'category', 'company', 'day', 'qty'],
    ROWS,
    (n) => {
      const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 730) * 86_400_000);
      return [
        now,
        now,
        `Entry ${n + 1}`,
        // Amounts of 0.00–10,000.00 as the column stores them (scale 2): SQLite integer units,
        // PostgreSQL numeric text.
        stored(Math.round(random() * 1_000_000)),
        `c${Math.floor(random() * 10)}`,
        `${COMPANIES[Math.floor(random() * COMPANIES.length)]} ${n % 97}`,
        day.toISOString().slice(0, 10),
        random() < 0.05 ? null : Math.floor(random() * 100),
      ];
    },
  );
  countRowVisits(true);
}, 120_000);
afterAll(async () => {
  countRowVisits(false);
  await t.cleanup();
});

const by = (field: string, dir = 'asc') => ({ isActive: true, sorts: [{ field, dir }] });
const noGroups = { isActive: false, groups: [] };

interface Case {
  name: string;
  filter?: ReturnType<typeof group>;
  search?: string;
  orderby: ReturnType<typeof by>;
  offset?: number;
  /** Views saved before the measured "before". */
  first?: { filter?: ReturnType<typeof group>; orderby: ReturnType<typeof by> }[];
}

const CASES: Case[] = [
  {
    name: 'equality',
    filter: group(AND, [{ field: 'category', op: 'eq', value: 'c3' }]),
    orderby: by('amount', 'desc'),
  },
  {
    name: 'range',
    filter: group(AND, [{ field: 'amount', op: 'between', value: [2000, 2500] }]),
    orderby: by('day'),
  },
  {
    name: 'in',
    filter: group(AND, [{ field: 'category', op: 'in', value: ['c1', 'c4', 'c7'] }]),
    orderby: by('qty'),
  },
  {
    name: 'substring',
    filter: group(AND, [{ field: 'company', op: 'contains', value: 'ller' }]),
    orderby: by('amount'),
  },
  {
    name: 'substring rare',
    filter: group(AND, [{ field: 'name', op: 'contains', value: '4567' }]),
    orderby: by('qty', 'desc'),
  },
  { name: 'search', search: 'zürich 42', orderby: by('day', 'desc') },
  { name: 'empty', filter: group(AND, [{ field: 'qty', op: 'is_empty' }]), orderby: by('amount') },
  {
    name: 'range and substring',
    filter: group(AND, [
      { field: 'amount', op: 'between', value: [1000, 6000] },
      { field: 'company', op: 'contains', value: 'acme' },
    ]),
    orderby: by('qty'),
  },
  {
    name: 'or',
    filter: group(OR, [
      { field: 'category', op: 'eq', value: 'c1' },
      { field: 'company', op: 'starts_with', value: 'glob' },
    ]),
    orderby: by('day'),
  },
  {
    name: 'narrow range, then a sort index',
    filter: group(AND, [{ field: 'amount', op: 'between', value: [100, 110] }]),
    orderby: by('day', 'desc'),
    first: [
      { filter: group(AND, [{ field: 'amount', op: 'gt', value: 0 }]), orderby: by('amount') },
    ],
  },
  {
    name: 'deep page',
    filter: group(AND, [{ field: 'category', op: 'eq', value: 'c5' }]),
    orderby: by('qty'),
    offset: 1500,
  },
];

async function visitsOf(c: Case): Promise<{ visits: number; ids: number[] }> {
  const input = {
    objectId,
    ...(c.filter ? { filter: c.filter } : {}),
    ...(c.search ? { search: c.search } : {}),
  };
  // The grid asks for the total beside the page: the planner then knows the matches.
  await ok(t.app, u, 'records.count', input);
  const before = t.app.db.rowVisits?.() ?? 0;
  const page = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
    ...input,
    orderby: c.orderby,
    offset: c.offset ?? 0,
    limit: 50,
  });
  return { visits: (t.app.db.rowVisits?.() ?? 0) - before, ids: page.rows.map((r) => r.id) };
}

async function save(name: string, v: { filter?: unknown; orderby: unknown; search?: string }) {
  await ok(t.app, u, 'views.save', {
    objectId,
    name,
    definition: {
      filter: v.filter ?? group(AND, []),
      orderby: v.orderby,
      groupby: noGroups,
      search: v.search ?? '',
    },
  });
  await t.app.jobs.idle();
}

describe.runIf(sqlite)('saving a view never makes its page slower (rows visited)', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      // Each case starts from the indexes its own earlier views make, not from other cases'.
      for (const ix of await listIndexes(t.app.db.kysely, objectId))
        if (ix.name.startsWith('vx_')) await dropIndex(t.app.db.kysely, t.app.db.dialect, ix.name);
      const first = [
        ...(c.first ?? []),
        { filter: c.filter, search: c.search, orderby: { isActive: false, sorts: [] } },
      ];
      for (const [i, v] of first.entries()) await save(`${c.name} first ${i}`, v);
      const before = await visitsOf(c);
      await save(c.name, c);
      const after = await visitsOf(c);
      expect(after.ids).toEqual(before.ids);
      expect(before.visits).toBeGreaterThan(0);
      expect(after.visits, `before ${before.visits}, after ${after.visits}`).toBeLessThanOrEqual(
        before.visits,
      );
      // Without the total at hand the planner walks a bounded stretch first: never far worse.
      clearCache(t.app.db);
      const start = t.app.db.rowVisits?.() ?? 0;
      await ok(t.app, u, 'records.list', {
        objectId,
        ...(c.filter ? { filter: c.filter } : {}),
        ...(c.search ? { search: c.search } : {}),
        orderby: c.orderby,
        offset: c.offset ?? 0,
        limit: 50,
      });
      const cold = (t.app.db.rowVisits?.() ?? 0) - start;
      const need = (c.offset ?? 0) + 51;
      expect(cold).toBeLessThanOrEqual(before.visits + 44 * need);
    });
  }
});

describe("a saved view's sort index and the columns its filter tests", () => {
  it('carries them after the sort keys (walks test the filter on the index entry): on PostgreSQL those it compares', async () => {
    const filter = group(AND, [
      { field: 'amount', op: 'between', value: [1000, 6000] },
      { field: 'company', op: 'contains', value: 'acme' },
    ]);
    const before = await visitsOf({ name: 'carried', filter, orderby: by('qty', 'desc') });
    await save('carried columns', { filter, orderby: by('qty', 'desc') });
    const after = await visitsOf({ name: 'carried', filter, orderby: by('qty', 'desc') });
    expect(after.ids).toEqual(before.ids);
    expect(after.ids.length).toBeGreaterThan(0);
    const cols = (await listIndexes(t.app.db.kysely, objectId))
      .filter((ix) => ix.kind === 'btree')
      .map((ix) => ix.columns.map((c) => `${c.column}${c.desc ? ' desc' : ''}`).join(','));
    const qty = columnOf('qty');
    // PostgreSQL tests a range on the entry (an index condition), not an ILIKE.
    const tested = sqlite ? `${columnOf('amount')},${columnOf('company')}` : columnOf('amount');
    expect(cols).toContain(`${qty} desc,id desc,${tested}`);
    // The narrower sort index is not made beside it.
    expect(cols).not.toContain(`${qty} desc,id desc`);
  });

  it('on PostgreSQL, not the columns of alternatives, of in-lists or of texts', async () => {
    const filter = group(
      AND,
      [
        { field: 'category', op: 'in', value: ['c1', 'c2', 'c3', 'c4', 'c5'] },
        { field: 'company', op: 'gte', value: 'Globex' },
      ],
      [
        group(OR, [
          { field: 'amount', op: 'gt', value: 9000 },
          { field: 'qty', op: 'lt', value: 3 },
        ]),
        group(AND, [{ field: 'qty', op: 'gte', value: 10 }]),
      ],
    );
    const before = await visitsOf({ name: 'not carried', filter, orderby: by('day') });
    await save('not carried', { filter, orderby: by('day') });
    const after = await visitsOf({ name: 'not carried', filter, orderby: by('day') });
    expect(after.ids).toEqual(before.ids);
    expect(after.ids.length).toBeGreaterThan(0);
    const cols = (await listIndexes(t.app.db.kysely, objectId))
      .filter((ix) => ix.kind === 'btree')
      .map((ix) => ix.columns.map((c) => `${c.column}${c.desc ? ' desc' : ''}`).join(','));
    const day = columnOf('day');
    const tested = sqlite
      ? ['category', 'company', 'amount'].map(columnOf).join(',')
      : columnOf('qty');
    expect(cols).toContain(`${day},id,${tested}`);
  });
});

describe.runIf(sqlite)('a sort index dropped after the page learnt of it', () => {
  it('reads the page as without it instead of failing', async () => {
    for (const ix of await listIndexes(t.app.db.kysely, objectId))
      if (ix.name.startsWith('vx_')) await dropIndex(t.app.db.kysely, t.app.db.dialect, ix.name);
    const c: Case = {
      name: 'dropped',
      filter: group(AND, [{ field: 'amount', op: 'gte', value: 2000 }]),
      orderby: by('qty', 'desc'),
    };
    await save('dropped', c);
    const sortIndex = (await listIndexes(t.app.db.kysely, objectId)).find(
      (ix) => ix.kind === 'btree' && ix.columns[0]?.column === columnOf('qty'),
    );
    expect(sortIndex).toBeDefined();
    const want = await visitsOf(c);
    expect(want.ids).toHaveLength(50);
    // Dropped behind the platform's back (a view deleted, a large import begun meanwhile).
    await sql`drop index ${sql.id(sortIndex?.name as string)}`.execute(t.app.db.kysely);
    expect((await visitsOf(c)).ids).toEqual(want.ids);
    await dropIndex(t.app.db.kysely, t.app.db.dialect, sortIndex?.name as string);
  });
});
