import type { Field } from '@fiscus/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { editText } from '@/components/data-grid/format';
import { i18nReady, i18next } from '@/lib/i18n';
import { parseFieldText } from './fields';

const field = (type: Field['type'], options: Field['options'] = {}): Field => ({
  id: 'f1',
  objectId: 'o1',
  name: 'Amount',
  code: 'amount',
  type,
  options,
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces('platform');
});

describe('a grid cell typed into', () => {
  const t = i18next.getFixedT('en', 'platform');
  const money = field('money', { scale: 2 });

  it('reads the locale and keeps every digit as an exact decimal string', () => {
    expect(parseFieldText(money, '1.234,5', t, 'de')).toEqual({ ok: true, value: '1234.5' });
    expect(parseFieldText(money, '1,234.5', t, 'en')).toEqual({ ok: true, value: '1234.5' });
    expect(parseFieldText(money, '1234567890123456.78', t, 'en')).toEqual({
      ok: true,
      value: '1234567890123456.78',
    });
  });

  it('refuses more places or digits than the field keeps, naming it', () => {
    expect(parseFieldText(money, '0,125', t, 'de')).toEqual({
      ok: false,
      error: 'Amount: at most 2 decimal places',
    });
    expect(parseFieldText(money, '12345678901234567', t, 'en')).toEqual({
      ok: false,
      error: 'Amount: too large — at most 16 digits before the decimal point',
    });
    expect(parseFieldText(money, '12,5x', t, 'en')).toEqual({
      ok: false,
      error: 'Amount: enter a number such as 1234.56',
    });
  });

  it('starts editing with the locale decimal separator, which reads back the same value', () => {
    const text = editText('decimal', '1.234', 'de');
    expect(text).toBe('1,234');
    expect(parseFieldText(field('decimal', { scale: 3 }), text, t, 'de')).toEqual({
      ok: true,
      value: '1.234',
    });
  });
});
