import type { SignedIn } from '@fiscus/contracts';
import { notifications } from '@/lib/toast';
import { queryClient } from '@/lib/query-client';
import { applySession, setPendingRedirect } from '@/lib/session-guard';
import { tokens } from '@/lib/tokens';

/**
 * What a sign-in starts: the tokens stored, the session and its rules applied, nothing cached
 * for a previous user kept, a greeting, and the page asked for before (`redirect`) remembered. Loaded while the sign-in call runs (the sign-in page
 * itself renders without the console's layers).
 */
export function startSession(
  signedIn: SignedIn,
  greeting: { title: string; message: string },
  redirect: string | null,
) {
  queryClient.clear();
  tokens.save(signedIn.accessToken, signedIn.refreshToken);
  applySession(signedIn.session);
  notifications.show({ color: 'teal', ...greeting });
  setPendingRedirect(redirect);
}
