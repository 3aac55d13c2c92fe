import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactAggregate } from '../../platform/aggregates.js';
import { clearCache } from '../../platform/cache.js';
import { aggregatesOf, dropIndex, listIndexes } from '../../platform/ddl.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp, tableOfObject } from '../../test/helpers.js';
import { picker, rng } from '../../test/random.js';
import { importCsv, storedCsv } from '../../test/import-helpers.js';
import { appliedSlices, applySliceRows } from '../imports/index.js';
import { AND, OR, group, ok } from '../../test/qry-helpers.js';

/**
 * Cubes answered from maintained aggregates never answer differently from cubes that read the
 * records. Two objects hold the same records and carry the same cube; the summary the cube made
 * is dropped from `plain`, so its layouts read the records, while `summed` answers from its
 * summary. Random layouts (dimensions, date grains, measures — min and distinct counts among
 * them, which read the records —, filters, totals, sorts, windows) must give the same answer on
 * both before and after the same writes, bulk writes, imports, deletes, restores and
 * write-back spreads are applied to both; after each, every summary of `summed` must hold
 * exactly the counts and sums of its records, group by group.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const REGIONS = ['north', 'south', 'east', 'west'];
const PRODUCTS = ['Apples', 'Pears', 'Plums', 'apples', 'Äpfel'];

const random = rng(11);
const pick = picker(random);
/** A decimal text with `scale` places (or null), large enough to pass 2^53 units now and then. */
function amount(scale: number): string | null {
  if (random() < 0.1) return null;
  const whole = random() < 0.05 ? 9_000_000_000_000 : Math.floor(random() * 100_000) - 20_000;
  const frac = String(Math.floor(random() * 10 ** scale)).padStart(scale, '0');
  return scale ? `${whole}.${frac}` : String(whole);
}
function row(i: number): Record<string, unknown> {
  return {
    name: `r${i}`,
    region: random() < 0.08 ? null : pick(REGIONS),
    product: random() < 0.08 ? null : pick(PRODUCTS),
    day:
      random() < 0.08
        ? null
        : `${pick(['2025', '2026'])}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-1${Math.floor(random() * 9)}`,
    flag: random() < 0.1 ? null : random() < 0.5,
    amount: amount(2),
    rate: amount(4),
    qty: random() < 0.1 ? null : Math.floor(random() * 200) - 50,
  };
}

interface Obj {
  id: string;
  cube: string;
}
let plain: Obj;
let summed: Obj;

const DIMENSIONS = [
  { key: 'region', field: 'region' },
  { key: 'product', field: 'product' },
  { key: 'flag', field: 'flag' },
  { key: 'year', field: 'day', grain: 'year' },
  { key: 'quarter', field: 'day', grain: 'quarter' },
  { key: 'month', field: 'day', grain: 'month' },
  { key: 'day', field: 'day', grain: 'day' },
];
const MEASURES = [
  { key: 'amount', fn: 'sum', field: 'amount' },
  { key: 'avg_amount', fn: 'avg', field: 'amount' },
  { key: 'rate', fn: 'sum', field: 'rate' },
  { key: 'avg_rate', fn: 'avg', field: 'rate' },
  { key: 'qty', fn: 'sum', field: 'qty' },
  { key: 'qty_count', fn: 'count', field: 'qty' },
  { key: 'n', fn: 'count' },
  // Not kept in a summary: these layouts read the records.
  { key: 'min_amount', fn: 'min', field: 'amount' },
  { key: 'products', fn: 'count_distinct', field: 'product' },
];

async function makeObject(name: string): Promise<Obj> {
  const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name });
  for (const [code, type, options] of [
    ['region', 'select', { choices: REGIONS.map((value) => ({ value })) }],
    ['product', 'text', {}],
    ['day', 'date', {}],
    ['flag', 'boolean', {}],
    ['amount', 'money', { scale: 2 }],
    ['rate', 'decimal', { scale: 4 }],
    ['qty', 'integer', { min: -1_000_000_000 }],
  ] as const)
    await ok(t.app, u, 'fields.create', { objectId: o.id, name: code, code, type, options });
  const cube = await ok<{ id: string }>(t.app, u, 'cubes.create', {
    objectId: o.id,
    name: `${name} cube`,
    dimensions: DIMENSIONS,
    measures: MEASURES,
    calculated: [{ key: 'gap', fn: 'difference', left: 'amount', right: 'qty' }],
    parameters: group(AND, [{ field: 'region', op: 'neq', value: 'west' }]),
    defaultLayout: { rows: ['region', 'product'], cols: ['month'], measures: ['amount', 'qty'] },
    keyDimensions: ['region', 'product', 'day'],
  });
  return { id: o.id, cube: cube.id };
}

async function both(op: string, input: (o: Obj) => Record<string, unknown>): Promise<void> {
  await ok(t.app, u, op, input(plain));
  await ok(t.app, u, op, input(summed));
}

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  plain = await makeObject('Plain');
  summed = await makeObject('Summed');
  const rows = Array.from({ length: 300 }, (_, i) => row(i));
  await both('records.createMany', (o) => ({ objectId: o.id, rows }));
  // The plain object's cube reads its records: its summary goes.
  for (const a of aggregatesOf(await listIndexes(t.app.db.kysely, plain.id)))
    await dropIndex(t.app.db.kysely, t.app.db.dialect, a.name);
}, 120_000);
afterAll(async () => t.cleanup());

// ---- the summaries against the records -------------------------------------------------------

/**
 * Every summary of `summed` holds, per group and live/deleted, the number of records and each
 * summed field's exact sum and non-empty count — compared with the same figures computed from
 * the records, as decimal texts (SQLite: the high and low parts put together).
 */
async function summariesHold(objectId = summed.id): Promise<void> {
  const db = t.app.db.kysely;
  const infos = aggregatesOf(await listIndexes(db, objectId));
  expect(infos.length).toBeGreaterThan(0);
  const table = await tableOfObject(db, objectId);
  const pg = t.app.db.dialect === 'postgres';
  for (const info of infos) {
    const keys = ['d', ...info.groups.map((_, i) => `c${i}`)];
    const fromSummary = await sql
      .raw<Record<string, unknown>>(
        `select ${keys.join(', ')}, sum(cnt) as cnt${info.sums
          .map((_, i) =>
            pg
              ? `, cast(sum(s${i}) as text) as s${i}, sum(s${i}n) as s${i}n`
              : `, cast(sum(s${i}h) as text) as s${i}h, cast(sum(s${i}l) as text) as s${i}l, sum(s${i}n) as s${i}n`,
          )
          .join('')} from "${info.name}" group by ${keys.join(', ')} having sum(cnt) <> 0`,
      )
      .execute(db);
    const fromRecords = await sql
      .raw<Record<string, unknown>>(
        `select case when deleted_at is null then 0 else 1 end as d${info.groups
          .map((c, i) => `, "${c}" as c${i}`)
          .join('')}, count(*) as cnt${info.sums
          .map((c, i) => `, cast(sum("${c}") as text) as s${i}, count("${c}") as s${i}n`)
          .join(
            '',
          )} from "${table}" group by ${['1', ...info.groups.map((c) => `"${c}"`)].join(', ')}`,
      )
      .execute(db);
    const norm = (r: Record<string, unknown>, summary: boolean) => {
      const out: unknown[] = keys.map((k) => (r[k] === null ? null : String(r[k])));
      out.push(String(r.cnt));
      info.sums.forEach((_, i) => {
        let s: string | null;
        if (summary && !pg)
          s = String(BigInt(String(r[`s${i}h`])) * 2n ** 32n + BigInt(String(r[`s${i}l`])));
        else s = r[`s${i}`] === null ? null : String(r[`s${i}`]);
        // Exact to the last digit: PostgreSQL's numeric texts compared as they are; no sum
        // (no non-empty value) is 0.
        if (Number(r[`s${i}n`]) === 0) s = '0';
        else if (s !== null && pg)
          s = s.replace(/^(-?\d+)\.?(\d*?)0*$/, (_, a, b) => (b ? `${a}.${b}` : a));
        out.push(s, String(r[`s${i}n`]));
      });
      return JSON.stringify(out);
    };
    const a = fromSummary.rows.map((r) => norm(r, true)).sort();
    const b = fromRecords.rows.map((r) => norm(r, false)).sort();
    expect(a, info.name).toEqual(b);
  }
}

// ---- random layouts --------------------------------------------------------------------------

const dimKeys = DIMENSIONS.map((d) => d.key);
const filterArb = fc
  .tuple(
    fc.constantFrom(AND, OR),
    fc.array(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc.record({
            field: fc.constant('region'),
            op: fc.constantFrom('in', 'not_in'),
            value: fc.subarray(REGIONS, { minLength: 1 }),
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            field: fc.constant('product'),
            op: fc.constantFrom('contains', 'eq', 'is_empty', 'starts_with'),
            value: fc.constantFrom('pl', 'Apples', 'ä', 'P'),
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            field: fc.constant('day'),
            op: fc.constantFrom('gte', 'lt'),
            value: fc.constantFrom('2025-06-01', '2026-01-15'),
          }),
        },
        // A condition on a field no summary groups by: read from the records.
        {
          weight: 1,
          arbitrary: fc.record({
            field: fc.constant('qty'),
            op: fc.constantFrom('gt', 'lte'),
            value: fc.integer({ min: -50, max: 150 }),
          }),
        },
      ),
      { maxLength: 2 },
    ),
  )
  .map(([op, conditions]) => group(op, conditions));
const layoutArb = fc
  .record({
    dims: fc.shuffledSubarray(dimKeys, { minLength: 0, maxLength: 3 }),
    split: fc.nat(),
    measures: fc.shuffledSubarray([...MEASURES.map((m) => m.key), 'gap'], {
      minLength: 1,
      maxLength: 3,
    }),
    filter: fc.option(filterArb, { freq: 2 }),
    rowTotals: fc.boolean(),
    colTotals: fc.boolean(),
    rowSort: fc.option(
      fc.record({ by: fc.constant('measure'), dir: fc.constantFrom('asc', 'desc') }),
      { freq: 3 },
    ),
    rowLimit: fc.integer({ min: 1, max: 60 }),
    rowOffset: fc.nat({ max: 10 }),
  })
  .map((l) => {
    // At most one date grain (a field on two axes is allowed, but keep layouts readable).
    const dates = l.dims.filter((d) => ['year', 'quarter', 'month', 'day'].includes(d));
    const dims = l.dims.filter((d) => !dates.includes(d) || d === dates[0]);
    const r = dims.length ? l.split % (dims.length + 1) : 0;
    return {
      rows: dims.slice(0, r),
      cols: dims.slice(r),
      measures: l.measures,
      ...(l.filter ? { filter: l.filter } : {}),
      rowTotals: l.rowTotals,
      colTotals: l.colTotals,
      ...(l.rowSort ? { rowSort: { ...l.rowSort, measure: l.measures[0] } } : {}),
      rowLimit: l.rowLimit,
      rowOffset: l.rowOffset,
      colLimit: 100,
    };
  });
type Layout = typeof layoutArb extends fc.Arbitrary<infer L> ? L : never;

async function answer(o: Obj, l: Layout) {
  const a = await ok<Record<string, unknown>>(t.app, u, 'cubes.query', { cubeId: o.cube, ...l });
  delete a.cached;
  return a;
}

async function sameAnswers(runs: number): Promise<void> {
  await summariesHold();
  await fc.assert(
    fc.asyncProperty(layoutArb, async (l) => {
      expect(await answer(summed, l), JSON.stringify(l)).toEqual(await answer(plain, l));
    }),
    { numRuns: runs },
  );
}

// ---- tests -----------------------------------------------------------------------------------

describe('cubes from maintained aggregates', () => {
  it('the cube made a summary of its default layout and parameters; the plain object has none', async () => {
    const tables = await ok<{ items: { objectId: string; indexes: string[] }[] }>(
      t.app,
      u,
      'tables.list',
    );
    const summaries = (id: string) =>
      (tables.items.find((x) => x.objectId === id)?.indexes ?? []).filter((n) => /^ag\d_/.test(n));
    expect(summaries(summed.id)).toHaveLength(1);
    expect(summaries(plain.id)).toHaveLength(0);
    const [info] = aggregatesOf(await listIndexes(t.app.db.kysely, summed.id));
    // region, product, day (the layout's), the parameters' region again; every number field.
    expect(info?.groups).toHaveLength(3);
    expect(info?.sums).toHaveLength(3);
  });

  it('reads the summary, not the records, for the layouts it answers', async () => {
    const [info] = aggregatesOf(await listIndexes(t.app.db.kysely, summed.id));
    // PostgreSQL: folded first, so that no fold runs in the background while the summary is
    // changed below (the first read of a summary never folded by this process starts one).
    if (t.app.db.dialect === 'postgres')
      await compactAggregate(t.app.db.kysely, info!, (e) => {
        throw e;
      });
    const layout = {
      rows: ['region'],
      cols: ['year'],
      measures: ['n', 'amount'],
      rowTotals: true,
      colTotals: true,
    };
    const before = await answer(summed, layout as Layout);
    expect(before).toEqual(await answer(plain, layout as Layout));
    // Changing the summary changes the answer: it was read.
    const shift = (n: number) =>
      sql`update ${sql.id(info!.name)} set cnt = cnt + ${n} where d = 0`.execute(t.app.db.kysely);
    await shift(1000);
    // The cached answer goes (as after a write).
    clearCache(t.app.db);
    const tampered = await answer(summed, layout as Layout);
    await shift(-1000);
    expect((tampered as { records: number }).records).toBeGreaterThan(
      (before as { records: number }).records + 999,
    );
    clearCache(t.app.db);
    expect(await answer(summed, layout as Layout)).toEqual(before);
  });

  it(`answers ${RUNS} random layouts the same with and without the summary`, async () => {
    await sameAnswers(RUNS);
  }, 600_000);

  it('answers the same after writes, bulk writes, deletes and restores', async () => {
    for (let i = 0; i < 30; i++) {
      const id = 1 + Math.floor(random() * 300);
      const values = row(1000 + i);
      await both('records.update', (o) => ({ objectId: o.id, id, values }));
    }
    const ids = Array.from({ length: 40 }, () => 1 + Math.floor(random() * 300));
    await both('records.delete', (o) => ({ objectId: o.id, ids }));
    await sameAnswers(Math.ceil(RUNS / 4));
    await both('records.restore', (o) => ({ objectId: o.id, ids: ids.slice(0, 15) }));
    const upserts = [
      ...Array.from({ length: 20 }, (_, i) => ({ ...row(2000 + i), id: 1 + ((i * 13) % 300) })),
      ...Array.from({ length: 10 }, (_, i) => row(2100 + i)),
    ];
    await both('records.upsertMany', (o) => ({
      objectId: o.id,
      key: 'id',
      rows: upserts,
      onError: 'skip',
    }));
    await sameAnswers(Math.ceil(RUNS / 4));
  }, 600_000);

  it('answers the same after write-back spreads in every mode and their undo', async () => {
    const cells = [
      { coords: [], value: '123456789.01', mode: 'proportional' },
      { coords: [{ dimension: 'region', member: 'north' }], value: '1000.07', mode: 'equal' },
      {
        coords: [
          { dimension: 'region', member: 'south' },
          { dimension: 'month', member: '2025-03' },
        ],
        value: '-55.55',
        mode: 'delta',
      },
      { coords: [{ dimension: 'product', member: 'Plums' }], value: '12.5', mode: 'percentage' },
      // A leaf with no record: one is made (the key dimensions are all fixed).
      {
        coords: [
          { dimension: 'region', member: 'east' },
          { dimension: 'product', member: 'Kiwi' },
          { dimension: 'day', member: '2027-02-03' },
        ],
        value: '42.42',
        mode: 'proportional',
      },
    ];
    for (const c of cells) {
      await both('cubes.write', (o) => ({ cubeId: o.cube, measure: 'amount', ...c }));
      await summariesHold();
    }
    await sameAnswers(Math.ceil(RUNS / 4));
    await both('cubes.undo', (o) => ({ cubeId: o.cube }));
    await both('cubes.write', (o) => ({
      cubeId: o.cube,
      measure: 'qty',
      coords: [],
      value: '7',
      mode: 'equal',
    }));
    await both('cubes.undo', (o) => ({ cubeId: o.cube }));
    await sameAnswers(Math.ceil(RUNS / 4));
  }, 600_000);

  it('answers the same after imports (append, update by key, replace)', async () => {
    const cell = (v: unknown) => (v === null ? '' : `"${String(v).replaceAll('"', '""')}"`);
    const csv = [
      'Name,Region,Product,Day,Flag,Amount,Rate,Qty',
      ...Array.from({ length: 40 }, (_, i) => {
        const r: Record<string, unknown> = { ...row(3000 + i), name: `imp${i}` };
        return [r.name, r.region, r.product, r.day, r.flag, r.amount, r.rate, r.qty]
          .map(cell)
          .join(',');
      }),
    ].join('\n');
    for (const settings of [
      { mode: 'append' },
      { mode: 'update', keyField: 'name', insertMissing: true },
    ]) {
      await importCsv(t, u, plain.id, csv, settings);
      await importCsv(t, u, summed.id, csv, settings);
    }
    await sameAnswers(Math.ceil(RUNS / 4));
    await importCsv(t, u, plain.id, csv, { mode: 'replace' });
    await importCsv(t, u, summed.id, csv, { mode: 'replace' });
    await sameAnswers(Math.ceil(RUNS / 4));
  }, 600_000);

  // SQLite applies an import in committed slices, each keeping the summaries by one grouped
  // statement per summary instead of the row triggers (platform/aggregates.ts `upkeepByGroups`).
  // Slices of a few rows make a small import run through many of them.
  it('answers the same after imports of many slices mixing new, changed and deleted records', async () => {
    const bounds = applySliceRows(7, 7);
    try {
      const start = appliedSlices();
      const live = await ok<{ rows: { values: { name: string } }[] }>(t.app, u, 'records.list', {
        objectId: summed.id,
        fields: ['name'],
        limit: 40,
      });
      const names = live.rows.map((r) => r.values.name);
      expect(names.length).toBeGreaterThan(10);
      // Records there are (updated by name: groups and sums change) between new ones, in every
      // slice; one row keeps its record as it is.
      const lines = Array.from({ length: 2 * names.length }, (_, i) => {
        const name = i % 2 ? `mix${i}` : (names[i / 2] as string);
        return { ...row(4000 + i), name };
      });
      await importBoth(csvOf(lines), { mode: 'update', keyField: 'name', insertMissing: true });
      await summariesHold();
      await sameAnswers(Math.ceil(RUNS / 6));
      // Changing only fields no summary keeps (name is none): the summaries stay as they are.
      await importBoth(
        csvOf(lines.map((l, i) => ({ ...l, name: i % 3 ? l.name : `${l.name}!` }))),
        {
          mode: 'update',
          keyField: 'name',
        },
      );
      await importBoth(csvOf(Array.from({ length: 60 }, (_, i) => row(5000 + i))), {
        mode: 'append',
      });
      await summariesHold();
      await importBoth(csvOf(Array.from({ length: 30 }, (_, i) => row(6000 + i))), {
        mode: 'replace',
      });
      await summariesHold();
      await sameAnswers(Math.ceil(RUNS / 6));
      // Each import wrote many slices (SQLite; PostgreSQL applies an import in one transaction).
      if (t.app.db.dialect === 'sqlite')
        expect(appliedSlices() - start).toBeGreaterThanOrEqual(8 * 20);
    } finally {
      applySliceRows(bounds.min, bounds.max);
    }
  }, 600_000);

  it('leaves every summary equal to the records when an import fails halfway', async () => {
    const sqlite = t.app.db.dialect === 'sqlite';
    // A slice per row: the user's write below comes while most of the file is still to be
    // written, however slowly the requests run (with 5 rows per slice, the import finished
    // first once on a loaded machine, and the write was refused as a duplicate code).
    const bounds = applySliceRows(1, 1);
    try {
      for (const o of [plain, summed])
        await ok(t.app, u, 'fields.create', {
          objectId: o.id,
          name: 'code',
          code: 'code',
          type: 'text',
          options: { unique: true },
        });
      const count = async () =>
        (await ok<{ total: number }>(t.app, u, 'records.count', { objectId: summed.id })).total;
      const before = await count();
      const lines = Array.from({ length: 200 }, (_, i) => ({ ...row(7000 + i), code: `K${i}` }));
      const id = await startImport(summed.id, csvOf(lines), { mode: 'replace' });
      // SQLite: once the apply has written slices (the old records going), a user takes the
      // file's last code: the slice that would write it fails, and every slice written before
      // is undone. PostgreSQL applies in one transaction (a failure rolls the summaries back
      // with the records): the record is made after it.
      if (sqlite)
        for (let i = 0; i < 200_000 && (await count()) === before; i++)
          await new Promise((r) => setImmediate(r));
      else await t.app.jobs.idle();
      const taken = { ...row(7999), code: sqlite ? 'K199' : 'K-1' };
      await ok(t.app, u, 'records.create', { objectId: summed.id, values: taken });
      await t.app.jobs.idle();
      const imp = await ok<{ status: string }>(t.app, u, 'imports.get', { id });
      expect(imp.status).toBe(sqlite ? 'failed' : 'succeeded');
      if (sqlite) expect(await count()).toBe(before + 1);
      await summariesHold();
      // The plain object gets the same: the import if it went through, and the record.
      if (!sqlite) await importCsv(t, u, plain.id, csvOf(lines), { mode: 'replace' });
      await ok(t.app, u, 'records.create', { objectId: plain.id, values: taken });
      await sameAnswers(Math.ceil(RUNS / 6));
    } finally {
      applySliceRows(bounds.min, bounds.max);
    }
  }, 600_000);

  it('keeps every write made between the slices of an import in the summaries', async () => {
    const bounds = applySliceRows(5, 5);
    try {
      const lines = Array.from({ length: 300 }, (_, i) => row(8000 + i));
      // Records of both objects by name (their ids may differ: an undone import took some).
      const idsOf = async (o: Obj) =>
        new Map(
          (
            await ok<{ rows: { id: number; values: { name: string } }[] }>(
              t.app,
              u,
              'records.list',
              { objectId: o.id, fields: ['name'], limit: 100 },
            )
          ).rows.map((r) => [r.values.name, r.id]),
        );
      const ids = { plain: await idsOf(plain), summed: await idsOf(summed) };
      const names = [...ids.summed.keys()].sort();
      expect([...ids.plain.keys()].sort()).toEqual(names);
      const idOf = (o: Obj, name: string) =>
        (o === summed ? ids.summed : ids.plain).get(name) as number;
      // Single writes of records the import does not touch, made while it applies.
      const writes: { op: string; input: (o: Obj) => Record<string, unknown> }[] = [];
      for (let i = 0; i < 40; i++) {
        const values = row(9000 + i);
        if (i % 4 === 3) {
          const gone = names.splice(0, 1)[0] as string;
          writes.push({
            op: 'records.delete',
            input: (o) => ({ objectId: o.id, ids: [idOf(o, gone)] }),
          });
        } else if (i % 4 === 2)
          writes.push({ op: 'records.create', input: (o) => ({ objectId: o.id, values }) });
        else {
          const name = names[i % names.length] as string;
          writes.push({
            op: 'records.update',
            input: (o) => ({ objectId: o.id, id: idOf(o, name), values: { ...values, name } }),
          });
        }
      }
      const count = async () =>
        (await ok<{ total: number }>(t.app, u, 'records.count', { objectId: summed.id })).total;
      const before = await count();
      const job = await startImport(summed.id, csvOf(lines), { mode: 'append' });
      // SQLite: once the apply has begun (its first slices of new records written).
      if (t.app.db.dialect === 'sqlite')
        for (let i = 0; i < 200_000 && (await count()) === before; i++)
          await new Promise((r) => setImmediate(r));
      const start = appliedSlices();
      const at: number[] = [];
      for (const w of writes) {
        await ok(t.app, u, w.op, w.input(summed));
        at.push(appliedSlices());
      }
      await t.app.jobs.idle();
      const end = appliedSlices();
      const imp = await ok<{ status: string }>(t.app, u, 'imports.get', { id: job });
      expect(imp.status).toBe('succeeded');
      // SQLite: writes landed between the import's slices (PostgreSQL: beside its transaction).
      if (t.app.db.dialect === 'sqlite')
        expect(at.filter((n) => n > start && n < end).length).toBeGreaterThan(1);
      await summariesHold();
      await importCsv(t, u, plain.id, csvOf(lines), { mode: 'append' });
      for (const w of writes) await ok(t.app, u, w.op, w.input(plain));
      await sameAnswers(Math.ceil(RUNS / 6));
    } finally {
      applySliceRows(bounds.min, bounds.max);
    }
  }, 600_000);
});

/** A CSV of rows as `row` makes them (and a code, when they have one). */
function csvOf(rows: Record<string, unknown>[]): string {
  const cell = (v: unknown) =>
    v === null || v === undefined ? '' : `"${String(v).replaceAll('"', '""')}"`;
  const code = rows.some((r) => 'code' in r);
  return [
    `Name,Region,Product,Day,Flag,Amount,Rate,Qty${code ? ',Code' : ''}`,
    ...rows.map((r) =>
      [
        r.name,
        r.region,
        r.product,
        r.day,
        r.flag,
        r.amount,
        r.rate,
        r.qty,
        ...(code ? [r.code] : []),
      ]
        .map(cell)
        .join(','),
    ),
  ].join('\n');
}

async function importBoth(csv: string, settings: Record<string, unknown>): Promise<void> {
  await importCsv(t, u, plain.id, csv, settings);
  await importCsv(t, u, summed.id, csv, settings);
}

/** Starts an import of `csv` (answers its id at once; the job runs on). */
async function startImport(
  objectId: string,
  csv: string,
  settings: Record<string, unknown>,
): Promise<string> {
  const fileId = await storedCsv(t, u, csv);
  const imp = await ok<{ id: string }>(t.app, u, 'imports.create', { objectId, fileId });
  await ok(t.app, u, 'imports.update', { id: imp.id, settings });
  await ok(t.app, u, 'imports.run', { id: imp.id });
  return imp.id;
}
