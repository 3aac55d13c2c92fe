import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, Suspense, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { AbilityContext, ability } from '@/lib/ability';
import { appConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { subscribeToasts, ToastContainer, toastsLoaded } from '@/lib/toast';

/**
 * The toast container, mounted once the first toast has loaded the toast package (lib/toast.ts);
 * the toasts shown before are in the package's store and appear as it mounts.
 */
function ToastHost() {
  if (!useSyncExternalStore(subscribeToasts, toastsLoaded)) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer autoClose={appConfig.toastTimeout} position="top-right" limit={5} />
    </Suspense>
  );
}

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
      <ToastHost />
      <QueryClientProvider client={client ?? queryClient}>
        <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>
      </QueryClientProvider>
    </Provided.Provider>
  );
}
