import { filterOps } from '@fiscus/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { autoIndexer } from '../../platform/auto-index.js';
import { listIndexes } from '../../platform/ddl.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';
import { filterArbitraries, hostile, scalarValue } from '../../test/filter-arbitraries.js';

/**
 * The query compiler under random input: thousands of random filter trees (random field
 * names incl. hostile strings, random operators, random values), sorts, groups and search
 * text. Every answer must be rows (200) or a validation error (400) — never a database error.
 * Automatic indexes are on and learn from every read at once (platform/auto-index.ts): the
 * random shapes' index jobs run beside the queries and must all succeed.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
const fieldIds: string[] = [];
const codes = [
  'name',
  'amount',
  'qty',
  'kind',
  'tags',
  'day',
  'at',
  'flag',
  'ref',
  'mail',
  'file',
  'pct',
];
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

beforeAll(async () => {
  t = await makeTestApp({ autoIndexes: { enabled: true, minRows: 0 } });
  const indexer = autoIndexer(t.app.db);
  if (indexer) indexer.settings.seen = 1;
  u = await registerUser(t.app);
  const target = await ok(t.app, u, 'objects.create', { name: 'Target', kind: 'reference' });
  await ok(t.app, u, 'records.create', { objectId: target.id, values: { name: 'T1' } });
  const o = await ok(t.app, u, 'objects.create', { name: 'Fuzz' });
  objectId = o.id;
  const defs = [
    ['amount', 'money'],
    ['qty', 'integer'],
    ['kind', 'select'],
    ['tags', 'multiselect'],
    ['day', 'date'],
    ['at', 'datetime'],
    ['flag', 'boolean'],
    ['ref', 'reference'],
    ['mail', 'email'],
    ['file', 'attachment'],
    ['pct', 'percent'],
  ] as const;
  for (const [code, type] of defs) {
    const f = await ok(t.app, u, 'fields.create', {
      objectId,
      name: code,
      code,
      type,
      options: type === 'reference' ? { target: target.id } : {},
    });
    fieldIds.push(f.id);
  }
  const rows = [
    {
      name: "O'Brien",
      amount: 10.5,
      qty: 3,
      kind: 'a',
      tags: ['x'],
      day: '2026-01-01',
      at: '2026-01-01T10:00:00Z',
      flag: true,
      ref: 1,
      mail: 'a@b.example',
      pct: 5,
    },
    {
      name: '100% _sure_ \\',
      amount: -2,
      qty: -7,
      kind: 'b',
      tags: ['x', 'y'],
      day: '1999-12-31',
      flag: false,
      pct: 0,
    },
    { name: 'Ünïcödé 日本', amount: null, qty: null },
  ];
  for (const values of rows) await ok(t.app, u, 'records.create', { objectId, values });
});
afterAll(async () => t.cleanup());

const { fieldName, tree } = filterArbitraries({
  codes,
  system: ['id', 'created_at', 'updated_at', 'created_by', 'updated_by'],
  fieldIds: () => fieldIds,
});
const sorts = fc.record({
  isActive: fc.boolean(),
  sorts: fc.array(
    fc.record({ field: fieldName, dir: fc.oneof(fc.constantFrom('asc', 'desc'), hostile) }),
    { maxLength: 4 },
  ),
});
const groups = fc.record({
  isActive: fc.boolean(),
  groups: fc.array(
    fc.record({
      field: fieldName,
      aggregates: fc.array(
        fc.record({
          field: fieldName,
          fn: fc.oneof(fc.constantFrom('sum', 'count', 'avg', 'min', 'max'), hostile),
        }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 3 },
  ),
});
const query = fc.record(
  {
    op: fc.constantFrom('records.list', 'records.list', 'records.count', 'records.groups'),
    filter: tree.map((f) => ({ ...f, isactive: true })),
    orderby: sorts,
    groupby: groups,
    search: fc.oneof(fc.string({ maxLength: 20 }), hostile),
    state: fc.constantFrom('active', 'deleted', 'all'),
    timeZone: fc.oneof(
      fc.constantFrom('UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Mars/Olympus'),
      hostile,
    ),
    fields: fc.array(fieldName, { maxLength: 4 }),
    limit: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer()),
    offset: fc.oneof(fc.nat({ max: 10 }), fc.integer()),
  },
  { requiredKeys: ['op', 'filter'] },
);

describe('query compiler fuzz', () => {
  it(`answers rows or a validation error for ${RUNS} random queries`, async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/qry',
          headers: u.headers,
          payload: { ...q, objectId },
        });
        const body = res.json() as { data?: unknown; error?: { code: string } };
        if (res.statusCode === 200) {
          expect(body.data).toBeDefined();
        } else {
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          // A `__proto__` key (fc.jsonValue makes some) is refused while the body is read.
          const poisoned = JSON.stringify(q).includes('"__proto__":');
          expect(body.error?.code).toBe(poisoned ? 'bad_request' : 'validation_failed');
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('most valid-looking queries return rows (the fuzz reaches the database)', async () => {
    let rows = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            field: fc.constantFrom(...codes),
            op: fc.constantFrom(...filterOps),
            value: scalarValue,
          }),
          { maxLength: 3 },
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
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/qry',
            headers: u.headers,
            payload: { op: 'records.list', objectId, filter },
          });
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 200) rows += 1;
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    expect(rows).toBeGreaterThan(0);
  }, 300_000);

  it('builds automatic indexes for the random shapes, every index job succeeding', async () => {
    await t.app.jobs.idle();
    const jobs = await t.app.db.kysely
      .selectFrom('pf_jobs')
      .select(['status', 'error', 'params'])
      .where('kind', '=', 'index')
      .execute();
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(j.status, `${j.params} ${j.error ?? ''}`).toBe('succeeded');
    const auto = (await listIndexes(t.app.db.kysely, objectId)).filter((ix) => ix.automatic);
    expect(auto.length).toBeGreaterThan(0);
  });
});
