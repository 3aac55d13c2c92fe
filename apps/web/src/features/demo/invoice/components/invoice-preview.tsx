import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Chip,
  Divider,
  Drawer,
  Grid,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconEdit, IconPrinter, IconSend, IconCash } from '@tabler/icons-react';
import { isAxiosError } from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAddPayment, useInvoice } from '../api/invoice';
import { invoiceTotals, rowPrice, type Invoice } from '../api/types';
import classes from './invoice.module.css';
import { StatusBadge, useFormat } from './shared';

export const paymentMethods = ['cash', 'bankTransfer', 'debit', 'credit', 'paypal'] as const;

export function CompanyBlock() {
  const { t } = useTranslation('invoice');
  return (
    <Stack gap={2}>
      <Title order={3} c="brand">
        Fiscus
      </Title>
      <Text size="sm">Office 149, 450 South Brand Brooklyn</Text>
      <Text size="sm">San Diego County, CA 91905, USA</Text>
      <Text size="sm">{t('phone')}: +1 (123) 456 7891</Text>
    </Stack>
  );
}

function SendDrawer({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoice');
  const form = useForm({
    initialValues: {
      from: 'billing@fiscus.example',
      to: invoice.client.companyEmail,
      subject: t('send.defaultSubject', { id: invoice.id }),
      message: t('send.defaultMessage', { name: invoice.client.name }),
    },
    validate: {
      from: isEmail(t('validation.email')),
      to: isEmail(t('validation.email')),
      subject: isNotEmpty(t('validation.required')),
      message: isNotEmpty(t('validation.required')),
    },
  });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('send.title')}>
      <form
        onSubmit={form.onSubmit((v) => {
          notifications.show({ color: 'green', message: t('send.sent', { to: v.to }) });
          onClose();
        })}
      >
        <Stack>
          <TextInput label={t('send.from')} withAsterisk {...form.getInputProps('from')} />
          <TextInput label={t('send.to')} withAsterisk {...form.getInputProps('to')} />
          <TextInput label={t('send.subject')} withAsterisk {...form.getInputProps('subject')} />
          <Textarea
            label={t('send.message')}

            rows={5}
            withAsterisk
            {...form.getInputProps('message')}
          />
          <Chip checked readOnly variant="light">
            {t('send.attached')}
          </Chip>
          <Group>
            <Button type="submit">{t('send.send')}</Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

function PaymentDrawer({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoice');
  const { money } = useFormat();
  const pay = useAddPayment(invoice.id);
  const form = useForm<{
    amount: number | string;
    date: string | null;
    method: string | null;
    note: string;
  }>({
    initialValues: {
      amount: invoice.balance,
      date: new Date().toISOString().slice(0, 10),
      method: null,
      note: '',
    },
    validate: {
      amount: (v) =>
        typeof v !== 'number' || v <= 0
          ? t('validation.positive')
          : v > invoice.balance
            ? t('validation.maxBalance', { max: money(invoice.balance) })
            : null,
      date: isNotEmpty(t('validation.required')),
      method: isNotEmpty(t('validation.required')),
    },
  });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('payment.title')}>
      <form
        onSubmit={form.onSubmit((v) =>
          pay.mutate(
            {
              amount: Number(v.amount),
              date: v.date ?? '',
              method: v.method ?? '',
              note: v.note,
            },
            {
              onSuccess: (updated) => {
                notifications.show({
                  color: 'green',
                  message: t('payment.saved', { balance: money(updated.balance) }),
                });
                form.reset();
                onClose();
              },
              onError: () => notifications.show({ color: 'red', message: t('saveError') }),
            },
          ),
        )}
      >
        <Stack>
          <TextInput label={t('payment.balance')} value={money(invoice.balance)} readOnly />
          {invoice.balance === 0 && <Alert color="green">{t('payment.nothingDue')}</Alert>}
          <NumberInput
            label={t('payment.amount')}
            prefix="$"
            min={0}
            decimalScale={2}
            withAsterisk
            {...form.getInputProps('amount')}
          />
          <DatePickerInput
            label={t('payment.date')}
            withAsterisk
            valueFormat="DD MMM YYYY"
            {...form.getInputProps('date')}
          />
          <Select
            label={t('payment.method')}
            placeholder={t('payment.selectMethod')}
            data={paymentMethods.map((m) => ({ value: m, label: t(`payment.methods.${m}`) }))}
            withAsterisk
            {...form.getInputProps('method')}
          />
          <Textarea
            label={t('payment.note')}

            rows={3}
            {...form.getInputProps('note')}
          />
          <Group>
            <Button type="submit" loading={pay.isPending} disabled={invoice.balance === 0}>
              {t('payment.save')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

export function InvoiceNotFound({ id }: { id: string | undefined }) {
  const { t } = useTranslation('invoice');
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('notFound')}>
      {t('notFoundText', { id })}{' '}
      <Anchor component={Link} to="/apps/invoice/list">
        {t('backToList')}
      </Anchor>
    </Alert>
  );
}

export function InvoicePreview() {
  const { t } = useTranslation('invoice');
  const { money, date } = useFormat();
  const params = useParams();
  const id = Number(params.id);
  const query = useInvoice(id);
  const [drawer, setDrawer] = useState<'send' | 'payment' | null>(null);

  if (query.isPending && query.fetchStatus !== 'idle')
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  if (!query.data) {
    const missing =
      !query.isError || (isAxiosError(query.error) && query.error.response?.status === 404);
    return missing ? (
      <InvoiceNotFound id={params.id} />
    ) : (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
        {t('tryAgain')}
      </Alert>
    );
  }
  const { invoice, paymentDetails } = query.data;
  const totals = invoiceTotals(invoice.items);

  return (
    <Grid className={classes.layout}>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Card padding="xl" radius="md" shadow="sm" withBorder className={classes.paper}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            <CompanyBlock />
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={4}>
                  {t('invoice')} #{invoice.id}
                </Title>
                <StatusBadge status={invoice.invoiceStatus} />
              </Group>
              <Text size="sm">
                {t('dateIssued')}: <b>{date(invoice.issuedDate)}</b>
              </Text>
              <Text size="sm">
                {t('dueDate')}: <b>{date(invoice.dueDate)}</b>
              </Text>
            </Stack>
          </Group>
          <Divider my="lg" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap={2}>
              <Text fw={600} mb={4}>
                {t('invoiceTo')}
              </Text>
              <Text size="sm">{invoice.client.name}</Text>
              <Text size="sm">{invoice.client.company}</Text>
              <Text size="sm">{invoice.client.address}</Text>
              <Text size="sm">{invoice.client.country}</Text>
              <Text size="sm">{invoice.client.contact}</Text>
              <Text size="sm">{invoice.client.companyEmail}</Text>
            </Stack>
            <Stack gap={2}>
              <Text fw={600} mb={4}>
                {t('paymentDetails')}
              </Text>
              <Text size="sm">
                {t('totalDue')}: <b>{money(invoice.balance)}</b>
              </Text>
              <Text size="sm">
                {t('bankName')}: {paymentDetails.bankName}
              </Text>
              <Text size="sm">
                {t('country')}: {paymentDetails.country}
              </Text>
              <Text size="sm">IBAN: {paymentDetails.iban}</Text>
              <Text size="sm">SWIFT: {paymentDetails.swiftCode}</Text>
            </Stack>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={520} mt="lg">
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('items.item')}</Table.Th>
                  <Table.Th>{t('items.cost')}</Table.Th>
                  <Table.Th>{t('items.qty')}</Table.Th>
                  <Table.Th>{t('items.discount')}</Table.Th>
                  <Table.Th>{t('items.price')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.items.map((item, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {item.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {item.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{money(item.cost)}</Table.Td>
                    <Table.Td>{item.qty}</Table.Td>
                    <Table.Td>{item.discount}%</Table.Td>
                    <Table.Td>{money(rowPrice(item))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" align="flex-start" mt="lg" wrap="wrap">
            <Text size="sm">
              <b>{t('salesperson')}:</b> {invoice.salesperson || '—'}
            </Text>
            <Stack gap={4} miw={220}>
              <Group justify="space-between">
                <Text size="sm">{t('totals.subtotal')}:</Text>
                <Text size="sm" fw={600}>
                  {money(totals.subtotal)}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">{t('totals.discount')}:</Text>
                <Text size="sm" fw={600}>
                  {money(totals.discount)}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">{t('totals.tax')}:</Text>
                <Text size="sm" fw={600}>
                  {money(totals.tax)}
                </Text>
              </Group>
              <Divider />
              <Group justify="space-between">
                <Text size="sm">{t('totals.total')}:</Text>
                <Text size="sm" fw={700} data-testid="invoice-total">
                  {money(invoice.total)}
                </Text>
              </Group>
            </Stack>
          </Group>
          {invoice.note && (
            <>
              <Divider my="lg" />
              <Text size="sm">
                <b>{t('note')}:</b> {invoice.note}
              </Text>
            </>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }} className={classes.actions}>
        <Card padding="lg" radius="md" shadow="sm" withBorder>
          <Stack gap="sm">
            <Button leftSection={<IconSend size={16} />} onClick={() => setDrawer('send')}>
              {t('send.title')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
            >
              {t('print')}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={`/apps/invoice/edit/${invoice.id}`}
              leftSection={<IconEdit size={16} />}
            >
              {t('edit')}
            </Button>
            <Button
              color="green"
              leftSection={<IconCash size={16} />}
              onClick={() => setDrawer('payment')}
            >
              {t('payment.title')}
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
      <SendDrawer invoice={invoice} opened={drawer === 'send'} onClose={() => setDrawer(null)} />
      <PaymentDrawer
        key={`${invoice.id}-${invoice.balance}`}
        invoice={invoice}
        opened={drawer === 'payment'}
        onClose={() => setDrawer(null)}
      />
    </Grid>
  );
}
