import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';
import { storageKeys } from './config';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'pt', label: 'Português' },
  { code: 'ru', label: 'Русский' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];
const codes = languages.map((l) => l.code) as string[];

/**
 * Translations live beside their code and load on demand:
 * - core namespaces: src/locales/<lng>/<ns>.json (common, menu, errors, misc)
 * - a feature's namespace: src/features/<ns>/i18n/<lng>.json, and a demo area's
 *   src/features/demo/<ns>/i18n/<lng>.json
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '../features/*/i18n/*.json',
  '../features/demo/*/i18n/*.json',
]);
const loaders = new Map<string, () => Promise<{ default: Record<string, unknown> }>>();
for (const [file, load] of Object.entries(files)) {
  const core = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
  const feature = /\/features\/(?:demo\/)?([\w-]+)\/i18n\/([a-z]{2})\.json$/.exec(file);
  if (core) loaders.set(`${core[1]}/${core[2]}`, load);
  else if (feature) loaders.set(`${feature[2]}/${feature[1]}`, load);
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/**
 * The language the console starts in: the one the user chose (stored), else the first of the
 * browser's languages we have (`de-AT` → `de`), else English.
 */
export function initialLanguage(
  browser: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): LanguageCode {
  const saved = storage.get(storageKeys.language);
  if (saved && codes.includes(saved)) return saved as LanguageCode;
  for (const tag of browser) {
    const code = tag?.toLowerCase().split(/[-_]/)[0];
    if (code && codes.includes(code)) return code as LanguageCode;
  }
  return 'en';
}

/**
 * Namespaces loaded before the first screen: all the sign-in page needs besides its own. The
 * console's routes load `consoleNamespaces` with their layer (app/shell/console-layer.ts); unit
 * tests render screens without that layer, so they start with both.
 */
const signInNamespaces = ['common', 'errors'] as const;
export const consoleNamespaces = ['menu', 'misc'] as const;

export const i18nReady = i18next
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: codes,
    ns:
      import.meta.env.MODE === 'test'
        ? [...signInNamespaces, ...consoleNamespaces]
        : [...signInNamespaces],
    defaultNS: 'common',
    interpolation: {
      escapeValue: false,
      // Every `{{count}}` (the plural counts) is written the reader's way: "50.000 Zeilen",
      // "50,000 rows". Other numbers (years, ids) stay as they are.
      alwaysFormat: true,
      format: (value: unknown, _format, lng, options) =>
        typeof value === 'number' &&
        (options as { interpolationkey?: string } | undefined)?.interpolationkey === 'count'
          ? new Intl.NumberFormat(lng).format(value)
          : // Anything else goes on unchanged (i18next stringifies it, or handles it as missing).
            (value as string),
    },
    react: { useSuspense: true },
    returnNull: false,
    showSupportNotice: false,
  });

i18next.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** The user's choice of language: applied and stored (it wins over the browser's from then on). */
export function setLanguage(lng: LanguageCode) {
  storage.set(storageKeys.language, lng);
  return i18next.changeLanguage(lng);
}

export { i18next };
