import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Drawer,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconLayoutGrid,
  IconList,
  IconSearch,
  IconShoppingBagX,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddressText } from '@/lib/use-address-text';
import { useProducts } from '../api/queries';
import { sortOptions, type SortBy } from '../api/types';
import { perPage, useShopParams } from '../hooks/use-shop-params';
import { EmptyBlock, ErrorState, LoadingState } from './product-bits';
import { ProductCard } from './product-card';
import { ShopFilters } from './shop-filters';

/** The shop: detached filter sidebar, search, sort, grid/list view and 9 products per page. */
export function ShopScreen() {
  const { t } = useTranslation('ecommerce');
  const { state, query, update, clearFilters, filterCount } = useShopParams();
  const products = useProducts(query);
  const [drawer, { open, close }] = useDisclosure(false);
  const search = useAddressText(state.q, (q) => update({ q }));

  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const filters = (inDrawer: boolean) => (
    <ShopFilters state={state} onChange={update} onClear={clearFilters} showTitle={!inDrawer} />
  );

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" data-testid="shop">
      <Card
        withBorder
        radius="md"
        p="md"
        w={260}
        visibleFrom="md"
        style={{ flexShrink: 0 }}
        component="aside"
      >
        {filters(false)}
      </Card>
      <Drawer opened={drawer} onClose={close} title={t('filters.title')} size={300} hiddenFrom="md">
        {filters(true)}
      </Drawer>

      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button
              hiddenFrom="md"
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                filterCount ? (
                  <Badge size="xs" circle>
                    {filterCount}
                  </Badge>
                ) : undefined
              }
              onClick={open}
            >
              {t('filters.title')}
            </Button>
            <Text fw={600} data-testid="results-count">
              {products.isPending ? t('states.loading') : t('shop.results', { count: total })}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label={t('shop.sort')}
              w={170}
              allowDeselect={false}
              value={state.sortBy}
              onChange={(v) => v && update({ sortBy: v as SortBy })}
              data={sortOptions.map((s) => ({ value: s, label: t(`shop.sortBy.${s}`) }))}
              comboboxProps={{ withinPortal: true }}
            />
            <Tooltip label={t('shop.grid')}>
              <ActionIcon
                size="lg"
                variant={state.view === 'grid' ? 'filled' : 'default'}
                onClick={() => update({ view: 'grid' })}
                aria-label={t('shop.grid')}
                aria-pressed={state.view === 'grid'}
              >
                <IconLayoutGrid size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('shop.list')}>
              <ActionIcon
                size="lg"
                variant={state.view === 'list' ? 'filled' : 'default'}
                onClick={() => update({ view: 'list' })}
                aria-label={t('shop.list')}
                aria-pressed={state.view === 'list'}
              >
                <IconList size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <TextInput
          value={search.text}
          onChange={(e) => search.change(e.currentTarget.value)}
          placeholder={t('shop.search')}
          aria-label={t('shop.search')}
          leftSection={<IconSearch size={16} />}
          rightSection={
            search.text ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('shop.clearSearch')}
                onClick={() => {
                  search.reset();
                  update({ q: '' });
                }}
              >
                <IconX size={14} />
              </ActionIcon>
            ) : undefined
          }
        />

        {products.isPending ? (
          <LoadingState />
        ) : products.isError ? (
          <ErrorState onRetry={() => void products.refetch()} />
        ) : products.data.products.length === 0 ? (
          <Card withBorder radius="md">
            <EmptyBlock
              icon={<IconShoppingBagX />}
              title={t('shop.emptyTitle')}
              text={t('shop.emptyText')}
              action={
                <Button
                  variant="light"
                  onClick={() => {
                    search.reset();
                    clearFilters();
                    update({ q: '' });
                  }}
                >
                  {t('filters.clearAll')}
                </Button>
              }
            />
          </Card>
        ) : (
          <Box
            style={{ opacity: products.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {state.view === 'grid' ? (
              <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }} spacing="md" data-testid="product-grid">
                {products.data.products.map((p) => (
                  <ProductCard key={p.id} product={p} view="grid" />
                ))}
              </SimpleGrid>
            ) : (
              <Stack gap="md" data-testid="product-list">
                {products.data.products.map((p) => (
                  <ProductCard key={p.id} product={p} view="list" />
                ))}
              </Stack>
            )}
          </Box>
        )}

        {total > perPage && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => {
                update({ page });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              getControlProps={(control) => ({
                'aria-label': t(`shop.pager.${control}`),
              })}
            />
          </Group>
        )}
      </Stack>
    </Group>
  );
}
