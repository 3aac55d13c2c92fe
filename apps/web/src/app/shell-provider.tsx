import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/dates/styles.css';
import './shell/global.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { useTheme } from '@/lib/theme-store';

/**
 * The provider of every page, the sign-in page included: the UI theme in the chosen skin. The
 * console's own layers (server state, abilities, toasts) come with its routes (console-layer).
 */
export function ShellProvider({ children }: { children: ReactNode }) {
  const skin = useTheme((s) => s.skin);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={skin === 'dark' ? 'dark' : 'light'}
    >
      {children}
    </MantineProvider>
  );
}
