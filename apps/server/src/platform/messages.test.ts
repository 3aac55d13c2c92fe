import { describe, expect, it } from 'vitest';
import '../app.js';
import { allCatalogues, defineMessages, languages, commonText } from './messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('give every key a text in all five languages with the same placeholders', () => {
    const catalogues = allCatalogues();
    // The common texts, the platform's and at least auth, files, imports, exports and jobs.
    expect(catalogues.length).toBeGreaterThanOrEqual(7);
    for (const texts of catalogues) {
      for (const [key, en] of Object.entries(texts.en)) {
        for (const lang of languages) {
          const text = texts[lang][key];
          expect(text, `${lang} ${key}`).toBeTruthy();
          expect(placeholders(text ?? ''), `${lang} ${key}`).toEqual(placeholders(en));
        }
      }
    }
  });

  it('refuse a key that another catalogue already defines', () => {
    const same = { 'error.not_found': 'x' };
    expect(() => defineMessages({ en: same, de: same, fr: same, pt: same, ru: same })).toThrow(
      /error.not_found/,
    );
  });

  it('fill placeholders and fall back to English', () => {
    const testText = defineMessages({
      en: { 'test.hello': 'Hello {name}' },
      de: { 'test.hello': 'Hallo {name}' },
      fr: { 'test.hello': 'Bonjour {name}' },
      pt: { 'test.hello': 'Olá {name}' },
      ru: { 'test.hello': 'Привет, {name}' },
    });
    expect(testText('ru', 'test.hello', { name: 'Анна' })).toBe('Привет, Анна');
    expect(testText('de', 'error.not_found')).toBe('Nicht gefunden.');
    expect(commonText('fr', 'field.too_big_string', { max: 5 })).toBe('Au plus 5 caractères.');
  });
});
