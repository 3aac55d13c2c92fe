import type { QueryClient } from '@tanstack/react-query';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import { expect } from 'vitest';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { i18nReady, i18next } from '@/lib/i18n';

/**
 * Renders a screen the way the console does: providers (UI theme, query client, ability,
 * translations) and a memory router at `path` (returned as `router`: its address is what the
 * screen wrote there).
 */
export async function renderScreen(
  element: ReactElement,
  {
    path = '/',
    route = '*',
    language = 'en',
  }: { path?: string; route?: string; language?: string } = {},
): Promise<
  RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> }
> {
  await i18nReady;
  await i18next.changeLanguage(language);
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  const queryClient = makeQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>,
  );
  return Object.assign(view, { queryClient, router });
}

/**
 * Waits until the screen has no request in flight: a test that ends right after a save would
 * otherwise leave the refetches the save starts to arrive after its mock handlers are gone.
 */
export async function settled(view: { queryClient: QueryClient }): Promise<void> {
  await waitFor(() => {
    expect(view.queryClient.isMutating()).toBe(0);
    expect(view.queryClient.isFetching()).toBe(0);
  });
}
