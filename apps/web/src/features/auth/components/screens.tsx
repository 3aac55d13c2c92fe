import { useTranslation } from 'react-i18next';
import { appConfig } from '@/lib/config';
import { AuthLinksContext, mainLinks, variantLinks } from '../hooks/auth-links';
import { AuthLayout, type AuthVariant } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SetNewPasswordForm } from './set-new-password-form';

/** `main`: /login and friends; `v1`/`v2`: the template variants under /pages/authentication. */
export type AuthScreenVersion = 'main' | 'v1' | 'v2';

interface ScreenProps {
  version?: AuthScreenVersion;
}

const variantOf = (version: AuthScreenVersion): AuthVariant =>
  version === 'v1' ? 'card' : 'split';
const linksOf = (version: AuthScreenVersion) =>
  version === 'main' ? mainLinks : variantLinks(version);

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

export function RegisterScreen({ version = 'main' }: ScreenProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthLinksContext.Provider value={linksOf(version)}>
      <AuthLayout
        variant={variantOf(version)}
        illustration="register"
        title={t('register.title')}
        subtitle={t('register.subtitle')}
        testId="register-screen"
      >
        <RegisterForm />
      </AuthLayout>
    </AuthLinksContext.Provider>
  );
}

export function ForgotPasswordScreen({ version = 'main' }: ScreenProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthLinksContext.Provider value={linksOf(version)}>
      <AuthLayout
        variant={variantOf(version)}
        illustration="forgot"
        title={t('forgot.title')}
        subtitle={t('forgot.subtitle')}
        testId="forgot-screen"
      >
        <ForgotPasswordForm />
      </AuthLayout>
    </AuthLinksContext.Provider>
  );
}

export function SetNewPasswordScreen({ version = 'main' }: ScreenProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthLinksContext.Provider value={linksOf(version)}>
      <AuthLayout
        variant={variantOf(version)}
        illustration="reset"
        title={t('reset.title')}
        subtitle={t('reset.subtitle')}
        testId="reset-screen"
      >
        <SetNewPasswordForm />
      </AuthLayout>
    </AuthLinksContext.Provider>
  );
}
