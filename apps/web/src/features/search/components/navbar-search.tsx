import { ActionIcon, Avatar, Group, Kbd, Text, Tooltip } from '@mantine/core';
import {
  Spotlight,
  spotlight,
  type SpotlightActionData,
  type SpotlightActionGroupData,
} from '@mantine/spotlight';
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileZip,
  IconPhoto,
  IconSearch,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutosuggest } from '../api/autosuggest';
import { rank } from '../lib/rank';
import type { SearchPage } from '../types';

const fileIcon = {
  pdf: IconFileText,
  xlsx: IconFileSpreadsheet,
  csv: IconFileSpreadsheet,
  doc: IconFileText,
  zip: IconFileZip,
  img: IconPhoto,
};
const PER_GROUP = 4;

/**
 * Navbar search (Ctrl+K or "/"): a Spotlight over the menu's pages, files and contacts. Without a
 * query it lists the pages; with one, matches that start with it come first, then those
 * containing it, 4 per group. Arrows move, Enter opens, Esc closes.
 */
export function NavbarSearch({ pages }: { pages: SearchPage[] }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // Files and contacts load with the first query (the demo data comes from the mock backend).
  const data = useAutosuggest(query.trim().length > 0);

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
    const contacts = [...(data.data?.developers ?? []), ...(data.data?.designers ?? [])];
    const groups: SpotlightActionGroupData[] = [
      {
        group: t('groups.pages'),
        actions: rank(pages, query, (p) => p.title, PER_GROUP).map(pageAction),
      },
      {
        group: t('groups.files'),
        actions: rank(data.data?.files ?? [], query, (f) => f.file_name, PER_GROUP).map((f) => {
          const I = fileIcon[f.icon];
          return {
            id: `file:${f.file_name}`,
            label: f.file_name,
            description: t('by', { name: f.from }),
            leftSection: <I size={18} stroke={1.5} />,
            rightSection: (
              <Text size="xs" c="dimmed">
                {f.size}
              </Text>
            ),
          };
        }),
      },
      {
        group: t('groups.contacts'),
        actions: rank(contacts, query, (p) => p.name, PER_GROUP).map((p) => ({
          id: `contact:${p.email}`,
          label: p.name,
          description: p.email,
          leftSection: (
            <Avatar size="sm" radius="xl" color="brand">
              {p.name
                .split(' ')
                .map((x) => x[0])
                .join('')}
            </Avatar>
          ),
          rightSection: (
            <Text size="xs" c="dimmed">
              {p.time}
            </Text>
          ),
        })),
      },
    ];
    return groups.filter((g) => g.actions.length > 0);
  }, [pages, query, data.data, navigate, t]);

  return (
    <>
      <Tooltip
        label={
          <Group gap={4}>
            {t('open')} <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">K</Kbd>
          </Group>
        }
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('open')}
          onClick={spotlight.open}
          data-testid="navbar-search"
        >
          <IconSearch size={20} />
        </ActionIcon>
      </Tooltip>
      <Spotlight
        actions={actions}
        query={query}
        onQueryChange={setQuery}
        filter={(_q, a) => a}
        shortcut={['mod + K', '/']}
        limit={3 * PER_GROUP}
        nothingFound={t('noResults')}
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
    </>
  );
}
