import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceSummary } from '../api/types';
import { useFormat } from '../hooks/use-format';

/** Price details card: total MRP, discount, delivery and the amount to pay. */
export function PriceDetails({
  summary,
  children,
}: {
  summary: PriceSummary;
  children?: ReactNode;
}) {
  const { t } = useTranslation('ecommerce');
  const { money } = useFormat();
  const row = (label: string, value: ReactNode, testId?: string) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={6}>{t('checkout.priceDetails')}</Title>
        {row(t('checkout.totalMrp', { count: summary.itemCount }), money(summary.subtotal))}
        {row(
          t('checkout.discount'),
          <Text span size="sm" c="green">
            −{money(summary.discount)}
          </Text>,
        )}
        {row(
          t('checkout.delivery'),
          summary.delivery === 0 ? (
            <Text span size="sm" c="green">
              {t('checkout.free')}
            </Text>
          ) : (
            money(summary.delivery)
          ),
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('checkout.total')}</Text>
          <Text fw={700} data-testid="order-total">
            {money(summary.total)}
          </Text>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
