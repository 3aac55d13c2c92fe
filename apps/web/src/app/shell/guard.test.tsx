import { screen, waitFor } from '@testing-library/react';
import { defaultRules, guestRules } from '@fiscus/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { setRules } from '@/lib/ability';
import { storageKeys } from '@/lib/config';
import type { AppRoute } from '../routes-table';
import { Guard } from './guard';
import { renderApp } from './test-utils';

vi.mock('@/lib/session-guard', () => ({ useNavigationSessionCheck: () => {} }));

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

const screenRoute: AppRoute = {
  id: 'objects',
  path: '/fiscus/objects',
  load: () => Promise.resolve({ default: () => null }),
  action: 'read',
  subject: 'Object',
};
const loginRoute: AppRoute = {
  id: 'login',
  path: '/login',
  load: () => Promise.resolve({ default: () => null }),
  action: 'read',
  subject: 'Auth',
  public: true,
  redirectIfLoggedIn: true,
};

function renderAt(route: AppRoute, url: string) {
  const router = createMemoryRouter(
    [
      {
        path: route.path,
        element: (
          <Guard route={route}>
            <div>protected screen</div>
          </Guard>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  return renderApp(<RouterProvider router={router} />).then(() => router);
}

describe('Guard', () => {
  beforeEach(() => setRules(defaultRules));
  afterEach(() => setRules(guestRules));

  it('sends a visitor without a token to the login page with the way back', async () => {
    await renderAt(screenRoute, '/fiscus/objects?view=2');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/fiscus/objects?view=2')}`,
    );
    expect(screen.queryByText('protected screen')).toBeNull();
  });

  it('shows not-authorized when the ability refuses the route', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    setRules([
      { action: 'read', subject: 'Auth' },
      { action: 'read', subject: 'Dashboard' },
    ]);
    await renderAt(screenRoute, '/fiscus/objects');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/pages/miscellaneous/not-authorized',
    );
  });

  it('renders the screen when signed in and allowed', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    await renderAt(screenRoute, '/fiscus/objects');
    expect(await screen.findByText('protected screen')).toBeInTheDocument();
  });

  it('sends a signed-in user away from guest-only pages to the dashboard', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    await renderAt(loginRoute, '/login');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/fiscus'));
  });

  it('sends a signed-in user on a guest-only page to a safe ?redirect= of ours, never elsewhere', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    await renderAt(loginRoute, `/login?redirect=${encodeURIComponent('/fiscus/refs?x=1')}`);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/fiscus/refs?x=1'));
  });

  it('ignores a redirect to another site', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    await renderAt(loginRoute, `/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/fiscus'));
  });

  it('lets a visitor see guest-only pages', async () => {
    setRules(guestRules);
    await renderAt(loginRoute, '/login');
    expect(await screen.findByText('protected screen')).toBeInTheDocument();
  });
});
