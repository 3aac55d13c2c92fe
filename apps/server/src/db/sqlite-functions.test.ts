import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCase, gramToken, searchGrams } from './sqlite-functions.js';

/**
 * What a search index holds of a text, written the plain way: every distinct piece of one, two
 * and three code points that holds no white space, as its token, in the order first met. The
 * search index's function (`searchGrams`) is written for speed and must answer exactly this —
 * an index built or kept by one and searched with tokens made by the other finds the same rows.
 */
function reference(folded: string): string {
  const seen = new Set<string>();
  let a = '';
  let b = '';
  for (const ch of folded) {
    if (/\s/u.test(ch)) {
      a = b = '';
      continue;
    }
    seen.add(gramToken(ch));
    if (b) seen.add(gramToken(b + ch));
    if (a) seen.add(gramToken(a + b + ch));
    a = b;
    b = ch;
  }
  return [...seen].join(' ');
}

/** Characters of every kind a record's text holds: ASCII, accented, Cyrillic, CJK, emoji, … */
const pieces = [
  'a',
  'b',
  'A',
  'z',
  '0',
  '7',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '\u2003',
  'ä',
  'Ä',
  'ß',
  'é',
  'ç',
  'м',
  'М',
  'ё',
  'ж',
  '東',
  '京',
  '😀',
  '𝒜',
  '\u{2F800}',
  '\ud800',
  '\udc00',
  'İ',
  'K',
  '-',
  '.',
];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((xs) => xs.join(''));

describe('the search index’s pieces of a text (searchGrams)', () => {
  it('are the reference’s, token for token, for any text', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(searchGrams(foldCase(t))).toBe(reference(foldCase(t)));
      }),
      { numRuns: 2000 },
    );
  });

  it('are the same for long texts and for texts after them (the table grows and is reused)', () => {
    const long = Array.from({ length: 5000 }, (_, i) => pieces[(i * 7) % pieces.length]).join('');
    for (const t of ['Zürich 77', long, 'Müller & Söhne', long.slice(0, 999), '', '   ', 'x'])
      expect(searchGrams(foldCase(t))).toBe(reference(foldCase(t)));
  });

  it('hold each piece once, in the order first met', () => {
    expect(searchGrams('abab a')).toBe(
      ['a', 'b', 'ab', 'ba', 'aba', 'bab'].map((g) => gramToken(g)).join(' '),
    );
  });
});
