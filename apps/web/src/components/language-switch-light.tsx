import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '@/lib/i18n';
import classes from './language-switch.module.css';

const load = () => import('./language-switch');
const LanguageSwitch = lazy(() => load().then((m) => ({ default: m.LanguageSwitch })));

/**
 * The language switch of the sign-in page: the same button, but its dropdown (menu, tooltip and
 * their positioning) loads when the pointer or the focus comes near, and opens on the first
 * click — the page's first load stays light (QUALITY.md P8).
 */
export function LightLanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const current = languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0];
  const button = (
    <button
      type="button"
      className={classes.langButton}
      aria-label={`${t('language')}: ${current.label}`}
      aria-haspopup="menu"
      data-testid="language-switch"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setOpened(true)}
    >
      <IconLanguage size={18} stroke={1.6} aria-hidden />
      <span className={classes.langCode} aria-hidden>
        {current.code.toUpperCase()}
      </span>
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSwitch defaultOpened />
    </Suspense>
  );
}
