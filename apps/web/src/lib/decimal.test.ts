import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decimalEditText,
  formatDecimal,
  parseDecimalText,
  placesOf,
  wholeDigitsOf,
} from './decimal';

/** `v` with at least two fraction digits (as `formatDecimal(v, locale, 2)` writes it). */
const atLeastTwo = (v: string) => {
  const [whole, frac = ''] = v.split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
};

describe('parseDecimalText', () => {
  it('keeps every digit typed, far past what a binary number holds', () => {
    expect(parseDecimalText('12345678901234567.89', 'en')).toBe('12345678901234567.89');
    expect(parseDecimalText('0.1000000000000000000001', 'en')).toBe('0.1000000000000000000001');
    expect(parseDecimalText('-9007199254740993', 'en')).toBe('-9007199254740993');
  });

  it('reads the locale: decimal comma, thousands separators', () => {
    expect(parseDecimalText('1.234,5', 'de')).toBe('1234.5');
    expect(parseDecimalText('1234,5', 'de')).toBe('1234.5');
    expect(parseDecimalText('1.234.567', 'de')).toBe('1234567');
    expect(parseDecimalText('1,234.5', 'en')).toBe('1234.5');
    expect(parseDecimalText('1,234', 'en')).toBe('1234');
    expect(parseDecimalText('1,234', 'de')).toBe('1.234');
    expect(parseDecimalText('1\u202f234,5', 'fr')).toBe('1234.5');
    expect(parseDecimalText('1 234,5', 'fr')).toBe('1234.5');
    expect(parseDecimalText('1\u00a0234,5', 'ru')).toBe('1234.5');
    expect(parseDecimalText('1.234,50', 'pt')).toBe('1234.50');
    expect(parseDecimalText('−12,5', 'de')).toBe('-12.5');
    expect(parseDecimalText('+0,50', 'fr')).toBe('0.50');
  });

  it('takes a lone point or comma that does not group thousands as the decimal one', () => {
    expect(parseDecimalText('1.5', 'de')).toBe('1.5');
    expect(parseDecimalText('1,5', 'en')).toBe('1.5');
    expect(parseDecimalText('12.34', 'fr')).toBe('12.34');
    expect(parseDecimalText(',5', 'de')).toBe('0.5');
    expect(parseDecimalText('5.', 'en')).toBe('5');
    expect(parseDecimalText('-0', 'en')).toBe('0');
  });

  it('refuses what is not a number', () => {
    for (const text of ['', 'abc', '1,2,3', '1.2.3,4,5', '12a', '1e5', '--1', '.', '1.23.4'])
      expect(parseDecimalText(text, 'en'), text).toBeNull();
    expect(parseDecimalText('1,2,3', 'de')).toBeNull();
    expect(parseDecimalText('12.34,5.6', 'de')).toBeNull();
  });

  it('reads back the text an editor starts with, in every language', () => {
    for (const locale of ['en', 'de', 'fr', 'pt', 'ru'])
      for (const v of ['1.234', '1234.5', '-0.05', '1234567', '9999999999999999.99']) {
        expect(parseDecimalText(decimalEditText(v, locale), locale)).toBe(v);
        expect(parseDecimalText(formatDecimal(v, locale, 2), locale)).toBe(atLeastTwo(v));
      }
  });
});

describe('decimal helpers', () => {
  it('counts places and digits, compares exactly and formats from the digits', () => {
    expect(placesOf('1.500')).toBe(1);
    expect(placesOf('12')).toBe(0);
    expect(wholeDigitsOf('-0.5')).toBe(0);
    expect(wholeDigitsOf('120.5')).toBe(3);
    expect(compareDecimals('9007199254740993.01', '9007199254740993.02')).toBe(-1);
    expect(compareDecimals('0.10', 0.1)).toBe(0);
    expect(compareDecimals('2', 1)).toBe(1);
    expect(formatDecimal('12345678901234567.89', 'de', 2)).toBe('12.345.678.901.234.567,89');
    expect(formatDecimal('1234.5', 'en', 2)).toBe('1,234.50');
  });
});
