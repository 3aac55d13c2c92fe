import { describe, expect, it } from 'vitest';

/**
 * A menu item is named as the screen it opens, in every language: the page's heading, the
 * browser's tab (the route's title is the menu's text) and the menu say the same word.
 */
type Json = { [key: string]: unknown };

const files = import.meta.glob<Json>(['../locales/*/menu.json', '../features/*/i18n/*.json'], {
  eager: true,
  import: 'default',
});

const languages = ['en', 'de', 'fr', 'pt', 'ru'] as const;

/** Menu key → the namespace and key of the heading its screen shows. */
const screens: Record<string, [string, string]> = {
  cubes: ['cubes', 'title'],
  reports: ['reports', 'title'],
  procedures: ['procedures', 'title'],
  actions: ['procedures', 'actions.title'],
  ribbon: ['ribbon', 'title'],
  datasources: ['datasources', 'sources.title'],
  mounts: ['datasources', 'mounts.title'],
  imports: ['imports', 'title'],
};

function text(file: string, key: string): unknown {
  let node: unknown = files[file];
  for (const part of key.split('.')) node = (node as Json | undefined)?.[part];
  return node;
}

describe('menu items and their screens', () => {
  for (const lng of languages)
    it(`are named alike in ${lng}`, () => {
      const menu = `../locales/${lng}/menu.json`;
      const differ = Object.entries(screens)
        .map(([item, [ns, key]]) => ({
          item,
          menu: text(menu, item),
          screen: text(`../features/${ns}/i18n/${lng}.json`, key),
        }))
        .filter((p) => p.menu !== p.screen);
      expect(differ).toEqual([]);
    });
});
