import { describe, expect, it } from 'vitest';
import { formatCubeValue, parseDecimalInput } from './decimal';

describe('formatCubeValue', () => {
  it('formats exact decimal strings in the locale without binary noise', () => {
    expect(formatCubeValue('1234.50', 'en', 2)).toBe('1,234.50');
    expect(formatCubeValue('1234.50', 'de', 2)).toBe('1.234,50');
    expect(formatCubeValue('1234.50', 'ru', 2)).toBe('1\u00a0234,50');
    // 17 significant digits survive (a double would print 12345678901234568.00).
    expect(formatCubeValue('12345678901234567.89', 'en', 2)).toBe('12,345,678,901,234,567.89');
    expect(formatCubeValue('0.30', 'en', 2)).toBe('0.30');
  });

  it('follows the measure format: decimals, percent, grouping', () => {
    expect(formatCubeValue('0.1234', 'en', 4, { percent: true })).toBe('12.34%');
    expect(formatCubeValue('2.5', 'en', 2, { decimals: 0 })).toBe('2');
    expect(formatCubeValue('3.5', 'en', 2, { decimals: 0 })).toBe('4');
    expect(formatCubeValue('1234567', 'en', 0, { grouping: false })).toBe('1234567');
    expect(formatCubeValue(42, 'en', 0)).toBe('42');
  });

  it('shows empty as nothing and dates and texts as they are', () => {
    expect(formatCubeValue(null, 'en', 2)).toBe('');
    expect(formatCubeValue('2026-03-01', 'en', 0)).toBe('2026-03-01');
  });
});

describe('parseDecimalInput', () => {
  it('reads numbers typed in the user locale as exact decimal strings', () => {
    expect(parseDecimalInput('1,234.50', 'en')).toBe('1234.50');
    expect(parseDecimalInput('1.234,50', 'de')).toBe('1234.50');
    expect(parseDecimalInput('1 234,50', 'ru')).toBe('1234.50');
    expect(parseDecimalInput('1234.5', 'ru')).toBe('1234.5');
    expect(parseDecimalInput('-0,5', 'fr')).toBe('-0.5');
    expect(parseDecimalInput(',5', 'de')).toBe('0.5');
    expect(parseDecimalInput('+12', 'en')).toBe('12');
    expect(parseDecimalInput('99999999999999999.99', 'en')).toBe('99999999999999999.99');
  });

  it('refuses text that is not a number', () => {
    expect(parseDecimalInput('', 'en')).toBeNull();
    expect(parseDecimalInput('12a', 'en')).toBeNull();
    expect(parseDecimalInput('1.2.3', 'en')).toBeNull();
    expect(parseDecimalInput('--1', 'en')).toBeNull();
  });
});
