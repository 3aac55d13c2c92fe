import { SecretOnceModal } from '@/components/secret-once-modal';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconDots,
  IconKey,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import type { Webhook } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, ListStates, ListToolbar } from '@/components/list-shell';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { DeliveriesDrawer } from './deliveries-drawer';
import { WebhookForm } from './webhook-form';

function stateOf(w: Webhook): 'enabled' | 'disabled' | 'failing' {
  if (!w.enabled) return 'disabled';
  return w.failures > 0 ? 'failing' : 'enabled';
}
const stateColor = { enabled: 'teal', disabled: 'gray', failing: 'orange' } as const;

/**
 * The domain's webhooks: listed with address, events, state and last answer; made and edited in
 * a form; each with its delivery log, a test delivery, a new secret, enable/disable and delete.
 */
export function WebhooksPanel() {
  const { t, i18n } = useTranslation('integrations');
  const list = useOp('webhooks.list', {});
  const update = useOpMutation('webhooks.update');
  const test = useOpMutation('webhooks.test');
  const rotate = useOpMutation('webhooks.rotateSecret');
  const remove = useOpMutation('webhooks.delete');
  const [editing, setEditing] = useState<{ webhook: Webhook | null } | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const items = list.data?.items ?? [];
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const failed = (err: unknown) => notifications.show({ color: 'red', message: messageOf(err) });

  const sendTest = (w: Webhook) =>
    test.mutate(
      { id: w.id },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('webhooks.testSent') }),
        onError: failed,
      },
    );
  const toggle = (w: Webhook) =>
    update.mutate(
      { id: w.id, enabled: !w.enabled },
      {
        onSuccess: (out) =>
          notifications.show({
            color: 'teal',
            message: out.enabled ? t('webhooks.enabled') : t('webhooks.disabledDone'),
          }),
        onError: failed,
      },
    );

  return (
    <Stack gap="md" data-testid="webhooks">
      <Text size="sm" c="dimmed">
        {t('webhooks.hint')}
      </Text>
      <ListToolbar
        onNew={() => setEditing({ webhook: null })}
        newLabel={t('webhooks.new')}
        newTestId="webhook-new"
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching && !list.isPending}
      />
      <ListStates
        query={list}
        total={list.data?.items.length}
        testId="webhooks"
        errorTitle={t('webhooks.loadFailed')}
        empty={{
          icon: <IconWebhook size={30} />,
          title: t('webhooks.none'),
          text: t('webhooks.noneHint'),
        }}
      >
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" data-testid="webhooks-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.name')}</Table.Th>
                  <Table.Th>{t('webhooks.events')}</Table.Th>
                  <Table.Th>{t('webhooks.lastDelivery')}</Table.Th>
                  <Table.Th aria-label={t('webhooks.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((w) => {
                  const state = stateOf(w);
                  return (
                    <Table.Tr key={w.id} data-testid="webhook-row">
                      <Table.Td maw={360}>
                        <Group gap="xs" wrap="nowrap">
                          <Text fw={500}>{w.name}</Text>
                          <Badge
                            variant="dot"
                            color={stateColor[state]}
                            data-testid="webhook-state"
                          >
                            {t(`webhooks.state.${state}`)}
                          </Badge>
                        </Group>
                        <Text size="xs" c="dimmed" truncate="end">
                          {w.url}
                        </Text>
                        {w.disabledReason && (
                          <Text size="xs" c="red" data-testid="webhook-disabled-reason">
                            {w.disabledReason}
                          </Text>
                        )}
                        {w.enabled && w.failures > 0 && (
                          <Text size="xs" c="orange">
                            {t('webhooks.failures', { count: w.failures })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Tooltip
                          label={w.events
                            .map((e) => t(`webhooks.event.${e.replace('.', '_')}`))
                            .join(', ')}
                          multiline
                          maw={320}
                        >
                          <Badge variant="light">
                            {t('webhooks.eventCount', { count: w.events.length })}
                          </Badge>
                        </Tooltip>
                      </Table.Td>
                      <Table.Td>
                        {w.lastDeliveryAt ? (
                          <Stack gap={0}>
                            <Text size="sm">{date(w.lastDeliveryAt)}</Text>
                            <Text size="xs" c={w.lastStatus && w.lastStatus < 300 ? 'teal' : 'red'}>
                              {w.lastStatus === null
                                ? t('webhooks.noAnswer')
                                : t('webhooks.status', { status: w.lastStatus })}
                            </Text>
                          </Stack>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('webhooks.never')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="subtle"
                            leftSection={<IconList size={14} />}
                            onClick={() => setLogOf(w)}
                            data-testid="webhook-log"
                          >
                            {t('webhooks.log')}
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('webhooks.actions')}
                                data-testid="webhook-menu"
                              >
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconPencil size={14} />}
                                onClick={() => setEditing({ webhook: w })}
                              >
                                {t('webhooks.edit')}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconSend size={14} />}
                                onClick={() => sendTest(w)}
                                data-testid="webhook-test"
                              >
                                {t('webhooks.test')}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={
                                  w.enabled ? (
                                    <IconPlayerPause size={14} />
                                  ) : (
                                    <IconPlayerPlay size={14} />
                                  )
                                }
                                onClick={() => toggle(w)}
                                data-testid="webhook-toggle"
                              >
                                {w.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconKey size={14} />}
                                onClick={() => setRotating(w)}
                              >
                                {t('webhooks.rotate')}
                              </Menu.Item>
                              <Menu.Divider />
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={14} />}
                                onClick={() => setDeleting(w)}
                                data-testid="webhook-delete"
                              >
                                {t('webhooks.delete')}
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </ListStates>
      {editing && (
        <WebhookForm
          webhook={editing.webhook}
          onClose={() => setEditing(null)}
          onCreated={(name, s) => setSecret({ name, secret: s })}
        />
      )}
      {logOf && (
        <DeliveriesDrawer
          webhook={logOf}
          onClose={() => setLogOf(null)}
          onTest={() => sendTest(logOf)}
          testing={test.isPending}
        />
      )}
      <SecretOnceModal
        shown={secret}
        onClose={() => setSecret(null)}
        title={(name) => t('webhooks.secretTitle', { name })}
        warning={t('webhooks.secretOnce')}
        hint={t('webhooks.verifyHint')}
        labels={{ copy: t('tokens.copy'), copied: t('tokens.copied'), done: t('tokens.done') }}
        testId="webhook-secret"
        size="lg"
      />
      <ConfirmDelete
        opened={rotating !== null}
        title={t('webhooks.rotateTitle', { name: rotating?.name ?? '' })}
        text={t('webhooks.rotateText')}
        pending={rotate.isPending}
        confirmLabel={t('webhooks.rotateConfirm')}
        confirmTestId="webhook-rotate-confirm"
        onClose={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(
            { id: rotating.id },
            {
              onSuccess: (out) => {
                setRotating(null);
                setSecret({ name: out.webhook.name, secret: out.secret });
              },
              onError: failed,
            },
          )
        }
      />
      <ConfirmDelete
        opened={deleting !== null}
        title={t('webhooks.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('webhooks.deleteText')}
        pending={remove.isPending}
        confirmTestId="webhook-delete-confirm"
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                setDeleting(null);
                notifications.show({ color: 'teal', message: t('webhooks.deleted') });
              },
              onError: failed,
            },
          )
        }
      />
    </Stack>
  );
}
