import {
  ActionIcon,
  Anchor,
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
  IconAlertTriangle,
  IconDots,
  IconPlugConnected,
  IconPlus,
  IconRefresh,
  IconStethoscope,
  IconSwitchHorizontal,
  IconTrash,
} from '@tabler/icons-react';
import type { Mount } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only replaces the whole query (the wizard opened or closed); builds nothing on it
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Can } from '@/lib/ability';
import { ConfirmDelete, ListHeader, ListStates, ListToolbar } from '@/components/list-shell';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { MountWizard } from './mount-wizard';

const objectPath = (id: string) => `/fiscus/object/${encodeURIComponent(id)}`;

/** `/fiscus/mounts`: the mounted objects, their mode and syncs; the wizard makes new ones. */
export function MountsScreen() {
  const { t, i18n } = useTranslation('datasources');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const list = useOp('mounts.list', {}, { refetchInterval: 5000 });
  const sync = useOpMutation('mounts.sync');
  const update = useOpMutation('mounts.update');
  const check = useOpMutation('mounts.check');
  const remove = useOpMutation('mounts.delete');
  const [deleting, setDeleting] = useState<Mount | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const items = list.data?.items ?? [];
  const wizardOpen = params.get('new') === '1';
  const initial = useMemo(() => {
    const source = params.get('source');
    const table = params.get('table');
    if (!source || !table) return undefined;
    try {
      const [schema, name] = JSON.parse(table) as [string | null, string];
      return { sourceId: source, schema, table: name };
    } catch {
      return undefined;
    }
  }, [params]);
  const closeWizard = () => setParams({});
  const fail = (err: unknown) => notifications.show({ color: 'red', message: messageOf(err) });
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language) : t('mounts.never');

  return (
    <Stack gap="md" data-testid="mounts-screen">
      <ListHeader title={t('mounts.title')} hint={t('mounts.hint')} />
      <ListToolbar
        onNew={() => setParams({ new: '1' })}
        newLabel={t('mounts.new')}
        newPermission={{ I: 'create', a: 'Mount' }}
        newTestId="mount-new"
        onRefresh={() => {
          setRefreshing(true);
          void list.refetch().finally(() => setRefreshing(false));
        }}
        // The list refreshes itself every 5 s; only a refresh asked for shows as one.
        refreshing={refreshing}
      />
      <ListStates
        query={list}
        total={list.data?.items.length}
        testId="mounts"
        errorTitle={t('mounts.loadFailed')}
        empty={{
          icon: <IconPlugConnected size={30} />,
          title: t('mounts.none'),
          action: (
            <Can I="create" a="Mount">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setParams({ new: '1' })}>
                {t('mounts.new')}
              </Button>
            </Can>
          ),
        }}
      >
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="mounts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mounts.object')}</Table.Th>
                  <Table.Th>{t('mounts.origin')}</Table.Th>
                  <Table.Th>{t('mounts.mode')}</Table.Th>
                  <Table.Th>{t('mounts.lastSync')}</Table.Th>
                  <Table.Th aria-label={t('sources.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.objectId} data-testid="mount-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={objectPath(m.objectId)} fw={500}>
                          {m.name}
                        </Anchor>
                        {m.attention.length > 0 && (
                          <Tooltip label={m.attentionMessage} multiline w={320}>
                            <Badge color="orange" leftSection={<IconAlertTriangle size={12} />}>
                              {t('mounts.attention')}
                            </Badge>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.sourceName ?? m.fileName ?? '—'}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {m.schema ? `${m.schema}.${m.table}` : m.table}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={m.mode === 'live' ? 'blue' : 'grape'}
                        data-testid="mount-mode"
                      >
                        {m.mode === 'live' ? t('mounts.live') : t('mounts.synced')}
                      </Badge>
                      {m.mode === 'synced' && m.scheduleMinutes && (
                        <Text size="xs" c="dimmed">
                          {t('mounts.schedule', { minutes: m.scheduleMinutes })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {m.mode === 'synced' ? (
                        <>
                          <Text size="sm">{when(m.lastSyncAt)}</Text>
                          {m.lastSyncRows !== null && (
                            <Text size="xs" c="dimmed" data-testid="mount-rows">
                              {t('mounts.rows', {
                                count: m.lastSyncRows,
                                formatted: m.lastSyncRows.toLocaleString(i18n.language),
                              })}
                            </Text>
                          )}
                        </>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => navigate(objectPath(m.objectId))}
                        >
                          {t('mounts.open')}
                        </Button>
                        <Can I="update" a="Mount">
                          <Menu position="bottom-end">
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('sources.actions')}
                                data-testid="mount-actions"
                              >
                                <IconDots size={16} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconRefresh size={14} />}
                                onClick={() =>
                                  sync.mutate(
                                    { objectId: m.objectId },
                                    {
                                      onSuccess: () =>
                                        notifications.show({
                                          message: t('mounts.syncQueued', { name: m.name }),
                                        }),
                                      onError: fail,
                                    },
                                  )
                                }
                                data-testid="mount-sync"
                              >
                                {t('mounts.sync')}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconSwitchHorizontal size={14} />}
                                onClick={() =>
                                  update.mutate(
                                    {
                                      objectId: m.objectId,
                                      mode: m.mode === 'live' ? 'synced' : 'live',
                                    },
                                    {
                                      onSuccess: (x) =>
                                        notifications.show({
                                          color: 'teal',
                                          message: t('mounts.switched', {
                                            name: x.name,
                                            mode:
                                              x.mode === 'live'
                                                ? t('mounts.live')
                                                : t('mounts.synced'),
                                          }),
                                        }),
                                      onError: fail,
                                    },
                                  )
                                }
                                data-testid="mount-switch"
                              >
                                {m.mode === 'live' ? t('mounts.toSynced') : t('mounts.toLive')}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconStethoscope size={14} />}
                                onClick={() =>
                                  check.mutate(
                                    { objectId: m.objectId },
                                    {
                                      onSuccess: (x) =>
                                        notifications.show(
                                          x.attention.length
                                            ? { color: 'orange', message: x.attentionMessage ?? '' }
                                            : {
                                                color: 'teal',
                                                message: t('mounts.checkedOk', { name: x.name }),
                                              },
                                        ),
                                      onError: fail,
                                    },
                                  )
                                }
                              >
                                {t('mounts.check')}
                              </Menu.Item>
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={14} />}
                                onClick={() => setDeleting(m)}
                              >
                                {t('mounts.delete')}
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Can>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </ListStates>
      <MountWizard
        opened={wizardOpen}
        initial={initial}
        onClose={closeWizard}
        onCreated={(id) => navigate(objectPath(id))}
      />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('mounts.deleteTitle')}
        text={t('mounts.deleteText', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        confirmLabel={t('mounts.delete')}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { objectId: deleting.objectId },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('mounts.deleted') });
                setDeleting(null);
              },
              onError: fail,
            },
          )
        }
      />
    </Stack>
  );
}
