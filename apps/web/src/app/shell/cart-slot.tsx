import { ActionIcon } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMocksStarted } from '@/lib/demo-client';

const load = () => import('@/features/demo/ecommerce/cart-dropdown');
const CartDropdown = lazy(load);

/**
 * The navbar's cart. Its contents live in the demo shop's mock backend, which runs only once a
 * demo screen has started it: until then the cart is a plain button (nothing to count), and its
 * dropdown with the count, the lines and the checkout loads when the button is pressed (ahead,
 * when it is hovered or focused) or when the mock backend starts.
 */
export function CartSlot() {
  const { t } = useTranslation('common');
  const mocksStarted = useMocksStarted();
  const [pressed, setPressed] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('cart')}
      data-testid="cart-toggle"
      onClick={() => setPressed(true)}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    >
      <IconShoppingCart size={20} />
    </ActionIcon>
  );
  if (!mocksStarted && !pressed) return button;
  return (
    <Suspense fallback={button}>
      <CartDropdown defaultOpened={pressed} />
    </Suspense>
  );
}
