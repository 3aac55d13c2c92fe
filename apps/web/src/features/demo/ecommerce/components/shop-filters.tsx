import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Radio,
  RangeSlider,
  Rating,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopFilters } from '../api/queries';
import type { CategoryKey } from '../api/types';
import { useFormat } from '../hooks/use-format';
import type { ShopState } from '../hooks/use-shop-params';
import { ErrorState } from './product-bits';

const presets = [
  { key: 'all', min: undefined, max: undefined },
  { key: 'lte10', min: undefined, max: 10 },
  { key: '10to100', min: 10, max: 100 },
  { key: '100to500', min: 100, max: 500 },
  { key: 'gte500', min: 500, max: undefined },
] as const;

const brandsShown = 8;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={6}>{title}</Title>
      {children}
    </Stack>
  );
}

/** Shop sidebar: price range, categories, brands, rating and free shipping, all sent to the listing. */
export function ShopFilters({
  state,
  onChange,
  onClear,
  showTitle = true,
}: {
  showTitle?: boolean;
  state: ShopState;
  onChange: (patch: Partial<ShopState>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('ecommerce');
  const { money } = useFormat();
  const facets = useShopFilters();
  const [allBrands, setAllBrands] = useState(false);
  const lo = facets.data?.priceMin ?? 0;
  const hi = facets.data?.priceMax ?? 8000;
  const [range, setRange] = useState<[number, number]>([
    state.priceMin ?? lo,
    state.priceMax ?? hi,
  ]);
  useEffect(
    () => setRange([state.priceMin ?? lo, state.priceMax ?? hi]),
    [state.priceMin, state.priceMax, lo, hi],
  );

  const preset =
    presets.find((p) => p.min === state.priceMin && p.max === state.priceMax)?.key ?? 'custom';

  if (facets.isError) return <ErrorState onRetry={() => void facets.refetch()} />;
  if (!facets.data) {
    return (
      <Stack data-testid="filters-loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={24} />
        ))}
      </Stack>
    );
  }
  const { categories, brands, ratings } = facets.data;
  const toggle = <T,>(list: T[], v: T) =>
    list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
  const shownBrands = allBrands ? brands : brands.slice(0, brandsShown);

  return (
    <Stack gap="lg" data-testid="shop-filters">
      {showTitle && <Title order={5}>{t('filters.title')}</Title>}

      <Section title={t('filters.multiRange')}>
        <Radio.Group
          value={preset}
          onChange={(key) => {
            const p = presets.find((x) => x.key === key);
            if (p) onChange({ priceMin: p.min, priceMax: p.max });
          }}
        >
          <Stack gap={6}>
            {presets.map((p) => (
              <Radio key={p.key} value={p.key} label={t(`filters.range.${p.key}`)} />
            ))}
          </Stack>
        </Radio.Group>
      </Section>

      <Section title={t('filters.priceRange')}>
        <RangeSlider
          min={lo}
          max={hi}
          step={10}
          minRange={10}
          value={range}
          onChange={setRange}
          onChangeEnd={([a, b]) =>
            onChange({ priceMin: a <= lo ? undefined : a, priceMax: b >= hi ? undefined : b })
          }
          label={(v) => money(v)}
          aria-label={t('filters.priceRange')}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {money(range[0])}
          </Text>
          <Text size="xs" c="dimmed">
            {money(range[1])}
          </Text>
        </Group>
      </Section>

      <Divider />
      <Section title={t('filters.categories')}>
        <Stack gap={6}>
          {categories.map((c) => (
            <Checkbox
              key={c.value}
              checked={state.categories.includes(c.value)}
              onChange={() =>
                onChange({ categories: toggle<CategoryKey>(state.categories, c.value) })
              }
              label={
                <Group gap={6} wrap="nowrap">
                  <span>{t(`categories.${c.value}`)}</span>
                  <Text span size="xs" c="dimmed">
                    ({c.count})
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
      </Section>

      <Divider />
      <Section title={t('filters.brands')}>
        <Stack gap={6}>
          {shownBrands.map((b) => (
            <Checkbox
              key={b.value}
              checked={state.brands.includes(b.value)}
              onChange={() => onChange({ brands: toggle(state.brands, b.value) })}
              label={
                <Group gap={6} wrap="nowrap">
                  <span>{b.value}</span>
                  <Text span size="xs" c="dimmed">
                    ({b.count})
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
        {brands.length > brandsShown && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setAllBrands((v) => !v)}
          >
            {allBrands ? t('filters.showLess') : t('filters.showAll', { count: brands.length })}
          </Anchor>
        )}
      </Section>

      <Divider />
      <Section title={t('filters.ratings')}>
        <Stack gap={4}>
          {ratings.map((r) => {
            const active = state.rating === r.value;
            return (
              <UnstyledButton
                key={r.value}
                onClick={() => onChange({ rating: active ? undefined : r.value })}
                aria-pressed={active}
                aria-label={t('filters.ratingUp', { rating: r.value })}
                p={4}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: active ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <Rating value={r.value} readOnly size="xs" />
                    <Text size="sm">{t('filters.andUp')}</Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {r.count}
                  </Text>
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      </Section>

      <Divider />
      <Switch
        label={t('filters.freeShipping')}
        checked={state.freeShipping}
        onChange={(e) => onChange({ freeShipping: e.currentTarget.checked })}
      />

      <Button variant="light" onClick={onClear} fullWidth>
        {t('filters.clearAll')}
      </Button>
    </Stack>
  );
}
