import {
  Alert,
  Button,
  Card,
  Collapse,
  Grid,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  emiMonthOptions,
  paymentMethods,
  type Address,
  type PaymentInput,
  type PaymentMethod,
  type PriceSummary,
} from '../api/types';
import { useFormat } from '../hooks/use-format';
import { cardNumber, cvv, expiry, formatCardNumber, required } from '../lib/validation';
import { PriceDetails } from './price-details';

export const banks = ['Bank of America', 'Chase', 'Citibank', 'HSBC', 'Wells Fargo'] as const;

interface PaymentForm {
  method: PaymentMethod;
  cardNumber: string;
  cardHolder: string;
  expiry: string;
  cvv: string;
  bank: string;
  emiMonths: string;
}

/** Step 3: payment method with its details; submitting places the order. */
export function CheckoutPaymentStep({
  summary,
  address,
  pending,
  error,
  onBack,
  onPay,
}: {
  summary: PriceSummary;
  address: Address;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onPay: (payment: PaymentInput) => void;
}) {
  const { t } = useTranslation('ecommerce');
  const { money } = useFormat();
  const when =
    (method: PaymentMethod, check: (v: string) => string | null) =>
    (v: string, values: PaymentForm) => {
      if (values.method !== method) return null;
      const key = check(v);
      return key ? t(key) : null;
    };
  const form = useForm<PaymentForm>({
    initialValues: {
      method: 'card',
      cardNumber: '',
      cardHolder: '',
      expiry: '',
      cvv: '',
      bank: '',
      emiMonths: '',
    },
    validate: {
      cardNumber: when('card', cardNumber),
      cardHolder: when('card', required),
      expiry: when('card', (v) => expiry(v)),
      cvv: when('card', cvv),
      bank: when('netBanking', required),
      emiMonths: when('emi', required),
    },
  });
  const method = form.values.method;
  const submit = form.onSubmit((v) => {
    const payment: PaymentInput = { method: v.method };
    if (v.method === 'card') {
      payment.cardLast4 = v.cardNumber.replace(/\s/g, '').slice(-4);
      payment.cardHolder = v.cardHolder.trim();
    } else if (v.method === 'netBanking') payment.bank = v.bank;
    else if (v.method === 'emi') payment.emiMonths = Number(v.emiMonths);
    onPay(payment);
  });

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={5}>{t('payment.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('payment.subtitle')}
              </Text>
            </div>
            <Radio.Group {...form.getInputProps('method')} aria-label={t('payment.title')}>
              <Stack gap="sm">
                {paymentMethods.map((m) => (
                  <Radio key={m} value={m} label={t(`payment.methods.${m}`)} />
                ))}
              </Stack>
            </Radio.Group>

            <Collapse expanded={method === 'card'}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('payment.cardNumber')}
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 5678 9012 3456"
                  {...form.getInputProps('cardNumber')}
                  onChange={(e) =>
                    form.setFieldValue('cardNumber', formatCardNumber(e.currentTarget.value))
                  }
                />
                <TextInput
                  label={t('payment.cardHolder')}
                  withAsterisk
                  autoComplete="cc-name"
                  {...form.getInputProps('cardHolder')}
                />
                <TextInput
                  label={t('payment.expiry')}
                  withAsterisk
                  placeholder={t('payment.expiryPlaceholder')}
                  autoComplete="cc-exp"
                  {...form.getInputProps('expiry')}
                />
                <TextInput
                  label={t('payment.cvv')}
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  {...form.getInputProps('cvv')}
                />
              </SimpleGrid>
            </Collapse>
            <Collapse expanded={method === 'netBanking'}>
              <Select
                label={t('payment.bank')}
                withAsterisk
                data={[...banks]}
                {...form.getInputProps('bank')}
                comboboxProps={{ withinPortal: true }}
              />
            </Collapse>
            <Collapse expanded={method === 'emi'}>
              <Select
                label={t('payment.emiPlan')}
                withAsterisk
                data={emiMonthOptions.map((m) => ({
                  value: String(m),
                  label: t('payment.emiOption', { months: m, amount: money(summary.total / m) }),
                }))}
                {...form.getInputProps('emiMonths')}
                comboboxProps={{ withinPortal: true }}
              />
            </Collapse>
            <Collapse expanded={method === 'cod'}>
              <Text size="sm" c="dimmed">
                {t('payment.codNote')}
              </Text>
            </Collapse>

            {error && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {error}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={onBack} disabled={pending}>
                {t('actions.back')}
              </Button>
              <Button type="submit" loading={pending}>
                {t('payment.pay', { amount: money(summary.total) })}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <PriceDetails summary={summary} />
          <Card withBorder radius="md" padding="md">
            <Text fw={600} size="sm">
              {t('payment.deliverTo')}
            </Text>
            <Text size="sm">{address.fullName}</Text>
            <Text size="sm" c="dimmed">
              {address.flat}, {address.landmark}
            </Text>
            <Text size="sm" c="dimmed">
              {address.city}, {address.state} {address.pincode}
            </Text>
            <Text size="sm" c="dimmed">
              {address.mobile}
            </Text>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
