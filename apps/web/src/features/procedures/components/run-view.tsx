import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconAlertTriangle, IconFlask, IconPlayerStop } from '@tabler/icons-react';
import type { ProcedureRun, StepLog } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOpMutation } from '@/lib/qry';
import { useObjectNameOf, useProcedureNameOf } from '@/lib/entity-names';
import { useRun } from '../hooks/use-run';
import { formatMs, isRunActive, runStatusColor } from '../lib/status';

export function RunStatusBadge({
  run,
}: {
  run: Pick<ProcedureRun, 'status' | 'dryRun'> & Partial<Pick<ProcedureRun, 'trigger'>>;
}) {
  const { t } = useTranslation('procedures');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={runStatusColor[run.status]} variant="light" data-testid="run-status">
        {t(`status.${run.status}`)}
      </Badge>
      {run.dryRun && (
        <Badge color="gray" variant="outline" leftSection={<IconFlask size={12} />}>
          {t('run.dryRunBadge')}
        </Badge>
      )}
      {run.trigger && <TriggerBadge trigger={run.trigger} />}
    </Group>
  );
}

/** The object whose change started a run, by its name in the user's language. */
function TriggerBadge({ trigger }: { trigger: NonNullable<ProcedureRun['trigger']> }) {
  const { t } = useTranslation('procedures');
  const objectNameOf = useObjectNameOf();
  return (
    <Badge color="grape" variant="outline" data-testid="run-trigger">
      {t('trigger.badge', { object: objectNameOf(trigger.objectId, trigger.objectName) })}
    </Badge>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

/** The Log of a run: one row per step (nested runs as `3.1`). */
export function RunLog({ log }: { log: StepLog[] }) {
  const { t, i18n } = useTranslation('procedures');
  const n = (x: number) => x.toLocaleString(i18n.language);
  if (!log.length)
    return (
      <Text size="sm" c="dimmed">
        {t('log.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} data-testid="run-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('log.step')}</Table.Th>
            <Table.Th>{t('log.status')}</Table.Th>
            <Table.Th ta="right">{t('log.read')}</Table.Th>
            <Table.Th ta="right">{t('log.written')}</Table.Th>
            <Table.Th ta="right">{t('log.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.map((l) => (
            <Table.Tr key={l.path} data-testid="run-log-step">
              <Table.Td>
                <Text size="sm" ff="monospace" pl={(l.path.split('.').length - 1) * 12}>
                  {l.path}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {l.title || t(`steps.${l.type}.name`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`steps.${l.type}.name`)}
                  {l.inserted + l.updated + l.deleted > 0 &&
                    ` · ${t('log.changes', { inserted: n(l.inserted), updated: n(l.updated), deleted: n(l.deleted) })}`}
                </Text>
                {l.message && (
                  <Text size="xs" c={l.status === 'done' ? 'dimmed' : 'red'}>
                    {l.message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge
                  size="sm"
                  variant="light"
                  color={l.status === 'done' ? 'teal' : l.status === 'skipped' ? 'gray' : 'red'}
                >
                  {t(`log.statuses.${l.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{n(l.rowsRead)}</Table.Td>
              <Table.Td ta="right">{n(l.rowsWritten)}</Table.Td>
              <Table.Td ta="right">{formatMs(l.ms, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A run as it goes: progress, then Result and Log; Cancel while it runs. */
export function RunView({ runId }: { runId: string }) {
  const { t, i18n } = useTranslation('procedures');
  const run = useRun(runId);
  const cancel = useOpMutation('procedures.cancel');
  const procedureNameOf = useProcedureNameOf();
  if (run.isPending)
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  if (run.isError)
    return (
      <Alert color="red" title={t('run.loadError')}>
        {messageOf(run.error)}
      </Alert>
    );
  const r = run.data;
  const active = isRunActive(r.status);
  const n = (x: number) => x.toLocaleString(i18n.language);
  const pct = Math.round(r.progress * 100);
  return (
    <Stack gap="md" data-testid="run-view" data-status={r.status}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={5}>{procedureNameOf(r.procedureId, r.procedureName)}</Title>
          <RunStatusBadge run={r} />
        </Group>
        <Text size="xs" c="dimmed">
          {r.createdByName ?? ''} ·{' '}
          {new Intl.DateTimeFormat(i18n.language, {
            dateStyle: 'short',
            timeStyle: 'medium',
          }).format(new Date(r.createdAt))}
        </Text>
      </Group>
      {active && (
        <Stack gap={4}>
          <Progress value={Math.max(pct, 3)} animated striped aria-label={`${pct}%`} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {r.status === 'queued' ? t('run.queued') : t('run.running', { pct })}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={14} />}
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { id: r.id },
                  {
                    onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
                  },
                )
              }
              data-testid="run-cancel"
            >
              {t('run.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {r.status === 'failed' && (
        <Alert
          color="red"
          icon={<IconAlertTriangle />}
          title={t('run.failedTitle')}
          data-testid="run-error"
        >
          {r.error ?? t('run.failedText')}
          <Text size="xs" mt={4}>
            {t('run.rolledBack')}
          </Text>
        </Alert>
      )}
      {r.status === 'cancelled' && (
        <Alert color="orange" title={t('run.cancelledTitle')}>
          {t('run.rolledBack')}
        </Alert>
      )}
      {r.dryRun && r.status === 'succeeded' && (
        <Alert
          color="blue"
          icon={<IconFlask />}
          title={t('run.dryRunDoneTitle')}
          data-testid="run-dry-note"
        >
          {t('run.dryRunDoneText')}
        </Alert>
      )}
      {r.result && (
        <div data-testid="run-result">
          <Text fw={600} size="sm" mb={4}>
            {t('common:actions.result')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <Figure label={t('result.read')} value={n(r.result.rowsRead)} />
            <Figure
              label={t('result.written')}
              value={n(r.result.rowsWritten)}
              testId="result-written"
            />
            <Figure
              label={t('result.inserted')}
              value={n(r.result.inserted)}
              testId="result-inserted"
            />
            <Figure label={t('result.updated')} value={n(r.result.updated)} />
            <Figure label={t('result.deleted')} value={n(r.result.deleted)} />
            <Figure label={t('result.time')} value={formatMs(r.result.ms, i18n.language)} />
          </SimpleGrid>
        </div>
      )}
      {!active && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t('common:actions.log')}
          </Text>
          <RunLog log={r.log} />
        </div>
      )}
      {Object.keys(r.params).length > 0 && (
        <Text size="xs" c="dimmed">
          {t('run.paramsUsed')}:{' '}
          {Object.entries(r.params)
            .map(([k, v]) => `@${k} = ${v === null ? '—' : String(v)}`)
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
