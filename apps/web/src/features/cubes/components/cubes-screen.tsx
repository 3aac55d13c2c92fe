import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChartPie,
  IconDots,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import type { CubeSummary } from '@fiscus/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';
import { cubeDesignPath, cubePath, newCubePath } from '../lib/paths';

/** The domain's cubes: toolbar (New, Refresh, Search, object), list, open, design, delete. */
export function CubesScreen() {
  const { t, i18n } = useTranslation('cubes');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [objectId, setObjectId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CubeSummary | null>(null);
  const list = useOp('cubes.list', {});
  const remove = useOpMutation('cubes.delete');

  const all = useMemo(() => list.data?.items ?? [], [list.data]);
  const objects = useMemo(() => {
    const seen = new Map<string, string>();
    for (const c of all) seen.set(c.objectId, c.objectName);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [all]);
  const items = useMemo(() => {
    const q = search.trim().toLocaleLowerCase(i18n.language);
    return all
      .filter((c) => !objectId || c.objectId === objectId)
      .filter(
        (c) =>
          !q ||
          [c.name, c.objectName, c.description].some((s) =>
            s.toLocaleLowerCase(i18n.language).includes(q),
          ),
      )
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [all, search, objectId, i18n.language]);
  const dateFmt = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <Stack gap="sm" data-testid="cubes-screen">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={3}>{t('title')}</Title>
          {list.data && (
            <Text c="dimmed" size="sm" data-testid="cubes-total">
              {t('total', { count: all.length })}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('hint')}
        </Text>
      </Group>

      <Card withBorder padding="xs" radius="md">
        <Group gap="xs" wrap="wrap">
          <Can I="create" a="Cube">
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(newCubePath)}
              data-testid="cubes-new"
            >
              {t('common:actions.new')}
            </Button>
          </Can>
          <Tooltip label={t('common:actions.refresh')}>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t('common:actions.refresh')}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isLoading}
              data-testid="cubes-refresh"
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <TextInput
            size="xs"
            leftSection={<IconSearch size={14} />}
            placeholder={t('common:actions.search')}
            aria-label={t('common:actions.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 160px', maxWidth: 260 }}
            data-testid="cubes-search"
          />
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
        </Group>
      </Card>

      {list.isLoading && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {list.isError && (
        <Alert color="red" title={t('loadError')} data-testid="cubes-error">
          <Group gap="xs">
            <Text size="sm">{messageOf(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              {t('common:retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {list.data && items.length === 0 && (
        <Card withBorder padding="xl" radius="md" data-testid="cubes-empty">
          <Stack align="center" gap="xs">
            <IconChartPie size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{all.length === 0 ? t('none') : t('noMatch')}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={480}>
              {t('noneHint')}
            </Text>
            {all.length === 0 && (
              <Can I="create" a="Cube">
                <Button
                  mt="xs"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => void navigate(newCubePath)}
                >
                  {t('newCube')}
                </Button>
              </Can>
            )}
          </Stack>
        </Card>
      )}
      {items.length > 0 && (
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
                        {c.name}
                      </Anchor>
                      {c.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {c.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" leftSection={<IconTable size={12} />}>
                        {c.objectName}
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
      )}

      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('deleteText', { name: toDelete?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="cubes-delete-confirm"
              onClick={() =>
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
            >
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
