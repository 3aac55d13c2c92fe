import type { LoginAnswer, LoginBody, SignedIn } from '@fiscus/contracts';
import { postJson } from '@/lib/fetch-json';

/**
 * The calls of the sign-in page (PRODUCT.md §5): plain fetch, no token — the page renders before
 * the console's HTTP client is loaded.
 */
export const guestApi = {
  login: (body: LoginBody) => postJson<LoginAnswer>('/api/login', body),
  verifySecondFactor: (challengeId: string, code: string) =>
    postJson<SignedIn>('/api/second-factor', { action: 'verify', challengeId, code }),
};

/** True when the login answer asks for a second factor instead of signing in. */
export function needsSecondFactor(
  answer: LoginAnswer,
): answer is Extract<LoginAnswer, { secondFactor: unknown }> {
  return 'secondFactor' in answer && !!answer.secondFactor;
}
