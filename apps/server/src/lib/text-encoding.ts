import type { TextEncoding } from '@fiscus/contracts';
import iconv from 'iconv-lite';

/**
 * What the bytes of a text file say about their encoding: the most likely one, every encoding
 * that reads the text plausibly (most likely first; encodings that read the sample identically
 * count once, under the first of them), and whether the choice is uncertain.
 */
export interface EncodingGuess {
  encoding: TextEncoding;
  plausible: TextEncoding[];
  uncertain: boolean;
}

/** Single-byte code pages considered when the bytes are neither UTF-8 nor UTF-16. */
const SINGLE_BYTE: TextEncoding[] = [
  'windows-1252',
  'iso-8859-15',
  'iso-8859-1',
  'windows-1251',
  'koi8-r',
];

const certain = (encoding: TextEncoding): EncodingGuess => ({
  encoding,
  plausible: [encoding],
  uncertain: false,
});

/** The byte-order mark's encoding, if the bytes start with one. */
export function bomOf(b: Uint8Array): TextEncoding | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * UTF-16 without a byte-order mark: the high bytes of Latin text are 0 and those of Cyrillic 4,
 * so one byte of each pair is (nearly) always 0x00 or 0x04, and the other (nearly) never.
 */
function utf16Of(b: Uint8Array): TextEncoding | undefined {
  const pairs = Math.floor(b.length / 2);
  if (pairs < 2) return undefined;
  let evenHigh = 0;
  let oddHigh = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    const even = b[i] as number;
    const odd = b[i + 1] as number;
    if (even === 0 || even === 4) evenHigh++;
    if (odd === 0 || odd === 4) oddHigh++;
  }
  if (oddHigh >= pairs * 0.9 && evenHigh <= pairs * 0.1) return 'utf-16le';
  if (evenHigh >= pairs * 0.9 && oddHigh <= pairs * 0.1) return 'utf-16be';
  return undefined;
}

/** Whether bytes are valid UTF-8 (a sequence cut at the very end is allowed). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Characters outside ASCII that ordinary business text uses (not letters). */
const COMMON_SYMBOLS = new Set('€£¥§°«»–—‘’‚“”„•…±×÷½¼¾²³№©®™·\u00a0'.split(''));

const CYRILLIC_WORD = /^(\p{Lu}?\p{Ll}+|\p{Lu}+)$/u;

/**
 * How plausible a decoded text is as German, French, Portuguese or Russian business text: each
 * word with non-ASCII letters scores up when it is one script with the usual case pattern (few
 * accented letters among Latin ones, "Москва"/"МОСКВА" in Cyrillic), down when it mixes scripts
 * ("Mьller"), is mostly accented letters ("Ìîñêâà"), or breaks the case pattern ("мОСКВА").
 * Control characters and rare symbols (box drawing, `¤`) count against the reading.
 */
export function plausibility(text: string): number {
  let score = 0;
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const word = m[0];
    let ascii = 0;
    let latin = 0;
    let cyrillic = 0;
    let other = 0;
    let caseBreaks = 0;
    let prevLower = false;
    for (const ch of word) {
      const c = ch.codePointAt(0) as number;
      if (c < 0x80) ascii++;
      else if (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) latin++;
      else if (c >= 0x400 && c <= 0x4ff) cyrillic++;
      else other++;
      const lower = ch !== ch.toUpperCase();
      if (prevLower && !lower && ch !== ch.toLowerCase()) caseBreaks++;
      prevLower = lower;
    }
    if (!latin && !cyrillic && !other) continue;
    if (other) score -= 3;
    else if (cyrillic && ascii + latin) score -= 5;
    else if (cyrillic) score += CYRILLIC_WORD.test(word) ? 1 : -2;
    else if (latin > ascii && word.length >= 4) score -= 2;
    else score += caseBreaks ? -1 : 1;
  }
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    if (c < 0x80 || /\p{L}/u.test(ch)) continue;
    if (c < 0xa0) score -= 5;
    else if (!COMMON_SYMBOLS.has(ch)) score -= 2;
  }
  return score;
}

/** A decoded excerpt: the lines (from the start) that hold non-ASCII characters. */
export function excerpt(text: string, max = 160): string {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    // eslint-disable-next-line no-control-regex
    .filter((l) => /[^\u0000-\u007f]/.test(l));
  let out = '';
  for (const l of lines) {
    out = out ? `${out} ⏎ ${l}` : l;
    if (out.length >= max) break;
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** Decodes bytes in one of the encodings (a byte-order mark is dropped). */
export function decode(bytes: Uint8Array, encoding: TextEncoding): string {
  if (encoding === 'utf-8')
    return new TextDecoder('utf-8').decode(bytes, { stream: true }).replace(/^\uFEFF/, '');
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
}

/**
 * Detects the encoding of a text file from its start (`head`) and a few later pieces
 * (`windows`). A byte-order mark, UTF-16's pattern of
 * zero bytes, plain ASCII and valid UTF-8 leave no doubt. Otherwise each single-byte code page
 * decodes the sample; readings that come out the same count once, and each distinct reading
 * is scored by {@link plausibility}. Every reading within reach of the best one is plausible —
 * more than one makes the answer uncertain, and the user is asked (never guessed silently).
 */
export function detectEncoding(head: Uint8Array, windows: Uint8Array[] = []): EncodingGuess {
  const bom = bomOf(head);
  if (bom) return certain(bom);
  const utf16 = head.includes(0) ? utf16Of(head) : undefined;
  if (utf16) return certain(utf16);
  const parts = [head, ...windows];
  if (parts.every((p) => !p.some((b) => b >= 0x80) || isUtf8(p))) return certain('utf-8');
  const sample = joined(parts);
  const readings: { encoding: TextEncoding; text: string; score: number }[] = [];
  for (const encoding of SINGLE_BYTE) {
    const text = decode(sample, encoding);
    if (readings.some((r) => r.text === text)) continue;
    readings.push({ encoding, text, score: plausibility(text) });
  }
  readings.sort((a, b) => b.score - a.score);
  const best = readings[0] as (typeof readings)[number];
  const reach = Math.max(2, Math.abs(best.score) * 0.25);
  const plausible = readings
    .filter((r) => r === best || (r.score >= 0 && r.score >= best.score - reach))
    .map((r) => r.encoding);
  return { encoding: best.encoding, plausible, uncertain: plausible.length > 1 };
}

/** Sample pieces joined by line breaks (UTF-16 ones would lose their alignment: head only). */
export function joined(parts: Uint8Array[]): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    if (out.length) out.push(Buffer.from('\n'));
    out.push(Buffer.from(p.buffer, p.byteOffset, p.byteLength));
  }
  return Buffer.concat(out);
}
