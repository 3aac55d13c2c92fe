import { Anchor, Button, Card, Group, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHeartOff, IconShoppingCart, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMoveToCart, useRemoveFromWishlist, useWishlist } from '../api/queries';
import type { ListedProduct } from '../api/types';
import { useFormat } from '../hooks/use-format';
import { checkoutPath, productPath, shopPath } from '../lib/slug';
import {
  EmptyBlock,
  ErrorState,
  FreeShippingBadge,
  LoadingState,
  ProductImage,
} from './product-bits';

function WishlistCard({ product }: { product: ListedProduct }) {
  const { t } = useTranslation('ecommerce');
  const { money } = useFormat();
  const navigate = useNavigate();
  const remove = useRemoveFromWishlist();
  const move = useMoveToCart();
  return (
    <Card withBorder radius="md" padding="md" h="100%" data-testid="wishlist-card">
      <Card.Section p="md" pb={0}>
        <Anchor component={Link} to={productPath(product.slug)} aria-label={product.name}>
          <ProductImage product={product} h={170} />
        </Anchor>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap">
          <Rating value={product.rating} readOnly size="xs" />
          <Text fw={700} c="var(--mantine-primary-color-filled)">
            {money(product.price)}
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={productPath(product.slug)}
          fw={600}
          c="var(--mantine-color-text)"
          lineClamp={2}
        >
          {product.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('product.by', { brand: product.brand })}
        </Text>
        {product.hasFreeShipping && (
          <div>
            <FreeShippingBadge />
          </div>
        )}
      </Stack>
      <Stack gap="xs" mt="md">
        <Button
          variant="default"
          fullWidth
          leftSection={<IconX size={16} />}
          loading={remove.isPending}
          onClick={() => remove.mutate(product.id)}
          aria-label={t('actions.removeNamed', { name: product.name })}
        >
          {t('actions.remove')}
        </Button>
        {product.isInCart ? (
          <Button
            variant="light"
            fullWidth
            leftSection={<IconShoppingCart size={16} />}
            onClick={() => void navigate(checkoutPath)}
          >
            {t('actions.viewInCart')}
          </Button>
        ) : (
          <Button
            fullWidth
            leftSection={<IconShoppingCart size={16} />}
            loading={move.isPending}
            onClick={() => move.mutate(product.id)}
          >
            {t('actions.moveToCart')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Wishlist: remove products or move them to the cart. */
export function WishlistScreen() {
  const { t } = useTranslation('ecommerce');
  const wishlist = useWishlist();
  if (wishlist.isPending) return <LoadingState />;
  if (wishlist.isError) return <ErrorState onRetry={() => void wishlist.refetch()} />;
  if (wishlist.data.length === 0) {
    return (
      <Card withBorder radius="md">
        <EmptyBlock
          icon={<IconHeartOff />}
          title={t('wishlist.emptyTitle')}
          text={t('wishlist.emptyText')}
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
    <Stack gap="md">
      <Text fw={600} data-testid="wishlist-count">
        {t('wishlist.count', { count: wishlist.data.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {wishlist.data.map((p) => (
          <WishlistCard key={p.id} product={p} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
