import { useAbility } from '@casl/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AbilityContext } from '@/lib/ability';
import { safeRedirect } from '@/lib/safe-redirect';
import { useNavigationSessionCheck } from '@/lib/session-guard';
import { tokens } from '@/lib/tokens';
import { HOME_PATH, LOGIN_PATH, NOT_AUTHORIZED_PATH, type AppRoute } from '../routes-table';

/**
 * Access of one route (seed §4, §6): guest-only pages send a signed-in user home (or to a safe
 * `?redirect=`); other pages
 * need a stored token (else → login) and the route's [action, subject] (else → not-authorized).
 * The session check (whoami) runs on every navigation without blocking it.
 */
export function Guard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const ability = useAbility(AbilityContext);
  const location = useLocation();
  const signedIn = !!tokens.bearer();
  useNavigationSessionCheck(route, location.key);

  if (route.redirectIfLoggedIn && signedIn) {
    // Straight to the page the user asked for before signing in, if it is one of ours.
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect')) ?? HOME_PATH;
    return <Navigate to={target} replace />;
  }
  if (!route.public && !signedIn) {
    const back = location.pathname + location.search;
    return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (!ability.can(route.action, route.subject))
    return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
  return <>{children}</>;
}
