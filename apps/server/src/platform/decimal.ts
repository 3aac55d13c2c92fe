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
