import { Anchor, Box, Card, Grid, Group, Rating, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListedProduct } from '../api/types';
import { useFormat } from '../hooks/use-format';
import { productPath } from '../lib/slug';
import { CartButton, FreeShippingBadge, ProductImage, WishlistButton } from './product-bits';

function Name({ product }: { product: ListedProduct }) {
  return (
    <Anchor
      component={Link}
      to={productPath(product.slug)}
      fw={600}
      c="var(--mantine-color-text)"
      lineClamp={2}
    >
      {product.name}
    </Anchor>
  );
}

/** A product in the shop grid (`view="grid"`) or list (`view="list"`). */
export function ProductCard({ product, view }: { product: ListedProduct; view: 'grid' | 'list' }) {
  const { t } = useTranslation('ecommerce');
  const { money } = useFormat();
  const rating = (
    <Rating
      value={product.rating}
      readOnly
      size="xs"
      aria-label={t('product.ratingOf', { rating: product.rating })}
    />
  );
  const price = (
    <Text fw={700} size="lg" c="var(--mantine-primary-color-filled)">
      {money(product.price)}
    </Text>
  );
  const brand = (
    <Text size="sm" c="dimmed">
      {t('product.by', { brand: product.brand })}
    </Text>
  );

  if (view === 'list') {
    return (
      <Card withBorder padding="md" radius="md" data-testid="product-card">
        <Grid gap="md" align="center">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Anchor component={Link} to={productPath(product.slug)} aria-label={product.name}>
              <ProductImage product={product} h={150} />
            </Anchor>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap={6}>
              <Name product={product} />
              {brand}
              {rating}
              <Text size="sm" c="dimmed" lineClamp={3}>
                {product.description}
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Stack gap="xs">
              {price}
              {product.hasFreeShipping && (
                <Box>
                  <FreeShippingBadge />
                </Box>
              )}
              <WishlistButton product={product} label fullWidth />
              <CartButton product={product} fullWidth />
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>
    );
  }

  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid="product-card">
      <Card.Section p="md" pb={0}>
        <Anchor component={Link} to={productPath(product.slug)} aria-label={product.name}>
          <ProductImage product={product} h={180} />
        </Anchor>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap">
          {rating}
          {price}
        </Group>
        <Name product={product} />
        {brand}
        <Text size="sm" c="dimmed" lineClamp={2}>
          {product.description}
        </Text>
        {product.hasFreeShipping && (
          <Box>
            <FreeShippingBadge />
          </Box>
        )}
      </Stack>
      <Group gap="xs" mt="md" wrap="nowrap">
        <WishlistButton product={product} />
        <CartButton product={product} style={{ flex: 1 }} />
      </Group>
    </Card>
  );
}
