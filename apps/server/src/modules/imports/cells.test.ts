import { describe, expect, it } from 'vitest';
import { prepareCell } from './reader.js';

describe('number cells of an import', () => {
  it('reads whole numbers written with thousands separators into integer fields', () => {
    for (const [raw, want] of [
      ['1.234', 1234],
      ['1,234', 1234],
      ['1 234', 1234],
      ['1\u00a0234', 1234],
      ["1'234", 1234],
      ['1.234.567', 1234567],
      ['-12,345,678', -12345678],
      ['42', 42],
    ] as const)
      expect(prepareCell('integer', {}, raw), raw).toBe(want);
  });

  it('leaves what is not grouped in threes to the field check', () => {
    // Mixed separators or groups of other sizes are not whole numbers with thousands.
    expect(prepareCell('integer', {}, '1.23')).toBe(1.23);
    expect(prepareCell('integer', {}, '1.234,5')).toBe(1234.5);
    expect(prepareCell('integer', {}, '1.2345')).toBe(1.2345);
  });

  it('keeps decimals as exact texts, with either decimal mark and thousands', () => {
    expect(prepareCell('decimal', {}, '1.234.567,89')).toBe('1234567.89');
    expect(prepareCell('money', {}, '1,234,567.89')).toBe('1234567.89');
    expect(prepareCell('decimal', {}, '1.234.567')).toBe('1234567');
    expect(prepareCell('decimal', {}, '12345678901234567.89')).toBe('12345678901234567.89');
    expect(prepareCell('percent', {}, '12,5 %')).toBe('12.5');
  });
});
