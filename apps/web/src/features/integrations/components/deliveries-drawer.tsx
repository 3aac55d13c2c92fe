import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Collapse,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import type { Webhook, WebhookDelivery } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { eventKey } from './webhook-form';

const PAGE = 25;

const stateColor: Record<WebhookDelivery['state'], string> = {
  pending: 'yellow',
  sending: 'blue',
  succeeded: 'teal',
  failed: 'red',
};

function DeliveryCard({ d }: { d: WebhookDelivery }) {
  const { t, i18n } = useTranslation('integrations');
  const [open, setOpen] = useState(false);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Card withBorder padding="sm" data-testid="delivery">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge color={stateColor[d.state]} variant="light" data-testid="delivery-state">
            {t(`log.state.${d.state}`)}
          </Badge>
          <Text size="sm" fw={500}>
            {t(`webhooks.event.${eventKey(d.event)}`, { defaultValue: d.event })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {date(d.createdAt)}
        </Text>
      </Group>
      {d.attempts.length > 0 && (
        <Table.ScrollContainer minWidth={360} mt="xs">
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {d.attempts.map((a, i) => (
                <Table.Tr key={`${a.at}-${i}`} data-testid="delivery-attempt">
                  <Table.Td>{t('log.attempt', { n: i + 1 })}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="outline"
                      color={a.error ? 'red' : 'teal'}
                      data-testid="attempt-status"
                    >
                      {a.status === null ? t('webhooks.noAnswer') : a.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c={a.error ? 'red' : 'dimmed'}>
                      {a.error ?? date(a.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {t('log.duration', { ms: a.durationMs })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {d.nextAt && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('log.nextAt', { date: date(d.nextAt) })}
        </Text>
      )}
      <Button variant="subtle" size="compact-xs" mt={4} onClick={() => setOpen((o) => !o)}>
        {t('log.body')}
      </Button>
      <Collapse expanded={open}>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {(() => {
            try {
              return JSON.stringify(JSON.parse(d.body), null, 2);
            } catch {
              return d.body;
            }
          })()}
        </Code>
      </Collapse>
    </Card>
  );
}

/** A webhook's delivery log: every delivery with its attempts, answers and body; newest first. */
export function DeliveriesDrawer({
  webhook,
  onClose,
  onTest,
  testing,
}: {
  webhook: Webhook;
  onClose: () => void;
  onTest: () => void;
  testing: boolean;
}) {
  const { t } = useTranslation('integrations');
  const [limit, setLimit] = useState(PAGE);
  const log = useOp('webhooks.deliveries', { id: webhook.id, offset: 0, limit });
  const items = log.data?.items ?? [];
  const total = log.data?.total ?? 0;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={t('log.title', { name: webhook.name })}
    >
      <Stack gap="sm" data-testid="deliveries">
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void log.refetch()}
            loading={log.isFetching && !log.isPending}
          >
            {t('log.refresh')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} />}
            onClick={onTest}
            loading={testing}
            data-testid="deliveries-test"
          >
            {t('webhooks.test')}
          </Button>
          {total > 0 && (
            <Text size="xs" c="dimmed">
              {t('log.shown', { shown: items.length, total })}
            </Text>
          )}
        </Group>
        {log.isPending && (
          <Group justify="center" p="lg">
            <Loader size="sm" />
          </Group>
        )}
        {log.isError && (
          <Alert color="red" title={t('log.loadFailed')} data-testid="deliveries-error">
            {messageOf(log.error)}
          </Alert>
        )}
        {log.data && items.length === 0 && (
          <Stack gap={4} align="center" p="lg" data-testid="deliveries-empty">
            <Text fw={500}>{t('log.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('log.emptyHint')}
            </Text>
          </Stack>
        )}
        {items.map((d) => (
          <DeliveryCard key={d.id} d={d} />
        ))}
        {items.length < total && limit < 100 && (
          <Button variant="default" onClick={() => setLimit((l) => Math.min(100, l + PAGE))}>
            {t('log.more')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
