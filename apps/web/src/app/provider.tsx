import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from '@/lib/query-client';
import { ConsoleProviders } from './shell/console-providers';
import { ShellProvider } from './shell-provider';

export { makeQueryClient };

/**
 * Every app-wide provider at once — UI theme (skin), server state, abilities, toasts — for
 * rendering screens outside the router's lazy layers (component tests). Each gets a cache of
 * its own unless one is given.
 */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  return (
    <ShellProvider>
      <ConsoleProviders client={client}>{children}</ConsoleProviders>
    </ShellProvider>
  );
}
