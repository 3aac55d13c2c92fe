import { useTranslation } from 'react-i18next';
import { AuthLinksContext } from '../hooks/auth-links';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { linksOf, variantOf, type ScreenProps } from './login-screen';
import { RegisterForm } from './register-form';
import { SetNewPasswordForm } from './set-new-password-form';

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
