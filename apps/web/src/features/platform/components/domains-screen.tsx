import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconEdit,
  IconPlus,
  IconSwitchHorizontal,
  IconTrash,
  IconUserPlus,
  IconWebhook,
} from '@tabler/icons-react';
import { roles, type DomainItem, type Member, type Role } from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorOf, messageOf } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useSwitchDomain } from '@/lib/switch-domain';
import { useOp, useOpMutation } from '@/lib/qry';

const roleColor: Record<Role, string> = {
  owner: 'red',
  admin: 'orange',
  editor: 'blue',
  viewer: 'gray',
};

/** Domains of the user (create, rename, switch) and the members of the current one with roles. */
export function DomainsScreen() {
  const { t, i18n } = useTranslation('platform');
  const domains = useOp('domains.list', {});
  const switchDomain = useSwitchDomain();
  const [nameModal, setNameModal] = useState<{ opened: boolean; domain: DomainItem | null }>({
    opened: false,
    domain: null,
  });
  const current = domains.data?.items.find((d) => d.current);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <Stack data-testid="domains-screen">
      <Group justify="space-between">
        <div>
          <Title order={3}>{t('domains.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('domains.hint')}
          </Text>
        </div>
        <Group gap="xs">
          {(current?.role === 'owner' || current?.role === 'admin') && (
            <Button
              variant="default"
              component={Link}
              to="/fiscus/integrations"
              leftSection={<IconWebhook size={16} />}
              data-testid="domain-integrations"
            >
              {t('domains.integrations')}
            </Button>
          )}
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setNameModal({ opened: true, domain: null })}
          >
            {t('domains.new')}
          </Button>
        </Group>
      </Group>
      {domains.isLoading && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {domains.isError && (
        <Alert color="red" title={t('domains.loadError')}>
          {messageOf(domains.error)}
        </Alert>
      )}
      {domains.data && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding={0} radius="md">
              <Table.ScrollContainer minWidth={360}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('domains.name')}</Table.Th>
                      <Table.Th>{t('domains.role')}</Table.Th>
                      <Table.Th ta="right">{t('domains.members')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {domains.data.items.map((d) => (
                      <Table.Tr key={d.id} data-testid="domain-row">
                        <Table.Td>
                          <Group gap={6}>
                            <Text size="sm" fw={500}>
                              {d.name}
                            </Text>
                            {d.current && (
                              <Badge size="xs" color="teal" variant="light">
                                {t('domains.current')}
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed">
                            {when.format(new Date(d.createdAt))}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={roleColor[d.role]}>
                            {t(`common:role.${d.role}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">{d.memberCount}</Table.Td>
                        <Table.Td>
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            {d.role === 'owner' && (
                              <Tooltip label={t('domains.rename')}>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={t('domains.rename')}
                                  onClick={() => setNameModal({ opened: true, domain: d })}
                                >
                                  <IconEdit size={16} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                            {!d.current && (
                              <Button
                                size="compact-xs"
                                variant="light"
                                leftSection={<IconSwitchHorizontal size={14} />}
                                loading={
                                  switchDomain.isPending && switchDomain.variables?.id === d.id
                                }
                                onClick={() =>
                                  switchDomain.mutate(
                                    { id: d.id },
                                    {
                                      onSuccess: () =>
                                        notifications.show({
                                          color: 'teal',
                                          message: t('domains.switched', { name: d.name }),
                                        }),
                                      onError: (err) =>
                                        notifications.show({
                                          color: 'red',
                                          message: messageOf(err),
                                        }),
                                    },
                                  )
                                }
                              >
                                {t('domains.switch')}
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {current && <MembersCard domain={current} />}
          </Grid.Col>
        </Grid>
      )}
      <DomainNameModal
        opened={nameModal.opened}
        domain={nameModal.domain}
        onClose={() => setNameModal((m) => ({ ...m, opened: false }))}
      />
    </Stack>
  );
}

function DomainNameModal({
  opened,
  domain,
  onClose,
}: {
  opened: boolean;
  domain: DomainItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('platform');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useOpMutation('domains.create');
  const rename = useOpMutation('domains.rename');
  useEffect(() => {
    if (opened) {
      setName(domain?.name ?? '');
      setError(null);
    }
  }, [opened, domain]);
  const done = {
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        message: domain ? t('domains.renamed') : t('domains.created'),
      });
      onClose();
    },
    onError: (err: unknown) => setError(errorOf(err)?.fields?.name?.[0] ?? messageOf(err)),
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={domain ? t('domains.rename') : t('domains.new')}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return setError(t('validation.required'));
          if (domain) rename.mutate({ id: domain.id, name: name.trim() }, done);
          else create.mutate({ name: name.trim() }, done);
        }}
      >
        <Stack>
          <TextInput
            label={t('domains.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={120}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || rename.isPending}>
              {domain ? t('common:actions.save') : t('common:actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MembersCard({ domain }: { domain: DomainItem }) {
  const { t, i18n } = useTranslation('platform');
  const members = useOp('members.list', {});
  const setRole = useOpMutation('members.setRole');
  const remove = useOpMutation('members.remove');
  const me = useSession((s) => s.session?.user.id);
  const manage = domain.role === 'owner' || domain.role === 'admin';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const roleOptions = roles
    .filter((r) => domain.role === 'owner' || r !== 'owner')
    .map((r) => ({ value: r, label: t(`common:role.${r}`) }));
  return (
    <Card withBorder radius="md" padding="md" data-testid="members-card">
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={600}>{t('domains.membersOf', { name: domain.name })}</Text>
          {!manage && (
            <Text size="xs" c="dimmed">
              {t('domains.onlyAdmins')}
            </Text>
          )}
        </div>
        {manage && (
          <Button
            size="xs"
            leftSection={<IconUserPlus size={14} />}
            onClick={() => setAdding(true)}
          >
            {t('domains.addMember')}
          </Button>
        )}
      </Group>
      {members.isLoading && <Loader size="sm" />}
      {members.isError && <Alert color="red">{messageOf(members.error)}</Alert>}
      {members.data && (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('domains.user')}</Table.Th>
                <Table.Th>{t('domains.role')}</Table.Th>
                <Table.Th>{t('domains.joined')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.items.map((m) => {
                const editable =
                  manage && m.userId !== me && (domain.role === 'owner' || m.role !== 'owner');
                return (
                  <Table.Tr key={m.userId} data-testid="member-row">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {m.fullName || m.username}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {editable ? (
                        <Select
                          size="xs"
                          w={130}
                          aria-label={t('domains.roleOf', { name: m.username })}
                          data={roleOptions}
                          value={m.role}
                          allowDeselect={false}
                          onChange={(r) =>
                            r &&
                            setRole.mutate(
                              { userId: m.userId, role: r as Role },
                              {
                                onSuccess: () =>
                                  notifications.show({
                                    color: 'teal',
                                    message: t('domains.roleChanged'),
                                  }),
                                onError: (err) =>
                                  notifications.show({ color: 'red', message: messageOf(err) }),
                              },
                            )
                          }
                        />
                      ) : (
                        <Badge size="sm" variant="light" color={roleColor[m.role]}>
                          {t(`common:role.${m.role}`)}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{when.format(new Date(m.joinedAt))}</Text>
                    </Table.Td>
                    <Table.Td>
                      {editable && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('domains.removeMember', { name: m.username })}
                          onClick={() => setRemoving(m)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddMemberModal opened={adding} onClose={() => setAdding(false)} roleOptions={roleOptions} />
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('domains.removeTitle')}
        centered
      >
        <Stack>
          <Text size="sm">
            {t('domains.removeText', { name: removing?.username ?? '', domain: domain.name })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(
                  { userId: removing.userId },
                  {
                    onSuccess: () => {
                      setRemoving(null);
                      notifications.show({ color: 'teal', message: t('domains.memberRemoved') });
                    },
                    onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
                  },
                )
              }
            >
              {t('common:actions.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function AddMemberModal({
  opened,
  onClose,
  roleOptions,
}: {
  opened: boolean;
  onClose: () => void;
  roleOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation('platform');
  const add = useOpMutation('members.add');
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setLogin('');
      setRole('viewer');
      setError(null);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('domains.addMember')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!login.trim()) return setError(t('validation.required'));
          add.mutate(
            { login: login.trim(), role },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('domains.memberAdded') });
                onClose();
              },
              onError: (err) => setError(errorOf(err)?.fields?.login?.[0] ?? messageOf(err)),
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('domains.login')}
            description={t('domains.loginHint')}
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Select
            label={t('domains.role')}
            data={roleOptions}
            value={role}
            onChange={(r) => r && setRole(r as Role)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('domains.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
