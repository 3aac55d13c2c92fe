import { describe, expect, it } from 'vitest';
import { formatCompact, formatFigure, formatTemplateDate } from './figures';

// Intl separates some figures from their unit with a no-break space (U+00A0 or U+202F).
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCompact', () => {
  it('writes the short form the reader’s way', () => {
    expect(formatCompact(2760, 'en')).toBe('2.76K');
    expect(formatCompact(6240, 'en')).toBe('6.24K');
    expect(plain(formatCompact(1_500_000, 'de'))).toBe('1,5 Mio.');
    expect(plain(formatCompact(2760, 'ru'))).toBe('2,76 тыс.');
    expect(plain(formatCompact(2760, 'fr'))).toBe('2,76 k');
    expect(formatCompact(2760, 'pt')).toBe(`2,76${'\u00a0'}mil`);
    expect(formatCompact(48_900, 'en', { currency: 'USD' })).toBe('$48.9K');
  });
});

describe('formatFigure', () => {
  it('reads the template’s figures and writes them in the reader’s language', () => {
    expect(formatFigure('230k', 'en')).toBe('230K');
    expect(formatFigure('8.549k', 'en')).toBe('8.55K');
    expect(formatFigure('$99.87k', 'en')).toBe('$99.87K');
    expect(formatFigure('25,852', 'en')).toBe('25,852');
    expect(formatFigure('$9745', 'en')).toBe('$9,745');
    expect(formatFigure('26.8', 'de')).toBe('26,8');
    expect(formatFigure('25,852', 'de')).toBe('25.852');
    expect(plain(formatFigure('86%', 'fr'))).toBe('86 %');
    expect(plain(formatFigure('36.9k', 'ru'))).toBe('36,9 тыс.');
    expect(formatFigure('1.2gb', 'en')).toBe('1.2 GB');
  });

  it('leaves any other text as it is', () => {
    expect(formatFigure('12 Apr, 21', 'de')).toBe('12 Apr, 21');
    expect(formatFigure('Fiscus Store', 'ru')).toBe('Fiscus Store');
  });
});

describe('formatTemplateDate', () => {
  it('writes the template’s dates in the reader’s language', () => {
    expect(formatTemplateDate('12 Apr, 21', 'en')).toBe('Apr 12, 21');
    expect(formatTemplateDate('03 Sep, 20', 'de')).toBe('3. Sept. 20');
    expect(formatTemplateDate('12 Apr, 21', 'ru')).toBe('12 апр. 21 г.');
  });

  it('leaves any other text as it is', () => {
    expect(formatTemplateDate('$49251.91', 'de')).toBe('$49251.91');
    expect(formatTemplateDate('12 Foo, 21', 'de')).toBe('12 Foo, 21');
  });
});
