import type SQLite from '../../db/sqlite.js';
import { divideCeil, divideFloor, divideRound, formatUnits, pow10 } from '../decimal.js';

/**
 * The runtime functions of expressions on SQLite (`fx_*`), registered on every connection that
 * runs them. PostgreSQL has the same functions as SQL (migration 2026-11-25-0001-events-
 * procedures); the tests run every one on both databases and expect the same answers.
 *
 * Integer arguments arrive as BigInt (exact beyond 2^53). An integer that arrives as a
 * floating-point number is the result of an integer overflow in SQLite arithmetic (which turns
 * to floating point instead of failing), so it fails as "too large" rather than lose digits.
 */

/** Errors raised by runtime functions: `FXERR:<message key>:<tag>`. */
export const FX_ERROR = 'FXERR:';

function fail(code: string, tag = ''): never {
  throw new Error(`${FX_ERROR}${code}:${tag}`);
}

const MAX_INT64 = 2n ** 63n - 1n;

function int(v: unknown): bigint | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER)
    return BigInt(v);
  return fail('expr.out_of_range');
}

function out(v: bigint): bigint {
  if (v > MAX_INT64 || v < -MAX_INT64) fail('expr.out_of_range');
  return v;
}

function str(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : String(v);
}

// ---- dates (proleptic Gregorian, years 1–9999) ------------------------------------------------

function parseDate(s: string | null): [number, number, number] | null {
  if (s === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(y: number, m: number): number {
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return m === 2 && leap ? 29 : (MONTH_DAYS[m - 1] as number);
}

function dayNumber(y: number, m: number, d: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  t.setUTCHours(0, 0, 0, 0);
  return Math.round(t.getTime() / 86_400_000);
}

function fromDayNumber(n: number): string {
  const t = new Date(n * 86_400_000);
  const y = t.getUTCFullYear();
  if (y < 1 || y > 9999) fail('expr.date_range');
  return `${String(y).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
}

function ymd(y: number, m: number, d: number): string {
  if (y < 1 || y > 9999) fail('expr.date_range');
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Months from a date, the day kept or moved back to the month's last day (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, months: bigint): string | null {
  const p = parseDate(date);
  if (!p) return null;
  if (months > 120_000n || months < -120_000n) fail('expr.date_range');
  const total = p[0] * 12 + (p[1] - 1) + Number(months);
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  if (y < 1 || y > 9999) fail('expr.date_range');
  return ymd(y, m, Math.min(p[2], daysIn(y, m)));
}

function addDays(date: string, days: bigint): string | null {
  const p = parseDate(date);
  if (!p) return null;
  if (days > 3_660_000n || days < -3_660_000n) fail('expr.date_range');
  return fromDayNumber(dayNumber(p[0], p[1], p[2]) + Number(days));
}

/** date(y, m, d) as spreadsheets count: months and days past the end roll over. */
function makeDate(y: bigint, m: bigint, d: bigint): string {
  if (y > 100_000n || y < -100_000n || m > 1_200_000n || m < -1_200_000n) fail('expr.date_range');
  if (d > 3_660_000n || d < -3_660_000n) fail('expr.date_range');
  const total = Number(y) * 12 + Number(m) - 1;
  const yy = Math.floor(total / 12);
  const mm = total - yy * 12 + 1;
  if (yy < 1 || yy > 9999) fail('expr.date_range');
  return fromDayNumber(dayNumber(yy, mm, 1) + Number(d) - 1);
}

// ---- text --------------------------------------------------------------------------------------

/** Case mapping one character at a time (as PostgreSQL does): ß stays ß, İ lowers to i̇ not. */
function mapCase(s: string, upper: boolean): string {
  let outText = '';
  for (const ch of s) {
    const m = upper ? ch.toUpperCase() : ch.toLowerCase();
    outText += [...m].length === 1 ? m : ch;
  }
  return outText;
}

/** Compares by code point (SQLite's BINARY collation of UTF-8, PostgreSQL's "C"). */
function compareText(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const ca = (x[i] as string).codePointAt(0) as number;
    const cb = (y[i] as string).codePointAt(0) as number;
    if (ca !== cb) return ca < cb ? -1 : 1;
  }
  return x.length - y.length;
}

function pick(args: unknown[], greatest: boolean): unknown {
  let best: unknown = null;
  for (const a of args) {
    if (a === null || a === undefined) continue;
    if (typeof a === 'number') fail('expr.out_of_range');
    if (best === null) {
      best = a;
      continue;
    }
    const c =
      typeof a === 'bigint' && typeof best === 'bigint'
        ? a < best
          ? -1
          : a > best
            ? 1
            : 0
        : compareText(String(a), String(best));
    if (greatest ? c > 0 : c < 0) best = a;
  }
  return best;
}

function codePoints(s: string): string[] {
  return [...s];
}

type Fn = (...args: unknown[]) => unknown;

const FUNCTIONS: Record<string, Fn> = {
  fx_round: (v, k) => {
    const x = int(v);
    return x === null ? null : out(divideRound(x, pow10(Number(k))));
  },
  fx_floor: (v, k) => {
    const x = int(v);
    return x === null ? null : out(divideFloor(x, pow10(Number(k))));
  },
  fx_ceil: (v, k) => {
    const x = int(v);
    return x === null ? null : out(divideCeil(x, pow10(Number(k))));
  },
  fx_div: (a, b, k) => {
    const x = int(a);
    const y = int(b);
    if (x === null || y === null || y === 0n) return null;
    return out(divideRound(x * pow10(Number(k)), y));
  },
  fx_dec_text: (v, s) => {
    const x = int(v);
    return x === null ? null : formatUnits(x, Number(s));
  },
  fx_least: (...args) => pick(args, false),
  fx_greatest: (...args) => pick(args, true),
  fx_upper: (s) => (str(s) === null ? null : mapCase(str(s) as string, true)),
  fx_lower: (s) => (str(s) === null ? null : mapCase(str(s) as string, false)),
  fx_left: (s, n) => {
    const t = str(s);
    const k = int(n);
    if (t === null || k === null) return null;
    return k <= 0n
      ? ''
      : codePoints(t)
          .slice(0, Number(k > 1_000_000n ? 1_000_000n : k))
          .join('');
  },
  fx_right: (s, n) => {
    const t = str(s);
    const k = int(n);
    if (t === null || k === null) return null;
    if (k <= 0n) return '';
    const cps = codePoints(t);
    return cps.slice(Math.max(0, cps.length - Number(k > 1_000_000n ? 1_000_000n : k))).join('');
  },
  fx_mid: (s, start, len) => {
    const t = str(s);
    const a = int(start);
    const l = int(len);
    if (t === null || a === null || l === null) return null;
    if (l <= 0n) return '';
    const from = a < 1n ? 0 : Number(a > 1_000_000n ? 1_000_000n : a) - 1;
    const count = Number(l > 1_000_000n ? 1_000_000n : l);
    return codePoints(t)
      .slice(from, from + count)
      .join('');
  },
  fx_make_date: (y, m, d) => {
    const a = int(y);
    const b = int(m);
    const c = int(d);
    return a === null || b === null || c === null ? null : makeDate(a, b, c);
  },
  fx_add_months: (d, n) => {
    const s = str(d);
    const k = int(n);
    return s === null || k === null ? null : addMonths(s, k);
  },
  fx_add_days: (d, n) => {
    const s = str(d);
    const k = int(n);
    return s === null || k === null ? null : addDays(s, k);
  },
  fx_end_of_month: (d) => {
    const p = parseDate(str(d));
    return p ? ymd(p[0], p[1], daysIn(p[0], p[1])) : null;
  },
  fx_days_between: (a, b) => {
    const x = parseDate(str(a));
    const y = parseDate(str(b));
    if (!x || !y) return null;
    return BigInt(dayNumber(y[0], y[1], y[2]) - dayNumber(x[0], x[1], x[2]));
  },
  // ---- checks of values written to fields (see assign.ts) -------------------------------------
  /** `v` within [lo, hi] (null bounds: open); else the error `code` of assignment `tag`. */
  fx_bounds: (v, lo, hi, code, tag) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') fail('expr.out_of_range', str(tag) ?? '');
    const below =
      lo !== null &&
      (typeof v === 'bigint' ? v < (lo as bigint) : compareText(String(v), String(lo)) < 0);
    const above =
      hi !== null &&
      (typeof v === 'bigint' ? v > (hi as bigint) : compareText(String(v), String(hi)) > 0);
    if (below || above) fail(String(code), str(tag) ?? '');
    return v;
  },
  fx_required: (v, tag) => {
    if (v === null || v === undefined || v === '') fail('expr.required', str(tag) ?? '');
    return v;
  },
  fx_choice: (v, choices, tag) => {
    if (v === null || v === undefined) return null;
    const list = JSON.parse(String(choices)) as string[];
    if (!list.includes(String(v))) fail('expr.not_a_choice_runtime', str(tag) ?? '');
    return v;
  },
  fx_text_max: (v, max, tag) => {
    if (v === null || v === undefined) return null;
    const s = String(v);
    if (s === '') return null;
    if (codePoints(s).length > Number(max)) fail('expr.text_too_long', str(tag) ?? '');
    return s;
  },
  fx_fail: (code, tag) => fail(String(code), str(tag) ?? ''),
};

/** Most members a series (`fx_series`) gives for one record. */
export const SERIES_MAX = 1000;

/** The whole numbers a … b (none when either is empty or b < a). */
export function* series(a: unknown, b: unknown): Generator<{ n: bigint }> {
  const from = int(a);
  const to = int(b);
  if (from === null || to === null || to < from) return;
  if (to - from >= BigInt(SERIES_MAX)) fail('expr.series_too_long');
  for (let n = from; n <= to; n++) yield { n };
}

/** Registers the runtime functions on a SQLite connection. */
export function registerExprRuntime(db: SQLite.Database): void {
  for (const [name, fn] of Object.entries(FUNCTIONS)) {
    db.function(name, { deterministic: name !== 'fx_fail', safeIntegers: true, varargs: true }, fn);
  }
  db.table('fx_series', {
    columns: ['n'],
    parameters: ['a', 'b'],
    safeIntegers: true,
    rows: series,
  });
}
