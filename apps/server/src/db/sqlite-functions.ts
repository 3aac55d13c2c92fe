import type SQLite from './sqlite.js';

/**
 * The case folding of case-insensitive text matching: Unicode lower case ("МОСКВА" → "москва",
 * "ÄRGER" → "ärger"). PostgreSQL's ILIKE folds the same way in a UTF-8 database; SQLite gets it
 * as the SQL function `fold` on every connection.
 */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

const codes = new Map<string, string>();

/** A character's part of a gram token: its code point in four base-36 digits; '' for white space. */
function codeOf(ch: string): string {
  let c = codes.get(ch);
  if (c === undefined) {
    c = /\s/u.test(ch) ? '' : (ch.codePointAt(0) as number).toString(36).padStart(4, '0');
    if (codes.size < 65_536) codes.set(ch, c);
  }
  return c;
}

/**
 * The token of a piece of one to three characters (code points) of folded text in a search
 * index (platform/text-index.ts): `g` and each code point in four base-36 digits — letters and
 * digits only, so FTS5's `ascii` tokenizer keeps it as one token, whatever the characters were.
 */
export function gramToken(gram: string): string {
  let out = 'g';
  for (const ch of gram) out += codeOf(ch);
  return out;
}

/** Code points of the Basic Multilingual Plane: their digits (`codeOf`), filled as met. */
const bmpDigits: (string | undefined)[] = new Array<string | undefined>(0x10000);

/** `codeOf` by code point: '' for white space. */
function digitsOf(cp: number): string {
  if (cp < 0x10000) {
    let d = bmpDigits[cp];
    if (d === undefined) bmpDigits[cp] = d = codeOf(String.fromCharCode(cp));
    return d;
  }
  return codeOf(String.fromCodePoint(cp));
}

/**
 * The pieces seen in the text at hand, by numeric key: an open-addressing table whose slots
 * count as filled only when stamped with the current text's stamp, so a new text starts with
 * no clearing and nothing allocated (a `Set` per text cost four times the whole rest).
 */
let slots = 1024;
let keys = new Float64Array(slots);
let stamps = new Uint32Array(slots);
let stamp = 0;

/** Starts a text of `length` code units: room for its pieces (at most three per unit). */
function startText(length: number): void {
  const need = length * 6;
  if (need > slots) {
    while (slots < need) slots *= 2;
    keys = new Float64Array(slots);
    stamps = new Uint32Array(slots);
    stamp = 0;
  }
  if (++stamp === 0xffffffff) {
    stamps.fill(0);
    stamp = 1;
  }
}

/** Whether `key` is new to the text (then it is noted). */
function isNew(key: number): boolean {
  const mask = slots - 1;
  let h = Math.imul((key >>> 0) ^ Math.imul(Math.floor(key / 0x100000000), 0x85ebca6b), 0x9e3779b1);
  h = ((h ^ (h >>> 15)) >>> 0) & mask;
  while (stamps[h] === stamp) {
    if (keys[h] === key) return false;
    h = (h + 1) & mask;
  }
  stamps[h] = stamp;
  keys[h] = key;
  return true;
}

/** Code points below this make a piece of three one exact key (three times 17 bits, < 2^53). */
const KEY_LIMIT = 1 << 17;
/** Keys: a piece of one is its code point, of two above `TWO`, of three above `THREE`. */
const TWO = 0x110000;
const THREE = 2 ** 51;
/** Pieces of three with a code point past `KEY_LIMIT` (rare planes): by text. */
const seenOther = new Set<string>();

/**
 * The tokens of every distinct piece of one, two and three characters (code points) of
 * `folded` that holds no white space — a search word never does (search splits on it) —
 * separated by spaces, in the order first met: what a search index holds of a record's text.
 * Called once per record written to an object with a search index (and per record when one is
 * built): pieces are told apart by numeric keys, and a token is made only for a new piece.
 * (The reference it must equal, token for token, is in sqlite-functions.test.ts.)
 */
export function searchGrams(folded: string): string {
  const n = folded.length;
  startText(n);
  if (seenOther.size) seenOther.clear();
  let out = '';
  // The two code points before this one (-1: none, or white space), and their digits.
  let a = -1;
  let b = -1;
  let da = '';
  let db = '';
  for (let i = 0; i < n; i++) {
    let c = folded.charCodeAt(i);
    // A surrogate pair is one code point; a lone surrogate is one as `for … of` yields it.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const lo = folded.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        c = ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    const dc = digitsOf(c);
    if (!dc) {
      a = b = -1;
      continue;
    }
    if (isNew(c)) out += out ? ` g${dc}` : `g${dc}`;
    if (b >= 0) {
      if (isNew(TWO + b * TWO + c)) out += ` g${db}${dc}`;
      if (a >= 0) {
        let fresh: boolean;
        if (a < KEY_LIMIT && b < KEY_LIMIT && c < KEY_LIMIT) {
          fresh = isNew(THREE + (a * KEY_LIMIT + b) * KEY_LIMIT + c);
        } else {
          const three = `${a},${b},${c}`;
          fresh = !seenOther.has(three);
          if (fresh) seenOther.add(three);
        }
        if (fresh) out += ` g${da}${db}${dc}`;
      }
    }
    a = b;
    da = db;
    b = c;
    db = dc;
  }
  return out;
}

/**
 * The SQL functions the database layer adds to every SQLite connection — the app's writer and
 * reader and every lane process (platform/lanes.ts), so a statement runs the same on each:
 *
 * - `fold(text)`: SQLite's LIKE and lower() fold ASCII letters only; the query compiler folds
 *   other letters with this (see foldedMatch in platform/compiler.ts).
 * - `fold_grams(text)`: the tokens of the folded text's pieces of one to three characters, what
 *   a search index holds (`searchGrams`; platform/text-index.ts).
 * - `pf_visit()`: counts a visited row (the query planner adds it when tests and benchmarks ask
 *   it to count, see platform/planner.ts) and is true.
 */
export function registerBaseFunctions(sqlite: SQLite.Database, onVisit: () => void): void {
  sqlite.function('fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldCase(text) : text,
  );
  sqlite.function('fold_grams', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? searchGrams(foldCase(text)) : null,
  );
  sqlite.function('pf_visit', { deterministic: false }, () => {
    onVisit();
    return 1;
  });
}
