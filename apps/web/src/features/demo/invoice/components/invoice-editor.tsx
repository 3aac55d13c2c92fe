import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Divider,
  Drawer,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconDeviceFloppy, IconEye, IconPlus, IconX } from '@tabler/icons-react';
import { isAxiosError } from 'axios';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAddClient, useClients, useInvoice, useSaveInvoice } from '../api/invoice';
import {
  catalogue,
  invoiceTotals,
  rowPrice,
  taxRates,
  type Client,
  type Invoice,
  type InvoiceItem,
} from '../api/types';
import { CompanyBlock, InvoiceNotFound } from './invoice-preview';
import { useFormat } from './shared';

const NEW_CLIENT = '__new__';
const countries = [
  'Argentina',
  'Australia',
  'Austria',
  'Belgium',
  'Brazil',
  'Canada',
  'Chile',
  'China',
  'Colombia',
  'Czechia',
  'Denmark',
  'Egypt',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Haiti',
  'India',
  'Indonesia',
  'Ireland',
  'Israel',
  'Italy',
  'Japan',
  'Kenya',
  'Mexico',
  'Netherlands',
  'New Zealand',
  'Nigeria',
  'Norway',
  'Poland',
  'Portugal',
  'Russia',
  'South Africa',
  'South Korea',
  'Spain',
  'Sweden',
  'Switzerland',
  'Turkey',
  'Ukraine',
  'United Kingdom',
  'USA',
];

const blankItem = (): InvoiceItem => ({
  name: '',
  description: '',
  cost: 0,
  qty: 1,
  discount: 0,
  tax1: 0,
  tax2: 0,
});
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface FormValues {
  issuedDate: string | null;
  dueDate: string | null;
  clientEmail: string | null;
  items: InvoiceItem[];
  salesperson: string;
  note: string;
  paymentVia: string | null;
}

function CustomerDrawer({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (c: Client) => void;
}) {
  const { t } = useTranslation('invoice');
  const add = useAddClient();
  const form = useForm<Client>({
    initialValues: {
      name: '',
      companyEmail: '',
      company: '',
      address: '',
      country: '',
      contact: '',
    },
    validate: {
      name: isNotEmpty(t('validation.required')),
      companyEmail: isEmail(t('validation.email')),
      address: isNotEmpty(t('validation.required')),
      country: isNotEmpty(t('validation.required')),
      contact: (v) => (/^[+()\d\s-]{6,}$/.test(v.trim()) ? null : t('validation.phone')),
    },
  });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('customer.title')}>
      <form
        onSubmit={form.onSubmit((v) =>
          add.mutate(
            { ...v, company: v.company || v.name },
            {
              onSuccess: (c) => {
                notifications.show({
                  color: 'green',
                  message: t('customer.added', { name: c.name }),
                });
                onAdded(c);
                form.reset();
                onClose();
              },
              onError: () => notifications.show({ color: 'red', message: t('saveError') }),
            },
          ),
        )}
      >
        <Stack>
          <TextInput label={t('customer.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label={t('customer.email')}
            withAsterisk
            {...form.getInputProps('companyEmail')}
          />
          <TextInput label={t('customer.company')} {...form.getInputProps('company')} />
          <Textarea label={t('customer.address')} withAsterisk {...form.getInputProps('address')} />
          <Select
            label={t('customer.country')}
            data={countries}
            searchable
            withAsterisk
            {...form.getInputProps('country')}
          />
          <TextInput
            label={t('customer.contact')}
            withAsterisk
            {...form.getInputProps('contact')}
          />
          <Group>
            <Button type="submit" loading={add.isPending}>
              {t('customer.add')}
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

function EditorForm({ invoice }: { invoice?: Invoice }) {
  const { t } = useTranslation('invoice');
  const { money } = useFormat();
  const navigate = useNavigate();
  const clients = useClients();
  const save = useSaveInvoice();
  const [customerOpen, setCustomerOpen] = useState(false);
  const [added, setAdded] = useState<Client[]>([]);
  const form = useForm<FormValues>({
    initialValues: {
      issuedDate: invoice?.issuedDate ?? today(),
      dueDate: invoice?.dueDate ?? inDays(30),
      clientEmail: invoice?.client.companyEmail ?? null,
      items: invoice?.items.length ? invoice.items : [blankItem()],
      salesperson: invoice?.salesperson ?? '',
      note: invoice?.note ?? '',
      paymentVia: 'bank',
    },
    validate: {
      issuedDate: isNotEmpty(t('validation.required')),
      dueDate: (v, values) =>
        !v
          ? t('validation.required')
          : values.issuedDate && v < values.issuedDate
            ? t('validation.dueAfterIssued')
            : null,
      clientEmail: isNotEmpty(t('validation.client')),
      items: {
        name: isNotEmpty(t('validation.required')),
        cost: (v) => (v >= 0 ? null : t('validation.positive')),
        qty: (v) => (Number.isInteger(v) && v > 0 ? null : t('validation.qty')),
      },
    },
  });

  const allClients = useMemo(() => {
    const list = [...added, ...(clients.data ?? [])];
    if (invoice && !list.some((c) => c.companyEmail === invoice.client.companyEmail))
      list.push(invoice.client);
    const seen = new Set<string>();
    return list.filter((c) => !seen.has(c.companyEmail) && seen.add(c.companyEmail));
  }, [added, clients.data, invoice]);
  const client = allClients.find((c) => c.companyEmail === form.values.clientEmail);
  const totals = invoiceTotals(form.values.items);

  const submit = form.onSubmit((v) => {
    if (!client) return;
    save.mutate(
      {
        id: invoice?.id,
        input: {
          issuedDate: v.issuedDate ?? today(),
          dueDate: v.dueDate ?? today(),
          client,
          service: v.items[0]?.name ?? '',
          items: v.items,
          salesperson: v.salesperson.trim(),
          note: v.note.trim(),
        },
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('editor.saved', { id: saved.id }) });
          void navigate(`/apps/invoice/preview/${saved.id}`);
        },
        onError: () => notifications.show({ color: 'red', message: t('saveError') }),
      },
    );
  });

  const pickItem = (index: number, name: string | null) => {
    const product = catalogue.find((p) => p.name === name);
    form.setFieldValue(`items.${index}.name`, name ?? '');
    if (product) {
      form.setFieldValue(`items.${index}.cost`, product.cost);
      form.setFieldValue(`items.${index}.description`, product.description);
      if (!form.values.items[index]?.qty) form.setFieldValue(`items.${index}.qty`, 1);
    }
  };
  const taxOptions = taxRates.map((r) => ({ value: String(r), label: `${r}%` }));
  const itemOptions = [
    ...catalogue.map((p) => p.name),
    ...form.values.items
      .map((i) => i.name)
      .filter((n) => n && !catalogue.some((p) => p.name === n)),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Grid>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Card padding="xl" radius="md" shadow="sm" withBorder>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
              <CompanyBlock />
              <Stack gap="xs" miw={220}>
                <Title order={4}>
                  {t('invoice')} {invoice ? `#${invoice.id}` : t('editor.new')}
                </Title>
                <DatePickerInput
                  label={t('dateIssued')}
                  valueFormat="DD MMM YYYY"
                  withAsterisk
                  {...form.getInputProps('issuedDate')}
                />
                <DatePickerInput
                  label={t('dueDate')}
                  valueFormat="DD MMM YYYY"
                  withAsterisk
                  {...form.getInputProps('dueDate')}
                />
              </Stack>
            </Group>
            <Divider my="lg" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Stack gap="xs">
                <Select
                  label={t('invoiceTo')}
                  placeholder={t('editor.selectClient')}
                  searchable
                  withAsterisk
                  data={[
                    { value: NEW_CLIENT, label: `+ ${t('customer.title')}` },
                    ...allClients.map((c) => ({
                      value: c.companyEmail,
                      label: `${c.name} (${c.companyEmail})`,
                    })),
                  ]}
                  {...form.getInputProps('clientEmail')}
                  onChange={(v) => {
                    if (v === NEW_CLIENT) setCustomerOpen(true);
                    else form.setFieldValue('clientEmail', v);
                  }}
                />
                {client && (
                  <Stack gap={0} data-testid="editor-client">
                    <Text size="sm">{client.company}</Text>
                    <Text size="sm">{client.address}</Text>
                    <Text size="sm">{client.country}</Text>
                    <Text size="sm">{client.contact}</Text>
                  </Stack>
                )}
              </Stack>
              <TextInput label={t('salesperson')} {...form.getInputProps('salesperson')} />
            </SimpleGrid>
            <Divider my="lg" />
            <Stack gap="md">
              {form.values.items.map((item, index) => (
                <Paper key={index} withBorder p="md" radius="md" data-testid="item-row">
                  <Group justify="space-between" mb="xs">
                    <Text fw={600} size="sm">
                      {t('items.row', { n: index + 1 })}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('items.remove')}
                      disabled={form.values.items.length === 1}
                      onClick={() => form.removeListItem('items', index)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                    <Select
                      label={t('items.item')}
                      placeholder={t('items.select')}
                      data={itemOptions}
                      withAsterisk
                      {...form.getInputProps(`items.${index}.name`)}
                      onChange={(v) => pickItem(index, v)}
                    />
                    <NumberInput
                      label={t('items.cost')}
                      prefix="$"
                      min={0}
                      decimalScale={2}
                      {...form.getInputProps(`items.${index}.cost`)}
                    />
                    <NumberInput
                      label={t('items.qty')}
                      min={1}
                      allowDecimal={false}
                      {...form.getInputProps(`items.${index}.qty`)}
                    />
                    <TextInput
                      label={t('items.price')}
                      readOnly
                      value={money(
                        rowPrice({ cost: Number(item.cost) || 0, qty: Number(item.qty) || 0 }),
                      )}
                    />
                    <NumberInput
                      label={t('items.discount')}
                      suffix="%"
                      min={0}
                      max={100}
                      {...form.getInputProps(`items.${index}.discount`)}
                    />
                    <Select
                      label={t('items.tax1')}
                      data={taxOptions}
                      allowDeselect={false}
                      value={String(item.tax1)}
                      onChange={(v) => form.setFieldValue(`items.${index}.tax1`, Number(v ?? 0))}
                    />
                    <Select
                      label={t('items.tax2')}
                      data={taxOptions}
                      allowDeselect={false}
                      value={String(item.tax2)}
                      onChange={(v) => form.setFieldValue(`items.${index}.tax2`, Number(v ?? 0))}
                    />
                    <TextInput
                      label={t('items.description')}
                      {...form.getInputProps(`items.${index}.description`)}
                    />
                  </SimpleGrid>
                </Paper>
              ))}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem('items', blankItem())}
                >
                  {t('items.add')}
                </Button>
              </Group>
            </Stack>
            <Divider my="lg" />
            <Group justify="flex-end">
              <Stack gap={4} miw={240} data-testid="editor-totals">
                {(['subtotal', 'discount', 'tax', 'total'] as const).map((k) => (
                  <Group key={k} justify="space-between">
                    <Text size="sm">{t(`totals.${k}`)}:</Text>
                    <Text size="sm" fw={k === 'total' ? 700 : 600} data-testid={`total-${k}`}>
                      {money(totals[k])}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Group>
            <Divider my="lg" />
            <Textarea label={t('note')} rows={2} {...form.getInputProps('note')} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card padding="lg" radius="md" shadow="sm" withBorder>
            <Stack gap="sm">
              <Button
                type="submit"
                loading={save.isPending}
                leftSection={<IconDeviceFloppy size={16} />}
              >
                {t('editor.save')}
              </Button>
              {invoice && (
                <Button
                  variant="default"
                  component={Link}
                  to={`/apps/invoice/preview/${invoice.id}`}
                  leftSection={<IconEye size={16} />}
                >
                  {t('editor.preview')}
                </Button>
              )}
              <Select
                label={t('editor.acceptVia')}
                data={[
                  { value: 'bank', label: t('editor.via.bank') },
                  { value: 'paypal', label: t('editor.via.paypal') },
                  { value: 'upi', label: t('editor.via.upi') },
                ]}
                allowDeselect={false}
                {...form.getInputProps('paymentVia')}
              />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <CustomerDrawer
        opened={customerOpen}
        onClose={() => setCustomerOpen(false)}
        onAdded={(c) => {
          setAdded((list) => [c, ...list]);
          form.setFieldValue('clientEmail', c.companyEmail);
        }}
      />
    </form>
  );
}

export function InvoiceAdd() {
  return <EditorForm />;
}

export function InvoiceEdit() {
  const { t } = useTranslation('invoice');
  const params = useParams();
  const query = useInvoice(Number(params.id));
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
  return <EditorForm key={query.data.invoice.id} invoice={query.data.invoice} />;
}
