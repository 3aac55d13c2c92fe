import { ProductScreen } from '@/features/demo/ecommerce/components/product-screen';

export default function Screen() {
  return <ProductScreen />;
}
