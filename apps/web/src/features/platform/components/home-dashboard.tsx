import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAddressBook,
  IconAlertCircle,
  IconCheck,
  IconCircleDashed,
  IconCube,
  IconDatabase,
  IconListDetails,
  IconUsers,
} from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { useSession } from '@/lib/session';
import { objectPath } from '../lib/paths';
import { shownName } from '@/lib/names';
import { useOp } from '@/lib/qry';

function Stat({
  icon,
  color,
  value,
  label,
  testId,
}: {
  icon: ReactNode;
  color: string;
  /** undefined while the figures load */
  value: string | undefined;
  label: string;
  testId: string;
}) {
  return (
    <Card padding="lg" radius="md" shadow="sm" data-testid={testId}>
      <Group wrap="nowrap">
        <ThemeIcon size={48} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <div>
          {value === undefined ? (
            <Skeleton height={28} width={56} radius="sm" aria-hidden />
          ) : (
            <Text fw={700} size="xl">
              {value}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/**
 * The domain at a glance: what it holds, its largest tables and the next steps. `activity` is
 * shown below the figures (the app puts the recent activity and running jobs there).
 */
export function HomeDashboard({ activity }: { activity?: ReactNode } = {}) {
  const { t, i18n } = useTranslation('platform');
  const session = useSession((s) => s.session);
  const objects = useOp('objects.list', {}, { enabled: !!session });
  const tables = useOp('tables.list', {}, { enabled: !!session });
  const domains = useOp('domains.list', {}, { enabled: !!session });
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const size = (bytes: number) =>
    bytes >= 1 << 20
      ? `${number.format(Math.round(bytes / (1 << 20)))} MB`
      : `${number.format(Math.round(bytes / 1024))} KB`;

  if (!session)
    return (
      <Center mih={300}>
        <Loader />
      </Center>
    );
  const name = session.user.fullName || session.user.username;
  // The greeting and the figures' cards show at once; the figures fill in as they arrive.
  const header = (
    <Group justify="space-between" wrap="wrap">
      <div>
        <Title order={1} size="h2">
          {t(isNewAccount(session.user.createdAt) ? 'home.welcomeNew' : 'home.welcome', {
            name,
          })}
        </Title>
        <Group gap="xs" mt={4}>
          <Text c="dimmed">{session.domain.name}</Text>
          <Badge variant="light">{t(`common:role.${session.domain.role}`)}</Badge>
        </Group>
      </div>
      <Button component={Link} to="/fiscus/objects" leftSection={<IconCube size={16} />}>
        {t('home.manageObjects')}
      </Button>
    </Group>
  );
  if (objects.isError || tables.isError)
    return (
      <Stack gap="lg" data-testid="home-dashboard">
        {header}
        <Alert color="red" icon={<IconAlertCircle />} title={t('home.loadError')}>
          {t('home.loadErrorText')}
        </Alert>
      </Stack>
    );
  const loaded = !objects.isPending && !tables.isPending;
  const all = objects.data?.items ?? [];
  const items = tables.data?.items ?? [];
  const rows = items.reduce((sum, x) => sum + x.rows, 0);
  const bytes = items.reduce((sum, x) => sum + (x.sizeBytes ?? 0), 0);
  const members = domains.data?.items.find((d) => d.current)?.memberCount ?? 1;
  const largest = [...items].sort((a, b) => b.rows - a.rows).slice(0, 6);
  // The object's name in the user's language (the tables list has the default name).
  const nameOf = (id: string, fallback: string) => {
    const o = all.find((y) => y.id === id);
    return o ? shownName(o) : fallback;
  };
  const figure = (value: () => string) => (loaded ? value() : undefined);
  const steps = [
    {
      done: all.some((o) => o.kind === 'table'),
      label: t('home.steps.object'),
      to: '/fiscus/objects',
    },
    {
      done: all.some((o) => o.kind === 'reference'),
      label: t('home.steps.catalog'),
      to: '/fiscus/refs',
    },
    {
      done: rows > 0,
      label: t('home.steps.records'),
      to: all[0] ? objectPath(all[0].id) : '/fiscus/objects',
    },
    { done: members > 1, label: t('home.steps.member'), to: '/fiscus/domains' },
    {
      done: session.user.totpEnabled,
      label: t('home.steps.totp'),
      to: '/pages/account-setting?tab=security',
    },
  ];

  return (
    <Stack gap="lg" data-testid="home-dashboard">
      {header}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <Stat
          testId="home-objects"
          icon={<IconCube />}
          color="brand"
          value={figure(() => number.format(all.filter((o) => o.kind === 'table').length))}
          label={t('home.objects')}
        />
        <Stat
          testId="home-catalogs"
          icon={<IconAddressBook />}
          color="teal"
          value={figure(() => number.format(all.filter((o) => o.kind === 'reference').length))}
          label={t('home.catalogs')}
        />
        <Stat
          testId="home-records"
          icon={<IconListDetails />}
          color="orange"
          value={figure(() => number.format(rows))}
          label={t('home.records')}
        />
        <Stat
          testId="home-storage"
          icon={<IconDatabase />}
          color="grape"
          value={figure(() => size(bytes))}
          label={t('home.storage')}
        />
      </SimpleGrid>
      {/* Below the first view: rendered after the first paint, in steps the browser can
          interleave with input (components/after-first-paint.tsx). */}
      <AfterFirstPaint>
        {activity}
        {loaded ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card padding="lg" radius="md" shadow="sm" h="100%">
                <Title order={2} size="h4" mb="sm">
                  {t('home.largest')}
                </Title>
                {largest.length === 0 ? (
                  <Stack align="center" gap="xs" py="xl" data-testid="home-empty">
                    <ThemeIcon size={48} radius="xl" variant="light">
                      <IconCube />
                    </ThemeIcon>
                    <Text fw={600}>{t('home.emptyTitle')}</Text>
                    <Text size="sm" c="dimmed" ta="center" maw={420}>
                      {t('home.emptyText')}
                    </Text>
                    <Button component={Link} to="/fiscus/objects" mt="xs">
                      {t('home.createObject')}
                    </Button>
                  </Stack>
                ) : (
                  <Table.ScrollContainer minWidth={420}>
                    <Table verticalSpacing="xs" data-testid="home-largest">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('home.object')}</Table.Th>
                          <Table.Th>{t('home.kind')}</Table.Th>
                          <Table.Th ta="right">{t('home.records')}</Table.Th>
                          <Table.Th ta="right">{t('home.storage')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {largest.map((x) => (
                          <Table.Tr key={x.objectId}>
                            <Table.Td>
                              <Anchor component={Link} to={objectPath(x.objectId)}>
                                {nameOf(x.objectId, x.objectName)}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>
                              <Badge
                                variant="light"
                                color={x.kind === 'reference' ? 'teal' : 'brand'}
                                miw="max-content"
                              >
                                {t(`home.kinds.${x.kind}`, { defaultValue: x.kind })}
                              </Badge>
                            </Table.Td>
                            <Table.Td ta="right">{number.format(x.rows)}</Table.Td>
                            <Table.Td ta="right">
                              {x.sizeBytes === null ? '—' : size(x.sizeBytes)}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card padding="lg" radius="md" shadow="sm" h="100%">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4">
                    {t('home.getStarted')}
                  </Title>
                  <Group gap={4}>
                    <IconUsers size={16} />
                    <Text size="sm" c="dimmed">
                      {t('home.members', { count: members })}
                    </Text>
                  </Group>
                </Group>
                <Stack gap="sm">
                  {steps.map((s) => (
                    <Group key={s.label} gap="sm" wrap="nowrap">
                      <ThemeIcon
                        size="sm"
                        radius="xl"
                        variant={s.done ? 'filled' : 'light'}
                        color={s.done ? 'teal' : 'gray'}
                      >
                        {s.done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                      </ThemeIcon>
                      {s.done ? (
                        <Text size="sm" td="line-through" c="dimmed">
                          {s.label}
                        </Text>
                      ) : (
                        <Anchor component={Link} to={s.to} size="sm">
                          {s.label}
                        </Anchor>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        ) : (
          <Center mih={200}>
            <Loader />
          </Center>
        )}
      </AfterFirstPaint>
    </Stack>
  );
}

/** An account made within the last day is greeted as new ("Welcome"), later as returning. */
function isNewAccount(createdAt: string): boolean {
  const at = Date.parse(createdAt);
  return Number.isFinite(at) && Date.now() - at < 24 * 60 * 60 * 1000;
}
