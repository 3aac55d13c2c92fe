import { CheckoutScreen } from '@/features/demo/ecommerce/components/checkout-screen';

export default function Screen() {
  return <CheckoutScreen />;
}
