import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { HOME_PATH } from '@/lib/config';
import { tokens } from '@/lib/tokens';
import type { AppRoute } from '../routes-table';

/**
 * Access of a light route (the sign-in page), which renders without the console's layers: a
 * signed-in user goes home, or to a safe `?redirect=`. Every other route has the full Guard.
 */
export function GuestGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const location = useLocation();
  if (route.redirectIfLoggedIn && tokens.bearer()) {
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect')) ?? HOME_PATH;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
