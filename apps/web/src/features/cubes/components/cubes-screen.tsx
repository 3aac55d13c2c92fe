import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Menu,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconChartPie,
  IconDots,
  IconPencil,
  IconPlus,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import type { CubeSummary } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete, ListHeader, ListStates, ListToolbar } from '@/components/list-shell';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { cubeDesignPath, cubePath, newCubePath } from '../lib/paths';
import { shownDescription, shownName } from '@/lib/names';
import { useObjectNameOf } from '@/lib/entity-names';

/** The domain's cubes: toolbar (New, Refresh, Search, object), list, open, design, delete. */
export function CubesScreen() {
  const { t, i18n } = useTranslation('cubes');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [objectId, setObjectId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CubeSummary | null>(null);
  const list = useOp('cubes.list', {});
  const remove = useOpMutation('cubes.delete');
  const objectNameOf = useObjectNameOf();

  const all = useMemo(() => list.data?.items ?? [], [list.data]);
  const objects = useMemo(() => {
    const seen = new Map<string, string>();
    for (const c of all) seen.set(c.objectId, objectNameOf(c.objectId, c.objectName));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [all, objectNameOf]);
  const items = useMemo(() => {
    const q = search.trim().toLocaleLowerCase(i18n.language);
    return all
      .filter((c) => !objectId || c.objectId === objectId)
      .filter(
        (c) =>
          !q ||
          [
            shownName(c, i18n.language),
            c.name,
            objectNameOf(c.objectId, c.objectName),
            c.description,
            shownDescription(c, i18n.language),
          ].some((s) => s.toLocaleLowerCase(i18n.language).includes(q)),
      )
      .sort((a, b) =>
        shownName(a, i18n.language).localeCompare(shownName(b, i18n.language), i18n.language),
      );
  }, [all, search, objectId, i18n.language, objectNameOf]);
  const dateFmt = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <Stack gap="sm" data-testid="cubes-screen">
      <ListHeader
        title={t('title')}
        count={list.data && t('total', { count: all.length })}
        countTestId="cubes-total"
        hint={t('hint')}
      />
      <ListToolbar
        onNew={() => void navigate(newCubePath)}
        newPermission={{ I: 'create', a: 'Cube' }}
        newTestId="cubes-new"
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching && !list.isLoading}
        refreshTestId="cubes-refresh"
        search={{ value: search, onChange: setSearch, testId: 'cubes-search' }}
      >
        <Select
          size="xs"
          placeholder={t('allObjects')}
          aria-label={t('filterObject')}
          data={objects}
          value={objectId}
          onChange={setObjectId}
          clearable
          searchable
          style={{ flex: '1 1 160px', maxWidth: 240 }}
        />
      </ListToolbar>
      <ListStates
        query={list}
        total={list.data && all.length}
        shown={items.length}
        testId="cubes"
        errorTitle={t('loadError')}
        noMatch={t('noMatch')}
        empty={{
          icon: <IconChartPie size={30} />,
          title: t('none'),
          text: t('noneHint'),
          action: (
            <Can I="create" a="Cube">
              <Button
                mt="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() => void navigate(newCubePath)}
              >
                {t('newCube')}
              </Button>
            </Can>
          ),
        }}
      >
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="xs" data-testid="cubes-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('col.name')}</Table.Th>
                  <Table.Th>{t('col.object')}</Table.Th>
                  <Table.Th ta="right">{t('col.dimensions')}</Table.Th>
                  <Table.Th ta="right">{t('col.measures')}</Table.Th>
                  <Table.Th>{t('col.updated')}</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((c) => (
                  <Table.Tr key={c.id} data-testid="cube-row">
                    <Table.Td maw={360}>
                      <Anchor component={Link} to={cubePath(c.id)} fw={500} size="sm">
                        {shownName(c)}
                      </Anchor>
                      {shownDescription(c) && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {shownDescription(c)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        leftSection={<IconTable size={12} />}
                        miw="max-content"
                      >
                        {objectNameOf(c.objectId, c.objectName)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{c.dimensionCount}</Table.Td>
                    <Table.Td ta="right">{c.measureCount}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dateFmt.format(new Date(c.updatedAt))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('rowActions', { name: c.name })}
                          >
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconChartPie size={14} />}
                            onClick={() => void navigate(cubePath(c.id))}
                          >
                            {t('openPivot')}
                          </Menu.Item>
                          <Can I="update" a="Cube">
                            <Menu.Item
                              leftSection={<IconPencil size={14} />}
                              onClick={() => void navigate(cubeDesignPath(c.id))}
                            >
                              {t('design')}
                            </Menu.Item>
                          </Can>
                          <Can I="delete" a="Cube">
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setToDelete(c)}
                            >
                              {t('common:actions.delete')}
                            </Menu.Item>
                          </Can>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </ListStates>

      <ConfirmDelete
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTitle')}
        text={t('deleteText', { name: toDelete?.name ?? '' })}
        pending={remove.isPending}
        confirmTestId="cubes-delete-confirm"
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { id: toDelete.id },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: t('deleted', { name: toDelete.name }),
                });
                setToDelete(null);
              },
              onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
            },
          )
        }
      />
    </Stack>
  );
}
