import type { SignedIn } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only reads where to go after signing in (?redirect=)
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '@/lib/config';
import { safeRedirect } from '@/lib/safe-redirect';

const loadEffects = () => import('../lib/sign-in-effects');

/** Starts loading what a sign-in needs (while the call is on its way). */
export function preloadSignInEffects() {
  void loadEffects();
}

/**
 * After login, second factor or registration: store the tokens, set the session and its rules,
 * greet the user and go home (or where the guard sent them from, `?redirect=`).
 */
export function useCompleteSignIn() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const complete = async (signedIn: SignedIn, greeting: 'welcome' | 'registered') => {
    const { startSession } = await loadEffects();
    const { user, domain } = signedIn.session;
    const target = safeRedirect(params.get('redirect'));
    startSession(
      signedIn,
      {
        title: t(`auth:toast.${greeting}Title`, { name: user.fullName || user.username }),
        message: t('auth:toast.signedInAs', {
          role: t(`common:role.${domain.role}`),
          domain: domain.name,
        }),
      },
      target,
    );
    await navigate(target ?? HOME_PATH, { replace: true });
  };
  return (signedIn: SignedIn, greeting: 'welcome' | 'registered' = 'welcome') => {
    void complete(signedIn, greeting);
  };
}
