import type { SignedIn } from '@fiscus/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '@/lib/config';
import { applySession, setPendingRedirect } from '@/lib/session-guard';
import { tokens } from '@/lib/tokens';
import { safeRedirect } from '../lib/validation';

/**
 * After login, second factor or registration: store the tokens, set the session and its rules,
 * greet the user and go home (or where the guard sent them from, `?redirect=`).
 */
export function useCompleteSignIn() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  return (signedIn: SignedIn, greeting: 'welcome' | 'registered' = 'welcome') => {
    queryClient.clear(); // nothing cached for a previous user survives
    tokens.save(signedIn.accessToken, signedIn.refreshToken);
    applySession(signedIn.session);
    const { user, domain } = signedIn.session;
    notifications.show({
      color: 'teal',
      title: t(`auth:toast.${greeting}Title`, { name: user.fullName || user.username }),
      message: t('auth:toast.signedInAs', {
        role: t(`common:role.${domain.role}`),
        domain: domain.name,
      }),
    });
    const target = safeRedirect(params.get('redirect'));
    setPendingRedirect(target);
    void navigate(target ?? HOME_PATH, { replace: true });
  };
}
