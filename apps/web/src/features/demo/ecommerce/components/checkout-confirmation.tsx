import {
  Button,
  Card,
  Grid,
  Group,
  Image,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../api/types';
import { useFormat } from '../hooks/use-format';
import { shopPath } from '../lib/slug';
import { PriceDetails } from './price-details';

/** Step 4: the placed order, its lines, delivery address and payment. */
export function CheckoutConfirmation({ order }: { order: Order }) {
  const { t } = useTranslation('ecommerce');
  const { money, longDate } = useFormat();
  const p = order.payment;
  const paymentText =
    p.method === 'card'
      ? t('confirmation.paidCard', { last4: p.cardLast4 ?? '' })
      : p.method === 'netBanking'
        ? t('confirmation.paidBank', { bank: p.bank ?? '' })
        : p.method === 'emi'
          ? t('confirmation.paidEmi', { months: p.emiMonths ?? 0 })
          : t('payment.methods.cod');
  return (
    <Stack gap="md" data-testid="order-confirmation">
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={64} radius="xl" color="green" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={3}>{t('confirmation.thanks')}</Title>
          <Text>{t('confirmation.placed', { number: order.number })}</Text>
          <Text size="sm" c="dimmed">
            {t('confirmation.delivery', { date: longDate(order.deliveryDate) })}
          </Text>
          <Button component={Link} to={shopPath} mt="sm">
            {t('actions.continueShopping')}
          </Button>
        </Stack>
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="md">
            <Title order={6} mb="sm">
              {t('confirmation.summary')}
            </Title>
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('confirmation.item')}</Table.Th>
                    <Table.Th ta="right">{t('cart.qty')}</Table.Th>
                    <Table.Th ta="right">{t('confirmation.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.lines.map((l) => (
                    <Table.Tr key={l.productId}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Image src={l.image} alt="" w={36} h={36} radius="sm" />
                          <div>
                            <Text size="sm" fw={500} lineClamp={1}>
                              {l.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t('product.by', { brand: l.brand })}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{l.qty}</Table.Td>
                      <Table.Td ta="right">{money(l.price * l.qty)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <PriceDetails summary={order.summary} />
            <Card withBorder radius="md" padding="md">
              <Text fw={600} size="sm">
                {t('payment.deliverTo')}
              </Text>
              <Text size="sm">
                {order.address.fullName} · {t(`address.types.${order.address.type}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {order.address.flat}, {order.address.landmark}, {order.address.city},{' '}
                {order.address.state} {order.address.pincode}
              </Text>
              <Text fw={600} size="sm" mt="sm">
                {t('confirmation.payment')}
              </Text>
              <Text size="sm" c="dimmed">
                {paymentText}
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
