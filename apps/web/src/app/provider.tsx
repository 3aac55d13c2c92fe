import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/dates/styles.css';
import './shell/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AbilityContext, ability } from '@/lib/ability';
import { errorStatus } from '@/lib/api-client';
import { appConfig } from '@/lib/config';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { useTheme } from '@/lib/theme-store';

/** The toast container loads after the first screen; toasts shown before it appear once it mounts. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * A read that failed is tried once more — unless the server answered it (a 4xx such as 404 or
 * 403 says the same the second time); lost connections and server errors get their retry.
 */
function retryOnce(failures: number, error: unknown): boolean {
  const status = errorStatus(error);
  return failures < 1 && !(status !== undefined && status >= 400 && status < 500);
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryOnce, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** Every app-wide provider: UI theme (skin), server state, abilities, toasts. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  const skin = useTheme((s) => s.skin);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={skin === 'dark' ? 'dark' : 'light'}
    >
      <Suspense fallback={null}>
        <Notifications autoClose={appConfig.toastTimeout} position="top-right" limit={5} />
      </Suspense>
      <QueryClientProvider client={client}>
        <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
