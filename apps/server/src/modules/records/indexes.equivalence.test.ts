import fc from 'fast-check';
import { sql } from 'kysely';
import { compactAggregate } from '../../platform/aggregates.js';
import { autoIndexer } from '../../platform/auto-index.js';
import { aggregatesOf, listIndexes, searchIndexOf, searchOptions } from '../../platform/ddl.js';
import {
  firstMatchKeeping,
  firstMatchStats,
  pageKeeping,
  searchMatchLimit,
  searchMatchStats,
} from '../../platform/planner.js';
import { compileWhere } from '../../platform/compiler.js';
import { loadObjectRows } from '../../platform/meta.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp, tableOfObject } from '../../test/helpers.js';
import { picker, rng } from '../../test/random.js';
import { importCsv } from '../../test/import-helpers.js';
import { AND, OR, group, ok } from '../../test/qry-helpers.js';
import { lastGroupsStatement } from './records.service.js';

/**
 * Indexes, caches and the planner never change an answer. Three objects hold the same records:
 * `plain` has no index at all, `indexed` has trigram indexes on every text field and B-tree
 * indexes from saved views, `learned` only the automatic indexes its own reads get
 * (platform/auto-index.ts: the views' shapes read twice first, then whatever the random queries
 * repeat — built in the background while the queries go on). Random queries (filters, search,
 * sorts, pages, states) must answer the same on all three, before and after the same writes,
 * deletes, restores, imports and field changes are applied to each.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const WORDS = [
  'Alpha',
  'alpha',
  'ÄRGER',
  'ärger',
  'Straße',
  'STRASSE',
  'Москва',
  'МОСКВА',
  'москва',
  'ΟΔΟΣ',
  'οδος',
  '日本語',
  '東京都',
  '100%',
  '50_off',
  'back\\slash',
  '"quoted"',
  "O'Brien",
  'İstanbul',
  'naïve',
  'NAÏVE',
  'café',
  'ﬁle',
  '\u212Aelvin',
  'Zürich',
  'zz',
  'a',
];
const KINDS = ['Gas', 'Öl', 'Strom', 'вода', 'x'];
const CODES = ['name', 'note', 'mail', 'kind', 'amount', 'qty', 'day', 'flag'] as const;
const TEXT_CODES = ['name', 'note', 'mail', 'kind'] as const;

const random = rng(7);
const pick = picker(random);
function phrase(): string {
  const n = 1 + Math.floor(random() * 3);
  return Array.from({ length: n }, () => pick(WORDS)).join(pick([' ', '-', '']));
}
function row(i: number): Record<string, unknown> {
  return {
    name: `${phrase()} ${i}`,
    note: random() < 0.2 ? null : `${phrase()} ${phrase()}`,
    mail: random() < 0.3 ? null : `${pick(['anna', 'Björn', 'oleg'])}${i}@example.com`,
    kind: random() < 0.15 ? null : pick(KINDS),
    amount: random() < 0.1 ? null : Math.round(random() * 100000) / 100,
    qty: random() < 0.1 ? null : Math.floor(random() * 50) - 10,
    day:
      random() < 0.1
        ? null
        : `2025-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-1${Math.floor(random() * 9)}`,
    flag: random() < 0.1 ? null : random() < 0.5,
  };
}

interface Obj {
  id: string;
  fields: Record<string, string>;
}
let plain: Obj;
let indexed: Obj;
let learned: Obj;

async function makeObject(name: string): Promise<Obj> {
  const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name });
  const fields: Record<string, string> = {};
  for (const [code, type, options] of [
    ['note', 'longtext', {}],
    ['mail', 'email', {}],
    ['kind', 'select', { choices: KINDS.map((value) => ({ value })) }],
    ['amount', 'money', {}],
    ['qty', 'integer', {}],
    ['day', 'date', {}],
    ['flag', 'boolean', {}],
  ] as const) {
    const f = await ok<{ id: string }>(t.app, u, 'fields.create', {
      objectId: o.id,
      name: code,
      code,
      type,
      options,
    });
    fields[code] = f.id;
  }
  return { id: o.id, fields };
}

async function both(op: string, input: (o: Obj) => Record<string, unknown>): Promise<void> {
  await ok(t.app, u, op, input(plain));
  await ok(t.app, u, op, input(indexed));
  await ok(t.app, u, op, input(learned));
}

/** Automatic indexes learn from `learned`'s reads only, and only while `learning` runs. */
async function learning<T>(run: () => Promise<T>): Promise<T> {
  const indexer = autoIndexer(t.app.db);
  if (!indexer) throw new Error('automatic indexes are off');
  indexer.settings.enabled = true;
  try {
    return await run();
  } finally {
    indexer.settings.enabled = false;
  }
}

/** Saved views on `indexed` whose indexes cover every field, sort and text condition. */
async function indexEverything(): Promise<void> {
  const views = [
    ...TEXT_CODES.map((code) => ({
      filter: group(AND, [{ field: code, op: 'contains', value: 'zzz' }]),
      orderby: { isActive: true, sorts: [{ field: code, dir: 'asc' }] },
    })),
    {
      filter: group(AND, [
        { field: 'kind', op: 'eq', value: 'Gas' },
        { field: 'amount', op: 'between', value: [1, 2] },
      ]),
      orderby: { isActive: true, sorts: [{ field: 'qty', dir: 'desc' }] },
    },
    {
      filter: group(AND, [{ field: 'day', op: 'gte', value: '2025-01-01' }]),
      orderby: { isActive: true, sorts: [{ field: 'amount', dir: 'asc' }] },
    },
    {
      filter: group(AND, [{ field: 'flag', op: 'eq', value: true }]),
      orderby: { isActive: false, sorts: [] },
      groupby: {
        isActive: true,
        groups: [{ field: 'kind', aggregates: [{ field: 'amount', fn: 'sum' }] }],
      },
    },
    // Its counts and sums maintained per kind and flag (platform/aggregates.ts).
    {
      filter: group(AND, []),
      orderby: { isActive: false, sorts: [] },
      groupby: {
        isActive: true,
        groups: [
          {
            field: 'kind',
            aggregates: [
              { field: 'amount', fn: 'avg' },
              { field: 'qty', fn: 'sum' },
            ],
          },
          { field: 'flag', aggregates: [{ field: 'qty', fn: 'count' }] },
        ],
      },
    },
  ];
  for (const [i, v] of views.entries()) {
    await ok(t.app, u, 'views.save', {
      objectId: indexed.id,
      name: `v${i}`,
      definition: { groupby: { isActive: false, groups: [] }, search: i === 0 ? 'x' : '', ...v },
    });
  }
  await t.app.jobs.idle();
  // The same shapes typed into `learned`'s grid twice, never saved (the grouped ones: their
  // group-bys).
  await learning(async () => {
    for (const [i, v] of views.entries()) {
      for (let n = 0; n < 2; n++)
        await ok(
          t.app,
          u,
          'groupby' in v ? 'records.groups' : 'records.list',
          'groupby' in v
            ? { objectId: learned.id, filter: v.filter, groupby: v.groupby }
            : {
                objectId: learned.id,
                filter: v.filter,
                orderby: v.orderby,
                ...(i === 0 ? { search: 'x' } : {}),
              },
        );
    }
  });
  await t.app.jobs.idle();
}

beforeAll(async () => {
  t = await makeTestApp({ autoIndexes: { enabled: true, minRows: 0 } });
  u = await registerUser(t.app);
  plain = await makeObject('Plain');
  indexed = await makeObject('Indexed');
  learned = await makeObject('Learned');
  const indexer = autoIndexer(t.app.db);
  if (indexer) indexer.settings.enabled = false;
  for (let i = 0; i < 240; i++) {
    const values = row(i);
    await both('records.create', (o) => ({ objectId: o.id, values }));
  }
  await indexEverything();
}, 120_000);
afterAll(async () => t.cleanup());

// ---- random queries --------------------------------------------------------------------------

/** A needle: a piece of a known word in random case, or something short or odd. */
const needle = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...WORDS),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('same', 'upper', 'lower'),
      )
      .map(([w, a, b, c]) => {
        const chars = Array.from(w);
        const from = a % chars.length;
        const to = Math.min(chars.length, from + 1 + (b % 6));
        const s = chars.slice(from, to).join('');
        return c === 'upper' ? s.toUpperCase() : c === 'lower' ? s.toLowerCase() : s;
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1', '12', '@example', 'ple.c', '%', '_', '\\', '"', "'", ' '),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
);
/** A word of one or two characters: a piece of a known word or a number, in random case. */
const shortNeedle = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...WORDS, ...KINDS), fc.nat(), fc.nat(), fc.boolean())
      .map(([w, a, b, upper]) => {
        const chars = Array.from(w);
        const from = a % chars.length;
        const s = chars.slice(from, from + 1 + (b % 2)).join('');
        return upper ? s.toUpperCase() : s;
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom('1', '7', '12', '42', '@', '.', '%', '_', '1@') },
);
/** What users type: words of one to three characters, several words, and anything. */
const searchText = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.tuple(needle, needle).map(([a, b]) => `${a} ${b}`) },
  { weight: 1, arbitrary: needle },
  { weight: 2, arbitrary: shortNeedle },
  { weight: 2, arbitrary: fc.tuple(needle, shortNeedle).map(([a, b]) => `${a} ${b}`) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(needle, shortNeedle), { minLength: 2, maxLength: 4 })
      .map((ws) => ws.join(' ')),
  },
);
const textCondition = fc.oneof(
  fc.record({
    field: fc.constantFrom('name', 'note', 'mail'),
    op: fc.constantFrom('contains', 'contains', 'starts_with', 'not_contains', 'eq', 'is_empty'),
    value: needle,
  }),
  fc.record({
    field: fc.constant('kind'),
    op: fc.constantFrom('contains', 'starts_with', 'eq', 'neq', 'is_empty'),
    value: fc.oneof(needle, fc.constantFrom(...KINDS)),
  }),
);
const numberCondition = fc.oneof(
  fc.record({
    field: fc.constantFrom('amount', 'qty'),
    op: fc.constantFrom('gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'is_empty', 'is_not_empty'),
    value: fc.integer({ min: -20, max: 1000 }),
  }),
  fc
    .tuple(fc.integer({ min: -20, max: 1000 }), fc.integer({ min: 0, max: 400 }))
    .map(([a, w]) => ({ field: 'amount', op: 'between', value: [a, a + w] })),
  fc.record({
    field: fc.constant('kind'),
    op: fc.constantFrom('in', 'not_in'),
    value: fc.subarray(KINDS, { minLength: 1 }),
  }),
);
const dateCondition = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 90 }))
  .map(([m, span]) => {
    const from = `2025-${String(m).padStart(2, '0')}-10`;
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + span);
    return { field: 'day', op: 'between', value: [from, d.toISOString().slice(0, 10)] };
  });
const boolCondition = fc.record({
  field: fc.constant('flag'),
  op: fc.constantFrom('eq', 'neq', 'is_empty'),
  value: fc.boolean(),
});
const condition = fc.oneof(
  { weight: 4, arbitrary: textCondition },
  { weight: 3, arbitrary: numberCondition },
  { weight: 1, arbitrary: dateCondition },
  { weight: 1, arbitrary: boolCondition },
);
const filter = fc
  .tuple(
    fc.constantFrom(AND, OR),
    fc.array(condition, { minLength: 0, maxLength: 3 }),
    fc.array(
      fc.tuple(fc.constantFrom(AND, OR), fc.array(condition, { minLength: 1, maxLength: 2 })),
      {
        maxLength: 1,
      },
    ),
  )
  .map(([op, conditions, children]) =>
    group(
      op,
      conditions,
      children.map(([o, cs]) => group(o, cs)),
    ),
  );
const kindCondition = fc.oneof(
  fc.record({
    field: fc.constant('kind'),
    op: fc.constantFrom('contains', 'starts_with', 'eq', 'neq', 'is_empty', 'is_not_empty'),
    value: fc.oneof(needle, fc.constantFrom(...KINDS)),
  }),
  fc.record({
    field: fc.constant('kind'),
    op: fc.constantFrom('in', 'not_in'),
    value: fc.subarray(KINDS, { minLength: 1 }),
  }),
);
/** A filter of the summaries' group fields only (any operator): answered from a summary. */
const groupFilter = fc
  .tuple(
    fc.constantFrom(AND, OR),
    fc.array(fc.oneof(kindCondition, boolCondition), { maxLength: 3 }),
  )
  .map(([op, conditions]) => group(op, conditions));
/**
 * A filter of the fields an index of kind, qty and amount holds: group-bys by kind filtered so
 * are read from such an index on the indexed objects (records.service.ts `coveringIndex`).
 */
const coveredFilter = fc
  .tuple(
    fc.constantFrom(AND, OR),
    fc.array(fc.oneof(kindCondition, kindCondition, numberCondition), { maxLength: 2 }),
  )
  .map(([op, conditions]) => group(op, conditions));
const query = fc.record({
  filter,
  groupFilter,
  coveredFilter,
  groupFields: fc.constantFrom(['kind'], ['flag'], ['kind', 'flag'], ['flag', 'kind']),
  groupDesc: fc.boolean(),
  search: searchText,
  orderby: fc.record({
    isActive: fc.boolean(),
    sorts: fc.array(
      fc.record({ field: fc.constantFrom(...CODES, 'id'), dir: fc.constantFrom('asc', 'desc') }),
      { maxLength: 2 },
    ),
  }),
  state: fc.constantFrom('active', 'active', 'deleted', 'all'),
  offset: fc.oneof(fc.constant(0), fc.nat({ max: 60 })),
  limit: fc.integer({ min: 1, max: 80 }),
});

type Query = typeof query extends fc.Arbitrary<infer Q> ? Q : never;

const coveredGroupBy = {
  isActive: true,
  groups: [
    {
      field: 'kind',
      aggregates: [
        { field: 'amount', fn: 'sum' },
        { field: 'qty', fn: 'max' },
        { field: 'amount', fn: 'min' },
        { field: 'qty', fn: 'avg' },
      ],
    },
  ],
};

async function answers(o: Obj, q: Query) {
  const {
    filter: f,
    search,
    state,
    groupFilter: gf,
    coveredFilter: cf,
    groupFields,
    groupDesc,
    ...page
  } = q;
  const list = await ok<{ rows: { id: number; values: unknown }[]; hasMore: boolean }>(
    t.app,
    u,
    'records.list',
    { objectId: o.id, filter: f, search, state, ...page },
  );
  const count = await ok<{ total: number }>(t.app, u, 'records.count', {
    objectId: o.id,
    filter: f,
    search,
    state,
  });
  const groups = await ok<{ groups: unknown[] }>(t.app, u, 'records.groups', {
    objectId: o.id,
    filter: f,
    search,
    state,
    groupby: {
      isActive: true,
      groups: [
        {
          field: 'kind',
          aggregates: [
            { field: 'amount', fn: 'sum' },
            { field: 'qty', fn: 'max' },
          ],
        },
      ],
    },
  });
  // No summary keeps a maximum: the records are read, on the indexed objects from an index of
  // kind, qty and amount beside indexes that start with kind without them.
  const covered = await ok<{ groups: unknown[] }>(t.app, u, 'records.groups', {
    objectId: o.id,
    filter: cf,
    state,
    groupby: coveredGroupBy,
  });
  // Counts, sums and averages by group fields, filtered by group fields only: what a maintained
  // aggregate answers on the indexed object.
  const summed = await ok<{ groups: unknown[]; truncated: boolean }>(t.app, u, 'records.groups', {
    objectId: o.id,
    filter: gf,
    state,
    orderby: {
      isActive: true,
      sorts: [{ field: groupFields[0], dir: groupDesc ? 'desc' : 'asc' }],
    },
    limit: 4,
    groupby: {
      isActive: true,
      groups: groupFields.map((field, i) => ({
        field,
        aggregates:
          i === 0
            ? [
                { field: 'amount', fn: 'sum' },
                { field: 'amount', fn: 'avg' },
                { field: 'qty', fn: 'sum' },
                { field: 'qty', fn: 'avg' },
                { field: 'qty', fn: 'count' },
              ]
            : [],
      })),
    },
  });
  // The count of the same filter: from the summary's groups on the indexed object.
  const summedTotal = await ok<{ total: number }>(t.app, u, 'records.count', {
    objectId: o.id,
    filter: gf,
    state,
  });
  return {
    summed,
    summedTotal: summedTotal.total,
    // Record ids differ between the objects only if creation order did; it did not.
    rows: list.rows.map((r) => [r.id, r.values]),
    hasMore: list.hasMore,
    total: count.total,
    groups: groups.groups,
    covered: covered.groups,
  };
}

/**
 * Runs `read` with pages' first matches kept on tables of `minRows` records or more. Where they
 * may be kept, whole pages are not (PostgreSQL, `pageKeeping`): every page is read through them.
 */
async function keeping<T>(minRows: number, read: () => Promise<T>): Promise<T> {
  const was = firstMatchKeeping.minRows;
  const pages = pageKeeping.maxPages;
  firstMatchKeeping.minRows = minRows;
  if (minRows !== Infinity) pageKeeping.maxPages = 0;
  try {
    return await read();
  } finally {
    firstMatchKeeping.minRows = was;
    pageKeeping.maxPages = pages;
  }
}

/** The plain object reads every page from the table; the others keep first matches at once. */
async function sameAnswers(runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const want = await keeping(Infinity, () => answers(plain, q));
      const got = await keeping(0, () => answers(indexed, q));
      expect(got, JSON.stringify(q)).toEqual(want);
      const learnt = await keeping(0, () => learning(() => answers(learned, q)));
      expect(learnt, `automatic indexes: ${JSON.stringify(q)}`).toEqual(want);
    }),
    { numRuns: runs },
  );
}

// ---- tests -----------------------------------------------------------------------------------

describe('indexes and caches never change an answer', () => {
  it('the indexed object has trigram indexes on its text fields (so the test compares something)', async () => {
    const tables = await ok<{ items: { objectId: string; indexes: string[] }[] }>(
      t.app,
      u,
      'tables.list',
    );
    const ix = tables.items.find((x) => x.objectId === indexed.id)?.indexes ?? [];
    // Also one index of the searched fields' joined text (word search).
    expect(ix.filter((n) => n.startsWith('tg_'))).toHaveLength(TEXT_CODES.length + 1);
    expect(ix.filter((n) => n.startsWith('vx_')).length).toBeGreaterThan(3);
    expect(ix.filter((n) => /^ag\d_/.test(n))).toHaveLength(2);
    // Every object has one index of its live records by id; the plain one has only that.
    expect(tables.items.find((x) => x.objectId === plain.id)?.indexes).toHaveLength(1);
  });

  it('the learned object has automatic indexes of every kind (so the test compares something)', async () => {
    const auto = (await listIndexes(t.app.db.kysely, learned.id)).filter((ix) => ix.automatic);
    const trigrams = auto.filter((ix) => ix.kind === 'trigram');
    // A trigram index per text field and the search index, as the views got on `indexed`.
    expect(trigrams.filter((ix) => ix.columns.length === 1)).toHaveLength(TEXT_CODES.length);
    expect(trigrams.filter((ix) => ix.columns.length > 1)).toHaveLength(1);
    expect(auto.filter((ix) => ix.kind === 'btree').length).toBeGreaterThan(3);
    // The maintained aggregate of the grouped view whose filter names only its group fields
    // (the other's filters by a field it does not group by: its group-bys read the records).
    expect(auto.filter((ix) => ix.kind === 'aggregate')).toHaveLength(1);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'SQLite: the indexed objects group by kind from an index holding qty and amount, beside indexes without them (so the test compares something)',
    async () => {
      for (const o of [indexed, learned]) {
        const fields = await t.app.db.kysely
          .selectFrom('pf_fields')
          .select(['code', 'column_name'])
          .where('object_id', '=', o.id)
          .execute();
        const col = (code: string) => fields.find((f) => f.code === code)?.column_name;
        const byKind = (await listIndexes(t.app.db.kysely, o.id)).filter(
          (ix) => ix.kind === 'btree' && ix.columns[0]?.column === col('kind'),
        );
        const holds = (ix: (typeof byKind)[number]) =>
          ['qty', 'amount'].every((c) => ix.columns.some((x) => x.column === col(c)));
        expect(byKind.filter(holds).length).toBeGreaterThan(0);
        expect(byKind.filter((ix) => !holds(ix)).length).toBeGreaterThan(0);
        // SQLite reads it (named in the statement); the plain object has none to read.
        for (const filter of [
          group(AND, []),
          group(AND, [{ field: 'kind', op: 'eq', value: 'Gas' }]),
        ]) {
          await ok(t.app, u, 'records.groups', { objectId: o.id, filter, groupby: coveredGroupBy });
          expect(lastGroupsStatement.sql).toContain('indexed by');
        }
      }
    },
  );

  it('answers group-bys of its group fields from the maintained aggregates', async () => {
    const tables = await ok<{ items: { objectId: string; indexes: string[] }[] }>(
      t.app,
      u,
      'tables.list',
    );
    const summaries = (tables.items.find((x) => x.objectId === indexed.id)?.indexes ?? []).filter(
      (n) => /^ag\d_/.test(n),
    );
    const byKind = async () =>
      ok<{ groups: { key: unknown; count: number }[] }>(t.app, u, 'records.groups', {
        objectId: indexed.id,
        groupby: {
          isActive: true,
          groups: [{ field: 'kind', aggregates: [{ field: 'amount', fn: 'sum' }] }],
        },
      });
    const before = await byKind();
    expect(before.groups.length).toBeGreaterThan(2);
    // Changing the summaries directly changes the answer: they were read, not the records.
    const shift = async (n: number) => {
      for (const name of summaries)
        await sql`update ${sql.id(name)} set cnt = cnt + ${n} where d = 0`.execute(t.app.db.kysely);
    };
    await shift(1000);
    const tampered = await byKind();
    await shift(-1000);
    for (const g of before.groups) {
      const now = tampered.groups.find((x) => JSON.stringify(x.key) === JSON.stringify(g.key));
      expect(now?.count).toBeGreaterThanOrEqual(g.count + 1000);
    }
    expect(await byKind()).toEqual(before);
  });

  it('answers counts filtered by its group fields from the maintained aggregates', async () => {
    const tables = await ok<{ items: { objectId: string; indexes: string[] }[] }>(
      t.app,
      u,
      'tables.list',
    );
    const summaries = (tables.items.find((x) => x.objectId === indexed.id)?.indexes ?? []).filter(
      (n) => /^ag\d_/.test(n),
    );
    expect(summaries.length).toBeGreaterThan(0);
    // A filter asked of neither object before (its count is not cached yet).
    const filter = group(AND, [{ field: 'kind', op: 'in', value: KINDS.slice(0, 2) }]);
    const count = async (o: Obj) =>
      (await ok<{ total: number }>(t.app, u, 'records.count', { objectId: o.id, filter })).total;
    const want = await count(plain);
    expect(want).toBeGreaterThan(0);
    // Changing the summaries directly changes the answer: they were read, not the records.
    const shift = async (n: number) => {
      for (const name of summaries)
        await sql`update ${sql.id(name)} set cnt = cnt + ${n} where d = 0`.execute(t.app.db.kysely);
    };
    await shift(1000);
    const tampered = await count(indexed);
    await shift(-1000);
    expect(tampered).toBeGreaterThanOrEqual(want + 1000);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'SQLite: answers searches, words of one and two characters too, from the search index',
    async () => {
      const search = searchIndexOf(await listIndexes(t.app.db.kysely, indexed.id));
      const ix = (await listIndexes(t.app.db.kysely, indexed.id)).find(
        (x) => x.kind === 'trigram' && x.columns.length > 1,
      );
      expect(search?.length).toBe(TEXT_CODES.length);
      const values = { name: 'Qx Ω', note: 'zürich 77' };
      await both('records.create', (o) => ({ objectId: o.id, values }));
      const found = async (o: Obj, text: string) =>
        (
          await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
            objectId: o.id,
            search: text,
          })
        ).rows.map((r) => r.id);
      const [id] = await found(plain, 'qx ω');
      expect(id).toBeGreaterThan(0);
      // A record taken out of the index directly is not found on the indexed object: the
      // index was read (and the exact check alone finds it on the plain one).
      await sql`delete from ${sql.id(ix?.name as string)} where rowid = ${id}`.execute(
        t.app.db.kysely,
      );
      for (const text of ['qx', 'ω', 'QX ω', 'zürich 77', 'Ω ZÜRICH']) {
        expect(await found(plain, text), text).toContain(id);
        expect(await found(indexed, text), text).not.toContain(id);
      }
      // Its text written again, it is back in the index (its triggers); the edit through the
      // API beside it ends what the caches held (a direct write does not).
      const table = await tableOfObject(t.app.db.kysely, indexed.id);
      const { column_name: column } = await t.app.db.kysely
        .selectFrom('pf_fields')
        .select('column_name')
        .where('object_id', '=', indexed.id)
        .where('code', '=', 'name')
        .executeTakeFirstOrThrow();
      await sql`update ${sql.id(table)} set ${sql.id(column)} = ${sql.id(column)} where id = ${id}`.execute(
        t.app.db.kysely,
      );
      await both('records.update', (o) => ({
        objectId: o.id,
        id: id as number,
        values: { qty: 1 },
      }));
      for (const text of ['qx', 'ω', 'QX ω', 'zürich 77', 'Ω ZÜRICH'])
        expect(await found(indexed, text), text).toContain(id);
    },
  );

  it('keeps a search’s matches until a write, bulk write, delete, restore or import, per object', async () => {
    const searches = ['zürich', 'alpha 1', 'ÄRGER', 'москва 2', 'a', 'zz', '12', 'naïve gas'];
    const sorts = { isActive: true, sorts: [{ field: 'name', dir: 'desc' }] };
    const seen = async (o: Obj) => {
      const out: unknown[] = [];
      for (const search of searches)
        for (const state of ['active', 'deleted', 'all']) {
          const list = await ok<{ rows: { id: number; values: unknown }[] }>(
            t.app,
            u,
            'records.list',
            { objectId: o.id, search, state, orderby: sorts, limit: 30 },
          );
          const count = await ok<{ total: number }>(t.app, u, 'records.count', {
            objectId: o.id,
            search,
            state,
          });
          out.push([search, state, count.total, list.rows.map((r) => [r.id, r.values])]);
        }
      return out;
    };
    const sqlite = !process.env.TEST_DATABASE_URL;
    /** Both objects answer alike; on SQLite the indexed one read its matches `read` times. */
    const same = async (read: 'again' | 'kept' | 'either') => {
      const before = searchMatchStats.computed;
      const want = await seen(plain);
      const got = await seen(indexed);
      expect(got).toEqual(want);
      if (!sqlite) return want;
      // Each search's matches are read once per data version, whatever the state and the op.
      if (read === 'kept') expect(searchMatchStats.computed).toBe(before);
      else if (read === 'again')
        expect(searchMatchStats.computed - before).toBeGreaterThanOrEqual(searches.length);
      return want;
    };
    const first = await same('again');
    await same('kept');
    // A record made to match, one made to match no more.
    await both('records.update', (o) => ({
      objectId: o.id,
      id: 5,
      values: { name: 'Zürich Alpha 12 naïve', kind: 'Gas' },
    }));
    await both('records.update', (o) => ({
      objectId: o.id,
      id: 6,
      values: { name: 'plain', note: null, mail: null, kind: null },
    }));
    const updated = await same('again');
    expect(updated).not.toEqual(first);
    await same('kept');
    const ids = [5, 7, 8, 9, 10, 11];
    await both('records.delete', (o) => ({ objectId: o.id, ids }));
    await same('again');
    await both('records.restore', (o) => ({ objectId: o.id, ids: ids.slice(0, 3) }));
    await same('again');
    await both('records.create', (o) => ({ objectId: o.id, values: { name: 'Zürich neu 12' } }));
    await same('again');
    await both('records.createMany', (o) => ({
      objectId: o.id,
      rows: [{ name: 'zz Москва 2' }, { name: 'ärger ärger 12' }],
    }));
    await same('again');
    await both('records.upsertMany', (o) => ({
      objectId: o.id,
      key: 'id',
      rows: [{ id: 12, name: 'NAÏVE' }, { name: 'alpha 1 zz' }],
    }));
    await same('again');
    const csv = 'Name,Note\n"Zürich import 12","alpha 1"\n"москва 2",';
    await importCsv(t, u, plain.id, csv, { mode: 'append' });
    await importCsv(t, u, indexed.id, csv, { mode: 'append' });
    await importCsv(t, u, learned.id, csv, { mode: 'append' });
    const imported = await same('again');
    expect(JSON.stringify(imported)).toContain('Zürich import 12');
    await same('kept');

    // Another domain: an object of the same name and fields, other records. Its searches find
    // its own records, never those of the first domain.
    const other = await registerUser(t.app);
    const o2 = await ok<{ id: string }>(t.app, other, 'objects.create', { name: 'Indexed' });
    await ok(t.app, other, 'views.save', {
      objectId: o2.id,
      name: 'search',
      definition: {
        filter: group(AND, []),
        orderby: sorts,
        groupby: { isActive: false, groups: [] },
        search: 'x',
      },
    });
    await ok(t.app, other, 'fields.create', {
      objectId: o2.id,
      name: 'note',
      code: 'note',
      type: 'text',
    });
    await ok(t.app, other, 'views.save', {
      objectId: o2.id,
      name: 'search 2',
      definition: {
        filter: group(AND, []),
        orderby: sorts,
        groupby: { isActive: false, groups: [] },
        search: 'y',
      },
    });
    await t.app.jobs.idle();
    await ok(t.app, other, 'records.create', {
      objectId: o2.id,
      values: { name: 'Zürich other', note: 'alpha 1' },
    });
    const names = async (who: RegisteredUser, objectId: string, search: string) =>
      (
        await ok<{ rows: { values: { name: string } }[] }>(t.app, who, 'records.list', {
          objectId,
          search,
          limit: 1000,
        })
      ).rows.map((r) => r.values.name);
    for (const search of ['zürich', 'alpha 1']) {
      expect(await names(other, o2.id, search)).toEqual(['Zürich other']);
      expect(await names(u, indexed.id, search)).not.toContain('Zürich other');
      expect(await names(u, indexed.id, search)).toEqual(await names(u, plain.id, search));
    }
    await same('either');
    // The records deleted above are back, for the tests after this one.
    await both('records.restore', (o) => ({ objectId: o.id, ids }));
  }, 600_000);

  it('answers a search matching more records than are kept: pages among the first, past them, counts, after writes', async () => {
    const K = 10;
    const limit = searchMatchLimit.max;
    searchMatchLimit.max = K;
    try {
      // Searches matching far more than K records, and one matching fewer.
      const searches = ['a', 'alpha', 'zz', '1', 'example', 'москва 2'];
      const sorts = [
        { isActive: true, sorts: [{ field: 'name', dir: 'desc' }] },
        { isActive: true, sorts: [{ field: 'day', dir: 'asc' }] },
        { isActive: false, sorts: [] },
      ];
      // Offsets: the start, the middle of the kept matches, across their end, far past them.
      const pages = [0, 3, 8, 25];
      // A filter that leaves some of the kept matches out (their page is then not full).
      const filters = [undefined, group(AND, [{ field: 'qty', op: 'gte', value: 20 }])];
      const seen = async (o: Obj) => {
        const out: unknown[] = [];
        for (const search of searches)
          for (const state of ['active', 'deleted', 'all'])
            for (const filter of filters) {
              const count = await ok<{ total: number }>(t.app, u, 'records.count', {
                objectId: o.id,
                search,
                state,
                filter,
              });
              out.push([search, state, !!filter, count.total]);
              for (const orderby of sorts)
                for (const offset of pages) {
                  const list = await ok<{ rows: { id: number; values: unknown }[] }>(
                    t.app,
                    u,
                    'records.list',
                    { objectId: o.id, search, state, filter, orderby, offset, limit: 7 },
                  );
                  out.push([offset, list.rows.map((r) => [r.id, r.values])]);
                }
            }
        return out;
      };
      const sqlite = !process.env.TEST_DATABASE_URL;
      const same = async (read: 'again' | 'kept') => {
        const before = searchMatchStats.computed;
        const want = await seen(plain);
        const got = await seen(indexed);
        expect(got).toEqual(want);
        if (sqlite && read === 'kept') expect(searchMatchStats.computed).toBe(before);
        if (sqlite && read === 'again') expect(searchMatchStats.computed).toBeGreaterThan(before);
        return want;
      };
      const first = await same('again');
      // The searches do match more than K records, and pages past them hold records.
      const total = async (search: string) =>
        (
          await ok<{ total: number }>(t.app, u, 'records.count', {
            objectId: indexed.id,
            search,
            state: 'all',
          })
        ).total;
      for (const search of ['a', 'alpha', 'zz', '1'])
        expect(await total(search)).toBeGreaterThan(25 + 7);
      await same('kept');
      // Records made to match, ones made to match no more, deleted, restored, created.
      await both('records.update', (o) => ({
        objectId: o.id,
        id: 3,
        values: { name: 'AAA alpha zz 1', qty: 30, day: '2025-01-10' },
      }));
      await both('records.update', (o) => ({
        objectId: o.id,
        id: 4,
        values: { name: 'plain', note: null, mail: null, kind: null },
      }));
      const updated = await same('again');
      expect(updated).not.toEqual(first);
      const ids = [13, 14, 15, 16, 17, 18, 19, 20];
      await both('records.delete', (o) => ({ objectId: o.id, ids }));
      await same('again');
      await both('records.restore', (o) => ({ objectId: o.id, ids }));
      await both('records.createMany', (o) => ({
        objectId: o.id,
        rows: [
          { name: 'zzz alpha 1', qty: 25, day: '2025-01-10' },
          { name: 'Москва 2 alpha', day: '2025-01-10' },
        ],
      }));
      await same('again');
      await same('kept');
      if (sqlite) {
        // A page of a search matching more than K records reads its first K matches in the
        // page's order, kept: once per data version.
        await both('records.update', (o) => ({ objectId: o.id, id: 3, values: { qty: 31 } }));
        const page = () =>
          ok(t.app, u, 'records.list', {
            objectId: indexed.id,
            search: 'alpha',
            orderby: sorts[1],
            limit: 7,
          });
        const before = searchMatchStats.computed;
        await page();
        expect(searchMatchStats.computed).toBe(before + 1);
        await page();
        expect(searchMatchStats.computed).toBe(before + 1);
      }
    } finally {
      searchMatchLimit.max = limit;
    }
  }, 600_000);

  it('keeps the first matches of pages that read the table: pages among them, past them, counts, after writes', async () => {
    const K = 10;
    const limit = searchMatchLimit.max;
    searchMatchLimit.max = K;
    try {
      const filters = [
        group(AND, [{ field: 'note', op: 'contains', value: 'a' }]),
        group(AND, [{ field: 'qty', op: 'gte', value: 20 }]),
        group(OR, [
          { field: 'kind', op: 'eq', value: 'Gas' },
          { field: 'name', op: 'contains', value: 'ö' },
        ]),
        group(AND, [{ field: 'name', op: 'contains', value: 'москва' }]),
      ];
      const sorts = [
        { isActive: true, sorts: [{ field: 'name', dir: 'desc' }] },
        { isActive: true, sorts: [{ field: 'day', dir: 'asc' }] },
        { isActive: true, sorts: [{ field: 'amount', dir: 'desc' }] },
      ];
      // Offsets: the start, the middle of the kept matches, across their end, far past them.
      const pages = [0, 3, 8, 25];
      const seen = async (o: Obj) => {
        const out: unknown[] = [];
        for (const filter of filters)
          for (const search of [undefined, 'alpha'])
            for (const state of ['active', 'deleted', 'all']) {
              const count = await ok<{ total: number }>(t.app, u, 'records.count', {
                objectId: o.id,
                filter,
                search,
                state,
              });
              out.push(count.total);
              for (const orderby of sorts)
                for (const offset of pages) {
                  const list = await ok<{
                    rows: { id: number; values: unknown }[];
                    hasMore: boolean;
                  }>(t.app, u, 'records.list', {
                    objectId: o.id,
                    filter,
                    search,
                    state,
                    orderby,
                    offset,
                    limit: 7,
                  });
                  out.push([offset, list.hasMore, list.rows.map((r) => [r.id, r.values])]);
                }
            }
        return out;
      };
      /**
       * The plain object (no index: every page reads all matches) answers the same with its
       * pages' first matches kept as without; `read`: whether they were read from the table.
       */
      const same = async (read: 'again' | 'kept') => {
        const want = await keeping(Infinity, () => seen(plain));
        const before = firstMatchStats.computed;
        expect(await keeping(0, () => seen(plain))).toEqual(want);
        if (read === 'kept') expect(firstMatchStats.computed).toBe(before);
        else expect(firstMatchStats.computed).toBeGreaterThan(before);
        expect(await keeping(0, () => seen(indexed))).toEqual(want);
        return want;
      };
      const first = await same('again');
      // The filters do match more than K records, and pages past them hold records.
      const total = async (filter: (typeof filters)[number]) =>
        (
          await ok<{ total: number }>(t.app, u, 'records.count', {
            objectId: plain.id,
            filter,
            state: 'all',
          })
        ).total;
      for (const filter of filters.slice(0, 3)) expect(await total(filter)).toBeGreaterThan(25 + 7);
      await same('kept');
      // Records made to match, ones made to match no more, deleted, restored, created.
      await both('records.update', (o) => ({
        objectId: o.id,
        id: 3,
        values: { name: 'Zzz москва ö', note: 'a', qty: 40, kind: 'Gas', day: '2025-01-10' },
      }));
      await both('records.update', (o) => ({
        objectId: o.id,
        id: 4,
        values: { name: 'plain', note: null, qty: 1, kind: null },
      }));
      const updated = await same('again');
      expect(updated).not.toEqual(first);
      await same('kept');
      const ids = [13, 14, 15, 16, 17, 18, 19, 20];
      await both('records.delete', (o) => ({ objectId: o.id, ids }));
      await same('again');
      await both('records.restore', (o) => ({ objectId: o.id, ids }));
      await same('again');
      await both('records.createMany', (o) => ({
        objectId: o.id,
        rows: [
          { name: 'zzzz москва alpha', note: 'aaa', qty: 25, amount: 999999 },
          { name: 'Öl alpha', day: '2025-01-01' },
        ],
      }));
      await same('again');
    } finally {
      searchMatchLimit.max = limit;
    }
  }, 600_000);

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: looks words of one and two characters up in the search index',
    async () => {
      const indexes = await listIndexes(t.app.db.kysely, indexed.id);
      const ctx = { db: t.app.db, domainId: u.session.domain.id, lang: 'en' as const };
      const meta = await loadObjectRows(ctx, indexed.id);
      const opts = {
        dialect: 'postgres' as const,
        lang: 'en' as const,
        textIndexes: new Map<string, string>(),
        ...searchOptions(indexes, meta.table, 'postgres'),
      };
      expect(opts.searchGrams).toBe(true);
      const name = indexes.find((x) => x.kind === 'trigram' && x.columns.length > 1)?.name;
      // With sequential scans priced out (and every record asked for, so that no index of the
      // live records is at hand), a condition the index can answer is answered from it.
      const plan = async (search: string) =>
        t.app.db.kysely.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const where = compileWhere(meta, { search, state: 'all' }, opts);
          const { rows } = await sql<{
            'QUERY PLAN': string;
          }>`explain select id from ${sql.id(meta.table)} where ${where}`.execute(trx);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      for (const word of ['Ä', 'zz', '7', 'zz 7']) {
        const text = await plan(word);
        expect(text, word).toContain(`Bitmap Index Scan on ${name}`);
        expect(text, word).toContain('pf_search_grams');
      }
    },
  );

  it(`answers ${RUNS} random queries the same with and without indexes`, async () => {
    await sameAnswers(RUNS);
  }, 600_000);

  it('answers the same after writes, bulk writes, deletes and restores', async () => {
    for (let i = 0; i < 40; i++) {
      const id = 1 + Math.floor(random() * 240);
      const values = row(1000 + i);
      await both('records.update', (o) => ({ objectId: o.id, id, values }));
    }
    await both('records.update', (o) => ({
      objectId: o.id,
      id: 3,
      values: { note: null, mail: null },
    }));
    const ids = Array.from({ length: 30 }, () => 1 + Math.floor(random() * 240));
    await both('records.delete', (o) => ({ objectId: o.id, ids }));
    await both('records.restore', (o) => ({ objectId: o.id, ids: ids.slice(0, 10) }));
    for (let i = 0; i < 10; i++) {
      const values = row(2000 + i);
      await both('records.create', (o) => ({ objectId: o.id, values }));
    }
    // Bulk writes: new records, and updates by id beside new ones.
    const created = Array.from({ length: 30 }, (_, i) => row(2500 + i));
    await both('records.createMany', (o) => ({ objectId: o.id, rows: created }));
    const upserts = [
      ...Array.from({ length: 20 }, (_, i) => ({ ...row(2600 + i), id: 1 + ((i * 7) % 240) })),
      ...Array.from({ length: 5 }, (_, i) => row(2700 + i)),
    ];
    await both('records.upsertMany', (o) => ({
      objectId: o.id,
      key: 'id',
      rows: upserts,
      onError: 'skip',
    }));
    await sameAnswers(Math.ceil(RUNS / 3));
  }, 600_000);

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: folding the summaries’ appended rows into one per group changes no answer',
    async () => {
      const infos = aggregatesOf(await listIndexes(t.app.db.kysely, indexed.id));
      expect(infos).toHaveLength(2);
      const count = async (q: ReturnType<typeof sql<{ n: string }>>) =>
        Number((await q.execute(t.app.db.kysely)).rows[0]?.n);
      for (const info of infos) {
        const n = sql.id(info.name);
        const keys = sql.join(['d', ...info.groups.map((_, i) => `c${i}`)].map((c) => sql.id(c)));
        await compactAggregate(t.app.db.kysely, info, (e) => {
          throw e;
        });
        // One row per group and live/deleted is left (writes had appended rows per statement).
        expect(await count(sql<{ n: string }>`select count(*) as n from ${n}`)).toBe(
          await count(
            sql<{ n: string }>`select count(*) as n from (select distinct ${keys} from ${n}) x`,
          ),
        );
      }
      await sameAnswers(Math.ceil(RUNS / 3));
    },
    600_000,
  );

  it('answers the same after imports (append, update by key, replace)', async () => {
    const csv = [
      'Name,Note,Mail,Kind,Amount,Qty,Day,Flag',
      ...Array.from({ length: 25 }, (_, i) => {
        const r: Record<string, unknown> = { ...row(3000 + i), mail: `import${i}@example.com` };
        const cell = (v: unknown) => (v === null ? '' : `"${String(v).replaceAll('"', '""')}"`);
        return [r.name, r.note, r.mail, r.kind, r.amount, r.qty, r.day, r.flag].map(cell).join(',');
      }),
    ].join('\n');

    for (const settings of [
      { mode: 'append' },
      { mode: 'update', keyField: 'mail', insertMissing: true },
    ]) {
      await importCsv(t, u, plain.id, csv, settings);
      await importCsv(t, u, indexed.id, csv, settings);
      await importCsv(t, u, learned.id, csv, settings);
    }
    await sameAnswers(Math.ceil(RUNS / 3));
    await importCsv(t, u, plain.id, csv, { mode: 'replace' });
    await importCsv(t, u, indexed.id, csv, { mode: 'replace' });
    await importCsv(t, u, learned.id, csv, { mode: 'replace' });
    await sameAnswers(Math.ceil(RUNS / 4));
  }, 600_000);

  it('answers the same after field changes (text types converted in place, a field deleted)', async () => {
    // email → text keeps its trigram index; longtext → text too; select → text rewrites nothing.
    await both('fields.update', (o) => ({ id: o.fields.mail, type: 'text' }));
    await both('fields.update', (o) => ({ id: o.fields.note, type: 'text' }));
    await sameAnswers(Math.ceil(RUNS / 4));
    await both('fields.delete', (o) => ({ id: o.fields.flag }));
    const q = await ok<{ rows: unknown[] }>(t.app, u, 'records.list', {
      objectId: indexed.id,
      filter: group(AND, [{ field: 'note', op: 'contains', value: 'ärg' }]),
    });
    expect(q.rows.length).toBeGreaterThan(0);
  }, 600_000);
});
