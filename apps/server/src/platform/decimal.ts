/**
 * Exact decimal arithmetic on BigInt scaled integers — the one place the server computes with
 * amounts. A decimal is a pair (`units`, `scale`) meaning `units / 10^scale`: 12.50 at scale 2
 * is `1250n`. No floating point is involved anywhere: parsing reads the digits, formatting
 * writes them, and every rounding is an explicit, named rule.
 *
 * Rounding is half-even ("banker's rounding", IEEE 754 roundTiesToEven, the default of
 * `java.math.RoundingMode.HALF_EVEN` and Python's `decimal`): a value exactly halfway between
 * two results goes to the one whose last digit is even (0.125 → 0.12, 0.135 → 0.14,
 * −0.125 → −0.12); anything else goes to the nearer result. Over many amounts it adds no
 * upward drift, which half-up rounding does.
 */

/** A decimal number: `units / 10^scale` (scale ≥ 0). */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Texts longer than this are not numbers any user or file means (and cost BigInt work). */
const MAX_TEXT = 100;
/** Exponents beyond this (`1e500`) are refused rather than expanded. */
const MAX_EXPONENT = 400;

const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

const POWERS: bigint[] = [];
/** 10^n as a BigInt (cached for the small n amounts use). */
export function pow10(n: number): bigint {
  if (n < 0 || !Number.isInteger(n)) throw new RangeError(`pow10(${n})`);
  if (n < 40) {
    let p = POWERS[n];
    if (p === undefined) POWERS[n] = p = 10n ** BigInt(n);
    return p;
  }
  return 10n ** BigInt(n);
}

/**
 * Reads a plain decimal text: optional sign, digits with an optional `.` fraction, optional
 * exponent (`1.5`, `-0.25`, `+3`, `.5`, `5.`, `1e-7`, `1.2E+3`). No grouping separators, no
 * locale marks — those belong to the readers of files and forms. The scale is the number of
 * fraction digits written (trailing zeros count: `1.50` is 150 at scale 2). Undefined when the
 * text is not such a number.
 */
export function parseDecimal(text: string): Decimal | undefined {
  const s = text.trim();
  if (s.length === 0 || s.length > MAX_TEXT) return undefined;
  const m = NUMBER_TEXT.exec(s);
  if (!m) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int.length + frac.length === 0) return undefined;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (Math.abs(exp) > MAX_EXPONENT) return undefined;
  let units = BigInt(`${int}${frac}` || '0');
  let scale = frac.length - exp;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  if (m[1] === '-') units = -units;
  return { units, scale };
}

/**
 * A JavaScript number as a decimal: the shortest text that reads back as the same number
 * (what `String(n)` writes, and what every JSON serialiser sends). `0.1` is 0.1, not the
 * binary fraction nearest to it. Undefined for NaN and ±Infinity.
 */
export function decimalFromNumber(n: number): Decimal | undefined {
  if (!Number.isFinite(n)) return undefined;
  return parseDecimal(String(n));
}

/**
 * Significant digits of a decimal's shortest form (no leading zeros, no trailing zeros):
 * 1200 → 2, 0.0120 → 2, 0 → 0.
 */
export function significantDigits(d: Decimal): number {
  let u = d.units < 0n ? -d.units : d.units;
  if (u === 0n) return 0;
  while (u % 10n === 0n) u /= 10n;
  return u.toString().length;
}

/** Fraction digits a decimal needs (trailing zeros dropped): 1.50 → 1, 2 → 0. */
export function fractionDigits(d: Decimal): number {
  if (d.units === 0n) return 0;
  let u = d.units;
  let s = d.scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s -= 1;
  }
  return s;
}

/**
 * The units of a decimal at another scale when no digit is lost (1.50 → 15 at scale 1, 150 at
 * scale 2, 1500 at scale 3); undefined when digits would be lost (1.25 at scale 1).
 */
export function toScaleExact(d: Decimal, scale: number): bigint | undefined {
  if (scale >= d.scale) return d.units * pow10(scale - d.scale);
  const f = pow10(d.scale - scale);
  return d.units % f === 0n ? d.units / f : undefined;
}

/**
 * `n / d` rounded half-even to a whole number (d ≠ 0): 5/2 → 2, 7/2 → 4, −5/2 → −2, 1/3 → 0.
 * Exact for any size of BigInt.
 */
export function divideRound(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d; // truncates toward zero
  const r = n % d; // has the sign of n
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  if (twice > d) return away;
  return q % 2n === 0n ? q : away;
}

/** `n / d` rounded toward −∞ (d ≠ 0). */
export function divideFloor(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** `n / d` rounded toward +∞ (d ≠ 0). */
export function divideCeil(n: bigint, d: bigint): bigint {
  return -divideFloor(-n, d);
}

/** The units of a decimal at a scale, rounded half-even when digits are dropped. */
export function roundToScale(d: Decimal, scale: number): bigint {
  if (scale >= d.scale) return d.units * pow10(scale - d.scale);
  return divideRound(d.units, pow10(d.scale - scale));
}

/**
 * Units at `scale` nearest to `d` from below (floor) or above (ceil) — how a comparison with a
 * value of more digits than the column keeps is made exact: `x > 1.005` over cents is
 * `units > 100`, `x >= 1.005` is `units >= 101`.
 */
export function floorToScale(d: Decimal, scale: number): bigint {
  if (scale >= d.scale) return d.units * pow10(scale - d.scale);
  return divideFloor(d.units, pow10(d.scale - scale));
}

export function ceilToScale(d: Decimal, scale: number): bigint {
  if (scale >= d.scale) return d.units * pow10(scale - d.scale);
  return divideCeil(d.units, pow10(d.scale - scale));
}

/**
 * The canonical text of `units` at `scale`: exactly `scale` fraction digits, a leading `-` for
 * negative values, no exponent, no grouping (`1250n, 2` → `"12.50"`, `-5n, 2` → `"-0.05"`,
 * `7n, 0` → `"7"`).
 */
export function formatUnits(units: bigint, scale: number): string {
  return formatUnitsText(units.toString(), scale);
}

/**
 * `formatUnits` for units already written as an integer text (`"-5"`, `"1250"`): what a
 * database hands over, turned into the canonical decimal text without BigInt work.
 */
export function formatUnitsText(units: string, scale: number): string {
  const neg = units.startsWith('-');
  let digits = neg ? units.slice(1) : units;
  if (scale === 0) return neg && digits !== '0' ? `-${digits}` : digits;
  if (digits.length <= scale) digits = digits.padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** The canonical text of a decimal at its own scale. */
export function formatDecimal(d: Decimal): string {
  return formatUnits(d.units, d.scale);
}

/** Sum of two decimals, exact, at the larger scale. */
export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return {
    units: a.units * pow10(scale - a.scale) + b.units * pow10(scale - b.scale),
    scale,
  };
}

/** Sum of many values of one scale (units), exact. */
export function sumUnits(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** Product of two decimals, exact (its scale is the sum of theirs). */
export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/**
 * `a × b` rounded half-even to `scale` — an amount times a rate or a quantity:
 * `multiplyRound(19.99, 0.19, 2)` → 3.80 (3.7981).
 */
export function multiplyRound(a: Decimal, b: Decimal, scale: number): bigint {
  return roundToScale(multiplyDecimals(a, b), scale);
}

/** Compares two decimals exactly: −1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * pow10(scale - a.scale);
  const y = b.units * pow10(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Splits `total` (units) into parts proportional to `weights` so that the parts add up to
 * `total` exactly — no unit is lost or made up (largest remainder method):
 *
 * 1. every part gets its exact share `total × wᵢ / Σw` rounded down;
 * 2. the units still missing (fewer than the number of parts) go one each to the parts whose
 *    share lost the largest fraction; between equal fractions the earlier part wins.
 *
 * So each part differs from its exact share by less than one unit, parts with equal weights
 * differ by at most one unit (earlier parts get the extra units), a zero weight gets nothing,
 * and `allocate(−t, w)` is `−allocate(t, w)`. All weights zero: the total is split evenly.
 * Weights may be negative (existing values of a plan being spread over) as long as they do not
 * add up to zero while some are not zero — then there is no proportion and it throws a
 * RangeError, as it does for a non-zero total over no parts. Weights are units of any one
 * scale (only their proportions count).
 *
 * Examples: 100.00 over three equal weights → 33.34, 33.33, 33.33; 1.00 over weights 1, 2 →
 * 0.33, 0.67 (0.333… loses 0.333…, 0.666… loses 0.666…: the larger loss gets the cent).
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const n = weights.length;
  if (n === 0) {
    if (total === 0n) return [];
    throw new RangeError('cannot allocate a non-zero total over no parts');
  }
  if (total < 0n) return allocate(-total, weights).map((x) => -x);
  let w = weights;
  let sum = 0n;
  for (const x of w) sum += x;
  if (sum === 0n) {
    if (w.some((x) => x !== 0n)) throw new RangeError('weights add up to zero');
    w = new Array<bigint>(n).fill(1n);
    sum = BigInt(n);
  }
  if (sum < 0n) {
    w = w.map((x) => -x);
    sum = -sum;
  }
  const parts = new Array<bigint>(n);
  const remainders = new Array<bigint>(n);
  let given = 0n;
  for (let i = 0; i < n; i++) {
    const exact = total * (w[i] as bigint);
    const part = divideFloor(exact, sum);
    parts[i] = part;
    remainders[i] = exact - part * sum; // in [0, sum)
    given += part;
  }
  let missing = total - given; // 0 ≤ missing < n
  if (missing > 0n) {
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const ra = remainders[a] as bigint;
      const rb = remainders[b] as bigint;
      return ra > rb ? -1 : ra < rb ? 1 : a - b;
    });
    for (const i of order) {
      if (missing === 0n) break;
      parts[i] = (parts[i] as bigint) + 1n;
      missing -= 1n;
    }
  }
  return parts;
}
