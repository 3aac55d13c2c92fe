import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextEncoding } from '@fiscus/contracts';
import iconv from 'iconv-lite';
import jschardet from 'jschardet';
import { describe, expect, it } from 'vitest';
import { decode, detectEncoding, excerpt } from './text-encoding.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'encodings');
const files = readdirSync(dir).filter((f) => f.endsWith('.csv'));

/** `de.windows-1252.csv` → the encoding it was written in, and the text it holds. */
function sample(file: string): { bytes: Buffer; truth: TextEncoding; text: string } {
  const bytes = readFileSync(path.join(dir, file));
  const truth = (file.split('.')[1] as string).replace('-bom', '') as TextEncoding;
  return { bytes, truth, text: iconv.decode(bytes, truth).replace(/^\uFEFF/, '') };
}

describe('detectEncoding: real sample files (German, French, Portuguese, Russian)', () => {
  it('has a sample in every encoding', () => {
    const seen = new Set(files.map((f) => sample(f).truth));
    expect([...seen].sort()).toEqual(
      [
        'iso-8859-1',
        'iso-8859-15',
        'koi8-r',
        'utf-16be',
        'utf-16le',
        'utf-8',
        'windows-1251',
        'windows-1252',
      ].sort(),
    );
    expect(files.length).toBeGreaterThanOrEqual(23);
  });

  it.each(files)('%s reads exactly as written, without doubt', (file) => {
    const { bytes, text } = sample(file);
    const guess = detectEncoding(bytes);
    expect(guess.uncertain).toBe(false);
    expect(decode(bytes, guess.encoding)).toBe(text);
  });

  it('agrees with jschardet wherever that library reads a sample right', () => {
    const names: Record<string, TextEncoding> = {
      'utf-8': 'utf-8',
      'utf-8-sig': 'utf-8',
      'utf-16-le': 'utf-16le',
      'utf-16-be': 'utf-16be',
      'windows-1252': 'windows-1252',
      'iso-8859-1': 'iso-8859-1',
      'iso8859-15': 'iso-8859-15',
      'windows-1251': 'windows-1251',
      'koi8-r': 'koi8-r',
    };
    let compared = 0;
    for (const file of files) {
      const { bytes, text } = sample(file);
      const theirs = names[jschardet.detect(bytes).encoding?.toLowerCase() ?? ''];
      if (!theirs || decode(bytes, theirs) !== text) continue;
      compared++;
      expect(decode(bytes, detectEncoding(bytes).encoding), file).toBe(decode(bytes, theirs));
    }
    // jschardet reads most of them right (measured: 22 of 23; it names UTF-8 with a BOM
    // "UTF-8-SIG" and gives no second choice for uncertain text).
    expect(compared).toBeGreaterThanOrEqual(18);
  });
});

describe('detectEncoding: doubt is said, never hidden', () => {
  const enc = (text: string, e: string) => iconv.encode(text, e);

  it('a lone symbol is not enough: € in Windows-1252 could be Ђ in Windows-1251', () => {
    const g = detectEncoding(enc('Code;Amount\nA1;5 €\n', 'win1252'));
    expect(g.uncertain).toBe(true);
    expect(g.plausible).toEqual(expect.arrayContaining(['windows-1252', 'windows-1251']));
  });

  it('œ in ISO-8859-15 reads as ½ in Windows-1252', () => {
    const g = detectEncoding(enc('Nom\nCœur\n', 'iso-8859-15'));
    expect(g).toMatchObject({ encoding: 'iso-8859-15', uncertain: true });
    expect(g.plausible).toContain('windows-1252');
  });

  it('Russian in capitals only reads as Windows-1251 and as KOI8-R', () => {
    const g = detectEncoding(enc('КОД;ИМЯ\n1;ИВАН\n', 'win1251'));
    expect(g.uncertain).toBe(true);
    expect(g.plausible.sort()).toEqual(['koi8-r', 'windows-1251']);
  });

  it('short texts with ordinary words are certain', () => {
    expect(detectEncoding(enc('Name;Ort\nMüller;Köln\n', 'win1252'))).toEqual({
      encoding: 'windows-1252',
      plausible: ['windows-1252'],
      uncertain: false,
    });
    expect(detectEncoding(enc('Код;Имя\n1;Иван\n', 'koi8-r')).encoding).toBe('koi8-r');
    expect(detectEncoding(enc('Код;Имя\n1;Иван\n', 'win1251')).encoding).toBe('windows-1251');
    expect(detectEncoding(Buffer.from('plain ascii;1\n')).encoding).toBe('utf-8');
  });

  it('looks past plain ASCII at the start', () => {
    const head = Buffer.from('Code;Name\n' + 'A;plain\n'.repeat(100));
    const later = enc('B;Jürgen Größe\n', 'win1252');
    expect(detectEncoding(head).encoding).toBe('utf-8');
    expect(detectEncoding(head, [later]).encoding).toBe('windows-1252');
  });

  it('gives an excerpt of the lines with non-ASCII characters', () => {
    expect(excerpt('Code;Name\nA;plain\nB;Jürgen\nC;Öl\n')).toBe('B;Jürgen ⏎ C;Öl');
    expect(excerpt(`x\n${'ä'.repeat(300)}`, 10)).toBe(`${'ä'.repeat(9)}…`);
  });
});
