// The sign-in page takes its screen from the module itself, not the auth feature's index: the
// index also holds the security settings and the other forms, which the page must not load
// (docs/footprint.md).
import { LoginScreen } from '@/features/auth/components/login-screen';

export default function Screen() {
  return <LoginScreen />;
}
