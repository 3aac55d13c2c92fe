import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages, setLanguage } from '@/lib/i18n';

/** Language dropdown (en, de, fr, pt, ru); the choice persists. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0];
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Tooltip label={t('language')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('language')} data-testid="language-switch">
            <span aria-hidden style={{ fontSize: 18 }}>{current.flag}</span>
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <IconLanguage size={14} style={{ verticalAlign: 'middle' }} /> {t('language')}
        </Menu.Label>
        {languages.map((l) => (
          <Menu.Item
            key={l.code}
            leftSection={<span aria-hidden>{l.flag}</span>}
            onClick={() => void setLanguage(l.code)}
            data-active={l.code === current.code || undefined}
            fw={l.code === current.code ? 600 : undefined}
            lang={l.code}
          >
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
