import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Center,
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
import { isEmail, isNotEmpty, matches, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import {
  IconAlertCircle,
  IconDotsVertical,
  IconEdit,
  IconFileText,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SortableTh } from '@/components/sortable-th';
import { useAddUser, useUsers } from '../api/users';
import { plans, roles, statuses, userCountries, type NewUser } from '../api/types';
import { initials, RoleLabel, StatusPill } from './shared';

type SortKey = 'fullName' | 'email' | 'role' | 'currentPlan' | 'status' | 'id';
const pageSizes = ['10', '25', '50', '100'];

function AddUserDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const add = useAddUser();
  const form = useForm<
    Omit<NewUser, 'role' | 'currentPlan'> & { role: string; currentPlan: string }
  >({
    initialValues: {
      fullName: '',
      username: '',
      email: '',
      contact: '',
      company: '',
      country: '',
      role: '',
      currentPlan: '',
    },
    validate: {
      fullName: isNotEmpty(t('validation.required')),
      username: (v) =>
        !v.trim()
          ? t('validation.required')
          : /^[a-z0-9]+$/i.test(v.trim())
            ? null
            : t('validation.alphanumeric'),
      email: isEmail(t('validation.email')),
      contact: matches(/^[+()\d\s-]{6,}$/, t('validation.phone')),
      company: isNotEmpty(t('validation.required')),
      country: isNotEmpty(t('validation.required')),
      role: isNotEmpty(t('validation.required')),
      currentPlan: isNotEmpty(t('validation.required')),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Drawer opened={opened} onClose={close} position="right" title={t('add.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          add.mutate(
            {
              ...v,
              fullName: v.fullName.trim(),
              username: v.username.trim(),
              email: v.email.trim(),
              role: v.role as NewUser['role'],
              currentPlan: v.currentPlan as NewUser['currentPlan'],
            },
            {
              onSuccess: (user) => {
                notifications.show({
                  color: 'green',
                  message: t('add.added', { name: user.fullName }),
                });
                close();
              },
              onError: (err) => {
                const fields =
                  isAxiosError<{ error?: { fields?: Record<string, string> } }>(err) &&
                  err.response?.data.error?.fields;
                if (fields && fields.username === 'taken')
                  form.setFieldError('username', t('validation.taken'));
                else notifications.show({ color: 'red', message: t('saveError') });
              },
            },
          ),
        )}
      >
        <Stack>
          <TextInput
            label={t('fields.fullName')}
            withAsterisk
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t('fields.username')}
            withAsterisk
            {...form.getInputProps('username')}
          />
          <TextInput label={t('fields.email')} withAsterisk {...form.getInputProps('email')} />
          <TextInput label={t('fields.contact')} withAsterisk {...form.getInputProps('contact')} />
          <TextInput label={t('fields.company')} withAsterisk {...form.getInputProps('company')} />
          <Select
            label={t('fields.country')}
            data={userCountries}
            searchable
            withAsterisk
            {...form.getInputProps('country')}
          />
          <Select
            label={t('fields.role')}
            data={roles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            withAsterisk
            {...form.getInputProps('role')}
          />
          <Select
            label={t('fields.plan')}
            data={plans.map((p) => ({ value: p, label: t(`plan.${p}`) }))}
            withAsterisk
            {...form.getInputProps('currentPlan')}
          />
          <Group>
            <Button type="submit" loading={add.isPending}>
              {t('add.submit')}
            </Button>
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}

export function UsersList() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const [role, setRole] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [perPage, setPerPage] = useState(10);
  const [page, setPage] = useState(1);
  const [sortBy, setSortBy] = useState<SortKey>('id');
  const [sortDesc, setSortDesc] = useState(true);
  const [adding, setAdding] = useState(false);
  const query = useUsers({
    q,
    role: role ?? '',
    plan: plan ?? '',
    status: status ?? '',
    sortBy,
    sortDesc,
    perPage,
    page,
  });

  useEffect(() => {
    if (query.isError)
      notifications.show({ color: 'red', title: t('list.fetchError'), message: t('tryAgain') });
  }, [query.isError, t]);

  const onSort = (k: SortKey) => {
    if (k === sortBy) setSortDesc((d) => !d);
    else {
      setSortBy(k);
      setSortDesc(false);
    }
    setPage(1);
  };
  const filter = (set: (v: string | null) => void) => (v: string | null) => {
    set(v);
    setPage(1);
  };

  const total = query.data?.total ?? 0;
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const pages = Math.max(1, Math.ceil(total / perPage));

  return (
    <Stack>
      <Card padding="lg" radius="md" shadow="sm" withBorder>
        <Title order={5} mb="md">
          {t('list.filters')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('fields.role')}
            placeholder={t('list.selectRole')}
            data={roles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
            value={role}
            onChange={filter(setRole)}
            clearable
          />
          <Select
            label={t('fields.plan')}
            placeholder={t('list.selectPlan')}
            data={plans.map((p) => ({ value: p, label: t(`plan.${p}`) }))}
            value={plan}
            onChange={filter(setPlan)}
            clearable
          />
          <Select
            label={t('fields.status')}
            placeholder={t('list.selectStatus')}
            data={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={filter(setStatus)}
            clearable
          />
        </SimpleGrid>
      </Card>
      <Card padding="lg" radius="md" shadow="sm" withBorder>
        <Group justify="space-between" mb="md" gap="sm">
          <Group gap="xs">
            <Text size="sm">{t('list.show')}</Text>
            <Select
              aria-label={t('list.entries')}
              data={pageSizes}
              value={String(perPage)}
              onChange={(v) => {
                setPerPage(Number(v ?? 10));
                setPage(1);
              }}
              allowDeselect={false}
              w={80}
            />
          </Group>
          <Group gap="xs">
            <TextInput
              aria-label={t('list.search')}
              placeholder={t('list.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 220 }}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              {t('list.addUser')}
            </Button>
          </Group>
        </Group>
        {query.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={t('list.fetchError')}>
            {t('tryAgain')}
          </Alert>
        ) : query.isPending ? (
          <Center mih={160}>
            <Loader />
          </Center>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh
                    label={t('list.user')}
                    k="fullName"
                    sortBy={sortBy}
                    sortDesc={sortDesc}
                    onSort={onSort}
                  />
                  <SortableTh
                    label={t('fields.email')}
                    k="email"
                    sortBy={sortBy}
                    sortDesc={sortDesc}
                    onSort={onSort}
                  />
                  <SortableTh
                    label={t('fields.role')}
                    k="role"
                    sortBy={sortBy}
                    sortDesc={sortDesc}
                    onSort={onSort}
                  />
                  <SortableTh
                    label={t('fields.plan')}
                    k="currentPlan"
                    sortBy={sortBy}
                    sortDesc={sortDesc}
                    onSort={onSort}
                  />
                  <SortableTh
                    label={t('fields.status')}
                    k="status"
                    sortBy={sortBy}
                    sortDesc={sortDesc}
                    onSort={onSort}
                  />
                  <Table.Th>{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data?.users.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text ta="center" c="dimmed" py="md" data-testid="users-empty">
                        {t('list.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {query.data?.users.map((u) => (
                  <Table.Tr key={u.id} data-testid="user-row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar radius="xl" color="brand" src={u.avatar || null}>
                          {initials(u.fullName)}
                        </Avatar>
                        <div>
                          <Anchor
                            component={Link}
                            to={`/apps/users/view/${u.id}`}
                            size="sm"
                            fw={500}
                          >
                            {u.fullName}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            @{u.username}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>
                      <RoleLabel role={u.role} />
                    </Table.Td>
                    <Table.Td>{t(`plan.${u.currentPlan}`)}</Table.Td>
                    <Table.Td>
                      <StatusPill status={u.status} />
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('list.actions')}>
                            <IconDotsVertical size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconFileText size={16} />}
                            onClick={() => void navigate(`/apps/users/view/${u.id}`)}
                          >
                            {t('list.details')}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconEdit size={16} />}
                            onClick={() => void navigate(`/apps/users/edit/${u.id}`)}
                          >
                            {t('edit')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" data-testid="users-showing">
            {t('list.showing', { from, to, total })}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
          />
        </Group>
      </Card>
      <AddUserDrawer opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
