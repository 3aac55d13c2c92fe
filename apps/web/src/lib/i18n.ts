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

type Texts = Record<string, unknown>;
type Loaders = Map<string, () => Promise<Texts>>;

/**
 * A translation file by its address. In the build the files are JSON under /assets/ with a
 * content hash in their name (cached for good), fetched as data rather than loaded as
 * JavaScript modules; unit tests load them as modules.
 */
async function fetchTexts(url: string): Promise<Texts> {
  if (import.meta.env.MODE === 'test') {
    return ((await import(/* @vite-ignore */ url)) as { default: Texts }).default;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Loading ${url} failed: ${response.status}`);
  return (await response.json()) as Texts;
}

/** `lng/ns` → its loader, from the addresses of an `import.meta.glob` (see i18n-files.ts). */
function loadersOf(urls: Record<string, string>): Loaders {
  const loaders: Loaders = new Map();
  for (const [file, url] of Object.entries(urls)) {
    const core = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
    const feature = /\/features\/(?:demo\/)?([\w-]+)\/i18n\/([a-z]{2})\.json$/.exec(file);
    const load = () => fetchTexts(url);
    if (core) loaders.set(`${core[1]}/${core[2]}`, load);
    else if (feature) loaders.set(`${feature[2]}/${feature[1]}`, load);
  }
  return loaders;
}

/**
 * The sign-in page's texts (the core namespaces it uses and the auth feature's) in every
 * language. The addresses of all the other texts (about 150 files, i18n-files.ts) come with the
 * routes table's chunk the first time a screen asks for a namespace beyond these: the sign-in
 * page does not download them (QUALITY.md P8).
 */
const signInLoaders = loadersOf(
  import.meta.glob<string>(
    ['../locales/*/common.json', '../locales/*/errors.json', '../features/auth/i18n/*.json'],
    { query: '?url', import: 'default', eager: true },
  ),
);
let allLoaders: Promise<Loaders> | undefined;

async function loaderOf(key: string) {
  const signIn = signInLoaders.get(key);
  if (signIn) return signIn;
  allLoaders ??= import('./i18n-files').then(
    (m) => loadersOf(m.files),
    (error: unknown) => {
      // A failed load is tried again with the next namespace asked for.
      allLoaders = undefined;
      throw error;
    },
  );
  return (await allLoaders).get(key);
}

/**
 * Gives every plural text `x_other` a `x_many` when it has none (in place). French and
 * Portuguese say "many" of whole millions (Intl.PluralRules: 1 000 000 → `many`); their files
 * carry the `one`/`other` forms, and without a fallback language a missing `many` would show
 * the key. The `other` form reads right there.
 */
function withMany(texts: Texts): Texts {
  for (const [key, value] of Object.entries(texts)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) withMany(value as Texts);
    const plural = /^(.*)_other$/.exec(key);
    if (plural && typeof value === 'string' && !(`${plural[1]}_many` in texts))
      texts[`${plural[1]}_many`] = value;
  }
  return texts;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loaderOf(`${language}/${namespace}`)
      .then((load) => (load ? load() : {}))
      .then(withMany)
      .then(
        (texts) => callback(null, texts),
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
    // No fallback language: every language has every text (i18n-completeness.test.ts), so a
    // console in German loads the German texts only, not an English copy of each namespace.
    fallbackLng: false,
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
