import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

/**
 * Computed fields against a reference computed here, on the database the suite runs on (SQLite,
 * or PostgreSQL with TEST_DATABASE_URL):
 * - random formulas over random records — arithmetic, rounding, conditions, minimum/maximum,
 *   references followed — give exactly the values this file's exact decimal arithmetic gives,
 *   and sort and filter by them in that order;
 * - rollups (sum, count, average, minimum, maximum, distinct count, a filtered sum) equal what
 *   the children hold after random creates, updates, moves, deletes and restores.
 */

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

// ---- exact decimals ------------------------------------------------------------------------

/** A number as units at a scale (value = u / 10^s); null is empty. */
type Num = { u: bigint; s: number } | null;

const pow = (n: number) => 10n ** BigInt(n);

function at(x: { u: bigint; s: number }, s: number): bigint {
  return s >= x.s ? x.u * pow(s - x.s) : roundDiv(x.u, pow(x.s - s));
}

/** a / b rounded half to even. */
function roundDiv(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const A = a < 0n ? -a : a;
  const B = b < 0n ? -b : b;
  let q = A / B;
  const r2 = (A % B) * 2n;
  if (r2 > B || (r2 === B && q % 2n === 1n)) q += 1n;
  return neg ? -q : q;
}

function cmp(a: { u: bigint; s: number }, b: { u: bigint; s: number }): number {
  const s = Math.max(a.s, b.s);
  const x = at(a, s);
  const y = at(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A decimal text or number as units at a scale (exactly; it has at most that many digits). */
function unitsOf(v: unknown, s: number): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(v));
  if (!m) throw new Error(`not a decimal: ${String(v)}`);
  const frac = (m[3] ?? '').padEnd(s, '0');
  if (frac.length > s && /[^0]/.test(frac.slice(s))) throw new Error(`${String(v)} at scale ${s}`);
  const units = BigInt(`${m[2]}${frac.slice(0, s)}`);
  return m[1] ? -units : units;
}

// ---- random formulas -----------------------------------------------------------------------

interface Row {
  a: number | null;
  b: string | null;
  c: string | null;
  rate: number | null;
}
interface Rate {
  r: string;
  n: number;
}

/** A numeric formula: its text, its type's scale (null: whole number), a bound and its value. */
interface Gen {
  text: string;
  /** Scale of its type; `int`: a whole number. */
  int: boolean;
  s: number;
  max: number;
  /** Reads a referenced record (so it is computed in the relation, not stored). */
  deref: boolean;
  /** A quotient: `round(x / y, n)` rounds it once, straight to n places. */
  div?: (row: Row, rates: Map<number, Rate>, s: number) => Num;
  value: (row: Row, rates: Map<number, Rate>) => Num;
}

const MAX_SCALE = 12;

/** A small deterministic random source (fast-check gives the seed). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

const num = (text: string | null | number | undefined, s: number): Num =>
  text === null || text === undefined ? null : { u: unitsOf(text, s), s };

function leaf(pick: (n: number) => number): Gen {
  switch (pick(7)) {
    case 0:
      return { text: 'a', int: true, s: 0, max: 1000, deref: false, value: (r) => num(r.a, 0) };
    case 1:
      return { text: 'b', int: false, s: 2, max: 1000, deref: false, value: (r) => num(r.b, 2) };
    case 2:
      return {
        text: '{C value}',
        int: false,
        s: 3,
        max: 100,
        deref: false,
        value: (r) => num(r.c, 3),
      };
    case 3:
      return {
        text: 'rate.r',
        int: false,
        s: 4,
        max: 10,
        deref: true,
        value: (r, rates) => (r.rate === null ? null : num(rates.get(r.rate)?.r, 4)),
      };
    case 4:
      return {
        text: 'rate.n',
        int: true,
        s: 0,
        max: 100,
        deref: true,
        value: (r, rates) => (r.rate === null ? null : num(rates.get(r.rate)?.n, 0)),
      };
    case 5: {
      const v = pick(101) - 50;
      return {
        text: String(v),
        int: true,
        s: 0,
        max: Math.abs(v),
        deref: false,
        value: () => ({ u: BigInt(v), s: 0 }),
      };
    }
    default: {
      const s = 1 + pick(2);
      const units = pick(2000) - 1000;
      const text = `${units < 0 ? '-' : ''}${String(Math.abs(units))
        .padStart(s + 1, '0')
        .replace(new RegExp(`(\\d{${s}})$`), '.$1')}`;
      return {
        text: units < 0 ? `(${text})` : text,
        int: false,
        s,
        max: Math.abs(units) / 10 ** s,
        deref: false,
        value: () => ({ u: BigInt(units), s }),
      };
    }
  }
}

const unifyScale = (x: Gen, y: Gen) => ({ int: x.int && y.int, s: Math.max(x.s, y.s) });

/** A condition over two numbers; empty compares as false (`=` is true for two empty ones). */
function condition(pick: (n: number) => number, depth: number) {
  const x = expr(pick, depth);
  const y = expr(pick, depth);
  const ops = ['>', '<', '>=', '<=', '=', '!='] as const;
  const op = ops[pick(ops.length)] as (typeof ops)[number];
  return {
    text: `${x.text} ${op} ${y.text}`,
    deref: x.deref || y.deref,
    value: (r: Row, rates: Map<number, Rate>): boolean => {
      const a = x.value(r, rates);
      const b = y.value(r, rates);
      if (op === '=' || op === '!=') {
        const same = a === null || b === null ? a === b : cmp(a, b) === 0;
        return op === '=' ? same : !same;
      }
      if (a === null || b === null) return false;
      const c = cmp(a, b);
      return op === '>' ? c > 0 : op === '<' ? c < 0 : op === '>=' ? c >= 0 : c <= 0;
    },
  };
}

function expr(pick: (n: number) => number, depth: number): Gen {
  if (depth <= 0 || pick(10) < 3) return leaf(pick);
  const kind = pick(9);
  const x = expr(pick, depth - 1);
  switch (kind) {
    case 0:
    case 1: {
      const y = expr(pick, depth - 1);
      const { int, s } = unifyScale(x, y);
      const op = kind === 0 ? '+' : '-';
      return {
        text: `(${x.text} ${op} ${y.text})`,
        int,
        s,
        max: x.max + y.max,
        deref: x.deref || y.deref,
        value: (r, rates) => {
          const a = x.value(r, rates);
          const b = y.value(r, rates);
          if (!a || !b) return null;
          const u = op === '+' ? at(a, s) + at(b, s) : at(a, s) - at(b, s);
          return { u, s };
        },
      };
    }
    case 2: {
      const y = expr(pick, depth - 1);
      // Keep products within what a decimal holds (18 digits at its scale).
      if ((x.max + 1) * (y.max + 1) * 10 ** Math.min(MAX_SCALE, x.s + y.s) > 1e16) return x;
      const raw = x.s + y.s;
      const s = x.int && y.int ? 0 : Math.min(MAX_SCALE, raw);
      return {
        text: `(${x.text} * ${y.text})`,
        int: x.int && y.int,
        s,
        max: x.max * y.max,
        deref: x.deref || y.deref,
        value: (r, rates) => {
          const a = x.value(r, rates);
          const b = y.value(r, rates);
          if (!a || !b) return null;
          return { u: at({ u: a.u * b.u, s: raw }, s), s };
        },
      };
    }
    case 3: {
      const y = expr(pick, depth - 1);
      if (x.max * 10 ** (Math.max(6, x.s, y.s) + y.s) > 1e16) return x;
      const s = Math.min(MAX_SCALE, Math.max(6, x.s, y.s));
      // (a.u / 10^a.s) / (b.u / 10^b.s) at scale `to`, rounded half to even.
      const quotient = (r: Row, rates: Map<number, Rate>, to: number): Num => {
        const a = x.value(r, rates);
        const b = y.value(r, rates);
        if (!a || !b || b.u === 0n) return null;
        const shift = to - a.s + b.s;
        return shift >= 0
          ? { u: roundDiv(a.u * pow(shift), b.u), s: to }
          : { u: roundDiv(a.u, b.u * pow(-shift)), s: to };
      };
      return {
        text: `(${x.text} / ${y.text})`,
        int: false,
        s,
        max: x.max * 10 ** y.s,
        deref: x.deref || y.deref,
        value: (r, rates) => quotient(r, rates, s),
        div: (r, rates, to) => quotient(r, rates, to),
      };
    }
    case 4: {
      const places = pick(4);
      const int = x.int || places === 0;
      const s = x.int ? 0 : x.s <= places ? places : places;
      return {
        text: `round(${x.text}, ${places})`,
        int,
        s: x.int ? 0 : s,
        max: x.max + 1,
        deref: x.deref,
        value: (r, rates) => {
          if (x.div && !x.int && x.s > places) return x.div(r, rates, places);
          const a = x.value(r, rates);
          if (!a) return null;
          if (x.int) return a;
          return { u: at(a, places), s: places };
        },
      };
    }
    case 5: {
      const neg = pick(2) === 0;
      return {
        text: neg ? `-(${x.text})` : `abs(${x.text})`,
        int: x.int,
        s: x.s,
        max: x.max,
        deref: x.deref,
        value: (r, rates) => {
          const a = x.value(r, rates);
          if (!a) return null;
          return { u: neg ? -a.u : a.u < 0n ? -a.u : a.u, s: a.s };
        },
      };
    }
    case 6: {
      const c = condition(pick, depth - 1);
      const y = expr(pick, depth - 1);
      const { int, s } = unifyScale(x, y);
      return {
        text: `if(${c.text}, ${x.text}, ${y.text})`,
        int,
        s,
        max: Math.max(x.max, y.max),
        deref: c.deref || x.deref || y.deref,
        value: (r, rates) => {
          const v = c.value(r, rates) ? x.value(r, rates) : y.value(r, rates);
          return v && { u: at(v, s), s };
        },
      };
    }
    case 7: {
      const y = expr(pick, depth - 1);
      const { int, s } = unifyScale(x, y);
      const greatest = pick(2) === 0;
      return {
        text: `${greatest ? 'max' : 'min'}(${x.text}, ${y.text})`,
        int,
        s,
        max: Math.max(x.max, y.max),
        deref: x.deref || y.deref,
        value: (r, rates) => {
          const a = x.value(r, rates);
          const b = y.value(r, rates);
          const v = !a ? b : !b ? a : cmp(a, b) >= 0 === greatest ? a : b;
          return v && { u: at(v, s), s };
        },
      };
    }
    default: {
      const v = pick(21) - 10;
      const { int, s } = unifyScale(x, { int: true, s: 0 } as Gen);
      return {
        text: `coalesce(${x.text}, ${v})`,
        int,
        s,
        max: Math.max(x.max, Math.abs(v)),
        deref: x.deref,
        value: (r, rates) => {
          const a = x.value(r, rates) ?? { u: BigInt(v), s: 0 };
          return { u: at(a, s), s };
        },
      };
    }
  }
}

/** The value a formula field holds: its type's value, a decimal rounded to at most 6 places. */
function fieldValue(g: Gen, row: Row, rates: Map<number, Rate>): { v: Num; s: number } {
  const s = g.int ? 0 : Math.min(g.s, 6);
  const v = g.value(row, rates);
  return { v: v && { u: at(v, s), s }, s };
}

const decimal = (s: number, max: number) =>
  fc.option(
    fc.integer({ min: -max * 10 ** s, max: max * 10 ** s }).map((units) => {
      const neg = units < 0 ? '-' : '';
      const digits = String(Math.abs(units)).padStart(s + 1, '0');
      return `${neg}${digits.slice(0, digits.length - s)}.${digits.slice(-s)}`;
    }),
    { freq: 5 },
  );

const rowArb = (rates: number) =>
  fc.record({
    a: fc.option(fc.integer({ min: -1000, max: 1000 }), { freq: 5 }),
    b: decimal(2, 1000),
    c: decimal(3, 100),
    rate: fc.option(fc.integer({ min: 0, max: rates - 1 }), { freq: 4 }),
  });

const rateArb = fc.record({
  r: decimal(4, 10).map((v) => v ?? '0.0000'),
  n: fc.integer({ min: -100, max: 100 }),
});

describe('formulas', { timeout: 300_000 }, () => {
  it('give the values exact decimal arithmetic gives, and sort and filter by them', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(rateArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        async (rateValues, s1, s2, s3) => {
          run++;
          const rowsArb = fc.array(rowArb(rateValues.length), { minLength: 3, maxLength: 8 });
          const rows = fc.sample(rowsArb, { seed: s1, numRuns: 1 })[0] as Row[];
          const rateObj = await ok(t.app, u, 'objects.create', { name: `Rates ${run}` });
          await ok(t.app, u, 'fields.create', {
            objectId: rateObj.id,
            name: 'R',
            code: 'r',
            type: 'decimal',
            options: { scale: 4 },
          });
          await ok(t.app, u, 'fields.create', {
            objectId: rateObj.id,
            name: 'N',
            code: 'n',
            type: 'integer',
          });
          const rates = new Map<number, Rate>();
          const rateIds: number[] = [];
          for (const [i, v] of rateValues.entries()) {
            const rec = await ok(t.app, u, 'records.create', {
              objectId: rateObj.id,
              values: { name: `r${i}`, ...v },
            });
            rates.set(rec.id as number, v);
            rateIds.push(rec.id as number);
          }
          const obj = await ok(t.app, u, 'objects.create', { name: `Rows ${run}` });
          const field = (name: string, code: string, type: string, options: object = {}) =>
            ok(t.app, u, 'fields.create', { objectId: obj.id, name, code, type, options });
          await field('A', 'a', 'integer');
          await field('B', 'b', 'decimal', { scale: 2 });
          await field('C value', 'c', 'decimal', { scale: 3 });
          await field('Rate', 'rate', 'reference', { target: rateObj.id });
          const stored: Row[] = rows.map((r) => ({
            ...r,
            rate: r.rate === null ? null : (rateIds[r.rate] as number),
          }));
          const ids: number[] = [];
          for (const [i, r] of stored.entries()) {
            const rec = await ok(t.app, u, 'records.create', {
              objectId: obj.id,
              values: { name: `x${i}`, ...r },
            });
            ids.push(rec.id as number);
          }
          const gens = [s1, s2, s3].map((seed) => expr(rng(seed), 3));
          for (const [i, g] of gens.entries()) {
            const f = await ok(t.app, u, 'fields.create', {
              objectId: obj.id,
              name: `F${i}`,
              code: `f${i}`,
              computed: { kind: 'formula', formula: g.text },
            });
            expect(f.type, g.text).toBe(g.int ? 'integer' : 'decimal');
            expect(f.computed.stored, g.text).toBe(!g.deref);
          }
          const list = await ok(t.app, u, 'records.list', {
            objectId: obj.id,
            orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
          });
          for (const [i, g] of gens.entries()) {
            for (const [k, rec] of (list.rows as { values: Record<string, unknown> }[]).entries()) {
              const want = fieldValue(g, stored[k] as Row, rates);
              const got = rec.values[`f${i}`];
              const gotUnits = got === null ? null : unitsOf(got, want.s);
              expect(gotUnits, `${g.text} on ${JSON.stringify(stored[k])}`).toEqual(
                want.v?.u ?? null,
              );
            }
          }
          // Sorted by the first formula (empty first, then by id), and filtered above a value.
          const g = gens[0] as Gen;
          const values = stored.map((r, k) => ({
            id: ids[k] as number,
            v: fieldValue(g, r, rates).v,
          }));
          const order = [...values].sort((x, y) => {
            if (x.v === null || y.v === null)
              return x.v === y.v ? x.id - y.id : x.v === null ? -1 : 1;
            return cmp(x.v, y.v) || x.id - y.id;
          });
          const sorted = await ok(t.app, u, 'records.list', {
            objectId: obj.id,
            orderby: { isActive: true, sorts: [{ field: 'f0', dir: 'asc' }] },
          });
          expect(
            sorted.rows.map((r: { id: number }) => r.id),
            g.text,
          ).toEqual(order.map((x) => x.id));
          const pivot = values.find((x) => x.v !== null)?.v;
          if (pivot) {
            const text = `${pivot.u < 0n ? '-' : ''}${(pivot.u < 0n ? -pivot.u : pivot.u)
              .toString()
              .padStart(pivot.s + 1, '0')
              .replace(new RegExp(`(\\d{${pivot.s}})$`), pivot.s ? '.$1' : '$1')}`;
            const above = await ok(t.app, u, 'records.list', {
              objectId: obj.id,
              filter: group(AND, [{ field: 'f0', op: 'gte', value: text }]),
              orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
            });
            expect(
              above.rows.map((r: { id: number }) => r.id),
              `${g.text} >= ${text}`,
            ).toEqual(values.filter((x) => x.v !== null && cmp(x.v, pivot) >= 0).map((x) => x.id));
          }
        },
      ),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});

// ---- rollups -------------------------------------------------------------------------------

interface Child {
  id: number;
  parent: number | null;
  amount: string | null;
  qty: number | null;
  tag: string | null;
  deleted: boolean;
}

type Step =
  | {
      k: 'create';
      parent: number | null;
      amount: string | null;
      qty: number | null;
      tag: string | null;
    }
  | { k: 'update'; at: number; parent?: number | null; amount?: string | null; qty?: number | null }
  | { k: 'delete'; at: number }
  | { k: 'restore'; at: number };

const TAGS = ['red', 'green', 'blue'];

const stepArb = (parents: number): fc.Arbitrary<Step> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        k: fc.constant('create' as const),
        parent: fc.option(fc.integer({ min: 0, max: parents - 1 }), { freq: 6 }),
        amount: decimal(2, 1000),
        qty: fc.option(fc.integer({ min: -5, max: 20 }), { freq: 5 }),
        tag: fc.option(fc.constantFrom(...TAGS), { freq: 4 }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          k: fc.constant('update' as const),
          at: fc.nat(),
          parent: fc.option(fc.integer({ min: 0, max: parents - 1 }), { freq: 6 }),
          amount: decimal(2, 1000),
          qty: fc.option(fc.integer({ min: -5, max: 20 }), { freq: 5 }),
        },
        { requiredKeys: ['k', 'at'] },
      ),
    },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('delete' as const), at: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('restore' as const), at: fc.nat() }) },
  );

/** What each rollup of a parent should read, from the live children that point to it. */
function expected(parentId: number, children: readonly Child[]) {
  const mine = children.filter((c) => !c.deleted && c.parent === parentId);
  const amounts = mine.flatMap((c) => (c.amount === null ? [] : [unitsOf(c.amount, 2)]));
  const sum = amounts.reduce((a, b) => a + b, 0n);
  const positive = mine
    .filter((c) => c.qty !== null && c.qty > 0 && c.amount !== null)
    .reduce((a, c) => a + unitsOf(c.amount, 2), 0n);
  const qtys = mine.flatMap((c) => (c.qty === null ? [] : [BigInt(c.qty)]));
  const big = (xs: bigint[], pick: (a: bigint, b: bigint) => boolean) =>
    xs.length ? xs.reduce((a, b) => (pick(b, a) ? b : a)) : null;
  return {
    total: sum,
    lines: BigInt(mine.length),
    average: amounts.length ? roundDiv(sum, BigInt(amounts.length)) : null,
    low: big(amounts, (a, b) => a < b),
    high: big(amounts, (a, b) => a > b),
    tags: BigInt(new Set(mine.flatMap((c) => (c.tag === null ? [] : [c.tag]))).size),
    positive,
    avg_qty: qtys.length
      ? roundDiv(qtys.reduce((a, b) => a + b, 0n) * 100n, BigInt(qtys.length))
      : null,
  };
}

/** Scale each rollup reads at. */
const ROLLUP_SCALE: Record<string, number> = {
  total: 2,
  lines: 0,
  average: 2,
  low: 2,
  high: 2,
  tags: 0,
  positive: 2,
  avg_qty: 2,
};

describe('rollups', { timeout: 300_000 }, () => {
  it('equal what the children hold after creates, updates, moves, deletes and restores', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 3 })
          .chain((parents) =>
            fc.tuple(
              fc.constant(parents),
              fc.array(stepArb(parents), { minLength: 4, maxLength: 14 }),
            ),
          ),
        async ([parentCount, steps]) => {
          run++;
          const parentObj = await ok(t.app, u, 'objects.create', { name: `Orders ${run}` });
          const childObj = await ok(t.app, u, 'objects.create', { name: `Lines ${run}` });
          const childField = (name: string, code: string, type: string, options: object = {}) =>
            ok(t.app, u, 'fields.create', { objectId: childObj.id, name, code, type, options });
          await childField('Order', 'order', 'reference', { target: parentObj.id });
          await childField('Amount', 'amount', 'decimal', { scale: 2 });
          await childField('Qty', 'qty', 'integer');
          await childField('Tag', 'tag', 'text');
          const rollup = (code: string, fn: string, field?: string, filter?: unknown) =>
            ok(t.app, u, 'fields.create', {
              objectId: parentObj.id,
              name: code,
              code,
              computed: { kind: 'rollup', object: childObj.id, via: 'order', fn, field, filter },
            });
          await rollup('total', 'sum', 'amount');
          await rollup('lines', 'count');
          await rollup('average', 'avg', 'amount');
          await rollup('low', 'min', 'amount');
          await rollup('high', 'max', 'amount');
          await rollup('tags', 'count_distinct', 'tag');
          await rollup(
            'positive',
            'sum',
            'amount',
            group(AND, [{ field: 'qty', op: 'gt', value: 0 }]),
          );
          await rollup('avg_qty', 'avg', 'qty');
          const parents: number[] = [];
          for (let i = 0; i < parentCount; i++) {
            const p = await ok(t.app, u, 'records.create', {
              objectId: parentObj.id,
              values: { name: `p${i}` },
            });
            parents.push(p.id as number);
          }
          const children: Child[] = [];
          const parentOf = (i: number | null | undefined) =>
            i === null || i === undefined ? null : (parents[i] as number);
          for (const step of steps) {
            if (step.k === 'create') {
              const values = {
                name: `c${children.length}`,
                order: parentOf(step.parent),
                amount: step.amount,
                qty: step.qty,
                tag: step.tag,
              };
              const rec = await ok(t.app, u, 'records.create', { objectId: childObj.id, values });
              children.push({
                ...values,
                parent: values.order,
                id: rec.id as number,
                deleted: false,
              });
              continue;
            }
            const live = children.filter((c) => (step.k === 'restore' ? c.deleted : !c.deleted));
            const c = live[step.at % Math.max(1, live.length)];
            if (!c) continue;
            if (step.k === 'update') {
              const values: Record<string, unknown> = {};
              if ('parent' in step) values.order = c.parent = parentOf(step.parent);
              if ('amount' in step) values.amount = c.amount = step.amount ?? null;
              if ('qty' in step) values.qty = c.qty = step.qty ?? null;
              if (!Object.keys(values).length) continue;
              await ok(t.app, u, 'records.update', { objectId: childObj.id, id: c.id, values });
            } else {
              await ok(t.app, u, `records.${step.k}`, { objectId: childObj.id, ids: [c.id] });
              c.deleted = step.k === 'delete';
            }
          }
          const list = await ok(t.app, u, 'records.list', {
            objectId: parentObj.id,
            orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
          });
          for (const [k, rec] of (list.rows as { values: Record<string, unknown> }[]).entries()) {
            const want = expected(parents[k] as number, children);
            for (const [code, v] of Object.entries(want)) {
              const got = rec.values[code];
              const units =
                got === null || got === undefined ? null : unitsOf(got, ROLLUP_SCALE[code] ?? 0);
              expect(units, `${code} of p${k} after ${JSON.stringify(steps)}`).toEqual(v);
            }
          }
          // Sorted by the total (then by id), as the reference orders them.
          const byTotal = parents
            .map((id) => ({ id, total: expected(id, children).total }))
            .sort((a, b) => (a.total < b.total ? -1 : a.total > b.total ? 1 : a.id - b.id));
          const sorted = await ok(t.app, u, 'records.list', {
            objectId: parentObj.id,
            orderby: { isActive: true, sorts: [{ field: 'total', dir: 'asc' }] },
          });
          expect(sorted.rows.map((r: { id: number }) => r.id)).toEqual(byTotal.map((x) => x.id));
        },
      ),
      { numRuns: 10, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});
