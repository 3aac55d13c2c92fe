import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/config';
import { AuthLinksContext, mainLinks, variantLinks } from '../hooks/auth-links';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

/** `main`: /login; `v1`/`v2`: the template variants under /pages/authentication. */
export type AuthScreenVersion = 'main' | 'v1' | 'v2';

export interface ScreenProps {
  version?: AuthScreenVersion;
}

export const variantOf = (version: AuthScreenVersion) => (version === 'v1' ? 'card' : 'split');
export const linksOf = (version: AuthScreenVersion) =>
  version === 'main' ? mainLinks : variantLinks(version);

/** The sign-in page: a module of its own, so it loads none of the other auth forms. */
export function LoginScreen({ version = 'main' }: ScreenProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthLinksContext.Provider value={linksOf(version)}>
      <AuthLayout
        variant={variantOf(version)}
        illustration="login"
        title={t('login.title', { app: appConfig.appName })}
        subtitle={t('login.subtitle')}
        testId="login-screen"
      >
        <LoginForm />
      </AuthLayout>
    </AuthLinksContext.Provider>
  );
}
