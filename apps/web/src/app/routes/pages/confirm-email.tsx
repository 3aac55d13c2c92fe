import { ConfirmEmailScreen } from '@/features/account/components/confirm-email-screen';

export default function ConfirmEmailRoute() {
  return <ConfirmEmailScreen />;
}
