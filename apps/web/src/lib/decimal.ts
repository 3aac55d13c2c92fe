import type { DecimalString } from '@fiscus/contracts';

/**
 * Exact decimals in the console. The API sends decimal, money and percent values (and sums) as
 * `DecimalString`s — `"1234.50"` — so that no digit is lost to binary floating point. Here they
 * are added with BigInt; `Intl.NumberFormat` formats a decimal string exactly (no conversion to a
 * number).
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Whether a value is a decimal string as the API writes it. */
export function isDecimalString(v: unknown): v is DecimalString {
  return typeof v === 'string' && DECIMAL.test(v);
}

function split(text: string): { units: bigint; scale: number } {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] ?? '0'}${frac}`);
  return { units: m[1] ? -units : units, scale: frac.length };
}

function join(units: bigint, scale: number): DecimalString {
  const neg = units < 0n;
  let digits = (neg ? -units : units).toString();
  if (scale === 0) return `${neg ? '-' : ''}${digits}`;
  digits = digits.padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** `a + b` exactly, at the larger of their scales (`"0.10" + "0.2"` → `"0.30"`). */
export function addDecimals(a: DecimalString | number, b: DecimalString | number): DecimalString {
  const x = split(typeof a === 'number' ? String(a) : a);
  const y = split(typeof b === 'number' ? String(b) : b);
  const s = Math.max(x.scale, y.scale);
  const ux = x.units * 10n ** BigInt(s - x.scale);
  const uy = y.units * 10n ** BigInt(s - y.scale);
  return join(ux + uy, s);
}
