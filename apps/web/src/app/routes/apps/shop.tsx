import { ShopScreen } from '@/features/ecommerce/components/shop-screen';

export default function Screen() {
  return <ShopScreen />;
}
