import { WishlistScreen } from '@/features/ecommerce/components/wishlist-screen';

export default function Screen() {
  return <WishlistScreen />;
}
