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

/**
 * The tokens of every distinct piece of one, two and three characters (code points) of
 * `folded` that holds no white space — a search word never does (search splits on it) —
 * separated by spaces: what a search index holds of a record's text.
 */
export function searchGrams(folded: string): string {
  const seen = new Set<string>();
  let a = '';
  let b = '';
  for (const ch of folded) {
    const c = codeOf(ch);
    if (!c) {
      a = b = '';
      continue;
    }
    seen.add(`g${c}`);
    if (b) seen.add(`g${b}${c}`);
    if (a) seen.add(`g${a}${b}${c}`);
    a = b;
    b = c;
  }
  return [...seen].join(' ');
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
