import type { RegisterBody, SignedIn, TotpEnabledAnswer, TotpSetupAnswer } from '@fiscus/contracts';
import { api } from '@/lib/api-client';

/**
 * The calls of the other sign-in screens and the security settings (PRODUCT.md §5); the sign-in
 * page's own are in guest-api.ts.
 */
export const authApi = {
  register: (body: RegisterBody) => api.post<SignedIn>('/api/register', body).then((r) => r.data),
  forgot: (email: string) => api.post('/api/forgot', { email }).then(() => undefined),
  setNewPassword: (token: string, password: string) =>
    api.post('/api/forgot-set-new', { token, password }).then(() => undefined),
  /** `proof`: the current password as `oldPassword`, or a `code` while two-step is on. */
  changePassword: (proof: { oldPassword: string } | { code: string }, newPassword: string) =>
    api
      .post<Partial<SignedIn>>('/api/changepassword', { ...proof, newPassword })
      .then((r) => r.data),
  totpSetup: () =>
    api.post<TotpSetupAnswer>('/api/second-factor', { action: 'setup' }).then((r) => r.data),
  totpEnable: (code: string, password: string) =>
    api
      .post<TotpEnabledAnswer>('/api/second-factor', { action: 'enable', code, password })
      .then((r) => r.data),
  /** `proof`: the current password, or a code of the authenticator app or a backup code. */
  totpDisable: (proof: { password: string } | { code: string }) =>
    api.post('/api/second-factor', { action: 'disable', ...proof }).then(() => undefined),
};
