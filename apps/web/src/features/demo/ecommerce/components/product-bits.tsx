import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Image,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  type ButtonProps,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconHeart,
  IconHeartFilled,
  IconShoppingCart,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAddToCart, useAddToWishlist, useRemoveFromWishlist } from '../api/queries';
import type { ListedProduct } from '../api/types';
import { checkoutPath } from '../lib/slug';

export function ProductImage({
  product,
  h,
}: {
  product: Pick<ListedProduct, 'image' | 'name'>;
  h: number;
}) {
  return (
    <Image
      src={product.image}
      alt={product.name}
      h={h}
      w="100%"
      fit="contain"
      radius="md"
      fallbackSrc="data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' height='10'%3E%3Crect width='10' height='10' fill='%23ccc'/%3E%3C/svg%3E"
    />
  );
}

/** "Add to cart", or "View in cart" (goes to checkout) once the product is in the cart. */
export function CartButton({
  product,
  ...props
}: { product: Pick<ListedProduct, 'id' | 'name' | 'isInCart'> } & ButtonProps) {
  const { t } = useTranslation('ecommerce');
  const navigate = useNavigate();
  const add = useAddToCart();
  if (product.isInCart) {
    return (
      <Button
        leftSection={<IconShoppingCart size={16} />}
        variant="light"
        onClick={() => void navigate(checkoutPath)}
        {...props}
      >
        {t('actions.viewInCart')}
      </Button>
    );
  }
  return (
    <Button
      leftSection={<IconShoppingCart size={16} />}
      loading={add.isPending}
      onClick={() => add.mutate(product.id)}
      aria-label={t('actions.addToCartNamed', { name: product.name })}
      {...props}
    >
      {t('actions.addToCart')}
    </Button>
  );
}

/** Heart toggle: red when the product is in the wishlist. */
export function useWishlistToggle(product: Pick<ListedProduct, 'id' | 'isInWishlist'>) {
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  return {
    pending: add.isPending || remove.isPending,
    toggle: () => (product.isInWishlist ? remove.mutate(product.id) : add.mutate(product.id)),
  };
}

export function WishlistButton({
  product,
  label,
  ...props
}: {
  product: Pick<ListedProduct, 'id' | 'name' | 'isInWishlist'>;
  label?: boolean;
} & ButtonProps) {
  const { t } = useTranslation('ecommerce');
  const { toggle, pending } = useWishlistToggle(product);
  const text = product.isInWishlist ? t('actions.removeFromWishlist') : t('actions.addToWishlist');
  const icon = product.isInWishlist ? <IconHeartFilled size={16} /> : <IconHeart size={16} />;
  if (!label) {
    return (
      <Tooltip label={text}>
        <ActionIcon
          variant="light"
          color={product.isInWishlist ? 'red' : 'gray'}
          size="lg"
          loading={pending}
          onClick={toggle}
          aria-label={`${text}: ${product.name}`}
          aria-pressed={product.isInWishlist}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={icon}
      color={product.isInWishlist ? 'red' : undefined}
      c={product.isInWishlist ? 'red' : undefined}
      loading={pending}
      onClick={toggle}
      aria-pressed={product.isInWishlist}
      {...props}
    >
      {t('actions.wishlist')}
    </Button>
  );
}

export function FreeShippingBadge() {
  const { t } = useTranslation('ecommerce');
  return (
    <Badge variant="light" color="teal" leftSection={<IconTruckDelivery size={12} />}>
      {t('product.freeShipping')}
    </Badge>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('ecommerce');
  return (
    <Center mih={200} data-testid="shop-loading">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {label ?? t('states.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation('ecommerce');
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('errors.title')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? t('errors.load')}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyBlock({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <Center mih={240} p="lg">
      <Stack align="center" gap="sm" maw={360} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="lg">
          {title}
        </Text>
        {text && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}
