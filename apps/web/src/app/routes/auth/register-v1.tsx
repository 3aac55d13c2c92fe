import { RegisterScreen } from '@/features/auth';

export default function Screen() {
  return <RegisterScreen version="v1" />;
}
