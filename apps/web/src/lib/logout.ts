import { api, endLocalSession } from './api-client';
import { tokens } from './tokens';

/**
 * Ends the session: revokes the refresh token's family on the server, then clears tokens,
 * session and abilities here. The local sign-out happens even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  const refreshToken = tokens.refresh();
  try {
    if (refreshToken || tokens.bearer())
      await api.post('/api/logout', refreshToken ? { refreshToken } : {});
  } catch {
    /* the local sign-out happens anyway */
  }
  endLocalSession();
}
