import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Bookmarks, NavbarSearch, type SearchPage } from '@/features/search';
import { menuLabel, type MenuNode } from '../menu';
import { flattenPages, VisibleMenu } from './menu-model';

/** The pages of a menu in a language, kept while that menu is (both slots use them). */
const pagesOf = new WeakMap<MenuNode[], { texts: string; pages: SearchPage[] }>();

/** The menu's pages the user may open, translated, each once. */
function useSearchPages(): SearchPage[] {
  const { t, i18n, ready } = useTranslation('menu');
  // The main layout's menu (the slots render in its navbar).
  const nodes = useContext(VisibleMenu) ?? [];
  const texts = `${i18n.language}:${ready}`;
  const kept = pagesOf.get(nodes);
  if (kept?.texts === texts) return kept.pages;
  const seen = new Set<string>();
  const pages = flattenPages(nodes)
    .filter((p) => (seen.has(p.href) ? false : (seen.add(p.href), true)))
    .map((p) => ({ title: menuLabel(t, p), href: p.href, icon: p.icon }));
  pagesOf.set(nodes, { texts, pages });
  return pages;
}

export function BookmarksSlot() {
  return <Bookmarks pages={useSearchPages()} />;
}

export function SearchSlot() {
  return <NavbarSearch pages={useSearchPages()} />;
}
