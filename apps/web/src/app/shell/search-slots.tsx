import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bookmarks, NavbarSearch, type SearchPage } from '@/features/search';
import { menuLabel } from '../menu';
import { flattenPages, useVisibleMenu } from './menu-model';

/** The menu's pages the user may open, translated, each once. */
function useSearchPages(): SearchPage[] {
  const { t } = useTranslation('menu');
  const nodes = useVisibleMenu();
  return useMemo(() => {
    const seen = new Set<string>();
    return flattenPages(nodes)
      .filter((p) => (seen.has(p.href) ? false : (seen.add(p.href), true)))
      .map((p) => ({ title: menuLabel(t, p), href: p.href, icon: p.icon }));
  }, [nodes, t]);
}

export function BookmarksSlot() {
  return <Bookmarks pages={useSearchPages()} />;
}

export function SearchSlot() {
  return <NavbarSearch pages={useSearchPages()} />;
}
