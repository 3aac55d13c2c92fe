import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme-store';

/** Light/dark toggle; the skin persists in local storage. */
export function SkinToggle() {
  const { t } = useTranslation('common');
  const skin = useTheme((s) => s.skin);
  const set = useTheme((s) => s.set);
  const dark = skin === 'dark';
  const label = dark ? t('lightSkin') : t('darkSkin');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-testid="skin-toggle"
        onClick={() => set({ skin: dark ? 'light' : 'dark' })}
      >
        {dark ? <IconSun size={20} /> : <IconMoon size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
