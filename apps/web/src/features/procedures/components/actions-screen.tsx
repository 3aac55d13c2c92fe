import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { IconBolt, IconEdit, IconTrash } from '@tabler/icons-react';
import type { ActionDef } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ConfirmDelete,
  ListHeader,
  ListStates,
  ListToolbar,
  RowAction,
} from '@/components/list-shell';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { useAddressParams } from '@/lib/use-address-params';
import { actionIcon } from '../lib/icons';
import { ActionEditor } from './action-editor';
import { shownName, shownQuestion } from '@/lib/names';
import { useObjectNameOf, useProcedureNameOf } from '@/lib/entity-names';

/** `/fiscus/actions`: the buttons that run procedures, where they appear and who sees them. */
export function ActionsScreen() {
  const { t } = useTranslation('procedures');
  const [params, setParams] = useAddressParams();
  const [objectId, setObjectId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ActionDef | null>(null);
  const list = useOp('actions.list', objectId ? { objectId } : {});
  const objects = useOp('objects.list', {});
  const remove = useOpMutation('actions.delete');
  const objectNameOf = useObjectNameOf();
  const procedureNameOf = useProcedureNameOf();
  const rows = list.data?.items ?? [];
  const editing = params.get('action');
  const phone = useMediaQuery('(max-width: 48em)');
  const setEditing = (v: string | null) =>
    setParams((p) => {
      if (v) p.set('action', v);
      else p.delete('action');
      return p;
    });

  return (
    <Stack gap="sm" data-testid="actions-screen">
      <ListHeader
        title={t('actions.title')}
        count={list.data && t('actions.count', { count: list.data.items.length })}
        hint={t('actions.hint')}
      />
      <ListToolbar
        onNew={() => setEditing('new')}
        newPermission={{ I: 'create', a: 'Action' }}
        newTestId="actions-new"
        onRefresh={() => void list.refetch()}
        refreshing={list.isRefetching}
      >
        <Select
          size="xs"
          placeholder={t('actions.allObjects')}
          aria-label={t('actions.object')}
          data={(objects.data?.items ?? []).map((o) => ({ value: o.id, label: shownName(o) }))}
          value={objectId}
          onChange={setObjectId}
          clearable
          searchable
          style={{ flex: '1 1 160px', maxWidth: 240 }}
        />
      </ListToolbar>
      <ListStates
        query={list}
        total={list.data?.items.length}
        testId="actions"
        errorTitle={t('actions.loadError')}
        empty={{
          icon: <IconBolt size={30} />,
          color: 'grape',
          title: t('actions.emptyTitle'),
          text: t('actions.emptyText'),
          action: (
            <Can I="create" a="Action">
              <Button mt="xs" onClick={() => setEditing('new')}>
                {t('actions.create')}
              </Button>
            </Can>
          ),
        }}
      >
        {phone ? (
          <Stack gap="xs">
            {rows.map((a) => {
              const I = actionIcon[a.icon];
              return (
                <Card key={a.id} withBorder radius="md" padding="sm" data-testid="action-row">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group
                      gap="xs"
                      wrap="nowrap"
                      onClick={() => setEditing(a.id)}
                      style={{ cursor: 'pointer', minWidth: 0 }}
                    >
                      <ThemeIcon variant="light" color="grape" size="md">
                        <I size={16} />
                      </ThemeIcon>
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" truncate>
                          {shownName(a)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {objectNameOf(a.objectId, a.objectName)} ·{' '}
                          {procedureNameOf(a.procedureId, a.procedureName)}
                        </Text>
                      </div>
                    </Group>
                    <Can I="delete" a="Action">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('common:actions.delete')}
                        onClick={() => setDeleting(a)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Can>
                  </Group>
                  <Group gap={4} mt={6}>
                    {a.placement.map((p) => (
                      <Badge key={p} size="sm" variant="light">
                        {t(`actions.placements.${p}`)}
                      </Badge>
                    ))}
                  </Group>
                </Card>
              );
            })}
          </Stack>
        ) : (
          <Card withBorder radius="md" padding={0}>
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover verticalSpacing="sm" data-testid="actions-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('actions.name')}</Table.Th>
                    <Table.Th>{t('actions.object')}</Table.Th>
                    <Table.Th>{t('actions.procedure')}</Table.Th>
                    <Table.Th>{t('actions.placement')}</Table.Th>
                    <Table.Th>{t('actions.roles')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((a) => {
                    const I = actionIcon[a.icon];
                    return (
                      <Table.Tr key={a.id} data-testid="action-row">
                        <Table.Td onClick={() => setEditing(a.id)} style={{ cursor: 'pointer' }}>
                          <Group gap="xs" wrap="nowrap">
                            <ThemeIcon variant="light" color="grape" size="md">
                              <I size={16} />
                            </ThemeIcon>
                            <div>
                              <Text fw={600} size="sm">
                                {shownName(a)}
                              </Text>
                              {shownQuestion(a) && (
                                <Text size="xs" c="dimmed" lineClamp={1}>
                                  {shownQuestion(a)}
                                </Text>
                              )}
                            </div>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Link to={`/fiscus/object/${encodeURIComponent(a.objectId)}`}>
                            {objectNameOf(a.objectId, a.objectName)}
                          </Link>
                        </Table.Td>
                        <Table.Td>
                          <Link
                            to={`/fiscus/procedures?procedure=${encodeURIComponent(a.procedureId)}`}
                          >
                            {procedureNameOf(a.procedureId, a.procedureName)}
                          </Link>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {a.placement.map((p) => (
                              <Badge key={p} size="sm" variant="light" miw="max-content">
                                {t(`actions.placements.${p}`)}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs">
                            {a.roles.map((r) => t(`common:role.${r}`)).join(', ')}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <RowAction
                              label={t('edit')}
                              icon={<IconEdit size={16} />}
                              onClick={() => setEditing(a.id)}
                            />
                            <Can I="delete" a="Action">
                              <RowAction
                                label={t('common:actions.delete')}
                                color="red"
                                icon={<IconTrash size={16} />}
                                onClick={() => setDeleting(a)}
                              />
                            </Can>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </ListStates>
      <ActionEditor actionId={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('actions.deleteTitle')}
        text={t('actions.deleteText', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => setDeleting(null),
              onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
            },
          )
        }
      />
    </Stack>
  );
}
