import { describe, expect, it } from 'vitest';

/**
 * A console in another language loads that language's texts only: no English copy of each
 * namespace as i18next's fallback (every language is complete, i18n-completeness.test.ts).
 */
describe('texts of the chosen language', () => {
  it('loads German without the English texts, and English once chosen', async () => {
    window.localStorage.setItem('fiscus-language', 'de');
    // A module of its own in this file: started in German, as a stored choice starts it.
    const { i18nReady, i18next, setLanguage } = await import('./i18n');
    await i18nReady;
    await i18next.loadNamespaces(['auth', 'imports']);
    const loaded = (lng: string) => Object.keys(i18next.getDataByLanguage(lng) ?? {}).sort();
    expect(i18next.language).toBe('de');
    expect(loaded('de')).toEqual(expect.arrayContaining(['auth', 'common', 'errors', 'imports']));
    expect(i18next.t('common:language')).toBe('Sprache');
    expect(loaded('en')).toEqual([]);

    // French says "many" of whole millions; its files have the `one` and `other` forms.
    await setLanguage('fr');
    expect(i18next.t('imports:total', { count: 1_000_000 })).toBe(
      `${new Intl.NumberFormat('fr').format(1_000_000)} imports`,
    );
    expect(loaded('en')).toEqual([]);

    await setLanguage('en');
    expect(i18next.t('common:language')).toBe('Language');
    expect(loaded('en')).toEqual(expect.arrayContaining(['auth', 'common', 'errors', 'imports']));
  });
});
