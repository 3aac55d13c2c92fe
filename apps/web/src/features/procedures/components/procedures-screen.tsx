import { Badge, Button, Card, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { IconEdit, IconHistory, IconPlayerPlay, IconRoute, IconTrash } from '@tabler/icons-react';
import type { ProcedureSummary } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDelete,
  ListHeader,
  ListStates,
  ListToolbar,
  RowAction,
} from '@/components/list-shell';
import { Can, ability } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { useAddressParams } from '@/lib/use-address-params';
import { shownDescription, shownName } from '@/lib/names';
import { runStatusColor } from '../lib/status';
import { ProcedureEditor } from './procedure-editor';
import { ProcedureRunModal } from './procedure-run-modal';
import { RunView } from './run-view';
import { RunsTable } from './runs-table';

/**
 * `/fiscus/procedures`: the domain's procedures (New, Edit, Run, Runs, Delete) and their runs.
 * The address says what is open: `?procedure=<id|new>` the editor, `?runFor=<id>` the run form,
 * `?run=<id>` a run's progress, Result and Log, `?tab=runs` the runs.
 */
export function ProceduresScreen() {
  const { t, i18n } = useTranslation('procedures');
  const [params, setParams] = useAddressParams();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<ProcedureSummary | null>(null);
  const list = useOp('procedures.list', {});
  // Object names only for procedures that run on changes of one.
  const objects = useOp(
    'objects.list',
    {},
    { enabled: !!list.data?.items.some((p) => p.triggerObjectId) },
  );
  const objectName = (id: string) => {
    const o = objects.data?.items.find((x) => x.id === id);
    return o ? shownName(o) : '…';
  };
  const remove = useOpMutation('procedures.delete');
  const tab = params.get('tab') === 'runs' ? 'runs' : 'procedures';
  const editing = params.get('procedure');
  const runFor = params.get('runFor');
  const runId = params.get('run');
  const runsOf = params.get('runsOf');
  const setParam = (name: string, value: string | null) =>
    setParams((p) => {
      if (value === null) p.delete(name);
      else p.set(name, value);
      return p;
    });

  const items = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = list.data?.items ?? [];
    return q
      ? all.filter((p) =>
          `${p.name} ${shownName(p)} ${p.description} ${shownDescription(p)}`
            .toLowerCase()
            .includes(q),
        )
      : all;
  }, [list.data, search]);
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const canRun = ability.can('update', 'Procedure');
  const phone = useMediaQuery('(max-width: 48em)');
  const rowActions = (p: ProcedureSummary) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canRun && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          onClick={() => setParam('runFor', p.id)}
          data-testid="procedure-run"
        >
          {t('common:actions.run')}
        </Button>
      )}
      <RowAction
        label={t('tabs.runs')}
        icon={<IconHistory size={16} />}
        onClick={() => setParam('runsOf', p.id)}
      />
      <RowAction
        label={t('edit')}
        icon={<IconEdit size={16} />}
        onClick={() => setParam('procedure', p.id)}
      />
      <Can I="delete" a="Procedure">
        <RowAction
          label={t('common:actions.delete')}
          color="red"
          icon={<IconTrash size={16} />}
          onClick={() => setDeleting(p)}
        />
      </Can>
    </Group>
  );
  const lastRun = (p: ProcedureSummary) =>
    p.lastRunStatus ? (
      <Stack gap={2} align="flex-start">
        <Badge size="sm" variant="light" color={runStatusColor[p.lastRunStatus]} miw="max-content">
          {t(`status.${p.lastRunStatus}`)}
        </Badge>
        {p.lastRunAt && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {fmt.format(new Date(p.lastRunAt))}
          </Text>
        )}
      </Stack>
    ) : (
      <Text size="xs" c="dimmed">
        {t('neverRun')}
      </Text>
    );
  const runsOfName = list.data?.items.find((p) => p.id === runsOf)?.name;

  return (
    <Stack gap="sm" data-testid="procedures-screen">
      <ListHeader
        title={t('title')}
        count={list.data && t('count', { count: list.data.items.length })}
        hint={t('hint')}
      />

      <Tabs value={tab} onChange={(v) => setParam('tab', v === 'runs' ? 'runs' : null)}>
        <Tabs.List>
          <Tabs.Tab value="procedures" leftSection={<IconRoute size={16} />}>
            {t('tabs.procedures')}
          </Tabs.Tab>
          <Tabs.Tab value="runs" leftSection={<IconHistory size={16} />} data-testid="tab-runs">
            {t('tabs.runs')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="procedures" pt="sm">
          <Stack gap="sm">
            <ListToolbar
              onNew={() => setParam('procedure', 'new')}
              newPermission={{ I: 'create', a: 'Procedure' }}
              newTestId="procedures-new"
              onRefresh={() => void list.refetch()}
              refreshing={list.isRefetching}
              search={{ value: search, onChange: setSearch }}
            />
            <ListStates
              query={list}
              total={list.data?.items.length}
              shown={items.length}
              testId="procedures"
              errorTitle={t('loadError')}
              noMatch={t('noMatch')}
              empty={{
                icon: <IconRoute size={30} />,
                title: t('emptyTitle'),
                text: t('emptyText'),
                action: (
                  <Can I="create" a="Procedure">
                    <Button mt="xs" onClick={() => setParam('procedure', 'new')}>
                      {t('create')}
                    </Button>
                  </Can>
                ),
              }}
            >
              {phone ? (
                <Stack gap="xs">
                  {items.map((p) => (
                    <Card
                      key={p.id}
                      withBorder
                      radius="md"
                      padding="sm"
                      data-testid="procedure-row"
                    >
                      <Text
                        fw={600}
                        size="sm"
                        onClick={() => setParam('procedure', p.id)}
                        style={{ cursor: 'pointer' }}
                      >
                        {shownName(p)}
                      </Text>
                      {shownDescription(p) && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {shownDescription(p)}
                        </Text>
                      )}
                      <Group justify="space-between" mt={6} wrap="wrap" gap="xs">
                        {lastRun(p)}
                        {rowActions(p)}
                      </Group>
                    </Card>
                  ))}
                </Stack>
              ) : (
                <Card withBorder radius="md" padding={0}>
                  <Table.ScrollContainer minWidth={720}>
                    <Table highlightOnHover verticalSpacing="sm" data-testid="procedures-table">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('columns.name')}</Table.Th>
                          <Table.Th ta="center">{t('columns.steps')}</Table.Th>
                          <Table.Th ta="center">{t('columns.params')}</Table.Th>
                          <Table.Th>{t('columns.lastRun')}</Table.Th>
                          <Table.Th>{t('columns.updated')}</Table.Th>
                          <Table.Th />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {items.map((p) => (
                          <Table.Tr key={p.id} data-testid="procedure-row">
                            <Table.Td
                              onClick={() => setParam('procedure', p.id)}
                              style={{ cursor: 'pointer' }}
                            >
                              <Text fw={600} size="sm">
                                {shownName(p)}
                              </Text>
                              {shownDescription(p) && (
                                <Text size="xs" c="dimmed" lineClamp={1}>
                                  {shownDescription(p)}
                                </Text>
                              )}
                              {p.triggerObjectId && (
                                <Badge
                                  size="xs"
                                  color="grape"
                                  variant="outline"
                                  data-testid="procedure-trigger"
                                >
                                  {t('trigger.runsOn', {
                                    object: objectName(p.triggerObjectId),
                                  })}
                                </Badge>
                              )}
                            </Table.Td>
                            <Table.Td ta="center">{p.stepCount}</Table.Td>
                            <Table.Td ta="center">{p.paramCount}</Table.Td>
                            <Table.Td>{lastRun(p)}</Table.Td>
                            <Table.Td>
                              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                {fmt.format(new Date(p.updatedAt))}
                              </Text>
                            </Table.Td>
                            <Table.Td>{rowActions(p)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Card>
              )}
            </ListStates>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="runs" pt="sm">
          {tab === 'runs' && (
            <Card withBorder radius="md" padding="xs">
              <RunsTable onOpen={(r) => setParam('run', r.id)} />
            </Card>
          )}
        </Tabs.Panel>
      </Tabs>

      <ProcedureEditor
        procedureId={editing}
        opened={!!editing}
        onClose={() => setParam('procedure', null)}
        onSaved={(p) => setParam('procedure', p.id)}
      />
      <ProcedureRunModal procedureId={runFor} onClose={() => setParam('runFor', null)} />
      <Modal
        opened={!!runId}
        onClose={() => setParam('run', null)}
        title={t('run.detailsTitle')}
        size="xl"
        centered
        data-testid="run-details"
      >
        {runId && <RunView runId={runId} />}
      </Modal>
      <Modal
        opened={!!runsOf}
        onClose={() => setParam('runsOf', null)}
        title={t('runs.of', { name: runsOfName ?? '' })}
        size="xl"
        centered
      >
        {runsOf && (
          <RunsTable
            procedureId={runsOf}
            onOpen={(r) =>
              setParams((p) => {
                p.delete('runsOf');
                p.set('run', r.id);
                return p;
              })
            }
          />
        )}
      </Modal>
      <ConfirmDelete
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('deleteTitle')}
        text={t('deleteText', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        confirmTestId="procedure-delete-confirm"
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: t('deleted', { name: deleting.name }),
                });
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
