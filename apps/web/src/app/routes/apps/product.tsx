import { ProductScreen } from '@/features/ecommerce/components/product-screen';

export default function Screen() {
  return <ProductScreen />;
}
