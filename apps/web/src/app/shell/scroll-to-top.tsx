import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/config';

/** Shown after scrolling more than 250 px (seed §2). */
export function ScrollToTop() {
  const { t } = useTranslation('common');
  // Read on scrolling only: reading the position as the shell mounts made the browser lay out
  // the whole page in the middle of its first render.
  const [scrolled, setScrolled] = useState(false);
  useWindowEvent('scroll', () => setScrolled(window.scrollY > appConfig.scrollTopThreshold), {
    passive: true,
  });
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <Transition transition="slide-up" mounted={scrolled}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            aria-label={t('scrollToTop')}
            data-testid="scroll-to-top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
