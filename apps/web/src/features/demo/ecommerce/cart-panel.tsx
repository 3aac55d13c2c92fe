import {
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Divider,
  Group,
  Image,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRemoveFromCart, type useCart } from './api/queries';
import { ErrorState, LoadingState } from './components/product-bits';
import { QtyStepper } from './components/qty-stepper';
import { useFormat } from './hooks/use-format';
import { priceSummary } from './lib/pricing';
import { checkoutPath, productPath, shopPath } from './lib/slug';

/**
 * The open cart: its lines with quantities, the total and checkout. Loaded when the cart is
 * first opened, not with every page's navbar (docs/footprint.md).
 */
export default function CartPanel({
  cart,
  go,
  close,
}: {
  cart: ReturnType<typeof useCart>;
  go: (to: string) => void;
  close: () => void;
}) {
  const { t } = useTranslation('ecommerce');
  const remove = useRemoveFromCart();
  const { money } = useFormat();
  const lines = cart.data ?? [];
  const count = lines.length;
  const total = priceSummary(
    lines.map((l) => ({ ...l, discountPercentage: 0, hasFreeShipping: true })),
  ).total;

  return (
    <>
      <Group justify="space-between" px="md" py="sm">
        <Text fw={600}>{t('cart.myCart')}</Text>
        <Badge variant="light">{t('cart.items', { count })}</Badge>
      </Group>
      <Divider />
      {cart.isPending ? (
        <LoadingState />
      ) : cart.isError ? (
        <Box p="md">
          <ErrorState onRetry={() => void cart.refetch()} />
        </Box>
      ) : count === 0 ? (
        <Stack align="center" gap="xs" p="lg">
          <Text c="dimmed" size="sm">
            {t('cart.empty')}
          </Text>
          <Button variant="light" size="xs" onClick={() => go(shopPath)}>
            {t('actions.goToShop')}
          </Button>
        </Stack>
      ) : (
        <>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap={0}>
              {lines.map((p) => (
                <Group
                  key={p.id}
                  wrap="nowrap"
                  gap="sm"
                  px="md"
                  py="sm"
                  align="flex-start"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  data-testid="cart-line"
                >
                  <Image src={p.image} alt={p.name} w={56} h={56} radius="sm" fit="contain" />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Box>
                      <Anchor
                        component={Link}
                        to={productPath(p.slug)}
                        onClick={close}
                        size="sm"
                        fw={500}
                        lineClamp={1}
                        c="var(--mantine-color-text)"
                      >
                        {p.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('product.by', { brand: p.brand })}
                      </Text>
                    </Box>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <QtyStepper productId={p.id} name={p.name} qty={p.qty} />
                      <Text size="sm" fw={600}>
                        {money(p.price * p.qty)}
                      </Text>
                    </Group>
                  </Stack>
                  <CloseButton
                    size="sm"
                    aria-label={t('actions.removeNamed', { name: p.name })}
                    onClick={() => remove.mutate(p.id)}
                  />
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Stack gap="sm" p="md">
            <Group justify="space-between">
              <Text fw={600}>{t('cart.total')}</Text>
              <Text fw={700} c="var(--mantine-primary-color-filled)" data-testid="cart-total">
                {money(total)}
              </Text>
            </Group>
            <Button fullWidth onClick={() => go(checkoutPath)}>
              {t('actions.checkout')}
            </Button>
          </Stack>
        </>
      )}
    </>
  );
}
