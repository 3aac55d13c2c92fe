import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

/** Amounts as the API sends them (decimal strings) are shown digit for digit in the user's locale. */
describe('formatValue of exact decimals', () => {
  it('formats decimal strings exactly, past what a number holds', () => {
    const big = '9007199254740993.10';
    expect(formatValue('money', big, 'de', { currency: 'EUR', precision: 2 })).toBe(
      '9.007.199.254.740.993,10\u00a0€',
    );
    expect(formatValue('decimal', big, 'en', { precision: 2 })).toBe('9,007,199,254,740,993.10');
    expect(formatValue('decimal', '-0.000001', 'fr', { precision: 6 })).toBe('-0,000001');
    expect(formatValue('integer', '18446744073709551616', 'ru')).toBe(
      '18\u00a0446\u00a0744\u00a0073\u00a0709\u00a0551\u00a0616',
    );
    expect(formatValue('money', '1500', 'en', { currency: 'JPY', precision: 0 })).toBe('¥1,500');
  });

  it('shows percent points as a percentage at the field scale', () => {
    expect(formatValue('percent', '12.50', 'en', { precision: 2 })).toBe('12.50%');
    expect(formatValue('percent', '-0.05', 'de', { precision: 2 })).toBe('-0,05\u00a0%');
    expect(formatValue('percent', '100.000001', 'en', { precision: 6 })).toBe('100.000001%');
  });

  it('still formats numbers, and leaves what is not a number as it is', () => {
    expect(formatValue('decimal', 12.5, 'en', { precision: 2 })).toBe('12.50');
    expect(formatValue('decimal', 'n/a', 'en')).toBe('n/a');
    expect(formatValue('money', null, 'en')).toBe('');
  });
});
