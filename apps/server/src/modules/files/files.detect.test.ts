import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_TYPE, detectType, isAllowedType, looksLikeText } from './files.detect.js';
import { contentDisposition } from './files.routes.js';

const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-detect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function typeOf(bytes: Buffer | string): Promise<string | undefined> {
  const file = path.join(dir, `f${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, bytes);
  return detectType(file);
}

describe('detectType', () => {
  it('tells text from binary', async () => {
    expect(await typeOf('name,amount\n"A, B",1.5\n')).toBe(CSV_TYPE);
    expect(await typeOf('\ufeffa\tb\r\n1\t2\r\n')).toBe(CSV_TYPE);
    expect(await typeOf('')).toBeUndefined();
    // UTF-16 text, with or without its byte-order mark, little or big endian.
    expect(await typeOf(Buffer.from('\ufeffa;b\nÄpfel;Ёлка\n', 'utf16le'))).toBe(CSV_TYPE);
    expect(await typeOf(Buffer.from('a;b\nÄpfel;Ёлка\n', 'utf16le'))).toBe(CSV_TYPE);
    expect(await typeOf(Buffer.from('a;b\nÄpfel;Ёлка\n', 'utf16le').swap16())).toBe(CSV_TYPE);
    // Zero bytes without UTF-16's pattern are binary.
    expect(await typeOf(Buffer.from([0, 1, 2, 3, 0, 0, 7, 8, 9, 0, 0, 0]))).not.toBe(CSV_TYPE);
    expect(await typeOf(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'))).toBe(
      'application/pdf',
    );
    expect(
      await typeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])),
    ).toBe('image/jpeg');
    expect(await typeOf(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).not.toBe(CSV_TYPE);
  });

  it('keeps a multi-byte character cut at the end of the probe as text', () => {
    const text = Buffer.from('ж'.repeat(40_000));
    expect(looksLikeText(text.subarray(0, 64 * 1024 - 1))).toBe(true);
    // Mostly control characters is not text.
    expect(looksLikeText(Buffer.from([1, 2, 3, 4, 5, 65, 66]))).toBe(false);
  });

  it('has an allow-list', () => {
    expect(isAllowedType('image/png')).toBe(true);
    expect(isAllowedType('application/x-elf')).toBe(false);
    expect(isAllowedType(undefined)).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('plan.csv')).toBe(
      `attachment; filename="plan.csv"; filename*=UTF-8''plan.csv`,
    );
    expect(contentDisposition("Café's (1)*.xlsx")).toBe(
      `attachment; filename="Cafe's (1)*.xlsx"; filename*=UTF-8''Caf%C3%A9%27s%20%281%29%2A.xlsx`,
    );
    expect(contentDisposition('Итог.csv')).toBe(
      `attachment; filename="____.csv"; filename*=UTF-8''%D0%98%D1%82%D0%BE%D0%B3.csv`,
    );
  });
});
