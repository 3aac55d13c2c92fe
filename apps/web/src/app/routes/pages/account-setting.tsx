import { AccountSettingsPage } from '@/features/account/components/account-settings-page';
import { ChangePasswordForm, TwoFactorSettings } from '@/features/auth';

export default function AccountSettingScreen() {
  return (
    <AccountSettingsPage passwordTab={<ChangePasswordForm />} securityTab={<TwoFactorSettings />} />
  );
}
