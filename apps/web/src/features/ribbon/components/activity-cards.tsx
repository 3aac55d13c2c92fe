import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { JobItem } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOp } from '@/lib/qry';
import { useEventNames } from '../hooks/use-event-names';
import { useEventStream } from '../hooks/use-event-stream';
import { jobTarget } from '../lib/links';
import { EventRow } from './event-row';
import { EventTargetButton } from './event-target-button';
import { StreamBadge } from './stream-badge';

/** The dashboard's "recent activity": the latest events of the domain, live. */
export function RecentActivityCard({ limit = 8 }: { limit?: number }) {
  const { t } = useTranslation('ribbon');
  const status = useEventStream();
  const list = useOp('ribbon.list', { limit });
  const names = useEventNames();
  return (
    <Card padding="lg" radius="md" shadow="sm" h="100%" data-testid="home-activity">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('activity.title')}
          </Title>
          <StreamBadge status={status} />
        </Group>
        <Anchor component={Link} to="/fiscus/ribbon" size="sm">
          {t('activity.all')}
        </Anchor>
      </Group>
      {list.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{t('loadError')}</Alert>
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center" data-testid="home-activity-empty">
          {t('activity.empty')}
        </Text>
      ) : (
        <Stack gap={0}>
          {list.data.items.map((e) => (
            <EventRow key={e.id} event={e} names={names} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

const statusColor: Record<JobItem['status'], string> = {
  queued: 'indigo',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

/** The dashboard's "running jobs": queued and running work, and what ended just now, live. */
export function RunningJobsCard() {
  const { t, i18n } = useTranslation('ribbon');
  useEventStream();
  const jobs = useOp('jobs.list', { active: true, limit: 10 });
  const pct = (j: JobItem) => Math.round(j.progress * 100);
  return (
    <Card padding="lg" radius="md" shadow="sm" h="100%" data-testid="home-jobs">
      <Title order={2} size="h4" mb="sm">
        {t('jobs.title')}
      </Title>
      {jobs.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : jobs.isError ? (
        <Alert color="red">{t('jobs.loadError')}</Alert>
      ) : jobs.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center" data-testid="home-jobs-empty">
          {t('jobs.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {jobs.data.items.map((j) => (
            <div key={j.id} data-testid="home-job" data-status={j.status}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {j.label ?? t(`jobs.kinds.${j.kind}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`jobs.kinds.${j.kind}`)}
                    {j.total
                      ? ` · ${j.processed.toLocaleString(i18n.language)} / ${j.total.toLocaleString(i18n.language)}`
                      : ''}
                    {j.viaToken ? ` · ${t('jobs.viaToken', { name: j.viaToken })}` : ''}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <Badge size="sm" variant="light" color={statusColor[j.status]} miw="max-content">
                    {t(`jobs.status.${j.status}`)}
                  </Badge>
                  <EventTargetButton target={jobTarget(j)} />
                </Group>
              </Group>
              {(j.status === 'running' || j.status === 'queued') && (
                <Progress
                  value={pct(j)}
                  mt={4}
                  size="sm"
                  animated={j.status === 'running'}
                  aria-label={`${pct(j)}%`}
                />
              )}
              {j.status === 'failed' && j.error && (
                <Text size="xs" c="red" lineClamp={2}>
                  {j.error}
                </Text>
              )}
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
