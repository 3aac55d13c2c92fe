import {
  Button,
  Card,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { addressTypes, type Address, type PriceSummary } from '../api/types';
import { mobile, pincode, required } from '../lib/validation';
import { PriceDetails } from './price-details';

export const emptyAddress: Address = {
  fullName: '',
  mobile: '',
  flat: '',
  landmark: '',
  city: '',
  pincode: '',
  state: '',
  type: 'home',
};

/** Step 2: delivery address, every field required, mobile and pincode checked. */
export function CheckoutAddressStep({
  initial,
  summary,
  onBack,
  onNext,
}: {
  initial: Address;
  summary: PriceSummary;
  onBack: () => void;
  onNext: (address: Address) => void;
}) {
  const { t } = useTranslation('ecommerce');
  const tr = (check: (v: string) => string | null) => (v: string) => {
    const key = check(v);
    return key ? t(key) : null;
  };
  const form = useForm<Address>({
    initialValues: initial,
    validate: {
      fullName: tr(required),
      mobile: tr(mobile),
      flat: tr(required),
      landmark: tr(required),
      city: tr(required),
      pincode: tr(pincode),
      state: tr(required),
    },
  });
  const submit = form.onSubmit((values) =>
    onNext({
      ...values,
      mobile: values.mobile.replace(/[\s-]/g, ''),
      ...Object.fromEntries(
        (['fullName', 'flat', 'landmark', 'city', 'pincode', 'state'] as const).map((k) => [
          k,
          values[k].trim(),
        ]),
      ),
    }),
  );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={5}>{t('address.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('address.subtitle')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('address.fullName')}
                withAsterisk
                autoComplete="name"
                {...form.getInputProps('fullName')}
              />
              <TextInput
                label={t('address.mobile')}
                withAsterisk
                inputMode="tel"
                autoComplete="tel"
                {...form.getInputProps('mobile')}
              />
              <TextInput
                label={t('address.flat')}
                withAsterisk
                autoComplete="address-line1"
                {...form.getInputProps('flat')}
              />
              <TextInput
                label={t('address.landmark')}
                withAsterisk
                {...form.getInputProps('landmark')}
              />
              <TextInput
                label={t('address.city')}
                withAsterisk
                autoComplete="address-level2"
                {...form.getInputProps('city')}
              />
              <TextInput
                label={t('address.pincode')}
                withAsterisk
                inputMode="numeric"
                autoComplete="postal-code"
                {...form.getInputProps('pincode')}
              />
              <TextInput
                label={t('address.state')}
                withAsterisk
                autoComplete="address-level1"
                {...form.getInputProps('state')}
              />
              <Radio.Group label={t('address.type')} withAsterisk {...form.getInputProps('type')}>
                <Group mt={8}>
                  {addressTypes.map((a) => (
                    <Radio key={a} value={a} label={t(`address.types.${a}`)} />
                  ))}
                </Group>
              </Radio.Group>
            </SimpleGrid>
            <Group justify="space-between">
              <Button variant="default" onClick={onBack}>
                {t('actions.back')}
              </Button>
              <Button type="submit">{t('address.deliverHere')}</Button>
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PriceDetails summary={summary} />
      </Grid.Col>
    </Grid>
  );
}
