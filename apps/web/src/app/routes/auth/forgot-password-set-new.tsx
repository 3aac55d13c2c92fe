import { SetNewPasswordScreen } from '@/features/auth';

export default function Screen() {
  return <SetNewPasswordScreen />;
}
