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

// ---- the platform's exact numbers ---------------------------------------------------------------

/**
 * Significant digits a stored decimal keeps (PostgreSQL `numeric(18, s)`; on SQLite the units
 * fit a 64-bit integer). A field of scale s holds values below 10^(18 − s) in magnitude.
 */
export const MAX_DIGITS = 18;
/** The most fraction digits a decimal, money or percent field may have. */
export const MAX_SCALE = 6;
// (The same numbers as the contracts' MAX_DECIMAL_DIGITS and MAX_DECIMAL_SCALE — decimal.test.ts
// holds them equal; this module imports nothing, so that lane processes load it as it is.)
/** Units of a stored value are below this in magnitude (10^18). */
export const UNITS_LIMIT = 10n ** BigInt(MAX_DIGITS);

/** A decimal number exactly: `units / 10^scale`. */
export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;
/** Digits a decimal text may have at most (longer texts are not numbers the platform reads). */
const MAX_TEXT_DIGITS = 400;

/**
 * Reads a decimal text exactly: an optional sign, digits with an optional `.` and fraction, an
 * optional exponent (`"12.50"`, `"-0.125"`, `".5"`, `"1e3"`, `"1.5E-7"`). No grouping, no
 * decimal comma — those are the business of imports and the console. Trailing fraction zeros
 * count toward the scale (`"1.50"` is 150 at scale 2). Undefined when it is not such a number.
 */
export function parseDecimal(text: string): Dec | undefined {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (!int && !frac) return undefined;
  if (int.length + frac.length > MAX_TEXT_DIGITS) return undefined;
  const exp = m[4] ? Number(m[4]) : 0;
  if (Math.abs(exp) > MAX_TEXT_DIGITS) return undefined;
  let units = BigInt(`${int}${frac}` || '0');
  let scale = frac.length - exp;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: m[1] === '-' ? -units : units, scale };
}

/**
 * The exact decimal a JSON number stands for: its shortest text, the digits a person wrote
 * (`0.1` is 1 at scale 1, not the binary fraction nearest to it).
 */
export function decimalOfNumber(n: number): Dec | undefined {
  if (!Number.isFinite(n)) return undefined;
  return parseDecimal(String(n));
}

/**
 * Units of `d` at `scale`. More fraction digits than `scale`: rounded half-even with
 * `'half-even'`, undefined with `'exact'` unless the extra digits are zeros.
 */
export function unitsAt(
  d: Dec,
  scale: number,
  rounding: 'exact' | 'half-even',
): bigint | undefined {
  if (d.scale <= scale) return d.units * pow10(scale - d.scale);
  const f = pow10(d.scale - scale);
  if (rounding === 'exact') return d.units % f === 0n ? d.units / f : undefined;
  return divideRound(d.units, f);
}

/** `units` at scale `from` expressed at scale `to`, rounded half-even when `to` is smaller. */
export function rescale(units: bigint, from: number, to: number): bigint {
  if (to >= from) return units * pow10(to - from);
  return divideRound(units, pow10(from - to));
}

/** −1, 0 or 1 as `a` is below, equal to or above `b` (any scales). */
export function compareDec(a: Dec, b: Dec): number {
  const s = Math.max(a.scale, b.scale);
  const x = a.units * pow10(s - a.scale);
  const y = b.units * pow10(s - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether units are within what a stored decimal holds (fewer than 18 digits). */
export function fitsDigits(units: bigint): boolean {
  return units < UNITS_LIMIT && units > -UNITS_LIMIT;
}

/** The units of a canonical text (`formatUnits`' output, e.g. `"-12.50"` → `-1250n`). */
function unitsOfCanonical(text: string): bigint {
  return BigInt(text.replace('.', ''));
}

/**
 * The units of a text of digits with an optional minus and fraction (`/^-?\d+(\.\d+)?$/`: its
 * digits without the point, e.g. `"-12.50"` → `-1250n`), or undefined for any other text. Read
 * by character codes; up to 15 digits are summed as a number (exact), more go through the text.
 */
export function unitsOfPlain(text: string): bigint | undefined {
  const n = text.length;
  const negative = text.charCodeAt(0) === 45;
  let units = 0;
  let digits = 0;
  let point = false;
  let fraction = 0;
  for (let i = negative ? 1 : 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      units = units * 10 + (c - 48);
      digits++;
      if (point) fraction++;
    } else if (c === 46 && !point && digits > 0) point = true;
    else return undefined;
  }
  if (!digits || (point && !fraction)) return undefined;
  if (digits > 15) return unitsOfCanonical(text);
  return BigInt(negative ? -units : units);
}

/**
 * Fraction digits of a currency's minor unit (ISO 4217, as the runtime's Intl data knows it):
 * EUR and USD 2, JPY and KRW 0, KWD and BHD 3. Unknown or absent codes: 2.
 */
export function currencyScale(code: string | undefined): number {
  if (!code) return 2;
  try {
    const digits = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
    }).resolvedOptions().maximumFractionDigits;
    return typeof digits === 'number' ? Math.min(digits, MAX_SCALE) : 2;
  } catch {
    return 2;
  }
}

// ---- spreading an amount ------------------------------------------------------------------------

/**
 * Splits `total` units into parts proportional to `weights`, exactly: the parts add up to
 * `total` to the last unit (a spread of 100.00 never ends as 99.99 or 100.01), and each part
 * differs from its exact share `total × wᵢ / Σw` by less than one unit.
 *
 * Method (largest remainder, "Hamilton"): every part starts at its share rounded down; the units
 * left over (fewer than there are parts) go one each to the parts whose shares lost the most in
 * that rounding, the earlier part first when two lost the same. A zero weight always gets 0.
 * Weights may be negative (proportional to existing values of both signs); their sum must not be
 * zero — spreading "proportionally to nothing" has no meaning (use `allocateEvenly`).
 *
 * This is how a total typed into a cube spreads to the records below it; amounts go in and come
 * out as units at the field's scale (12.50 at scale 2 is 1250n).
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  if (!weights.length) throw new RangeError('allocate: no parts');
  let sum = 0n;
  for (const w of weights) sum += w;
  if (sum === 0n) throw new RangeError('allocate: the weights add up to zero');
  // share_i = total × w_i / sum = q_i + r_i / |sum| with 0 ≤ r_i < |sum| (floor division).
  const d = sum < 0n ? -sum : sum;
  const sign = sum < 0n ? -1n : 1n;
  const parts: bigint[] = new Array<bigint>(weights.length);
  const rems: bigint[] = new Array<bigint>(weights.length);
  let given = 0n;
  weights.forEach((w, i) => {
    const n = total * w * sign;
    const q = divideFloor(n, d);
    parts[i] = q;
    rems[i] = n - q * d;
    given += q;
  });
  let left = total - given; // 0 ≤ left < number of parts with a remainder
  if (left > 0n) {
    const order = rems
      .map((r, i) => ({ r, i }))
      .filter((x) => x.r > 0n)
      .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
    for (const { i } of order) {
      if (left === 0n) break;
      parts[i] = (parts[i] as bigint) + 1n;
      left -= 1n;
    }
  }
  return parts;
}

/**
 * Splits `total` units into `n` parts as equal as units allow, adding up to `total` exactly: the
 * first `total mod n` parts get one unit more (100.00 in 3 → 33.34, 33.33, 33.33).
 */
export function allocateEvenly(total: bigint, n: number): bigint[] {
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError('allocateEvenly: no parts');
  return allocate(total, new Array<bigint>(n).fill(1n));
}

// ---- texts ----------------------------------------------------------------------------------------

/** The shortest plain text of a decimal: no exponent, no trailing fraction zeros (`"12.5"`). */
export function formatDec(d: Dec): string {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return formatUnits(units, scale);
}

/** `d` rounded half-even to `digits` significant digits (fewer digits: unchanged). */
export function roundSignificant(d: Dec, digits: number): Dec {
  const abs = d.units < 0n ? -d.units : d.units;
  const extra = abs.toString().length - digits;
  if (extra <= 0) return d;
  // One rounding at the last kept digit (two steps would round twice); whole-number places
  // rounded away stay as zeros.
  const rounded = divideRound(d.units, pow10(extra));
  return extra <= d.scale
    ? { units: rounded, scale: d.scale - extra }
    : { units: rounded * pow10(extra - d.scale), scale: 0 };
}
