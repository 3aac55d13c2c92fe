import { ForgotPasswordScreen } from '@/features/auth';

export default function Screen() {
  return <ForgotPasswordScreen />;
}
