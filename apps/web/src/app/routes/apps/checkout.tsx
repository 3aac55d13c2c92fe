import { CheckoutScreen } from '@/features/ecommerce/components/checkout-screen';

export default function Screen() {
  return <CheckoutScreen />;
}
