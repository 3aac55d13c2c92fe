import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Divider,
  Grid,
  Group,
  List,
  Loader,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconCheck, IconEdit, IconTrash } from '@tabler/icons-react';
import { isAxiosError } from 'axios';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/figures';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeleteUser, useUser } from '../api/users';
import type { User } from '../api/types';
import { initials, permissionActions, permissionModules, RoleLabel, StatusPill } from './shared';

/** Read/write/create/delete rights per module implied by a role. */
export function rolePermissions(role: User['role']): Record<string, Record<string, boolean>> {
  const level = { admin: 4, maintainer: 3, editor: 2, author: 1, subscriber: 0 }[role];
  return Object.fromEntries(
    permissionModules.map((m, mi) => [
      m,
      Object.fromEntries(
        permissionActions.map((a, ai) => [a, level >= 4 || (mi >= 4 - level && ai <= level)]),
      ),
    ]),
  );
}

export function UserNotFound({ id }: { id: string | undefined }) {
  const { t } = useTranslation('users');
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('notFound')}>
      {t('notFoundText', { id })}{' '}
      <Anchor component={Link} to="/apps/users/list">
        {t('backToList')}
      </Anchor>
    </Alert>
  );
}

/** Loads the user of the route (`:id`) and renders the loading, missing and error states. */
export function WithUser({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation('users');
  const params = useParams();
  const query = useUser(Number(params.id));
  if (query.isPending && query.fetchStatus !== 'idle')
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  if (!query.data) {
    const missing =
      !query.isError || (isAxiosError(query.error) && query.error.response?.status === 404);
    return missing ? (
      <UserNotFound id={params.id} />
    ) : (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
        {t('tryAgain')}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

function InfoCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation('users');
  const rows: [string, ReactNode][] = [
    [t('fields.username'), user.username],
    [t('fields.status'), <StatusPill key="s" status={user.status} />],
    [t('fields.role'), <RoleLabel key="r" role={user.role} />],
    [t('fields.country'), user.country],
    [t('fields.contact'), user.contact],
    [t('fields.company'), user.company],
  ];
  return (
    <Card padding="lg" radius="md" shadow="sm" withBorder h="100%">
      <Group align="flex-start" wrap="nowrap">
        <Avatar size={96} radius="md" color="brand" src={user.avatar || null}>
          {initials(user.fullName)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={4}>{user.fullName}</Title>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              size="xs"
              component={Link}
              to={`/apps/users/edit/${user.id}`}
              leftSection={<IconEdit size={14} />}
            >
              {t('edit')}
            </Button>
            <DeleteUserButton user={user} />
          </Group>
        </Stack>
      </Group>
      <Group mt="lg" gap="xl">
        <div>
          <Text fw={700}>{formatCompact(23_300, i18n.language)}</Text>
          <Text size="xs" c="dimmed">
            {t('view.monthlySales')}
          </Text>
        </div>
        <div>
          <Text fw={700}>{formatCompact(99_870, i18n.language, { currency: 'USD' })}</Text>
          <Text size="xs" c="dimmed">
            {t('view.annualProfit')}
          </Text>
        </div>
      </Group>
      <Divider my="md" />
      <Stack gap={6}>
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} miw={100}>
              {label}
            </Text>
            <Text size="sm" component="div">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Delete, after a confirmation naming the user; back to the list once gone. */
function DeleteUserButton({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteUser(user.id);
  return (
    <>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} />}
        onClick={open}
        data-testid="user-delete"
      >
        {t('view.delete')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('view.deleteTitle')} centered>
        <Text size="sm">{t('view.deleteText', { name: user.fullName })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            data-testid="user-delete-confirm"
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  close();
                  notifications.show({
                    color: 'green',
                    message: t('view.deleted', { name: user.fullName }),
                  });
                  void navigate('/apps/users/list');
                },
                onError: () => notifications.show({ color: 'red', message: t('view.deleteError') }),
              })
            }
          >
            {t('view.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function PlanCard({ user }: { user: User }) {
  const { t } = useTranslation('users');
  return (
    <Card padding="lg" radius="md" shadow="sm" withBorder h="100%">
      <Group justify="space-between">
        <Title order={5}>{t('view.currentPlan')}</Title>
        <Badge>{t(`plan.${user.currentPlan}`)}</Badge>
      </Group>
      <List mt="md" spacing="xs" size="sm" icon={<IconCheck size={14} />}>
        <List.Item>{t(`view.planFeatures.${user.currentPlan}.users`)}</List.Item>
        <List.Item>{t(`view.planFeatures.${user.currentPlan}.storage`)}</List.Item>
        <List.Item>{t(`view.planFeatures.${user.currentPlan}.support`)}</List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="md">
        {t('view.daysLeft', { days: 18, total: 30 })}
      </Text>
      <Progress value={60} mt={4} />
      <Button fullWidth mt="md" variant="light">
        {t('view.upgrade')}
      </Button>
    </Card>
  );
}

function TimelineCard() {
  const { t } = useTranslation('users');
  const items = ['invoicePaid', 'meeting', 'project'] as const;
  return (
    <Card padding="lg" radius="md" shadow="sm" withBorder h="100%">
      <Title order={5} mb="md">
        {t('view.timeline')}
      </Title>
      <Timeline bulletSize={14} lineWidth={2}>
        {items.map((k) => (
          <Timeline.Item key={k} title={t(`view.events.${k}.title`)}>
            <Text size="xs" c="dimmed">
              {t(`view.events.${k}.text`)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

export function PermissionsTable({
  value,
  onChange,
}: {
  value: Record<string, Record<string, boolean>>;
  onChange?: (module: string, action: string, checked: boolean) => void;
}) {
  const { t } = useTranslation('users');
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('permissions.module')}</Table.Th>
            {permissionActions.map((a) => (
              <Table.Th key={a}>{t(`permissions.${a}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {permissionModules.map((m) => (
            <Table.Tr key={m}>
              <Table.Td>{t(`permissions.modules.${m}`)}</Table.Td>
              {permissionActions.map((a) => (
                <Table.Td key={a}>
                  <Checkbox
                    aria-label={`${t(`permissions.modules.${m}`)} ${t(`permissions.${a}`)}`}
                    checked={value[m]?.[a] ?? false}
                    readOnly={!onChange}
                    onChange={(e) => onChange?.(m, a, e.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** User details; `invoices` renders the user's invoice list below. */
export function UserView({ invoices }: { invoices?: (user: User) => ReactNode }) {
  const { t } = useTranslation('users');
  return (
    <WithUser>
      {(user) => (
        <Stack>
          <Grid>
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <InfoCard user={user} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              <PlanCard user={user} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TimelineCard />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Card padding="lg" radius="md" shadow="sm" withBorder h="100%">
                <Title order={5} mb="md">
                  {t('permissions.title')}
                </Title>
                <PermissionsTable value={rolePermissions(user.role)} />
              </Card>
            </Grid.Col>
          </Grid>
          {invoices && (
            <>
              <Title order={5}>{t('view.invoices')}</Title>
              {invoices(user)}
            </>
          )}
        </Stack>
      )}
    </WithUser>
  );
}
