import { act, screen, waitFor } from '@testing-library/react';
import { defaultRules, guestRules } from '@fiscus/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setRules } from '@/lib/ability';
import { storageKeys } from '@/lib/config';
import { lightRoutes } from './light-routes';
import { routeDiscovery, routeObjects } from './router';
import { renderApp } from './shell/test-utils';

vi.mock('@/lib/session-guard', () => ({ useNavigationSessionCheck: () => {} }));

async function start(url: string) {
  // As in the app: the sign-in page's routes first, the rest of the table on demand.
  const router = createMemoryRouter(routeObjects(lightRoutes, false), {
    initialEntries: [url],
    patchRoutesOnNavigation: routeDiscovery(),
  });
  await renderApp(<RouterProvider router={router} />);
  return router;
}

describe('router', () => {
  afterEach(() => setRules(guestRules));

  it('sends / to the dashboard', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    setRules(defaultRules);
    const router = await start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/fiscus'));
    expect(await screen.findByTestId('vertical-menu')).toBeInTheDocument();
  });

  it('sends an unknown path to the 404 page in the full layout', async () => {
    const router = await start('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
    expect(await screen.findByTestId('error-404')).toBeInTheDocument();
    expect(screen.getByTestId('full-layout')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows not-authorized for a route the ability refuses', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    setRules([{ action: 'read', subject: 'Auth' }]);
    const router = await start('/fiscus/objects');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/pages/miscellaneous/not-authorized'),
    );
    expect(await screen.findByTestId('not-authorized')).toBeInTheDocument();
  });

  it('starts with the sign-in page alone and finds the other routes on the way', async () => {
    const router = await start('/login');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.routes[0]!.children!.map((r) => r.id)).not.toContain('main-layout');
    await act(() => router.navigate('/register'));
    expect(await screen.findByTestId('register-form')).toBeInTheDocument();
    expect(router.routes[0]!.children!.map((r) => r.id)).toContain('main-layout');
  });

  it('scrolls to the top and hides the loading overlay after every navigation', async () => {
    const overlay = document.createElement('div');
    overlay.id = 'loading-bg';
    document.body.appendChild(overlay);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const router = await start('/error-404');
    await screen.findByTestId('error-404');
    await waitFor(() => expect(overlay).toHaveClass('hidden'));
    scrollTo.mockClear();
    await act(() => router.navigate('/pages/miscellaneous/coming-soon'));
    await screen.findByTestId('coming-soon');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    overlay.remove();
  });
});
