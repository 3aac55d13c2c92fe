import type { CubeSpreadMode } from '@fiscus/contracts';
import { allocate, divideFloor, divideRound } from '../../platform/decimal.js';

/**
 * Spreading a value typed into a cell over the records below it, exactly: every amount is a
 * BigInt of units at the field's scale, and the new values always add up to the target to the
 * unit (largest-remainder allocation: each record gets the floor of its exact share, and the
 * units left over go, one each, to the records with the largest remainders — ties to the
 * earlier record). No floating point is involved.
 */

/**
 * Whole parts of the exact shares `nums[i] / den` (den > 0) that add up to `total`: the floor
 * of each share, then the units left over (or missing) one each to the shares with the largest
 * (or smallest) remainders, ties to the earlier share. With `total` the rounded sum of the
 * shares, every part differs from its exact share by less than one unit.
 */
export function apportion(nums: readonly bigint[], den: bigint, total: bigint): bigint[] {
  const n = nums.length;
  if (!n) return [];
  if (den <= 0n) throw new RangeError('apportion: the denominator must be positive');
  const parts = new Array<bigint>(n);
  const rems = new Array<bigint>(n);
  let given = 0n;
  for (let i = 0; i < n; i++) {
    const num = nums[i] as bigint;
    const q = divideFloor(num, den);
    parts[i] = q;
    rems[i] = num - q * den; // 0 ≤ rem < den
    given += q;
  }
  let left = total - given;
  if (left === 0n) return parts;
  // Whole rounds first (only when `total` is not the shares’ rounded sum), then one each.
  const rounds = left / BigInt(n);
  if (rounds !== 0n) {
    for (let i = 0; i < n; i++) parts[i] = (parts[i] as bigint) + rounds;
    left -= rounds * BigInt(n);
    if (left === 0n) return parts;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  const up = left > 0n;
  order.sort((a, b) => {
    const ra = rems[a] as bigint;
    const rb = rems[b] as bigint;
    if (ra === rb) return a - b;
    return (ra > rb ? -1 : 1) * (up ? 1 : -1);
  });
  const step = up ? 1n : -1n;
  for (const i of order) {
    if (left === 0n) break;
    parts[i] = (parts[i] as bigint) + step;
    left -= step;
  }
  return parts;
}

/** `total` split in proportion to `weights`: the kernel's exact allocation (platform/decimal.ts). */
export { allocate };

export interface Spread {
  /** New units per record (same order as `current`). */
  values: bigint[];
  /** The cell's value after the write. */
  target: bigint;
  /** The mode applied (proportional over all-zero records becomes equal). */
  applied: CubeSpreadMode;
}

/** Percent changes are read with this many fraction digits (12.345678 %). */
export const PERCENT_SCALE = 6;

/**
 * The new values of the records under a cell.
 * - `proportional`: `amount` is the cell's new value, split in proportion to the current values
 *   (all empty or zero: split equally, `applied` says so);
 * - `equal`: `amount` is the new value, split in equal parts;
 * - `delta`: `amount` is added to the cell, in equal parts;
 * - `percentage`: `amount` (at PERCENT_SCALE) is the change in percent; the new cell value is
 *   the old one changed by it (rounded half-even to a unit), split in proportion.
 * Empty values count as 0.
 */
export function spread(
  current: readonly (bigint | null)[],
  mode: CubeSpreadMode,
  amount: bigint,
): Spread {
  const now = current.map((v) => v ?? 0n);
  const before = now.reduce((a, b) => a + b, 0n);
  const ones = now.map(() => 1n);
  switch (mode) {
    case 'equal':
      return { values: allocate(amount, ones), target: amount, applied: 'equal' };
    case 'delta': {
      const add = allocate(amount, ones);
      return {
        values: now.map((v, i) => v + (add[i] as bigint)),
        target: before + amount,
        applied: 'delta',
      };
    }
    case 'percentage': {
      // Each record changes by the percentage; the cell's new value is the exact new sum
      // rounded half-even, and the parts are apportioned to add up to it.
      const hundred = 100n * 10n ** BigInt(PERCENT_SCALE);
      const nums = now.map((v) => v * (hundred + amount));
      const target = divideRound(before * (hundred + amount), hundred);
      return { values: apportion(nums, hundred, target), target, applied: 'percentage' };
    }
    case 'proportional': {
      if (before === 0n)
        return { values: allocate(amount, ones), target: amount, applied: 'equal' };
      return { values: allocate(amount, now), target: amount, applied: 'proportional' };
    }
  }
}
