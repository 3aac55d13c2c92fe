import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, apportion, spread } from './cubes.spread.js';

const abs = (x: bigint) => (x < 0n ? -x : x);
const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);
const big = fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n });

describe('allocate', () => {
  it('splits a total into parts that add up to it exactly, each within one unit of its share', () => {
    fc.assert(
      fc.property(big, fc.array(big, { minLength: 1, maxLength: 50 }), (total, weights) => {
        const s = sum(weights);
        fc.pre(s !== 0n);
        const parts = allocate(total, weights);
        expect(sum(parts)).toBe(total);
        parts.forEach((p, i) => {
          expect(abs(p * s - total * (weights[i] as bigint)) < abs(s)).toBe(true);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives leftover units to the largest remainders, ties to the earlier part', () => {
    expect(allocate(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocate(-100n, [1n, 1n, 1n])).toEqual([-33n, -33n, -34n]);
    expect(allocate(10n, [1n, 2n])).toEqual([3n, 7n]);
    expect(allocate(1n, [5n, -3n])).toEqual([3n, -2n]);
    expect(() => allocate(1n, [1n, -1n])).toThrow(RangeError);
  });

  it('apportions to a total that is not the shares’ sum without losing a unit', () => {
    fc.assert(
      fc.property(
        fc.array(big, { minLength: 1, maxLength: 20 }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        big,
        (nums, den, total) => {
          expect(sum(apportion(nums, den, total))).toBe(total);
        },
      ),
    );
  });
});

describe('spread', () => {
  it('adds up to the cell’s new value in every mode', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(big), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('proportional', 'equal', 'delta', 'percentage' as const),
        big,
        (current, mode, amount) => {
          const r = spread(current, mode, amount);
          expect(sum(r.values)).toBe(r.target);
          const before = sum(current.map((v) => v ?? 0n));
          if (mode === 'delta') expect(r.target).toBe(before + amount);
          if (mode === 'equal' || mode === 'proportional') expect(r.target).toBe(amount);
          expect(r.applied).toBe(mode === 'proportional' && before === 0n ? 'equal' : mode);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('changes every record by the percentage', () => {
    // +10 % of 1.00, 2.00 and 3.00 (units of 0.01); 10 % is 10,000,000 at six places.
    expect(spread([100n, 200n, 300n], 'percentage', 10_000_000n).values).toEqual([
      110n,
      220n,
      330n,
    ]);
    // Records that cancel out still change: +50 % of 5 and −5.
    expect(spread([5n, -5n], 'percentage', 50_000_000n).values).toEqual([8n, -8n]);
  });
});
