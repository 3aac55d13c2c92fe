import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  Spotlight,
  spotlight,
  type SpotlightActionData,
  type SpotlightActionGroupData,
} from '@mantine/spotlight';
import { IconFile, IconId, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRecordSearch } from '../api/records';
import { rank } from '../lib/rank';
import type { SearchPage } from '../types';

const PER_GROUP = 4;

/** Opens the palette, or closes it when open (its store lives here, loaded with it). */
export const openPalette = spotlight.open;
export const togglePalette = spotlight.toggle;

/**
 * The search palette: a Spotlight over what really exists — the pages of the menu (the
 * domain's objects among them) and the domain's records. Without a query it lists the pages;
 * with one, pages that start with it come first, then those containing it, 4 per group, then
 * the records whose text matches. Arrows move, Enter opens, Esc closes. It loads when first
 * asked for (`navbar-search.tsx`), which also owns the keyboard shortcuts.
 */
export default function SearchPalette({ pages }: { pages: SearchPage[] }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [term] = useDebouncedValue(query.trim(), 250);
  const found = useRecordSearch(term);

  const actions = useMemo((): (SpotlightActionData | SpotlightActionGroupData)[] => {
    const pageAction = (p: SearchPage): SpotlightActionData => {
      const I = p.icon ?? IconFile;
      return {
        id: `page:${p.href}`,
        label: p.title,
        leftSection: <I size={18} stroke={1.5} />,
        onClick: () => navigate(p.href),
      };
    };
    if (!query.trim()) return [{ group: t('groups.pages'), actions: pages.map(pageAction) }];
    const groups: SpotlightActionGroupData[] = [
      {
        group: t('groups.pages'),
        actions: rank(pages, query, (p) => p.title, PER_GROUP).map(pageAction),
      },
      {
        group: t('groups.records'),
        actions: found.records.map((r) => ({
          id: `record:${r.objectId}:${r.id}`,
          label: r.label,
          description: r.objectName,
          leftSection: <IconId size={18} stroke={1.5} />,
          onClick: () => navigate(`/fiscus/recordpage/${encodeURIComponent(r.objectId)}/${r.id}`),
        })),
      },
    ];
    return groups.filter((g) => g.actions.length > 0);
  }, [pages, query, found.records, navigate, t]);

  return (
    <Spotlight
      actions={actions}
      query={query}
      onQueryChange={setQuery}
      filter={(_q, a) => a}
      shortcut={null}
      limit={PER_GROUP + 3 * 8}
      nothingFound={found.loading ? <Loader size="xs" /> : t('noResults')}
      highlightQuery
      scrollable
      maxHeight={480}
      searchProps={
        {
          leftSection: <IconSearch size={18} />,
          placeholder: t('placeholder'),
          'aria-label': t('placeholder'),
        } as Record<string, unknown>
      }
    />
  );
}
