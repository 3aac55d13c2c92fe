import type { CubeMember, CubesQueryOutput } from '@fiscus/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';

/**
 * Cubes over the API on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * definitions, queries checked cell by cell against a reference computed here from the raw
 * records, Show Records, the cache, windows, sorting and tenant isolation.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let other: RegisteredUser;
let scenarios: string;
let sales: string;
let plan: number;
let actual: number;

const REGIONS = ['north', 'south', 'east'];
const PRODUCTS = ['Apples', 'Pears', 'Plums', 'apples'];

interface Raw {
  id: number;
  region: string | null;
  product: string | null;
  scenario: number | null;
  day: string | null;
  amount: number | string | null;
  qty: number | null;
  flag: boolean | null;
}

/** Units (hundredths) of an amount as the API answers it (number or decimal string). */
function cents(v: unknown): bigint {
  if (v === null || v === undefined) return 0n;
  const s = typeof v === 'number' ? v.toFixed(2) : String(v);
  const [i = '0', f = ''] = s.replace('-', '').split('.');
  const u = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2));
  return s.startsWith('-') ? -u : u;
}
function fmt(units: bigint, scale = 2): string {
  const neg = units < 0n;
  const a = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const t = scale ? `${a.slice(0, -scale)}.${a.slice(-scale)}` : a;
  return neg ? `-${t}` : t;
}

const DIMS = {
  region: (r: Raw) => r.region,
  product: (r: Raw) => r.product,
  scenario: (r: Raw) => r.scenario,
  flag: (r: Raw) => r.flag,
  year: (r: Raw) => r.day?.slice(0, 4) ?? null,
  quarter: (r: Raw) =>
    r.day ? `${r.day.slice(0, 4)}-Q${Math.floor((Number(r.day.slice(5, 7)) + 2) / 3)}` : null,
  month: (r: Raw) => r.day?.slice(0, 7) ?? null,
  day: (r: Raw) => r.day,
} satisfies Record<string, (r: Raw) => CubeMember>;
type DimKey = keyof typeof DIMS;
const DIM_KEYS = Object.keys(DIMS) as DimKey[];

/** The reference: a measure over the records of a cell, computed from the raw records. */
function reference(records: Raw[], measure: string): unknown {
  const amounts = records.filter((r) => r.amount !== null).map((r) => cents(r.amount));
  const qtys = records.filter((r) => r.qty !== null).map((r) => BigInt(r.qty as number));
  const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  const avg = (xs: bigint[], scale: bigint) => {
    if (!xs.length) return null;
    // half-even of sum * scale / n
    const n = BigInt(xs.length);
    const num = sum(xs) * scale;
    let q = num / n;
    const r = num % n;
    const twice = (r < 0n ? -r : r) * 2n;
    if (twice > n || (twice === n && q % 2n !== 0n)) q += num < 0n ? -1n : 1n;
    return q;
  };
  switch (measure) {
    case 'n':
      return records.length;
    case 'amount':
      return amounts.length ? fmt(sum(amounts)) : null;
    case 'qty':
      return qtys.length ? fmt(sum(qtys), 0) : null;
    case 'avg_amount': {
      const a = avg(amounts, 1n);
      return a === null ? null : fmt(a);
    }
    case 'avg_qty': {
      const a = avg(qtys, 100n);
      return a === null ? null : fmt(a);
    }
    case 'products':
      return new Set(records.map((r) => r.product).filter((p) => p !== null)).size;
    case 'max_qty':
      return qtys.length ? Number(qtys.reduce((a, b) => (a > b ? a : b))) : null;
    case 'min_day': {
      const days = records.map((r) => r.day).filter((d): d is string => d !== null);
      return days.length ? days.sort()[0] : null;
    }
    case 'gap': {
      if (!amounts.length && !qtys.length) return null;
      return fmt(sum(amounts) - sum(qtys) * 100n);
    }
    default:
      throw new Error(measure);
  }
}

const MEASURES = [
  'n',
  'amount',
  'qty',
  'avg_amount',
  'avg_qty',
  'products',
  'max_qty',
  'min_day',
  'gap',
];

async function allRecords(user = owner): Promise<Raw[]> {
  const out: Raw[] = [];
  for (let offset = 0; ; offset += 1000) {
    const r = await ok<{
      rows: { id: number; values: Record<string, unknown> }[];
      hasMore: boolean;
    }>(app, user, 'records.list', { objectId: sales, limit: 1000, offset });
    for (const x of r.rows) out.push({ ...(x.values as unknown as Raw), id: x.id });
    if (!r.hasMore) return out;
  }
}

let cubeId: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  other = await registerUser(app);
  scenarios = (await ok(app, owner, 'objects.create', { name: 'Scenarios', kind: 'reference' })).id;
  await ok(app, owner, 'fields.create', { objectId: scenarios, name: 'Locked', type: 'boolean' });
  sales = (await ok(app, owner, 'objects.create', { name: 'Sales', kind: 'table' })).id;
  const f = (name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, owner, 'fields.create', { objectId: sales, name, type, options });
  await f('Region', 'select', {
    choices: REGIONS.map((value) => ({ value, label: value.toUpperCase() })),
  });
  await f('Product', 'text');
  await f('Scenario', 'reference', { target: scenarios });
  await f('Day', 'date');
  await f('Amount', 'money', { scale: 2 });
  await f('Qty', 'integer');
  await f('Flag', 'boolean');
  plan = (await ok(app, owner, 'records.create', { objectId: scenarios, values: { name: 'Plan' } }))
    .id;
  actual = (
    await ok(app, owner, 'records.create', {
      objectId: scenarios,
      values: { name: 'Actual', locked: true },
    })
  ).id;
  const cube = await ok(app, owner, 'cubes.create', {
    objectId: sales,
    name: 'Sales cube',
    dimensions: DIM_KEYS.map((key) => ({
      key,
      field: ['year', 'quarter', 'month', 'day'].includes(key) ? 'day' : key,
      ...(['year', 'quarter', 'month', 'day'].includes(key) ? { grain: key } : {}),
    })),
    measures: [
      { key: 'n', fn: 'count' },
      { key: 'amount', fn: 'sum', field: 'amount' },
      { key: 'qty', fn: 'sum', field: 'qty' },
      { key: 'avg_amount', fn: 'avg', field: 'amount' },
      { key: 'avg_qty', fn: 'avg', field: 'qty' },
      { key: 'products', fn: 'count_distinct', field: 'product' },
      { key: 'max_qty', fn: 'max', field: 'qty' },
      { key: 'min_day', fn: 'min', field: 'day' },
    ],
    calculated: [{ key: 'gap', fn: 'difference', left: 'amount', right: 'qty' }],
    locks: [{ dimension: 'scenario', field: 'locked' }],
    defaultLayout: { rows: ['region'], cols: ['month'], measures: ['amount'] },
  });
  cubeId = cube.id;
});

afterAll(async () => {
  await cleanup();
});

const recordArb = fc.record({
  region: fc.option(fc.constantFrom(...REGIONS), { freq: 6 }),
  product: fc.option(fc.constantFrom(...PRODUCTS), { freq: 6 }),
  scenario: fc.option(fc.constantFrom('plan', 'actual'), { freq: 6 }),
  day: fc.option(
    fc
      .date({
        min: new Date('2024-11-01T00:00:00Z'),
        max: new Date('2025-03-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
    { freq: 8 },
  ),
  amount: fc.option(
    fc.integer({ min: -500_00, max: 2_000_00 }).map((c) => fmt(BigInt(c))),
    { freq: 8 },
  ),
  qty: fc.option(fc.integer({ min: -5, max: 50 }), { freq: 8 }),
  flag: fc.option(fc.boolean(), { freq: 6 }),
});

type RecordInput = Omit<Raw, 'id' | 'scenario'> & { scenario: 'plan' | 'actual' | null };

async function replaceRecords(rows: RecordInput[]): Promise<void> {
  const old = await allRecords();
  for (let i = 0; i < old.length; i += 1000)
    await ok(app, owner, 'records.delete', {
      objectId: sales,
      ids: old.slice(i, i + 1000).map((r) => r.id),
    });
  if (!rows.length) return;
  await ok(app, owner, 'records.createMany', {
    objectId: sales,
    rows: rows.map((r, i) => ({
      name: `r${i}`,
      region: r.region,
      product: r.product,
      scenario: r.scenario === null ? null : r.scenario === 'plan' ? plan : actual,
      day: r.day,
      amount: r.amount,
      qty: r.qty,
      flag: r.flag,
    })),
  });
}

async function query(input: Record<string, unknown>, user = owner): Promise<CubesQueryOutput> {
  return ok<CubesQueryOutput>(app, user, 'cubes.query', {
    cubeId,
    rowLimit: 2000,
    colLimit: 500,
    ...input,
  });
}

/** Checks every cell of an answer against the reference over `records`. */
function checkCells(
  answer: CubesQueryOutput,
  records: Raw[],
  rows: DimKey[],
  cols: DimKey[],
  measures: string[],
): void {
  answer.rows.items.forEach((r, i) => {
    answer.cols.items.forEach((c, j) => {
      const under = records.filter(
        (rec) =>
          r.path.every((m, lv) => DIMS[rows[lv] as DimKey](rec) === m) &&
          c.path.every((m, lv) => DIMS[cols[lv] as DimKey](rec) === m),
      );
      measures.forEach((m, k) => {
        const grand = !r.path.length && !c.path.length;
        const want = under.length || grand ? reference(under, m) : null;
        const got = answer.cells[i]?.[j]?.[k];
        if (got !== want)
          throw new Error(
            `cell ${JSON.stringify(r.path)} × ${JSON.stringify(c.path)} ${m}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`,
          );
      });
    });
  });
}

describe('cube definitions', () => {
  it('are listed, read, changed and deleted; bad definitions name the path', async () => {
    const list = await ok(app, owner, 'cubes.list', {});
    expect(list.items.map((c: { name: string }) => c.name)).toContain('Sales cube');
    const got = await ok(app, owner, 'cubes.get', { id: cubeId });
    expect(got.objectName).toBe('Sales');
    expect(got.dimensions).toHaveLength(DIM_KEYS.length);

    const bad = await qry(app, owner, 'cubes.create', {
      objectId: sales,
      name: 'Bad',
      dimensions: [
        { key: 'x', field: 'nope' },
        { key: 'a', field: 'amount' },
        { key: 'r', field: 'region', grain: 'year' },
      ],
      measures: [
        { key: 's', fn: 'sum', field: 'product' },
        { key: 'x', fn: 'count' },
        { key: 'm', fn: 'avg' },
      ],
      calculated: [{ key: 'c', fn: 'ratio', left: 'later', right: 's' }],
      locks: [{ dimension: 'r', field: 'locked' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual(
      [
        'dimensions.0.field',
        'dimensions.1.field',
        'dimensions.2.grain',
        'measures.0.fn',
        'measures.1.key',
        'measures.2.field',
        'calculated.0.left',
        'calculated.0.right',
        'locks.0.dimension',
      ].sort(),
    );
    expect(bad.error?.fields?.['dimensions.0.field']?.[0]).toContain('nope');

    const temp = await ok(app, owner, 'cubes.create', {
      objectId: sales,
      name: 'Temp',
      dimensions: [{ key: 'region', field: 'region' }],
      measures: [{ key: 'n', fn: 'count' }],
    });
    const renamed = await ok(app, owner, 'cubes.update', {
      id: temp.id,
      name: 'Temp 2',
      defaultLayout: { rows: ['region'], cols: [], measures: ['n'] },
    });
    expect(renamed.name).toBe('Temp 2');
    expect(renamed.defaultLayout.rows).toEqual(['region']);
    const badLayout = await qry(app, owner, 'cubes.update', {
      id: temp.id,
      defaultLayout: { rows: ['zzz'], cols: [], measures: ['n'] },
    });
    expect(badLayout.status).toBe(400);
    expect(badLayout.error?.fields?.['defaultLayout.rows.0']).toBeDefined();
    await ok(app, owner, 'cubes.delete', { id: temp.id });
    expect((await qry(app, owner, 'cubes.get', { id: temp.id })).status).toBe(404);
  });

  it('made without a default layout open with one: a dimension on rows, a period (else a short list) on columns, the first measure', async () => {
    const made = await ok(app, owner, 'cubes.create', {
      objectId: sales,
      name: 'Guessed',
      dimensions: [
        { key: 'month', field: 'day', grain: 'month' },
        { key: 'product', field: 'product' },
        { key: 'region', field: 'region' },
      ],
      measures: [
        { key: 'amount', fn: 'sum', field: 'amount' },
        { key: 'n', fn: 'count' },
      ],
    });
    expect(made.defaultLayout).toEqual({
      rows: ['product'],
      cols: ['month'],
      measures: ['amount'],
    });
    const answer = await ok<CubesQueryOutput>(app, owner, 'cubes.query', {
      cubeId: made.id,
      ...made.defaultLayout,
    });
    expect(answer.measures.map((m) => m.key)).toEqual(['amount']);

    // No period: a yes/no dimension before a select's choices before a reference or text.
    const changed = await ok(app, owner, 'cubes.update', {
      id: made.id,
      dimensions: [
        { key: 'product', field: 'product' },
        { key: 'scenario', field: 'scenario' },
        { key: 'region', field: 'region' },
        { key: 'flag', field: 'flag' },
      ],
      measures: [{ key: 'n', fn: 'count' }],
      defaultLayout: null,
    });
    expect(changed.defaultLayout).toEqual({ rows: ['product'], cols: ['flag'], measures: ['n'] });
    // A layout of one's own is kept as it is.
    const own = await ok(app, owner, 'cubes.update', {
      id: made.id,
      defaultLayout: { rows: ['region'], cols: [], measures: ['n'] },
    });
    expect(own.defaultLayout).toEqual({ rows: ['region'], cols: [], measures: ['n'] });

    // A cube stored before cubes had a default layout reads with the guess.
    const row = await app.db.kysely
      .selectFrom('pf_cubes')
      .select('definition')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    const { defaultLayout: _dropped, ...older } = JSON.parse(row.definition) as Record<
      string,
      unknown
    >;
    await app.db.kysely
      .updateTable('pf_cubes')
      .set({ definition: JSON.stringify(older) })
      .where('id', '=', made.id)
      .execute();
    expect((await ok(app, owner, 'cubes.get', { id: made.id })).defaultLayout).toEqual({
      rows: ['product'],
      cols: ['flag'],
      measures: ['n'],
    });
    await ok(app, owner, 'cubes.delete', { id: made.id });
  });

  it('belong to their domain: another domain cannot see, query, change or delete them', async () => {
    expect((await ok(app, other, 'cubes.list', {})).items).toEqual([]);
    for (const [op, input] of [
      ['cubes.get', { id: cubeId }],
      ['cubes.update', { id: cubeId, name: 'Mine' }],
      ['cubes.delete', { id: cubeId }],
      ['cubes.query', { cubeId, rows: ['region'], cols: [], measures: ['n'] }],
      ['cubes.cellFilter', { cubeId, coords: [] }],
    ] as const) {
      const r = await qry(app, other, op, input);
      expect(r.status, op).toBe(404);
    }
    // Nor can a cube be defined over another domain's object.
    const foreign = await qry(app, other, 'cubes.create', {
      objectId: sales,
      name: 'X',
      dimensions: [],
      measures: [{ key: 'n', fn: 'count' }],
    });
    expect(foreign.status).toBe(404);
    expect((await ok(app, owner, 'cubes.get', { id: cubeId })).name).toBe('Sales cube');
  });
});

describe('cubes.query', () => {
  it('gives the cells of random layouts over random data exactly as computed from the records', async () => {
    const layoutArb = fc.shuffledSubarray(DIM_KEYS, { minLength: 0, maxLength: 4 }).chain((dims) =>
      fc.record({
        split: fc.integer({ min: 0, max: dims.length }),
        dims: fc.constant(dims),
        measures: fc.shuffledSubarray(MEASURES, { minLength: 1, maxLength: 4 }),
        rowTotals: fc.boolean(),
        colTotals: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { maxLength: 40 }),
        fc.array(layoutArb, { minLength: 1, maxLength: 3 }),
        async (data, layouts) => {
          await replaceRecords(data);
          const records = await allRecords();
          for (const l of layouts) {
            const rows = l.dims.slice(0, l.split) as DimKey[];
            const cols = l.dims.slice(l.split) as DimKey[];
            const answer = await query({
              rows,
              cols,
              measures: l.measures,
              rowTotals: l.rowTotals,
              colTotals: l.colTotals,
            });
            checkCells(answer, records, rows, cols, l.measures);
            expect(answer.records).toBe(records.length);
            // Every leaf tuple of the records is a row (and nothing else is).
            const leaves = new Set(records.map((r) => JSON.stringify(rows.map((d) => DIMS[d](r)))));
            const shown = answer.rows.items.filter((x) => x.kind === 'leaf' || rows.length === 0);
            if (rows.length)
              expect(new Set(shown.map((x) => JSON.stringify(x.path)))).toEqual(leaves);
            expect(answer.rows.items.filter((x) => x.kind === 'total')).toHaveLength(
              l.rowTotals || !rows.length ? 1 : 0,
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('answers from the cache until the object is written, windows rows and columns, sorts by a measure', async () => {
    await replaceRecords([
      {
        region: 'north',
        product: 'Apples',
        scenario: 'plan',
        day: '2025-01-10',
        amount: '10.00',
        qty: 1,
        flag: true,
      },
      {
        region: 'north',
        product: 'Pears',
        scenario: 'plan',
        day: '2025-02-10',
        amount: '20.50',
        qty: 2,
        flag: false,
      },
      {
        region: 'south',
        product: 'Apples',
        scenario: 'actual',
        day: '2025-01-11',
        amount: '5.25',
        qty: 3,
        flag: null,
      },
      {
        region: 'east',
        product: 'Plums',
        scenario: 'plan',
        day: '2025-03-01',
        amount: '100.00',
        qty: 4,
        flag: true,
      },
    ]);
    const layout = { rows: ['region', 'product'], cols: ['month'], measures: ['amount', 'n'] };
    const first = await query(layout);
    expect(first.cached).toBe(false);
    const again = await query(layout);
    expect(again.cached).toBe(true);
    expect(again.cells).toEqual(first.cells);
    // Rows: EAST(sub) Plums, NORTH(sub) Apples Pears, SOUTH(sub) Apples, total — by label.
    expect(first.rows.items.map((r) => r.labels.join('/'))).toEqual([
      'EAST',
      'EAST/Plums',
      'NORTH',
      'NORTH/Apples',
      'NORTH/Pears',
      'SOUTH',
      'SOUTH/Apples',
      '',
    ]);
    expect(first.cols.items.map((c) => c.path)).toEqual([
      ['2025-01'],
      ['2025-02'],
      ['2025-03'],
      [],
    ]);
    const total = first.rows.items.length - 1;
    expect(first.cells[total]?.[3]).toEqual(['135.75', 4]);

    const recs = await allRecords();
    const pears = recs.find((r) => r.product === 'Pears') as Raw;
    await ok(app, owner, 'records.update', {
      objectId: sales,
      id: pears.id,
      values: { amount: '21.50' },
    });
    const after = await query(layout);
    expect(after.cached).toBe(false);
    expect(after.cells[total]?.[3]).toEqual(['136.75', 4]);

    const win = await query({ ...layout, rowOffset: 2, rowLimit: 3, colOffset: 1, colLimit: 2 });
    expect(win.rows.total).toBe(8);
    expect(win.cols.total).toBe(4);
    expect(win.rows.items.map((r) => r.labels.join('/'))).toEqual([
      'NORTH',
      'NORTH/Apples',
      'NORTH/Pears',
    ]);
    expect(win.cols.items.map((c) => c.path)).toEqual([['2025-02'], ['2025-03']]);
    expect(win.cells).toEqual(after.cells.slice(2, 5).map((r) => r.slice(1, 3)));

    const sorted = await query({
      rows: ['region'],
      cols: [],
      measures: ['amount'],
      rowSort: { by: 'measure', measure: 'amount', dir: 'desc' },
    });
    expect(sorted.rows.items.map((r) => r.path[0] ?? 'TOTAL')).toEqual([
      'east',
      'north',
      'south',
      'TOTAL',
    ]);
    expect(sorted.rows.items.map((r) => r.labels[0] ?? 'TOTAL')).toEqual([
      'EAST',
      'NORTH',
      'SOUTH',
      'TOTAL',
    ]);
    const byNameDesc = await query({
      rows: ['region'],
      cols: [],
      measures: ['amount'],
      rowSort: { by: 'name', dir: 'desc' },
    });
    expect(byNameDesc.rows.items.map((r) => r.labels[0] ?? 'TOTAL')).toEqual([
      'SOUTH',
      'NORTH',
      'EAST',
      'TOTAL',
    ]);

    const collapsed = await query({ ...layout, collapsedRows: [['north']] });
    expect(collapsed.rows.items.map((r) => r.labels.join('/'))).toEqual([
      'EAST',
      'EAST/Plums',
      'NORTH',
      'SOUTH',
      'SOUTH/Apples',
      '',
    ]);
    expect(collapsed.rows.items[2]).toMatchObject({
      kind: 'subtotal',
      collapsed: true,
      hasChildren: true,
    });

    // Reference members show their target's display value; locked members are reported.
    const byScenario = await query({ rows: ['scenario'], cols: [], measures: ['n'] });
    expect(byScenario.rows.items.map((r) => r.labels[0] ?? 'TOTAL')).toEqual([
      'Actual',
      'Plan',
      'TOTAL',
    ]);
    expect(byScenario.locked).toEqual([{ axis: 'rows', index: 0, member: 'Actual' }]);

    const bad = await qry(app, owner, 'cubes.query', {
      cubeId,
      rows: ['region', 'region'],
      cols: ['nope'],
      measures: ['zzz'],
      rowSort: { by: 'measure', measure: 'n' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual([
      'cols.0',
      'measures.0',
      'rowSort.measure',
      'rows.1',
    ]);
  });
});

describe('Show Records', () => {
  it('turns every cell into a filter whose records add up to the cell', async () => {
    await replaceRecords(fc.sample(recordArb, { numRuns: 60, seed: 42 }));
    const records = await allRecords();
    const rows: DimKey[] = ['region', 'quarter'];
    const cols: DimKey[] = ['scenario', 'flag'];
    const filter = group(AND, [{ field: 'qty', op: 'gte', value: 0 }]);
    const answer = await query({ rows, cols, measures: ['amount', 'n'], filter });
    let checked = 0;
    for (const r of answer.rows.items) {
      for (const [j, c] of answer.cols.items.entries()) {
        const coords = [
          ...r.path.map((member, lv) => ({ dimension: rows[lv], member })),
          ...c.path.map((member, lv) => ({ dimension: cols[lv], member })),
        ];
        const cell = await ok(app, owner, 'cubes.cellFilter', { cubeId, filter, coords });
        expect(cell.objectId).toBe(sales);
        const list = await ok<{ rows: { values: Record<string, unknown> }[] }>(
          app,
          owner,
          'records.list',
          {
            objectId: sales,
            filter: cell.filter,
            limit: 1000,
          },
        );
        const i = answer.rows.items.indexOf(r);
        const [amount, n] = answer.cells[i]?.[j] ?? [];
        expect(list.rows.length).toBe(n ?? 0);
        const sum = list.rows.reduce((a, x) => a + cents(x.values.amount), 0n);
        if (n)
          expect(list.rows.some((x) => x.values.amount !== null) ? fmt(sum) : null).toBe(amount);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(records.length).toBe(60);
    const bad = await qry(app, owner, 'cubes.cellFilter', {
      cubeId,
      coords: [
        { dimension: 'month', member: '2025-13' },
        { dimension: 'scenario', member: 'Plan' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual([
      'coords.0.member',
      'coords.1.member',
    ]);
  });
});
