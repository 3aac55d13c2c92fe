import { LoginScreen } from '@/features/auth';

export default function Screen() {
  return <LoginScreen version="v1" />;
}
