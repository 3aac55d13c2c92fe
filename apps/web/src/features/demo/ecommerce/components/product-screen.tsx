import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  CheckIcon,
  ColorSwatch,
  Divider,
  Grid,
  Group,
  Menu,
  Rating,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import {
  IconAlertCircle,
  IconAward,
  IconClockHour3,
  IconCreditCard,
  IconShare,
  IconShieldCheck,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound, useProduct, useProducts } from '../api/queries';
import type { ColorOption, ProductDetails } from '../api/types';
import { useFormat } from '../hooks/use-format';
import { idFromSlug, productPath, shopPath } from '../lib/slug';
import {
  CartButton,
  ErrorState,
  FreeShippingBadge,
  LoadingState,
  ProductImage,
  WishlistButton,
} from './product-bits';

const swatchColor: Record<ColorOption, string> = {
  primary: '',
  success: 'green',
  warning: 'orange',
  danger: 'red',
  info: 'cyan',
};

function Related({ product }: { product: ProductDetails }) {
  const { t } = useTranslation('ecommerce');
  const { money } = useFormat();
  const related = useProducts({ categories: [product.category], perPage: 9, page: 1 });
  const rows = (related.data?.products ?? []).filter((p) => p.id !== product.id).slice(0, 8);
  if (related.isError || (related.data && rows.length === 0)) return null;
  return (
    <Stack gap="sm" mt="xl">
      <Stack gap={0} align="center">
        <Title order={4}>{t('product.related')}</Title>
        <Text size="sm" c="dimmed">
          {t('product.relatedText')}
        </Text>
      </Stack>
      {related.isPending ? (
        <LoadingState />
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Group wrap="nowrap" gap="md" pb="xs" data-testid="related-products">
            {rows.map((p) => (
              <Card key={p.id} withBorder radius="md" w={200} miw={200} padding="sm">
                <Anchor component={Link} to={productPath(p.slug)} c="var(--mantine-color-text)">
                  <ProductImage product={p} h={120} />
                  <Text size="sm" fw={600} mt="xs" lineClamp={1}>
                    {p.name}
                  </Text>
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('product.by', { brand: p.brand })}
                </Text>
                <Group justify="space-between" mt={4}>
                  <Rating value={p.rating} readOnly size="xs" />
                  <Text size="sm" fw={700} c="var(--mantine-primary-color-filled)">
                    {money(p.price)}
                  </Text>
                </Group>
              </Card>
            ))}
          </Group>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** One product: details, colour options, cart and wishlist actions, features, related products. */
export function ProductScreen() {
  const { t } = useTranslation('ecommerce');
  const { slug } = useParams();
  const id = idFromSlug(slug);
  const product = useProduct(id);
  const { money } = useFormat();
  const theme = useMantineTheme();
  const [color, setColor] = useState<ColorOption>('primary');
  const clipboard = useClipboard();

  if (id === null || (product.isError && isNotFound(product.error))) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('product.notFoundTitle')} role="alert">
        <Text size="sm">
          {t('product.notFoundText')}{' '}
          <Anchor component={Link} to={shopPath} size="sm" fw={600}>
            {t('product.backToShop')}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  if (product.isPending) return <LoadingState />;
  if (product.isError) return <ErrorState onRetry={() => void product.refetch()} />;
  const p = product.data;

  const features = [
    {
      icon: IconAward,
      title: t('product.features.originalTitle'),
      text: t('product.features.originalText'),
    },
    {
      icon: IconClockHour3,
      title: t('product.features.replacementTitle'),
      text: t('product.features.replacementText'),
    },
    {
      icon: IconShieldCheck,
      title: t('product.features.warrantyTitle'),
      text: t('product.features.warrantyText'),
    },
  ];

  return (
    <Stack gap="md" data-testid="product-details">
      <Card withBorder radius="md" padding="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ProductImage product={p} h={340} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Title order={3}>{p.name}</Title>
              <Text size="sm" c="dimmed">
                {t('product.by', { brand: p.brand })} · {t(`categories.${p.category}`)}
              </Text>
              <Group gap="md">
                <Text fw={700} size="xl" c="var(--mantine-primary-color-filled)">
                  {money(p.price)}
                </Text>
                <Divider orientation="vertical" />
                <Rating
                  value={p.rating}
                  readOnly
                  aria-label={t('product.ratingOf', { rating: p.rating })}
                />
              </Group>
              <Text size="sm">
                {t('product.available')}{' '}
                <Text span c="green" fw={600}>
                  {t('product.inStock')}
                </Text>
              </Text>
              <Text size="sm" c="dimmed">
                {p.description}
              </Text>
              <Stack gap={6}>
                {p.hasFreeShipping ? (
                  <Box>
                    <FreeShippingBadge />
                  </Box>
                ) : (
                  <Group gap={6}>
                    <IconTruckDelivery size={16} />
                    <Text size="sm">{t('product.shippingCharged')}</Text>
                  </Group>
                )}
                <Group gap={6}>
                  <IconCreditCard size={16} />
                  <Text size="sm">{t('product.emi')}</Text>
                </Group>
              </Stack>
              <Divider />
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {t('product.colors')}
                </Text>
                <Group gap="xs" role="radiogroup" aria-label={t('product.colors')}>
                  {p.colorOptions.map((c) => (
                    <ColorSwatch
                      key={c}
                      component="button"
                      type="button"
                      color={theme.colors[swatchColor[c] || theme.primaryColor]?.[6] ?? c}
                      onClick={() => setColor(c)}
                      role="radio"
                      aria-checked={color === c}
                      aria-label={t(`product.color.${c}`)}
                      style={{ cursor: 'pointer', color: '#fff' }}
                    >
                      {color === c && <CheckIcon size={12} />}
                    </ColorSwatch>
                  ))}
                </Group>
              </Stack>
              <Divider />
              <Group gap="sm">
                <CartButton product={p} />
                <WishlistButton product={p} label />
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="default" leftSection={<IconShare size={16} />}>
                      {t('product.share')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      onClick={() => {
                        clipboard.copy(window.location.href);
                        notifications.show({ message: t('product.linkCopied') });
                      }}
                    >
                      {t('product.copyLink')}
                    </Menu.Item>
                    <Menu.Item
                      component="a"
                      href={`mailto:?subject=${encodeURIComponent(p.name)}&body=${encodeURIComponent(window.location.href)}`}
                    >
                      {t('product.shareByEmail')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map((f) => (
            <Stack key={f.title} align="center" gap={4} ta="center">
              <ThemeIcon size={44} radius="xl" variant="light">
                <f.icon size={22} />
              </ThemeIcon>
              <Text fw={600}>{f.title}</Text>
              <Text size="sm" c="dimmed">
                {f.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Related product={p} />
      </Card>
    </Stack>
  );
}
