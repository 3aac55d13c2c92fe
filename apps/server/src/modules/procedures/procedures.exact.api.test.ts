import type { ProcedureRun } from '@fiscus/contracts';
import { Decimal } from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok } from '../../test/qry-helpers.js';

/**
 * Procedures compute exactly: assignments (`amount * 1.1`, `amount / 3`, `amount * rate`) and
 * aggregate steps (sum, average) over many records with decimal amounts equal, digit for digit,
 * what exact decimal arithmetic (decimal.js) gives with the documented rules (docs/expressions.md
 * "Values and types", docs/platform.md "Rounding"): `*` keeps every digit, `/` is rounded
 * half-even to 6 places, a value written into a field is rounded half-even to its scale, an
 * average half-even to the target field's scale. Runs on the database the suite runs on.
 */

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN });
const even = Decimal.ROUND_HALF_EVEN;
const at = (x: Decimal, scale: number) => x.toDecimalPlaces(scale, even).toFixed(scale);

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let items: string;
let totals: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  items = (await ok(app, owner, 'objects.create', { name: 'Items', kind: 'table' })).id;
  totals = (await ok(app, owner, 'objects.create', { name: 'Item totals', kind: 'table' })).id;
  const f = (objectId: string, name: string, type: string, options: Record<string, unknown>) =>
    ok(app, owner, 'fields.create', { objectId, name, type, options });
  await f(items, 'Amount', 'money', { scale: 2 });
  await f(items, 'Rate', 'decimal', { scale: 4 });
  await f(items, 'Gross', 'money', { scale: 2 });
  await f(items, 'Third', 'decimal', { scale: 4 });
  await f(items, 'Mixed', 'decimal', { scale: 6 });
  await f(items, 'Ratio', 'decimal', { scale: 2 });
  await f(totals, 'Total', 'money', { scale: 2 });
  await f(totals, 'Gross total', 'money', { scale: 2 });
  await f(totals, 'Average', 'decimal', { scale: 2 });
  await f(totals, 'Average third', 'decimal', { scale: 3 });
});
afterAll(async () => {
  await cleanup();
});

/** An amount with 2 places: mostly ordinary, some of 10 digits before the point, some ties. */
const amount = fc.oneof(
  fc.bigInt({ min: -99_999_999n, max: 99_999_999n }),
  fc.bigInt({ min: -999_999_999_999n, max: 999_999_999_999n }),
  fc.constantFrom(5n, -5n, 15n, 25n, -35n, 1n, 0n),
);
/** A rate with 4 places, 1 to 10 in magnitude (or 0), so quotients stay within 18 digits. */
const rate = fc.oneof(
  fc.bigInt({ min: 10_000n, max: 99_999n }),
  fc.bigInt({ min: -99_999n, max: -10_000n }),
  fc.constant(0n),
);
const units = (u: bigint, scale: number) => new D(u.toString()).div(new D(10).pow(scale));

describe('procedure arithmetic is exact', () => {
  it('assignments and aggregates over many decimal amounts equal exact decimal arithmetic', async () => {
    const rows = fc.sample(fc.record({ group: fc.constantFrom('a', 'b', 'c'), amount, rate }), {
      numRuns: 600,
      seed: 2311,
    });
    await ok(app, owner, 'records.createMany', {
      objectId: items,
      rows: rows.map((r) => ({
        name: r.group,
        amount: units(r.amount, 2).toFixed(2),
        rate: units(r.rate, 4).toFixed(4),
      })),
    });
    const proc = await ok<{ id: string }>(app, owner, 'procedures.create', {
      name: 'Exact arithmetic',
      steps: [
        {
          type: 'update',
          object: items,
          assignments: [
            { field: 'gross', expr: 'amount * 1.1' },
            { field: 'third', expr: 'amount / 3' },
            { field: 'mixed', expr: 'amount * rate' },
            { field: 'ratio', expr: 'if(rate = 0, null, amount / rate)' },
          ],
        },
        {
          type: 'aggregate',
          source: items,
          target: totals,
          groupBy: [{ field: 'name', expr: 'name' }],
          values: [
            { field: 'total', fn: 'sum', expr: 'amount' },
            { field: 'gross_total', fn: 'sum', expr: 'amount * 1.1' },
            { field: 'average', fn: 'avg', expr: 'amount' },
            { field: 'average_third', fn: 'avg', expr: 'amount / 3' },
          ],
        },
      ],
    });
    const started = await ok<ProcedureRun>(app, owner, 'procedures.run', { id: proc.id });
    await app.jobs.idle();
    const run = await ok<ProcedureRun>(app, owner, 'procedures.getRun', { id: started.id });
    expect(run.status, JSON.stringify(run.log)).toBe('succeeded');

    // Every record, against the reference.
    const got: Record<string, unknown>[] = [];
    for (let offset = 0; offset < rows.length; offset += 500) {
      const page = await ok<{ rows: { values: Record<string, unknown> }[] }>(
        app,
        owner,
        'records.list',
        {
          objectId: items,
          offset,
          limit: 500,
          orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
        },
      );
      got.push(...page.rows.map((r) => r.values));
    }
    const expected = rows.map((r) => {
      const a = units(r.amount, 2);
      const q = units(r.rate, 4);
      return {
        gross: at(a.mul('1.1'), 2),
        third: at(a.div(3).toDecimalPlaces(6, even), 4),
        mixed: at(a.mul(q), 6),
        ratio: q.isZero() ? null : at(a.div(q).toDecimalPlaces(6, even), 2),
      };
    });
    expect(
      got.map((v) => ({ gross: v.gross, third: v.third, mixed: v.mixed, ratio: v.ratio })),
    ).toEqual(expected);

    // The totals of each group.
    const list = await ok<{ rows: { values: Record<string, unknown> }[] }>(
      app,
      owner,
      'records.list',
      { objectId: totals, limit: 10 },
    );
    const byGroup = new Map(list.rows.map((r) => [r.values.name, r.values]));
    for (const g of ['a', 'b', 'c']) {
      const mine = rows.filter((r) => r.group === g);
      const sum = mine.reduce((s, r) => s.add(units(r.amount, 2)), new D(0));
      const gross = mine.reduce(
        (s, r) => s.add(new D(at(units(r.amount, 2).mul('1.1'), 2))),
        new D(0),
      );
      const thirds = mine.map(
        (r) => new D(at(units(r.amount, 2).div(3).toDecimalPlaces(6, even), 3)),
      );
      const thirdSum = thirds.reduce((s, x) => s.add(x), new D(0));
      expect(byGroup.get(g)).toMatchObject({
        total: at(sum, 2),
        gross_total: at(gross, 2),
        average: at(sum.div(mine.length), 2),
        average_third: at(thirdSum.div(thirds.length), 3),
      });
    }
  });
});
