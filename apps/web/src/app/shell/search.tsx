import { ActionIcon, Kbd, Tooltip } from '@mantine/core';
import { Spotlight, spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconFileText, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenPages, useVisibleMenu } from './menu-model';

/** Navbar search: a Spotlight over the pages of the menu (Ctrl+K / ⌘K or "/"). */
export function NavbarSearch() {
  const { t } = useTranslation(['common', 'menu']);
  const navigate = useNavigate();
  const nodes = useVisibleMenu();
  const actions: SpotlightActionData[] = useMemo(() => {
    const seen = new Set<string>();
    return flattenPages(nodes)
      .filter((p) => (seen.has(p.href) ? false : (seen.add(p.href), true)))
      .map((p) => {
        const Icon = p.icon ?? IconFileText;
        return {
          id: p.href,
          label: t(p.title),
          description: p.trail.length ? p.trail.map((x) => t(x)).join(' › ') : p.href,
          leftSection: <Icon size={18} stroke={1.5} />,
          onClick: () => navigate(p.href),
        };
      });
  }, [nodes, t, navigate]);
  return (
    <>
      <Tooltip
        label={
          <>
            {t('common:search')} <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">K</Kbd>
          </>
        }
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('common:search')}
          onClick={spotlight.open}
          data-testid="navbar-search"
        >
          <IconSearch size={20} />
        </ActionIcon>
      </Tooltip>
      <Spotlight
        actions={actions}
        shortcut={['mod + K', '/']}
        limit={8}
        nothingFound={t('common:noResults')}
        highlightQuery
        searchProps={{
          leftSection: <IconSearch size={18} />,
          placeholder: t('common:searchPlaceholder', { app: 'Fiscus' }),
        }}
      />
    </>
  );
}
