import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMocksStarted } from '@/lib/demo-client';
import { useCart } from './api/queries';

/** The open cart's lines, total and checkout load when the cart is first opened. */
const CartPanel = lazy(() => import('./cart-panel'));

/**
 * Navbar cart: item-count badge; opened, the cart lines with quantities, total and checkout.
 * `defaultOpened`: it loaded because its button was pressed (app/shell/cart-slot.tsx): it opens
 * and takes the focus the button had.
 */
export default function CartDropdown({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation('ecommerce');
  const [opened, setOpened] = useState(defaultOpened);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (defaultOpened) toggle.current?.focus();
  }, [defaultOpened]);
  const navigate = useNavigate();
  // Outside the demo areas the cart loads when opened, not with every page.
  const mocksStarted = useMocksStarted();
  const cart = useCart({ enabled: mocksStarted || opened });
  const count = (cart.data ?? []).length;

  const go = (to: string) => {
    setOpened(false);
    void navigate(to);
  };

  // The count wraps the popover and the popover's target is the button itself: the popup's
  // attributes (aria-haspopup, aria-expanded) belong on the element that opens it.
  return (
    <Indicator
      label={count}
      size={16}
      offset={4}
      disabled={count === 0}
      color="red"
      data-testid="cart-count"
      data-count={count}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        width={380}
        position="bottom-end"
        shadow="md"
        withinPortal
        trapFocus={false}
      >
        <Popover.Target>
          <ActionIcon
            ref={toggle}
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t('cart.openNamed', { count })}
            data-testid="cart-toggle"
          >
            <IconShoppingCart size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)" data-testid="cart-dropdown">
          <Suspense
            fallback={
              <Center p="lg">
                <Loader size="sm" />
              </Center>
            }
          >
            <CartPanel cart={cart} go={go} close={() => setOpened(false)} />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
