import { ShopScreen } from '@/features/demo/ecommerce/components/shop-screen';

export default function Screen() {
  return <ShopScreen />;
}
