import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { isUtf8 } from '../../lib/text-encoding.js';
import { CsvError, CsvParser, detectDelimiter, makeDecoder } from './csv.js';

function parseChunks(text: string, delimiter: string, sizes: number[]): string[][] {
  const p = new CsvParser(delimiter);
  const out: string[][] = [];
  let pos = 0;
  let i = 0;
  while (pos < text.length) {
    const n = Math.max(1, sizes[i++ % sizes.length] as number);
    p.push(text.slice(pos, pos + n), out);
    pos += n;
  }
  p.end(out);
  return out;
}

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomCsv(r: () => number, d: string): string {
  const rows: string[] = [];
  const width = 1 + Math.floor(r() * 5);
  const count = 1 + Math.floor(r() * 30);
  const pieces = ['a', 'bc', ' ', d, '"', '\n', '\r\n', 'ё', '1,5', ''];
  for (let i = 0; i < count; i++) {
    const cells: string[] = [];
    for (let j = 0; j < width; j++) {
      let v = '';
      const len = Math.floor(r() * 4);
      for (let k = 0; k < len; k++) v += pieces[Math.floor(r() * pieces.length)];
      const needsQuotes = /["\r\n]/.test(v) || v.includes(d);
      cells.push(needsQuotes || r() < 0.2 ? `"${v.replace(/"/g, '""')}"` : v || 'x');
    }
    rows.push(cells.join(d));
  }
  const eol = r() < 0.5 ? '\n' : '\r\n';
  return `${rows.join(eol)}${r() < 0.5 ? eol : ''}`;
}

describe('CsvParser', () => {
  it('reads quotes, doubled quotes, embedded line breaks and empty cells', () => {
    const text = 'a,"b ""q"" c","line1\nline2"\r\n,,\n"x",y,\n';
    expect(parseChunks(text, ',', [1000])).toEqual([
      ['a', 'b "q" c', 'line1\nline2'],
      ['', '', ''],
      ['x', 'y', ''],
    ]);
  });

  it('gives the same rows whatever the chunk sizes, as csv-parse does', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const d = [',', ';', '\t', '|'][seed % 4] as string;
      const text = randomCsv(r, d);
      const expected = parse(text, { delimiter: d, relax_column_count: true }) as string[][];
      const whole = parseChunks(text, d, [text.length]);
      expect(whole, `seed ${seed}`).toEqual(expected);
      const sizes = [1 + Math.floor(r() * 7), 1 + Math.floor(r() * 50), 1];
      expect(parseChunks(text, d, sizes), `seed ${seed} chunked`).toEqual(expected);
    }
  });

  it('keeps a stray quote inside an unquoted cell as text', () => {
    expect(parseChunks('5" pipe,ok\n', ',', [3])).toEqual([['5" pipe', 'ok']]);
  });

  it('refuses rows wider than the cap', () => {
    expect(() => parseChunks(`${'x,'.repeat(1200)}x\n`, ',', [100])).toThrow(CsvError);
  });
});

describe('CSV detection', () => {
  it('detects the delimiter from the first lines', () => {
    expect(detectDelimiter('a;b;c\n1;2,5;3\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2|3\n')).toBe('|');
    expect(detectDelimiter('"x,y";b\n"1,2";3\n')).toBe(';');
    expect(detectDelimiter('single\n')).toBe(',');
  });

  it('tells UTF-8 from Windows-1251 and decodes both', () => {
    expect(isUtf8(Buffer.from('Привет', 'utf8'))).toBe(true);
    const cp = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
    expect(isUtf8(cp)).toBe(false);
    expect(makeDecoder('windows-1251').write(cp)).toBe('Привет');
  });
});
