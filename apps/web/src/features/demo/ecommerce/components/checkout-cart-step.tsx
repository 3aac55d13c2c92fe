import { Anchor, Badge, Box, Button, Card, Grid, Group, Rating, Stack, Text } from '@mantine/core';
import { IconShoppingCartOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRemoveFromCart } from '../api/queries';
import type { CartProduct } from '../api/types';
import { useFormat } from '../hooks/use-format';
import { priceSummary } from '../lib/pricing';
import { productPath, shopPath } from '../lib/slug';
import { EmptyBlock, ProductImage, WishlistButton } from './product-bits';
import { PriceDetails } from './price-details';
import { QtyStepper } from './qty-stepper';

function CartItem({ line }: { line: CartProduct }) {
  const { t } = useTranslation('ecommerce');
  const { money, date } = useFormat();
  const remove = useRemoveFromCart();
  const discounted = line.price * (1 - line.discountPercentage / 100);
  return (
    <Card withBorder radius="md" padding="md" data-testid="checkout-line">
      <Grid gap="md" align="center">
        <Grid.Col span={{ base: 12, xs: 3 }}>
          <Anchor component={Link} to={productPath(line.slug)} aria-label={line.name}>
            <ProductImage product={line} h={120} />
          </Anchor>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 5 }}>
          <Stack gap={4}>
            <Anchor
              component={Link}
              to={productPath(line.slug)}
              fw={600}
              c="var(--mantine-color-text)"
              lineClamp={2}
            >
              {line.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('product.by', { brand: line.brand })}
            </Text>
            <Rating value={line.rating} readOnly size="xs" />
            <Text size="sm" c="green" fw={500}>
              {t('product.inStock')}
            </Text>
            <Group gap="xs" align="center">
              <Text size="sm">{t('cart.qty')}</Text>
              <QtyStepper productId={line.id} name={line.name} qty={line.qty} size="sm" />
            </Group>
            <Text size="sm">{t('cart.deliveryBy', { date: date(line.shippingDate) })}</Text>
            <Text size="sm" c="green">
              {t('cart.discount', { percent: line.discountPercentage })}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <Stack gap="xs" align="stretch">
            <Group gap="xs" justify="flex-end">
              <Text size="sm" c="dimmed" td="line-through">
                {money(line.price)}
              </Text>
              <Text fw={700} size="lg" c="var(--mantine-primary-color-filled)">
                {money(discounted)}
              </Text>
            </Group>
            <Group justify="flex-end" gap={6}>
              {line.hasFreeShipping && (
                <Badge variant="light" color="teal">
                  {t('product.freeShipping')}
                </Badge>
              )}
              <Badge variant="light">{t('cart.offers', { count: line.offers })}</Badge>
            </Group>
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() => remove.mutate(line.id)}
              loading={remove.isPending}
              aria-label={t('actions.removeNamed', { name: line.name })}
            >
              {t('actions.remove')}
            </Button>
            <Box>
              <WishlistButton product={line} label fullWidth />
            </Box>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/** Step 1: the cart lines with quantities and the price details; "Place order" goes on. */
export function CheckoutCartStep({ lines, onNext }: { lines: CartProduct[]; onNext: () => void }) {
  const { t } = useTranslation('ecommerce');
  if (lines.length === 0) {
    return (
      <Card withBorder radius="md">
        <EmptyBlock
          icon={<IconShoppingCartOff />}
          title={t('cart.emptyTitle')}
          text={t('cart.emptyText')}
          action={
            <Button component={Link} to={shopPath}>
              {t('actions.goToShop')}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {lines.map((l) => (
            <CartItem key={l.id} line={l} />
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PriceDetails summary={priceSummary(lines)}>
          <Button fullWidth onClick={onNext}>
            {t('checkout.placeOrder')}
          </Button>
        </PriceDetails>
      </Grid.Col>
    </Grid>
  );
}
