import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, i18nReady } from '@/lib/i18n';

/** English texts of the auth namespace, loaded like in the app. */
export async function loadTexts() {
  await i18nReady;
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['auth', 'common', 'errors']);
}

/** Renders a screen inside the app's providers at `path`; other paths show their name. */
export function renderAt(element: ReactNode, path = '/login') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } },
  });
  const pathname = path.split('?')[0]!;
  const router = createMemoryRouter(
    [
      { path: pathname, element },
      { path: '*', element: <p data-testid="landed">landed</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}
