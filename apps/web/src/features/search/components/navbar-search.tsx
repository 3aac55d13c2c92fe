import { ActionIcon, Group, Kbd, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchPage } from '../types';

const loadPalette = () => import('./search-palette');
const SearchPalette = lazy(loadPalette);

/**
 * Navbar search (Ctrl+K or "/"): the button and the shortcuts are here; the palette
 * (`search-palette.tsx`: the Spotlight, the ranking, the records' search) loads the first time
 * it is asked for — on hover or focus of the button ahead of the click, else on the click or the
 * shortcut — and opens as soon as it has loaded, so the first press already opens it.
 */
export function NavbarSearch({ pages }: { pages: SearchPage[] }) {
  const { t } = useTranslation('search');
  const [wanted, setWanted] = useState(false);
  const ask = (how: 'open' | 'toggle') => {
    setWanted(true);
    void loadPalette().then((m) => (how === 'open' ? m.openPalette() : m.togglePalette()));
  };
  const prefetch = () => void loadPalette();
  useHotkeys([
    ['mod+K', () => ask('toggle')],
    ['/', () => ask('toggle')],
  ]);

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
          aria-haspopup="dialog"
          onClick={() => ask('open')}
          onMouseEnter={prefetch}
          onFocus={prefetch}
          data-testid="navbar-search"
        >
          <IconSearch size={20} />
        </ActionIcon>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <SearchPalette pages={pages} />
        </Suspense>
      )}
    </>
  );
}
