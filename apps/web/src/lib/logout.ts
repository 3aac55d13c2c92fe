import { api } from './api-client';
import { resetRules } from './ability';
import { useSession } from './session';
import { tokens } from './tokens';

/** Ends the session: revokes the refresh token on the server, clears tokens and abilities. */
export async function logout(): Promise<void> {
  const refreshToken = tokens.refresh();
  try {
    if (refreshToken) await api.post('/api/logout', { refreshToken });
  } catch {
    /* the local sign-out happens anyway */
  }
  tokens.clear();
  resetRules();
  useSession.getState().clear();
}
