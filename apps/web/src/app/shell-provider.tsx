// Mantine's base styles; each component's come with its code (mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './shell/global.css';
import '@/lib/zod-jitless';
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
