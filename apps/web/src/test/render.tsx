import { render, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { i18nReady, i18next } from '@/lib/i18n';

/**
 * Renders a screen the way the console does: providers (UI theme, query client, ability,
 * translations) and a memory router at `path`.
 */
export async function renderScreen(
  element: ReactElement,
  {
    path = '/',
    route = '*',
    language = 'en',
  }: { path?: string; route?: string; language?: string } = {},
): Promise<RenderResult> {
  await i18nReady;
  await i18next.changeLanguage(language);
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  return render(
    <AppProvider queryClient={makeQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>,
  );
}
