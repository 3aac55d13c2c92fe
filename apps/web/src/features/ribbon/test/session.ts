import { defaultRules } from '@fiscus/contracts';
import { useSession } from '@/lib/session';

/** Signs the test in as user `u1` of domain `d1`. */
export function signInAs(userId = 'u1') {
  useSession.getState().setSession({
    user: {
      id: userId,
      username: 'ann',
      email: 'ann@example.com',
      fullName: 'Ann',
      avatar: null,
      totpEnabled: false,
      createdAt: '',
    },
    domain: { id: 'd1', name: 'D', role: 'owner' },
    domains: [],
    rules: defaultRules,
  });
}
