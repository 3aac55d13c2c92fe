import { Alert, Badge, Card, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { HistoryEntry, PlatformObject } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { formatValue } from '@/components/data-grid';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { useReferenceLabels } from '../hooks/use-reference-labels';
import { choiceName } from '@/lib/names';

const actionColor: Record<HistoryEntry['action'], string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  restore: 'grape',
};

/** "Log" of a record: who changed what and when, before → after, newest first. */
export function HistoryDrawer({
  meta,
  recordId,
  opened,
  onClose,
}: {
  meta: PlatformObject;
  recordId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('platform');
  const history = useOp(
    'records.history',
    { objectId: meta.id, id: recordId ?? 1 },
    { enabled: opened && recordId !== null },
  );
  const refLabels = useReferenceLabels(meta, history.data?.items);
  const show = (code: string, v: unknown) => {
    if (v === null || v === undefined || v === '')
      return (
        <Text span c="dimmed">
          ∅
        </Text>
      );
    const f = meta.fields.find((x) => x.code === code);
    if (!f) return String(typeof v === 'object' ? JSON.stringify(v) : v);
    const text = formatValue(f.type, v, i18n.language, {
      currency: f.options.currency,
      precision: f.options.scale,
      yes: t('yes'),
      no: t('no'),
      choices: f.options.choices?.map((c) => ({ value: c.value, label: choiceName(c) })),
    });
    if (f.type !== 'reference') return text;
    // A referenced record by the text it is shown as (its number while that loads or if gone).
    return (typeof v === 'number' && refLabels.get(code)?.get(v)) || `#${text}`;
  };
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('history.title', { id: recordId ?? '' })}
    >
      {history.isLoading && (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      )}
      {history.isError && (
        <Alert color="red" title={t('history.error')}>
          {messageOf(history.error)}
        </Alert>
      )}
      {history.data && history.data.items.length === 0 && (
        <Text c="dimmed">{t('history.empty')}</Text>
      )}
      <Stack gap="sm">
        {history.data?.items.map((e) => (
          <Card key={e.id} withBorder padding="sm" data-testid="history-entry">
            <Group justify="space-between" mb={e.changes.length ? 'xs' : 0}>
              <Group gap="xs">
                <Badge color={actionColor[e.action]} variant="light">
                  {t(`history.actions.${e.action}`)}
                </Badge>
                <Text size="sm" fw={500}>
                  {e.userName ?? t('history.system')}
                </Text>
                {e.via && (
                  <Text size="sm" c="dimmed" data-testid="history-via">
                    {t('history.via', { name: e.via })}
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {when.format(new Date(e.at))}
              </Text>
            </Group>
            {e.changes.length > 0 && (
              <Table.ScrollContainer minWidth={320}>
                <Table fz="sm" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('history.field')}</Table.Th>
                      <Table.Th>{t('history.before')}</Table.Th>
                      <Table.Th>{t('history.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {e.changes.map((c) => (
                      <Table.Tr key={c.field}>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td style={{ color: 'var(--mantine-color-red-text)' }}>
                          {show(c.field, c.before)}
                        </Table.Td>
                        <Table.Td style={{ color: 'var(--mantine-color-teal-text)' }}>
                          → {show(c.field, c.after)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        ))}
      </Stack>
    </Drawer>
  );
}
