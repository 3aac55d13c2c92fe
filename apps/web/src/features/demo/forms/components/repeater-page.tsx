import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Line {
  key: number;
  item: string;
  cost: number | string;
  quantity: number | string;
}
let nextKey = 1;
const newLine = (): Line => ({ key: nextKey++, item: '', cost: '', quantity: 1 });
const num = (v: number | string) => (typeof v === 'number' ? v : Number(v) || 0);

/** Lines added and removed at will; each line's price and the total follow. */
export function RepeaterPage() {
  const { t, i18n } = useTranslation('forms');
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const form = useForm({
    initialValues: { lines: [newLine()] },
    validate: {
      lines: {
        item: (v: string) => (v.trim() ? null : t('rules.required')),
        cost: (v: number | string) => (num(v) > 0 ? null : t('rules.positive')),
        quantity: (v: number | string) =>
          Number.isInteger(num(v)) && num(v) >= 1 ? null : t('rules.range', { min: 1, max: 999 }),
      },
    },
  });
  const lines = form.values.lines;
  const total = lines.reduce((s, l) => s + num(l.cost) * num(l.quantity), 0);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="repeater-page">
      <form
        noValidate
        onSubmit={form.onSubmit(() => {
          notifications.show({
            color: 'green',
            message: t('repeater.saved', { count: lines.length }),
          });
        })}
      >
        <Stack>
          {lines.map((line, i) => (
            <Group
              key={line.key}
              align="flex-start"
              gap="sm"
              wrap="wrap"
              data-testid="repeater-line"
            >
              <TextInput
                label={t('repeater.item')}
                style={{ flex: '2 1 180px' }}
                {...form.getInputProps(`lines.${i}.item`)}
              />
              <NumberInput
                label={t('repeater.cost')}
                min={0}
                decimalScale={2}
                style={{ flex: '1 1 110px' }}
                {...form.getInputProps(`lines.${i}.cost`)}
              />
              <NumberInput
                label={t('repeater.quantity')}
                min={1}
                max={999}
                allowDecimal={false}
                style={{ flex: '1 1 90px' }}
                {...form.getInputProps(`lines.${i}.quantity`)}
              />
              <div style={{ flex: '1 1 100px' }}>
                <Text size="sm" fw={500}>
                  {t('repeater.price')}
                </Text>
                <Text mt={8} data-testid="repeater-price">
                  {money.format(num(line.cost) * num(line.quantity))}
                </Text>
              </div>
              <Tooltip label={t('repeater.remove')}>
                <ActionIcon
                  variant="light"
                  color="red"
                  mt={26}
                  aria-label={t('repeater.remove')}
                  disabled={lines.length === 1}
                  onClick={() => form.removeListItem('lines', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('lines', newLine())}
              data-testid="repeater-add"
            >
              {t('repeater.add')}
            </Button>
            <Text fw={700} data-testid="repeater-total">
              {t('repeater.total', { total: money.format(total) })}
            </Text>
          </Group>
          <Group>
            <Button type="submit">{t('submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
