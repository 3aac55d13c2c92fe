import { useEffect } from 'react';

/** The route fields the session check needs. */
interface GuardedRoute {
  id: string;
  public?: boolean;
}

/**
 * Seed §4: before each navigation except the sign-in pages, the stored token is read and whoami
 * is asked (not awaited); a session in the answer is saved, otherwise the user goes to login.
 */
export function useNavigationSessionCheck(route: GuardedRoute, navigationKey: string) {
  useEffect(() => {
    if (route.public) return;
    // The whoami check is wired in by the authentication work (lib/auth-session.ts).
    sessionCheck.run?.();
  }, [route.public, navigationKey]);
}

/** Set by the authentication module at start-up. */
export const sessionCheck: { run?: () => void } = {};
