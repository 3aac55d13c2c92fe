import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import { AbilityContext, ability } from '@/lib/ability';
import { appConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';

/** The toast container loads after the first screen; toasts shown before it appear once it mounts. */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

const Provided = createContext(false);

/**
 * The console's layers: server state (the one query client), abilities and toasts. Every route
 * but the sign-in page has them (app/router.tsx); nested uses (the main layout and its screen)
 * provide them once.
 */
export function ConsoleProviders({
  children,
  client,
}: {
  children: ReactNode;
  /** Another cache than the console's (tests). */
  client?: QueryClient;
}) {
  if (useContext(Provided)) return <>{children}</>;
  return (
    <Provided.Provider value>
      <Suspense fallback={null}>
        <Notifications autoClose={appConfig.toastTimeout} position="top-right" limit={5} />
      </Suspense>
      <QueryClientProvider client={client ?? queryClient}>
        <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>
      </QueryClientProvider>
    </Provided.Provider>
  );
}
