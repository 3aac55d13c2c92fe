import { Decimal } from 'decimal.js';
import { MAX_DECIMAL_DIGITS, MAX_DECIMAL_SCALE } from '@fiscus/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  allocateEvenly,
  compareDec,
  currencyScale,
  decimalOfNumber,
  divideRound,
  formatDec,
  formatUnits,
  MAX_DIGITS,
  MAX_SCALE,
  parseDecimal,
  rescale,
  roundSignificant,
  unitsAt,
  unitsOfPlain,
} from './decimal.js';
import { decodeDecimal } from './values.js';

/**
 * The kernel's exact arithmetic against decimal.js, an independent arbitrary-precision decimal
 * library, as the reference: every property runs over thousands of random amounts and scales.
 */
const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_EVEN, toExpPos: 9e15 });

const units = fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n });
const scale = fc.integer({ min: 0, max: 12 });
const text = (u: bigint, s: number) => formatUnits(u, s);
const ref = (u: bigint, s: number) => new D(u.toString()).div(new D(10).pow(s));

describe('reading and writing decimals', () => {
  it('formatUnits writes exactly the value decimal.js reads back, and parseDecimal reads it', () => {
    fc.assert(
      fc.property(units, scale, (u, s) => {
        const t = text(u, s);
        expect(new D(t).equals(ref(u, s))).toBe(true);
        expect(t).toMatch(s ? new RegExp(`^-?\\d+\\.\\d{${s}}$`) : /^-?\d+$/);
        expect(parseDecimal(t)).toEqual({ units: u, scale: s });
      }),
      { numRuns: 3000 },
    );
  });

  it('parseDecimal reads signs, exponents and bare fractions as decimal.js does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '-', '+'),
        fc.stringMatching(/^\d{0,20}$/),
        fc.stringMatching(/^\d{0,12}$/),
        fc.option(fc.integer({ min: -30, max: 30 })),
        (sign, int, frac, exp) => {
          if (!int && !frac) return;
          const s = `${sign}${int}${frac ? `.${frac}` : ''}${exp === null ? '' : `e${exp}`}`;
          const d = parseDecimal(s);
          expect(d).toBeDefined();
          expect(ref(d!.units, d!.scale).equals(new D(s))).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses what is not a plain decimal number', () => {
    for (const s of ['', '.', '-', '1,5', '1 000', '12a', '0x10', 'NaN', 'Infinity', '1e', '--1'])
      expect(parseDecimal(s), s).toBeUndefined();
  });

  it('JSON numbers are read by the digits they are written with', () => {
    expect(decimalOfNumber(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(decimalOfNumber(0.1 + 0.2)).toEqual({ units: 30000000000000004n, scale: 17 });
    expect(decimalOfNumber(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(decimalOfNumber(Number.NaN)).toBeUndefined();
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const d = decimalOfNumber(n)!;
        expect(Number(formatDec(d))).toBe(n === 0 ? 0 : n);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('rounding is half-even, as decimal.js ROUND_HALF_EVEN', () => {
  it('divideRound', () => {
    fc.assert(
      fc.property(units, fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (n, d) => {
        if (d === 0n) return;
        const want = new D(n.toString()).div(d.toString()).toDecimalPlaces(0, D.ROUND_HALF_EVEN);
        expect(divideRound(n, d).toString()).toBe(want.toFixed(0));
      }),
      { numRuns: 3000 },
    );
    expect([5n, 15n, 25n, -5n, -15n].map((n) => divideRound(n, 10n))).toEqual([
      0n,
      2n,
      2n,
      0n,
      -2n,
    ]);
  });

  it('unitsAt and rescale to fewer digits; exact refuses instead of rounding', () => {
    fc.assert(
      fc.property(units, scale, scale, (u, from, to) => {
        const want = ref(u, from).toDecimalPlaces(to, D.ROUND_HALF_EVEN);
        const got = unitsAt({ units: u, scale: from }, to, 'half-even') as bigint;
        expect(ref(got, to).equals(want)).toBe(true);
        expect(rescale(u, from, to)).toBe(got);
        const exact = unitsAt({ units: u, scale: from }, to, 'exact');
        if (want.equals(ref(u, from))) expect(exact).toBe(got);
        else expect(exact).toBeUndefined();
      }),
      { numRuns: 3000 },
    );
  });

  it('roundSignificant keeps what a spreadsheet shows (15 significant digits)', () => {
    fc.assert(
      fc.property(units, scale, fc.integer({ min: 1, max: 20 }), (u, s, digits) => {
        const want = ref(u, s).toSignificantDigits(digits, D.ROUND_HALF_EVEN);
        const got = roundSignificant({ units: u, scale: s }, digits);
        expect(ref(got.units, got.scale).equals(want)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(formatDec(roundSignificant(parseDecimal('11.899999999999999')!, 15))).toBe('11.9');
    expect(formatDec(roundSignificant(parseDecimal('0.30000000000000004')!, 15))).toBe('0.3');
  });

  it('compareDec orders values of any scales as decimal.js does', () => {
    fc.assert(
      fc.property(units, scale, units, scale, (a, sa, b, sb) => {
        const want = ref(a, sa).comparedTo(ref(b, sb));
        expect(compareDec({ units: a, scale: sa }, { units: b, scale: sb })).toBe(want);
      }),
      { numRuns: 3000 },
    );
  });
});

/**
 * The reference spread: exact shares with decimal.js, each rounded down, the units left over to
 * the largest remainders (earlier parts first on ties). The remainders are compared as exact
 * integers (total × weight − floor × sum): two shares can have the same fraction while their
 * 200-digit quotients round differently (a 17-digit share keeps fewer fraction digits than a
 * 3-digit one), and a tie must stay a tie.
 */
function referenceAllocate(total: bigint, weights: bigint[]): bigint[] {
  const sum = new D(weights.reduce((a, b) => a + b, 0n).toString());
  const numerators = weights.map((w) => new D(total.toString()).mul(w.toString()));
  const floors = numerators.map((n) => n.div(sum).floor());
  const parts = floors.map((f) => BigInt(f.toFixed(0)));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const order = numerators
    .map((n, i) => ({ r: n.minus((floors[i] as Decimal).mul(sum)).mul(sum.s), i }))
    .filter((x) => x.r.gt(0))
    .sort((a, b) => b.r.comparedTo(a.r) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0n) break;
    parts[i] = (parts[i] as bigint) + 1n;
    left -= 1n;
  }
  return parts;
}

describe('allocate: spreading an amount without losing a unit', () => {
  const amount = fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n });
  const weightsOf = (min: bigint) =>
    fc.array(fc.bigInt({ min, max: 10n ** 15n }), { minLength: 1, maxLength: 60 });

  it('parts add up to the total, lie within one unit of the exact share, match the reference', () => {
    fc.assert(
      fc.property(amount, weightsOf(-(10n ** 15n)), (total, weights) => {
        const sum = weights.reduce((a, b) => a + b, 0n);
        if (sum === 0n) {
          expect(() => allocate(total, weights)).toThrow(RangeError);
          return;
        }
        const parts = allocate(total, weights);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        parts.forEach((p, i) => {
          const share = new D(total.toString())
            .mul((weights[i] as bigint).toString())
            .div(sum.toString());
          expect(new D(p.toString()).minus(share).abs().lt(1)).toBe(true);
          if (weights[i] === 0n) expect(p).toBe(0n);
        });
        expect(parts).toEqual(referenceAllocate(total, weights));
      }),
      { numRuns: 3000 },
    );
    // Parts 2 and 3 have the same fraction (.4899…); the earlier one gets the unit.
    const tie = [-2n, 1n, 182015540465094n];
    expect(allocate(66706838963527101n, tie)).toEqual([-733n, 367n, 66706838963527467n]);
    expect(referenceAllocate(66706838963527101n, tie)).toEqual([-733n, 367n, 66706838963527467n]);
  });

  it('with positive weights, a larger weight never gets less', () => {
    fc.assert(
      fc.property(amount, weightsOf(0n), (total, weights) => {
        if (weights.every((w) => w === 0n)) return;
        const parts = allocate(total, weights);
        for (let i = 0; i < weights.length; i++)
          for (let j = 0; j < weights.length; j++)
            if ((weights[i] as bigint) > (weights[j] as bigint)) {
              if (total >= 0n) expect(parts[i]! >= parts[j]!).toBe(true);
              else expect(parts[i]! <= parts[j]!).toBe(true);
            }
      }),
      { numRuns: 1000 },
    );
  });

  it('evenly: 100.00 in three is 33.34, 33.33, 33.33; parts differ by one unit at most', () => {
    expect(allocateEvenly(10000n, 3)).toEqual([3334n, 3333n, 3333n]);
    expect(allocateEvenly(-10000n, 3)).toEqual([-3333n, -3333n, -3334n]);
    expect(allocate(10000n, [1n, 1n, 2n])).toEqual([2500n, 2500n, 5000n]);
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 500 }), (total, n) => {
        const parts = allocateEvenly(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        const max = parts.reduce((a, b) => (a > b ? a : b));
        const min = parts.reduce((a, b) => (a < b ? a : b));
        expect(max - min <= 1n).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(() => allocateEvenly(1n, 0)).toThrow(RangeError);
    expect(() => allocate(1n, [])).toThrow(RangeError);
  });
});

describe('limits', () => {
  it('are the contracts’ limits', () => {
    expect(MAX_DIGITS).toBe(MAX_DECIMAL_DIGITS);
    expect(MAX_SCALE).toBe(MAX_DECIMAL_SCALE);
  });
});

describe('currencies', () => {
  it("money's default scale is the currency's minor unit", () => {
    expect(currencyScale('EUR')).toBe(2);
    expect(currencyScale('USD')).toBe(2);
    expect(currencyScale('JPY')).toBe(0);
    expect(currencyScale('KWD')).toBe(3);
    expect(currencyScale(undefined)).toBe(2);
    expect(currencyScale('XYZ')).toBe(2);
  });
});

describe('unitsOfPlain', () => {
  it('answers the digits of a plain decimal text as units, and nothing for any other text', () => {
    const plain = /^-?\d+(\.\d+)?$/;
    const text = fc.stringMatching(/^-?[0-9.]{0,22}$/);
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 8 })), (s) => {
        expect(unitsOfPlain(s)).toBe(plain.test(s) ? BigInt(s.replace('.', '')) : undefined);
      }),
      { numRuns: 5000 },
    );
    expect(unitsOfPlain('-12.50')).toBe(-1250n);
    expect(unitsOfPlain('123456789012345.678')).toBe(123456789012345678n);
    expect(unitsOfPlain('-0.00')).toBe(0n);
    for (const s of ['', '-', '.5', '5.', '-.5', '1.2.3', '1e5', ' 1', '+1'])
      expect(unitsOfPlain(s)).toBeUndefined();
  });
});

describe('decodeDecimal: a stored decimal as its canonical text', () => {
  it('is formatUnits of the value at the scale, whatever text PostgreSQL or SQLite hands over', () => {
    const s = fc.integer({ min: 0, max: MAX_SCALE });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), s, (u, k) => {
        const canonical = formatUnits(u, k);
        // SQLite's units, PostgreSQL's numeric text of the column's scale, and texts of other
        // scales (a column not yet rewritten after its field's scale changed).
        expect(decodeDecimal(u, k)).toBe(canonical);
        expect(decodeDecimal(canonical, k)).toBe(canonical);
        expect(decodeDecimal(`${canonical}${k ? '' : '.'}00`, k)).toBe(canonical);
      }),
      { numRuns: 2000 },
    );
    for (const [text, k, want] of [
      ['-0.00', 2, '0.00'],
      ['-0', 0, '0'],
      ['00.50', 2, '0.50'],
      ['+1.25', 2, '1.25'],
      ['1.255', 2, '1.26'],
      ['1.245', 2, '1.24'],
      ['12', 2, '12.00'],
      ['-7.10', 2, '-7.10'],
      ['1e2', 0, '100'],
    ] as const)
      expect(decodeDecimal(text, k), text).toBe(want);
  });
});
