import { Alert, Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import type { ProcedureRun } from '@fiscus/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { useProcedureNameOf } from '@/lib/entity-names';
import { formatMs, isRunActive } from '../lib/status';
import { RunStatusBadge } from './run-view';

const PAGE = 25;

/** The runs of the domain (or of one procedure), newest first; a click opens one. */
export function RunsTable({
  procedureId,
  onOpen,
}: {
  procedureId?: string;
  onOpen: (run: Omit<ProcedureRun, 'log'>) => void;
}) {
  const { t, i18n } = useTranslation('procedures');
  const [pages, setPages] = useState(1);
  const procedureNameOf = useProcedureNameOf(!procedureId);
  const runs = useOp(
    'procedures.runs',
    { ...(procedureId ? { procedureId } : {}), offset: 0, limit: PAGE * pages },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (q) =>
        q.state.data?.items.some((r) => isRunActive(r.status)) ? 2000 : false,
    },
  );
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  if (runs.isPending)
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  if (runs.isError)
    return (
      <Alert color="red" title={t('runs.loadError')}>
        <Text size="sm">{messageOf(runs.error)}</Text>
        <Button size="xs" variant="light" mt="xs" onClick={() => void runs.refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  if (!runs.data.items.length)
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="runs-empty">
        {t('runs.empty')}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover verticalSpacing="xs" data-testid="runs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('runs.status')}</Table.Th>
              {!procedureId && <Table.Th>{t('runs.procedure')}</Table.Th>}
              <Table.Th>{t('runs.by')}</Table.Th>
              <Table.Th>{t('runs.started')}</Table.Th>
              <Table.Th ta="right">{t('result.written')}</Table.Th>
              <Table.Th ta="right">{t('result.time')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.items.map((r) => (
              <Table.Tr
                key={r.id}
                onClick={() => onOpen(r)}
                style={{ cursor: 'pointer' }}
                data-testid="run-row"
              >
                <Table.Td>
                  <RunStatusBadge run={r} />
                </Table.Td>
                {!procedureId && (
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {procedureNameOf(r.procedureId, r.procedureName)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>{r.createdByName ?? '—'}</Table.Td>
                <Table.Td>{fmt.format(new Date(r.createdAt))}</Table.Td>
                <Table.Td ta="right">
                  {r.result ? r.result.rowsWritten.toLocaleString(i18n.language) : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  {r.result
                    ? formatMs(r.result.ms, i18n.language)
                    : isRunActive(r.status)
                      ? `${Math.round(r.progress * 100)}%`
                      : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {runs.data.hasMore && (
        <Group justify="center">
          <Button
            size="xs"
            variant="light"
            loading={runs.isFetching}
            onClick={() => setPages((p) => p + 1)}
          >
            {t('runs.more')}
          </Button>
        </Group>
      )}
    </>
  );
}
