import type {
  LoginAnswer,
  LoginBody,
  RegisterBody,
  SignedIn,
  TotpEnabledAnswer,
  TotpSetupAnswer,
} from '@fiscus/contracts';
import { api } from '@/lib/api-client';

/** The calls of the sign-in screens and the security settings (PRODUCT.md §5). */
export const authApi = {
  login: (body: LoginBody) => api.post<LoginAnswer>('/api/login', body).then((r) => r.data),
  verifySecondFactor: (challengeId: string, code: string) =>
    api
      .post<SignedIn>('/api/second-factor', { action: 'verify', challengeId, code })
      .then((r) => r.data),
  register: (body: RegisterBody) => api.post<SignedIn>('/api/register', body).then((r) => r.data),
  forgot: (email: string) => api.post('/api/forgot', { email }).then(() => undefined),
  setNewPassword: (token: string, password: string) =>
    api.post('/api/forgot-set-new', { token, password }).then(() => undefined),
  changePassword: (oldPassword: string, newPassword: string) =>
    api
      .post<Partial<SignedIn>>('/api/changepassword', { oldPassword, newPassword })
      .then((r) => r.data),
  totpSetup: () =>
    api.post<TotpSetupAnswer>('/api/second-factor', { action: 'setup' }).then((r) => r.data),
  totpEnable: (code: string) =>
    api
      .post<TotpEnabledAnswer>('/api/second-factor', { action: 'enable', code })
      .then((r) => r.data),
  totpDisable: (password: string) =>
    api.post('/api/second-factor', { action: 'disable', password }).then(() => undefined),
};

/** True when the login answer asks for a second factor instead of signing in. */
export function needsSecondFactor(
  answer: LoginAnswer,
): answer is Extract<LoginAnswer, { secondFactor: unknown }> {
  return 'secondFactor' in answer && !!answer.secondFactor;
}
