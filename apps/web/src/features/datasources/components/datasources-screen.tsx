import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconDatabase,
  IconDots,
  IconPencil,
  IconPlus,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import type { Datasource, SourceTable } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDelete, ListHeader, ListStates, ListToolbar } from '@/components/list-shell';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { DatasourceForm } from './datasource-form';
import { SourceBrowser } from './source-browser';
import { SourceStatus } from './status';

/** Where a source connects: `user@host:port/database`, or the uploaded file's name. */
function whereOf(s: Datasource): string {
  if (s.kind !== 'postgres' && s.kind !== 'mysql') return s.fileName ?? '—';
  return `${s.user ?? ''}@${s.host ?? ''}:${s.port ?? ''}/${s.database ?? ''}`;
}

/** `/fiscus/datasources`: the domain's data sources; form with Test; browser of tables. */
export function DatasourcesScreen() {
  const { t } = useTranslation('datasources');
  const navigate = useNavigate();
  const list = useOp('datasources.list', {});
  const remove = useOpMutation('datasources.delete');
  const [editing, setEditing] = useState<{ source: Datasource | null } | null>(null);
  const [browsing, setBrowsing] = useState<Datasource | null>(null);
  const [deleting, setDeleting] = useState<Datasource | null>(null);
  const items = list.data?.items ?? [];
  const mountTable = (source: Datasource, table: SourceTable) =>
    navigate(
      `/fiscus/mounts?new=1&source=${encodeURIComponent(source.id)}&table=${encodeURIComponent(
        JSON.stringify([table.schema, table.name]),
      )}`,
    );

  return (
    <Stack gap="md" data-testid="datasources-screen">
      <ListHeader title={t('sources.title')} hint={t('sources.hint')} />
      <ListToolbar
        onNew={() => setEditing({ source: null })}
        newLabel={t('sources.new')}
        newTestId="datasource-new"
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching && !list.isLoading}
      />
      <ListStates
        query={list}
        total={list.data?.items.length}
        testId="datasources"
        errorTitle={t('sources.loadFailed')}
        empty={{
          icon: <IconDatabase size={30} />,
          title: t('sources.none'),
          text: t('sources.noneText'),
          action: (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ source: null })}
            >
              {t('sources.new')}
            </Button>
          ),
        }}
      >
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="datasources-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sources.name')}</Table.Th>
                  <Table.Th>{t('sources.kind')}</Table.Th>
                  <Table.Th>{t('sources.where')}</Table.Th>
                  <Table.Th>{t('sources.status')}</Table.Th>
                  <Table.Th>{t('sources.mounts')}</Table.Th>
                  <Table.Th aria-label={t('sources.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((s) => (
                  <Table.Tr key={s.id} data-testid="datasource-row">
                    <Table.Td>
                      <Text fw={500}>{s.name}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={
                          s.kind === 'postgres' ? 'blue' : s.kind === 'mysql' ? 'teal' : 'orange'
                        }
                        // The whole kind, also where the table is narrower than its content.
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        {t(`kinds.${s.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" lineClamp={1}>
                        {whereOf(s)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <SourceStatus source={s} />
                    </Table.Td>
                    <Table.Td>{s.mounts}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconTable size={14} />}
                          onClick={() => setBrowsing(s)}
                        >
                          {t('sources.browse')}
                        </Button>
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={t('sources.actions')}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconPencil size={14} />}
                              onClick={() => setEditing({ source: s })}
                            >
                              {t('sources.edit')}
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setDeleting(s)}
                            >
                              {t('sources.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </ListStates>
      <DatasourceForm
        opened={editing !== null}
        source={editing?.source ?? null}
        onClose={() => setEditing(null)}
      />
      <SourceBrowser
        source={browsing}
        onClose={() => setBrowsing(null)}
        onMount={(table) => browsing && mountTable(browsing, table)}
      />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('sources.deleteTitle')}
        text={t('sources.deleteText', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        confirmLabel={t('sources.delete')}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('sources.deleted') });
                setDeleting(null);
              },
              onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
            },
          )
        }
      />
    </Stack>
  );
}
