export { LoginScreen } from './components/login-screen';
export { RegisterScreen, ForgotPasswordScreen, SetNewPasswordScreen } from './components/screens';
export { ChangePasswordForm } from './components/change-password-form';
export { TwoFactorSettings } from './components/two-factor-settings';
