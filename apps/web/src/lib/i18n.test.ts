import { afterEach, describe, expect, it } from 'vitest';
import { i18nReady, i18next, initialLanguage } from './i18n';

afterEach(() => window.localStorage.clear());

describe('initialLanguage', () => {
  it("takes the browser's first language the console has", () => {
    expect(initialLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(initialLanguage(['ja-JP', 'pt-BR', 'fr'])).toBe('pt');
    expect(initialLanguage(['RU'])).toBe('ru');
  });

  it('falls back to English when the browser offers none of them', () => {
    expect(initialLanguage(['ja', 'zh-CN'])).toBe('en');
    expect(initialLanguage([])).toBe('en');
  });

  it("keeps the user's stored choice over the browser's", () => {
    window.localStorage.setItem('fiscus-language', 'fr');
    expect(initialLanguage(['de-DE'])).toBe('fr');
    window.localStorage.setItem('fiscus-language', 'xx');
    expect(initialLanguage(['de-DE'])).toBe('de');
  });
});

describe('counts in messages', () => {
  it("are written the reader's way; years and other numbers are not", async () => {
    await i18nReady;
    const de = i18next.getFixedT('de');
    i18next.addResource('de', 'common', 'testRows_other', '{{count}} Zeilen im Jahr {{year}}');
    expect(de('common:testRows', { count: 50000, year: 2026 })).toBe('50.000 Zeilen im Jahr 2026');
    i18next.addResource('en', 'common', 'testRows_other', '{{count}} rows');
    expect(i18next.getFixedT('en')('common:testRows', { count: 1234567 })).toBe('1,234,567 rows');
  });
});
