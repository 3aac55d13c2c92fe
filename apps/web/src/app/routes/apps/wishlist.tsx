import { WishlistScreen } from '@/features/demo/ecommerce/components/wishlist-screen';

export default function Screen() {
  return <WishlistScreen />;
}
