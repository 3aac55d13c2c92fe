import { Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages, setLanguage } from '@/lib/i18n';
import classes from './language-switch.module.css';

/** The language code in a small badge (renders everywhere, unlike flag emoji). */
function Code({ code, active = false }: { code: string; active?: boolean }) {
  return (
    <span className={classes.langCode} data-active={active || undefined} aria-hidden>
      {code.toUpperCase()}
    </span>
  );
}

/**
 * Language dropdown (en, de, fr, pt, ru) of the navbar, the sign-in screens and the
 * miscellaneous pages; the choice persists.
 */
export function LanguageSwitch({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0];
  return (
    <Menu position="bottom-end" shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t('language')}>
          <UnstyledButton
            className={classes.langButton}
            aria-label={`${t('language')}: ${current.label}`}
            data-testid="language-switch"
          >
            <IconLanguage size={18} stroke={1.6} aria-hidden />
            <Code code={current.code} />
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language')}</Menu.Label>
        {languages.map((l) => (
          <Menu.Item
            key={l.code}
            leftSection={<Code code={l.code} active={l.code === current.code} />}
            rightSection={l.code === current.code ? <IconCheck size={14} aria-hidden /> : undefined}
            onClick={() => void setLanguage(l.code)}
            aria-current={l.code === current.code || undefined}
            fw={l.code === current.code ? 600 : undefined}
            lang={l.code}
            data-testid={`language-${l.code}`}
          >
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
