import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Menu,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import {
  IconAlertCircle,
  IconDotsVertical,
  IconEdit,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAdvancedRows,
  useBasicRows,
  useRowGroups,
  type BasicRow,
  type TableStatus,
} from '../api/tables';
import { SortableTh } from '@/components/sortable-th';

const statusColor: Record<TableStatus, string> = {
  Current: 'brand',
  Professional: 'green',
  Rejected: 'red',
  Resigned: 'orange',
  Applied: 'cyan',
};
const statuses = Object.keys(statusColor) as TableStatus[];
const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2);
const money = (s: string) => Number(s.replace(/[^\d.-]/g, ''));
const dateValue = (s: string) => {
  const [m, d, y] = s.split('/').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).getTime();
};

type SortKey = 'fullName' | 'email' | 'startDate' | 'salary' | 'status';
const sortValue = (r: BasicRow, k: SortKey) =>
  k === 'salary'
    ? money(r.salary)
    : k === 'startDate'
      ? dateValue(r.startDate)
      : r[k].toLowerCase();

function useSorted<T extends BasicRow>(rows: T[]) {
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' } | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const out = [...rows].sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return sort.dir === 'desc' ? out.reverse() : out;
  }, [rows, sort]);
  const toggle = (key: SortKey) =>
    setSort((s) =>
      s?.key !== key ? { key, dir: 'asc' } : s.dir === 'asc' ? { key, dir: 'desc' } : null,
    );
  return { sorted, sort, toggle };
}

function NameCell({ row }: { row: { fullName: string } }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar size="sm" radius="xl" color="brand">
        {initials(row.fullName)}
      </Avatar>
      <Text size="sm" fw={500}>
        {row.fullName}
      </Text>
    </Group>
  );
}

function StatusBadge({ status }: { status: TableStatus }) {
  const { t } = useTranslation('pages');
  return (
    <Badge variant="light" color={statusColor[status]}>
      {t(`goodTable.status.${status}`)}
    </Badge>
  );
}

function Section({
  title,
  children,
  state,
}: {
  title: string;
  children: ReactNode;
  state: { isPending: boolean; isError: boolean };
}) {
  const { t } = useTranslation('pages');
  return (
    <Card padding="lg" radius="md" shadow="sm">
      <Title order={4} mb="md">
        {title}
      </Title>
      {state.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {t('loadErrorText')}
        </Alert>
      ) : state.isPending ? (
        <Center mih={120}>
          <Loader />
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}

function Empty({ cols }: { cols: number }) {
  const { t } = useTranslation('pages');
  return (
    <Table.Tr>
      <Table.Td colSpan={cols}>
        <Text ta="center" c="dimmed" py="md">
          {t('goodTable.noRows')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Basic table: search, selection, sorting, edit/delete, paging 3/5/10. */
function BasicTable() {
  const { t } = useTranslation('pages');
  const q = useBasicRows();
  const [rows, setRows] = useState<BasicRow[]>([]);
  useEffect(() => {
    if (q.data) setRows(q.data);
  }, [q.data]);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pageSize, setPageSize] = useState(3);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BasicRow | null>(null);
  const needle = search.trim().toLowerCase();
  const filtered = rows.filter(
    (r) =>
      !needle ||
      [r.fullName, r.email, r.startDate, r.salary, r.status].some((v) =>
        v.toLowerCase().includes(needle),
      ),
  );
  const { sorted, sort, toggle } = useSorted(filtered);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * pageSize, current * pageSize);
  const allOnPage = shown.length > 0 && shown.every((r) => selected.has(r.id));
  const someOnPage = shown.some((r) => selected.has(r.id));
  const from = sorted.length ? (current - 1) * pageSize + 1 : 0;
  const to = Math.min(current * pageSize, sorted.length);

  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', email: '', status: 'Applied' as string },
    validate: {
      fullName: (v) => (v.trim() ? null : t('goodTable.errors.name')),
      email: isEmail(t('goodTable.errors.email')),
    },
  });
  const { setValues } = form;
  useEffect(() => {
    if (editing)
      setValues({ fullName: editing.fullName, email: editing.email, status: editing.status });
  }, [editing, setValues]);

  return (
    <Section title={t('goodTable.basic')} state={q}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {selected.size ? t('goodTable.selected', { count: selected.size }) : ''}
        </Text>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('goodTable.search')}
          aria-label={t('goodTable.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={240}
        />
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="sm" data-testid="good-table-basic">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('goodTable.selectAll')}
                  checked={allOnPage}
                  indeterminate={!allOnPage && someOnPage}
                  onChange={() =>
                    setSelected((s) => {
                      const n = new Set(s);
                      shown.forEach((r) => (allOnPage ? n.delete(r.id) : n.add(r.id)));
                      return n;
                    })
                  }
                />
              </Table.Th>
              <SortableTh
                label={t('goodTable.name')}
                k="fullName"
                sortBy={sort?.key ?? null}
                sortDesc={sort?.dir === 'desc'}
                onSort={toggle}
              />
              <SortableTh
                label={t('goodTable.email')}
                k="email"
                sortBy={sort?.key ?? null}
                sortDesc={sort?.dir === 'desc'}
                onSort={toggle}
              />
              <SortableTh
                label={t('goodTable.date')}
                k="startDate"
                sortBy={sort?.key ?? null}
                sortDesc={sort?.dir === 'desc'}
                onSort={toggle}
              />
              <SortableTh
                label={t('goodTable.salary')}
                k="salary"
                sortBy={sort?.key ?? null}
                sortDesc={sort?.dir === 'desc'}
                onSort={toggle}
              />
              <SortableTh
                label={t('goodTable.statusLabel')}
                k="status"
                sortBy={sort?.key ?? null}
                sortDesc={sort?.dir === 'desc'}
                onSort={toggle}
              />
              <Table.Th>{t('goodTable.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Empty cols={7} />
            ) : (
              shown.map((r) => (
                <Table.Tr
                  key={r.id}
                  bg={selected.has(r.id) ? 'var(--mantine-color-brand-light)' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={r.fullName}
                      checked={selected.has(r.id)}
                      onChange={() =>
                        setSelected((s) => {
                          const n = new Set(s);
                          if (n.has(r.id)) n.delete(r.id);
                          else n.add(r.id);
                          return n;
                        })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <NameCell row={r} />
                  </Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.startDate}</Table.Td>
                  <Table.Td>{r.salary}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('goodTable.action')}
                        >
                          <IconDotsVertical size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconEdit size={14} />}
                          onClick={() => setEditing(r)}
                        >
                          {t('goodTable.edit')}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => {
                            setRows((all) => all.filter((x) => x.id !== r.id));
                            setSelected((s) => {
                              const n = new Set(s);
                              n.delete(r.id);
                              return n;
                            });
                            notifications.show({
                              message: t('goodTable.deleted', { name: r.fullName }),
                            });
                          }}
                        >
                          {t('goodTable.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="md" wrap="wrap">
        <Group gap="xs">
          <Text size="sm">{t('goodTable.show')}</Text>
          <Select
            w={80}
            size="xs"
            aria-label={t('goodTable.show')}
            data={['3', '5', '10']}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={(v) => {
              setPageSize(Number(v));
              setPage(1);
            }}
          />
          <Text size="sm" c="dimmed" data-testid="good-table-showing">
            {t('goodTable.showing', { from, to, total: sorted.length })}
          </Text>
        </Group>
        <Pagination total={pages} value={current} onChange={setPage} size="sm" />
      </Group>
      <Drawer
        opened={!!editing}
        onClose={() => setEditing(null)}
        position="right"
        title={t('goodTable.editTitle')}
      >
        <form
          noValidate
          onSubmit={form.onSubmit((v) => {
            setRows((all) =>
              all.map((x) =>
                x.id === editing?.id ? { ...x, ...v, status: v.status as TableStatus } : x,
              ),
            );
            setEditing(null);
            notifications.show({ color: 'teal', message: t('goodTable.saved') });
          })}
        >
          <Stack>
            <TextInput label={t('goodTable.name')} required {...form.getInputProps('fullName')} />
            <TextInput label={t('goodTable.email')} required {...form.getInputProps('email')} />
            <Select
              label={t('goodTable.statusLabel')}
              data={statuses.map((s) => ({ value: s, label: t(`goodTable.status.${s}`) }))}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <Group>
              <Button type="submit">{t('goodTable.save')}</Button>
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('goodTable.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Drawer>
    </Section>
  );
}

function GroupTable() {
  const { t } = useTranslation('pages');
  const q = useRowGroups();
  return (
    <Section title={t('goodTable.rowGroup')} state={q}>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('goodTable.name')}</Table.Th>
              <Table.Th>{t('goodTable.email')}</Table.Th>
              <Table.Th>{t('goodTable.experience')}</Table.Th>
              <Table.Th>{t('goodTable.statusLabel')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(q.data ?? []).map((g) => [
              <Table.Tr key={g.label} bg="var(--mantine-color-default-hover)">
                <Table.Td colSpan={4}>
                  <Text fw={600} size="sm">
                    {g.label} ({g.children.length})
                  </Text>
                </Table.Td>
              </Table.Tr>,
              ...g.children.map((r) => (
                <Table.Tr key={`${g.label}-${r.id}`}>
                  <Table.Td>
                    <NameCell row={r} />
                  </Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.experience}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                </Table.Tr>
              )),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function ColumnSearchTable() {
  const { t } = useTranslation('pages');
  const q = useBasicRows();
  const [f, setF] = useState({ fullName: '', email: '', startDate: '', salary: '', status: '' });
  const rows = (q.data ?? []).filter((r) =>
    (Object.keys(f) as (keyof typeof f)[]).every(
      (k) => !f[k] || String(r[k]).toLowerCase().includes(f[k].toLowerCase()),
    ),
  );
  const input = (k: keyof typeof f, label: string) => (
    <TextInput
      size="xs"
      placeholder={t('goodTable.filterBy', { field: label })}
      aria-label={t('goodTable.filterBy', { field: label })}
      value={f[k]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setF((s) => ({ ...s, [k]: v }));
      }}
    />
  );
  return (
    <Section title={t('goodTable.columnSearch')} state={q}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" data-testid="good-table-columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('goodTable.name')}</Table.Th>
              <Table.Th>{t('goodTable.email')}</Table.Th>
              <Table.Th>{t('goodTable.date')}</Table.Th>
              <Table.Th>{t('goodTable.salary')}</Table.Th>
              <Table.Th>{t('goodTable.statusLabel')}</Table.Th>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{input('fullName', t('goodTable.name'))}</Table.Th>
              <Table.Th>{input('email', t('goodTable.email'))}</Table.Th>
              <Table.Th>{input('startDate', t('goodTable.date'))}</Table.Th>
              <Table.Th>{input('salary', t('goodTable.salary'))}</Table.Th>
              <Table.Th>
                <Select
                  size="xs"
                  clearable
                  placeholder={t('goodTable.any')}
                  aria-label={t('goodTable.statusLabel')}
                  data={statuses.map((s) => ({ value: s, label: t(`goodTable.status.${s}`) }))}
                  value={f.status || null}
                  onChange={(v) => setF((s) => ({ ...s, status: v ?? '' }))}
                />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Empty cols={5} />
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <NameCell row={r} />
                  </Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.startDate}</Table.Td>
                  <Table.Td>{r.salary}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function AdvancedSearchTable() {
  const { t } = useTranslation('pages');
  const q = useAdvancedRows();
  const [f, setF] = useState({
    fullName: '',
    email: '',
    post: '',
    city: '',
    startDate: '',
    salary: '',
  });
  const rows = (q.data ?? []).filter((r) =>
    (Object.keys(f) as (keyof typeof f)[]).every(
      (k) => !f[k] || String(r[k]).toLowerCase().includes(f[k].toLowerCase()),
    ),
  );
  const labels: Record<keyof typeof f, string> = {
    fullName: t('goodTable.name'),
    email: t('goodTable.email'),
    post: t('goodTable.post'),
    city: t('goodTable.city'),
    startDate: t('goodTable.date'),
    salary: t('goodTable.salary'),
  };
  return (
    <Section title={t('goodTable.advancedSearch')} state={q}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="md">
        {(Object.keys(f) as (keyof typeof f)[]).map((k) => (
          <TextInput
            key={k}
            label={labels[k]}
            placeholder={labels[k]}
            value={f[k]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setF((s) => ({ ...s, [k]: v }));
            }}
          />
        ))}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="xs" data-testid="good-table-advanced">
          <Table.Thead>
            <Table.Tr>
              {(Object.keys(labels) as (keyof typeof f)[]).map((k) => (
                <Table.Th key={k}>{labels[k]}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Empty cols={6} />
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <NameCell row={r} />
                  </Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{r.post}</Table.Td>
                  <Table.Td>{r.city}</Table.Td>
                  <Table.Td>{r.startDate}</Table.Td>
                  <Table.Td>{r.salary}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/** The table demos: basic, row groups, column search and advanced search. */
export function GoodTablePage() {
  return (
    <Stack gap="lg" data-testid="good-table-page">
      <BasicTable />
      <GroupTable />
      <ColumnSearchTable />
      <AdvancedSearchTable />
    </Stack>
  );
}
