/**
 * The addresses of every translation file of the console, each loaded on demand (lib/i18n.ts). Translations live
 * beside their code:
 * - core namespaces: src/locales/<lng>/<ns>.json (common, menu, errors, misc)
 * - a feature's namespace: src/features/<ns>/i18n/<lng>.json, and a demo area's
 *   src/features/demo/<ns>/i18n/<lng>.json
 * The build puts this module in the routes table's chunk (vite.config.ts), which the sign-in
 * page does not load.
 */
export const files = import.meta.glob<string>(
  ['../locales/*/*.json', '../features/*/i18n/*.json', '../features/demo/*/i18n/*.json'],
  { query: '?url', import: 'default', eager: true },
);
