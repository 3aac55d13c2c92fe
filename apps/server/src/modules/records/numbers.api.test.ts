import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok, qry } from '../../test/qry-helpers.js';

/**
 * Exact numbers through the API, on the database the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): decimal, money and percent values keep every digit at their field's scale —
 * beyond 2^53 units too —, filters compare them exactly, and sums and averages over thousands of
 * records equal the exact reference computed here with BigInt and decimal.js.
 */
const D = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_EVEN });

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let obj: { id: string };

const SCALES = [0, 1, 2, 3, 4, 5, 6] as const;
/** Field codes: d0…d6 decimals of that scale, yen (money, JPY), eur (money), pct (percent), n. */
const dec = (s: number) => `d${s}`;
/** Units of a stored decimal stay below 10^18, whatever its scale. */
const MAX_UNITS = 10n ** 18n - 1n;

function text(units: bigint, scale: number): string {
  const neg = units < 0n;
  let digits = (neg ? -units : units).toString();
  if (scale === 0) return `${neg ? '-' : ''}${digits}`;
  digits = digits.padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
  obj = await ok(t.app, u, 'objects.create', { name: 'Ledger' });
  for (const s of SCALES)
    await ok(t.app, u, 'fields.create', {
      objectId: obj.id,
      name: `Dec ${s}`,
      code: dec(s),
      type: 'decimal',
      options: { scale: s },
    });
  await ok(t.app, u, 'fields.create', {
    objectId: obj.id,
    name: 'Yen',
    code: 'yen',
    type: 'money',
    options: { currency: 'JPY' },
  });
  await ok(t.app, u, 'fields.create', {
    objectId: obj.id,
    name: 'Eur',
    code: 'eur',
    type: 'money',
    options: { currency: 'EUR', min: '-1000000000000000.00' },
  });
  await ok(t.app, u, 'fields.create', {
    objectId: obj.id,
    name: 'Pct',
    code: 'pct',
    type: 'percent',
  });
  await ok(t.app, u, 'fields.create', { objectId: obj.id, name: 'N', code: 'n', type: 'integer' });
  await ok(t.app, u, 'fields.create', { objectId: obj.id, name: 'Run', code: 'run', type: 'text' });
  await ok(t.app, u, 'fields.create', {
    objectId: obj.id,
    name: 'Bucket',
    code: 'bucket',
    type: 'integer',
  });
}, 60_000);
afterAll(async () => t.cleanup());

async function create(values: Record<string, unknown>) {
  return qry(t.app, u, 'records.create', { objectId: obj.id, values: { name: 'x', ...values } });
}

describe('decimal fields: declared scale, exact values, strings in the JSON', () => {
  it('every decimal type gets its scale written down: money from its currency, else 2', async () => {
    const o = await ok(t.app, u, 'objects.get', { id: obj.id });
    const scaleOf = (code: string) =>
      o.fields.find((f: { code: string }) => f.code === code).options.scale;
    expect(SCALES.map((s) => scaleOf(dec(s)))).toEqual([...SCALES]);
    expect(scaleOf('yen')).toBe(0);
    expect(scaleOf('eur')).toBe(2);
    expect(scaleOf('pct')).toBe(2);
    expect(scaleOf('n')).toBeUndefined();
  });

  it('answers canonical decimal strings at the field scale, from numbers or strings', async () => {
    const r = await create({
      d2: 12.5,
      d0: '7',
      d6: '-0.000001',
      yen: 1500,
      pct: '12.5',
      eur: '0.1',
    });
    expect(r.status).toBe(200);
    expect(r.data.values).toMatchObject({
      d2: '12.50',
      d0: '7',
      d6: '-0.000001',
      yen: '1500',
      pct: '12.50',
      eur: '0.10',
    });
    const back = await ok(t.app, u, 'records.get', { objectId: obj.id, id: r.data.id });
    expect(back.values).toEqual(r.data.values);
  });

  it('keeps every digit beyond 2^53 units, up to 18 significant digits', async () => {
    const values = {
      d2: '9999999999999999.99',
      d0: '-999999999999999999',
      d6: '999999999999.999999',
      eur: '9007199254740993.01',
      yen: '123456789012345678',
    };
    const r = await create(values);
    expect(r.status).toBe(200);
    expect(r.data.values).toMatchObject(values);
    const list = await ok(t.app, u, 'records.list', {
      objectId: obj.id,
      filter: group(AND, [{ field: 'd2', op: 'eq', value: '9999999999999999.99' }]),
    });
    expect(list.rows.map((x: { values: Record<string, unknown> }) => x.values)).toEqual([
      expect.objectContaining(values),
    ]);
  });

  it('refuses more decimal places than the field keeps, and more digits than it holds', async () => {
    const r = await qry(
      t.app,
      u,
      'records.create',
      {
        objectId: obj.id,
        values: {
          name: 'x',
          d2: '1.005',
          yen: 10.5,
          d0: '1000000000000000000',
          eur: 'abc',
          pct: 1e-7,
        },
      },
      'de',
    );
    expect(r.status).toBe(400);
    expect(r.error?.fields).toEqual({
      d2: ['Höchstens 2 Nachkommastellen.'],
      yen: ['Höchstens 0 Nachkommastellen.'],
      d0: ['Zu groß: höchstens 18 Stellen vor dem Komma.'],
      eur: ['Erwartet wird eine Zahl.'],
      pct: ['Höchstens 2 Nachkommastellen.'],
    });
    // Trailing zeros are not more digits; a bound is compared exactly.
    expect((await create({ d2: '1.500000' })).data.values.d2).toBe('1.50');
    const low = await create({ eur: '-1000000000000000.01' });
    expect(low.status).toBe(400);
    expect(low.error?.fields?.eur?.[0]).toMatch(/-1000000000000000\.00/);
  });

  it('filters compare exactly, also with values of more digits than the field keeps', async () => {
    const run = 'filters';
    for (const v of ['12.34', '12.35', '12.36', '-0.01', '0.00'])
      expect((await create({ run, d2: v })).status).toBe(200);
    const pick = async (op: string, value: unknown) => {
      const r = await ok(t.app, u, 'records.list', {
        objectId: obj.id,
        filter: group(AND, [
          { field: 'run', op: 'eq', value: run },
          { field: 'd2', op, value },
        ]),
        orderby: { isActive: true, sorts: [{ field: 'd2', dir: 'asc' }] },
      });
      return r.rows.map((x: { values: { d2: string } }) => x.values.d2);
    };
    expect(await pick('gt', '12.345')).toEqual(['12.35', '12.36']);
    expect(await pick('gte', '12.345')).toEqual(['12.35', '12.36']);
    expect(await pick('lt', '12.345')).toEqual(['-0.01', '0.00', '12.34']);
    expect(await pick('lte', 12.35)).toEqual(['-0.01', '0.00', '12.34', '12.35']);
    expect(await pick('eq', '12.345')).toEqual([]);
    expect(await pick('eq', '12.3500')).toEqual(['12.35']);
    expect(await pick('neq', '12.345')).toHaveLength(5);
    expect(await pick('between', ['-0.005', '12.341'])).toEqual(['0.00', '12.34']);
    expect(await pick('in', ['12.34', 12.36, '1.001'])).toEqual(['12.34', '12.36']);
    expect(await pick('not_in', ['12.345'])).toHaveLength(5);
    expect(await pick('gt', '1e30')).toEqual([]);
    expect(await pick('gt', '-1e30')).toHaveLength(5);
    const bad = await qry(t.app, u, 'records.list', {
      objectId: obj.id,
      filter: group(AND, [{ field: 'd2', op: 'gt', value: '12,5' }]),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {})).toEqual(['filter.conditions.0.value']);
  });
});

describe('sums and averages over thousands of records equal the exact reference', () => {
  /** Units of a random amount at scale s: small, huge or at the limit of 18 digits. */
  const amount = (s: number) =>
    fc.oneof(
      fc.bigInt({ min: -(10n ** BigInt(s + 3)), max: 10n ** BigInt(s + 3) }),
      fc.bigInt({ min: -MAX_UNITS, max: MAX_UNITS }),
      fc.constantFrom(MAX_UNITS, -MAX_UNITS, 0n),
    );
  const row = fc.record({
    bucket: fc.integer({ min: 0, max: 4 }),
    ...Object.fromEntries(SCALES.map((s) => [dec(s), fc.option(amount(s), { freq: 8 })])),
    yen: amount(0),
    eur: fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n }),
    pct: amount(2),
    n: fc.option(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })),
  }) as fc.Arbitrary<Record<string, bigint | number | null>>;
  const columns: [string, number][] = [
    ...SCALES.map((s): [string, number] => [dec(s), s]),
    ['yen', 0],
    ['eur', 2],
    ['pct', 2],
    ['n', 0],
  ];

  it('per group, for every scale, on this database', async () => {
    let runNo = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1500, maxLength: 2500 }), async (rows) => {
        const run = `sums ${++runNo}`;
        const payload = rows.map((r) => ({
          name: 'r',
          run,
          ...Object.fromEntries(
            Object.entries(r).map(([k, v]) => {
              const s = columns.find(([c]) => c === k)?.[1];
              return [k, typeof v === 'bigint' ? text(v, s ?? 0) : v];
            }),
          ),
        }));
        for (let i = 0; i < payload.length; i += 1000) {
          const w = await qry(t.app, u, 'records.createMany', {
            objectId: obj.id,
            rows: payload.slice(i, i + 1000),
          });
          expect(w.status, JSON.stringify(w.error)).toBe(200);
        }
        // At most 20 aggregates per call: one call per pair of columns.
        type Group = {
          key: { bucket: number };
          count: number;
          aggregates: { field: string; fn: string; value: unknown }[];
        };
        const groups = new Map<number, Group>();
        for (let i = 0; i < columns.length; i += 2) {
          const aggregates = columns
            .slice(i, i + 2)
            .flatMap(([c]) =>
              (['sum', 'avg', 'min', 'max', 'count'] as const).map((fn) => ({ field: c, fn })),
            );
          const g = await ok<{ groups: Group[] }>(t.app, u, 'records.groups', {
            objectId: obj.id,
            filter: group(AND, [{ field: 'run', op: 'eq', value: run }]),
            groupby: { isActive: true, groups: [{ field: 'bucket', aggregates }] },
          });
          for (const x of g.groups) {
            const had = groups.get(x.key.bucket);
            if (had) had.aggregates.push(...x.aggregates);
            else groups.set(x.key.bucket, x);
          }
        }
        for (const grp of groups.values()) {
          const mine = rows.filter((r) => r.bucket === grp.key.bucket);
          expect(grp.count).toBe(mine.length);
          for (const [c, s] of columns) {
            const vs = mine
              .map((r) => r[c])
              .filter((v): v is bigint | number => v !== null && v !== undefined)
              .map((v) => BigInt(v));
            const value = (fn: string) =>
              grp.aggregates.find((a) => a.field === c && a.fn === fn)?.value;
            if (!vs.length) {
              expect(value('sum')).toBeNull();
              expect(value('avg')).toBeNull();
              continue;
            }
            const sum = vs.reduce((a, b) => a + b, 0n);
            expect(value('sum'), `${run} ${c} sum`).toBe(text(sum, s));
            const avgScale = c === 'n' ? 2 : s;
            const avg = new D(sum.toString())
              .div(new D(10).pow(s))
              .div(vs.length)
              .toFixed(avgScale, D.ROUND_HALF_EVEN);
            expect(value('avg'), `${run} ${c} avg`).toBe(
              avg === '-0' || /^-0\.0*$/.test(avg) ? avg.slice(1) : avg,
            );
            const min = vs.reduce((a, b) => (a < b ? a : b));
            const max = vs.reduce((a, b) => (a > b ? a : b));
            expect(value('min')).toBe(c === 'n' ? Number(min) : text(min, s));
            expect(value('max')).toBe(c === 'n' ? Number(max) : text(max, s));
            expect(value('count')).toBe(vs.length);
          }
        }
        // Read back, every value is the one written.
        const first = await ok(t.app, u, 'records.list', {
          objectId: obj.id,
          filter: group(AND, [{ field: 'run', op: 'eq', value: run }]),
          orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
          limit: 1000,
        });
        first.rows.forEach((r: { values: Record<string, unknown> }, i: number) => {
          const sent = payload[i] as Record<string, unknown>;
          for (const [c] of columns) expect(r.values[c] ?? null).toEqual(sent[c] ?? null);
        });
      }),
      // A failure names its run and column; the thousands of rows are not worth printing.
      {
        numRuns: 3,
        endOnFailure: true,
        reporter: (r) => {
          if (r.failed)
            throw r.errorInstance instanceof Error
              ? r.errorInstance
              : new Error(String(r.errorInstance));
        },
      },
    );
  }, 300_000);

  it('a group sum of whole numbers past 2^63 is exact (it overflowed SQLite before)', async () => {
    const run = 'huge integers';
    const rows = Array.from({ length: 2048 }, (_, i) => ({
      name: `h${i}`,
      run,
      bucket: i % 2,
      n: Number.MAX_SAFE_INTEGER - (i % 3),
    }));
    await ok(t.app, u, 'records.createMany', { objectId: obj.id, rows });
    const g = await qry(t.app, u, 'records.groups', {
      objectId: obj.id,
      filter: group(AND, [{ field: 'run', op: 'eq', value: run }]),
      groupby: {
        isActive: true,
        groups: [
          {
            field: 'run',
            aggregates: [
              { field: 'n', fn: 'sum' },
              { field: 'n', fn: 'avg' },
            ],
          },
        ],
      },
    });
    expect(g.status, JSON.stringify(g.error)).toBe(200);
    const want = rows.reduce((a, r) => a + BigInt(r.n), 0n);
    expect(want > 2n ** 63n).toBe(true);
    expect(g.data.groups[0].aggregates).toEqual([
      { field: 'n', fn: 'sum', value: want.toString() },
      {
        field: 'n',
        fn: 'avg',
        value: new D(want.toString()).div(rows.length).toFixed(2, D.ROUND_HALF_EVEN),
      },
    ]);
  });
});

describe('changing the scale converts the stored values', () => {
  it('more places keep the values; fewer are refused while a value would lose digits', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Scales' });
    const f = await ok(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Amount',
      code: 'amount',
      type: 'money',
      options: { currency: 'EUR' },
    });
    for (const v of ['1.25', '-3.10', '9999999999999999.99'])
      await ok(t.app, u, 'records.create', { objectId: o.id, values: { name: 'x', amount: v } });
    const values = async () =>
      (
        await ok(t.app, u, 'records.list', {
          objectId: o.id,
          orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
        })
      ).rows.map((r: { values: { amount: string } }) => r.values.amount);
    // 18 digits in all: 16 whole digits and 2 places leave no room for a third place.
    const tooMany = await qry(t.app, u, 'fields.update', {
      id: f.id,
      options: { currency: 'EUR', scale: 3 },
    });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.error?.fields ?? {})).toEqual(['options.scale']);
    await ok(t.app, u, 'records.update', { objectId: o.id, id: 3, values: { amount: '99.99' } });
    await ok(t.app, u, 'fields.update', { id: f.id, options: { currency: 'EUR', scale: 4 } });
    expect(await values()).toEqual(['1.2500', '-3.1000', '99.9900']);
    const lossy = await qry(t.app, u, 'fields.update', {
      id: f.id,
      options: { currency: 'EUR', scale: 1 },
    });
    expect(lossy.status).toBe(422);
    expect(lossy.error?.fields?.['options.scale']?.[0]).toContain('"Amount"');
    expect(await values()).toEqual(['1.2500', '-3.1000', '99.9900']);
    await ok(t.app, u, 'records.update', { objectId: o.id, id: 1, values: { amount: '1.3' } });
    await ok(t.app, u, 'records.update', { objectId: o.id, id: 3, values: { amount: 100 } });
    await ok(t.app, u, 'fields.update', { id: f.id, options: { currency: 'EUR', scale: 1 } });
    expect(await values()).toEqual(['1.3', '-3.1', '100.0']);
    const refused = await qry(t.app, u, 'fields.create', {
      objectId: o.id,
      name: 'Fine',
      type: 'decimal',
      options: { scale: 7 },
    });
    expect(refused.status).toBe(400);
  });
});
