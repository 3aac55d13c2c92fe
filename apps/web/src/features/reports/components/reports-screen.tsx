import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Drawer,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconChartBar,
  IconDownload,
  IconFileAnalytics,
  IconHistory,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  reportFormats,
  type FilterNode,
  type JobStatus,
  type Report,
  type ReportFormat,
  type ReportRun,
} from '@fiscus/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBuilder, newGroup, pruneFilter } from '@/components/filter-builder';
import {
  ConfirmDelete,
  ListHeader,
  ListStates,
  ListToolbar,
  ToolbarAction,
} from '@/components/list-shell';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { invalidateReads, useOp, useOpMutation } from '@/lib/qry';
import { useAddressParams } from '@/lib/use-address-params';
import { useQueryClient } from '@tanstack/react-query';
import { filterFieldsOf, formatBytes, formatDuration, useFilterLabels } from '../lib/filter';
import { ReportEditor } from './report-editor';
import { shownDescription, shownName } from '@/lib/names';
import { useCubeNameOf, useObjectNameOf } from '@/lib/entity-names';

type RunRow = Omit<ReportRun, 'log'>;
const active = (s: JobStatus) => s === 'queued' || s === 'running';
const statusColor: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
})();

/** The domain's reports and their runs: New, Refresh, Search, Generate, Download, Result, Log. */
export function ReportsScreen() {
  const { t, i18n } = useTranslation('reports');
  const [params, setParams] = useAddressParams();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Report | 'new' | null>(null);
  const [generating, setGenerating] = useState<Report | null>(null);
  const [toDelete, setToDelete] = useState<Report | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [resultOf, setResultOf] = useState<string | null>(null);
  const selectedId = params.get('report');
  const select = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('report', id);
      else p.delete('report');
      return p;
    });
  /** A click on a row selects it, or clears it when it is the one selected (or about to be). */
  const toggle = (id: string) =>
    setParams((p) => {
      if (p.get('report') === id) p.delete('report');
      else p.set('report', id);
      return p;
    });

  const list = useOp('reports.list', {});
  const runs = useOp(
    'reports.runs',
    { reportId: selectedId ?? undefined, limit: 50 },
    {
      // Runs move while a job works: poll until none is queued or running.
      refetchInterval: (q) => (q.state.data?.items.some((r) => active(r.status)) ? 1000 : false),
    },
  );
  const remove = useOpMutation('reports.delete');
  const objectNameOf = useObjectNameOf();
  const cubeNameOf = useCubeNameOf();
  const all = useMemo(() => list.data?.items ?? [], [list.data]);
  const items = useMemo(() => {
    const q = search.trim().toLocaleLowerCase(i18n.language);
    return all
      .filter(
        (r) =>
          !q ||
          [
            shownName(r, i18n.language),
            r.name,
            r.description,
            shownDescription(r, i18n.language),
            objectNameOf(r.objectId, r.objectName),
            r.cubeName ? cubeNameOf(r.cubeId, r.cubeName) : '',
            r.viewName ?? '',
          ].some((s) => s.toLocaleLowerCase(i18n.language).includes(q)),
      )
      .sort((a, b) =>
        shownName(a, i18n.language).localeCompare(shownName(b, i18n.language), i18n.language),
      );
  }, [all, search, i18n.language, objectNameOf, cubeNameOf]);
  const selected = all.find((r) => r.id === selectedId) ?? null;
  const dateFmt = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <Stack gap="sm" data-testid="reports-screen">
      <ListHeader
        title={t('title')}
        count={list.data && t('total', { count: all.length })}
        countTestId="reports-total"
        hint={t('hint')}
      />
      <ListToolbar
        onNew={() => setEditing('new')}
        newPermission={{ I: 'create', a: 'Report' }}
        newTestId="reports-new"
        onRefresh={() => {
          void list.refetch();
          void runs.refetch();
        }}
        refreshing={list.isFetching && !list.isLoading}
        search={{ value: search, onChange: setSearch }}
      >
        <Can I="update" a="Report">
          <ToolbarAction
            tip={selected ? t('generateHint') : t('selectOne')}
            icon={<IconPlayerPlay size={16} />}
            disabled={!selected}
            onClick={() => selected && setGenerating(selected)}
            testId="reports-generate"
          >
            {t('common:actions.generate')}
          </ToolbarAction>
        </Can>
        <ToolbarAction
          tip={selected?.lastRun?.fileId ? t('downloadHint') : t('noFile')}
          icon={<IconDownload size={16} />}
          disabled={!selected?.lastRun?.fileId}
          onClick={() => {
            const run = runs.data?.items.find((r) => r.id === selected?.lastRun?.id);
            if (selected?.lastRun?.fileId)
              void download(selected.lastRun.fileId, run?.fileName ?? selected.name);
          }}
          testId="reports-download"
        >
          {t('common:actions.download')}
        </ToolbarAction>
        <ToolbarAction
          tip={selected?.lastRun ? t('common:actions.result') : t('noRun')}
          icon={<IconChartBar size={16} />}
          disabled={!selected?.lastRun || active(selected.lastRun.status)}
          onClick={() => selected?.lastRun && setResultOf(selected.lastRun.id)}
          testId="reports-result"
        >
          {t('common:actions.result')}
        </ToolbarAction>
        <ToolbarAction
          tip={selected?.lastRun ? t('common:actions.log') : t('noRun')}
          icon={<IconHistory size={16} />}
          disabled={!selected?.lastRun}
          onClick={() => selected?.lastRun && setLogOf(selected.lastRun.id)}
          testId="reports-log"
        >
          {t('common:actions.log')}
        </ToolbarAction>
        <Can I="update" a="Report">
          <ToolbarAction
            tip={selected ? t('edit') : t('selectOne')}
            icon={<IconPencil size={16} />}
            disabled={!selected}
            onClick={() => selected && setEditing(selected)}
            testId="reports-edit"
          >
            {t('edit')}
          </ToolbarAction>
        </Can>
        <Can I="delete" a="Report">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!selected}
            onClick={() => selected && setToDelete(selected)}
          >
            {t('common:actions.delete')}
          </Button>
        </Can>
      </ListToolbar>

      <ListStates
        query={list}
        total={list.data && all.length}
        shown={items.length}
        testId="reports"
        errorTitle={t('loadError')}
        noMatch={t('noMatch')}
        empty={{
          icon: <IconFileAnalytics size={30} />,
          title: t('none'),
          text: t('noneHint'),
          action: (
            <Can I="create" a="Report">
              <Button
                mt="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing('new')}
              >
                {t('newReport')}
              </Button>
            </Can>
          ),
        }}
      >
        <Card withBorder padding={0} radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="xs" data-testid="reports-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('col.name')}</Table.Th>
                  <Table.Th>{t('col.source')}</Table.Th>
                  <Table.Th>{t('col.format')}</Table.Th>
                  <Table.Th>{t('col.lastRun')}</Table.Th>
                  <Table.Th>{t('col.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr
                    key={r.id}
                    data-testid="report-row"
                    aria-selected={r.id === selectedId}
                    bg={r.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ cursor: 'pointer' }}
                    onClick={() => toggle(r.id)}
                  >
                    <Table.Td maw={320}>
                      <Text size="sm" fw={500}>
                        {shownName(r)}
                      </Text>
                      {shownDescription(r) && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {shownDescription(r)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {r.source === 'cube'
                          ? t('sourceCube', { name: cubeNameOf(r.cubeId, r.cubeName ?? '') })
                          : t('sourceView', {
                              object: objectNameOf(r.objectId, r.objectName),
                              view: r.viewName ?? t('allFieldsShort'),
                            })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline">{r.format.toUpperCase()}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {r.lastRun ? (
                        <Group gap={6} wrap="nowrap">
                          <StatusBadge status={r.lastRun.status} />
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {dateFmt.format(new Date(r.lastRun.createdAt))}
                          </Text>
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {dateFmt.format(new Date(r.updatedAt))}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </ListStates>

      <Group justify="space-between" mt="xs">
        <Title order={5}>{selected ? t('runsOf', { name: selected.name }) : t('allRuns')}</Title>
      </Group>
      <RunsTable
        runs={runs.data?.items ?? []}
        loading={runs.isLoading}
        onLog={setLogOf}
        onResult={setResultOf}
        onDownload={(run) =>
          run.fileId && void download(run.fileId, run.fileName ?? run.reportName)
        }
      />

      <ReportEditor
        opened={editing !== null}
        report={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(r) => {
          setEditing(null);
          select(r.id);
        }}
      />
      <GenerateModal report={generating} onClose={() => setGenerating(null)} />
      <LogDrawer runId={logOf} onClose={() => setLogOf(null)} />
      <ResultModal runId={resultOf} onClose={() => setResultOf(null)} />
      <ConfirmDelete
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('deleteTitle')}
        text={t('deleteText', { name: toDelete?.name ?? '' })}
        pending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { id: toDelete.id },
            {
              onSuccess: () => {
                setToDelete(null);
                select(null);
              },
              onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
            },
          )
        }
      />
    </Stack>
  );
}

async function download(fileId: string, name: string) {
  try {
    await downloadFile(fileId, name);
  } catch (err) {
    notifications.show({ color: 'red', message: messageOf(err) });
  }
}

function StatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Badge
      color={statusColor[status]}
      variant="light"
      data-testid="run-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Every run: status and progress, who and when, parameters, size, duration, the file. */
function RunsTable({
  runs,
  loading,
  onLog,
  onResult,
  onDownload,
}: {
  runs: RunRow[];
  loading: boolean;
  onLog: (id: string) => void;
  onResult: (id: string) => void;
  onDownload: (run: RunRow) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const dateFmt = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  if (loading)
    return (
      <Group justify="center" py="md">
        <Loader size="sm" />
      </Group>
    );
  if (runs.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="runs-empty">
        {t('noRuns')}
      </Text>
    );
  return (
    <Card withBorder padding={0} radius="md">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs" data-testid="runs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('run.status')}</Table.Th>
              <Table.Th>{t('run.file')}</Table.Th>
              <Table.Th>{t('run.parameters')}</Table.Th>
              <Table.Th>{t('run.who')}</Table.Th>
              <Table.Th>{t('run.when')}</Table.Th>
              <Table.Th ta="right">{t('run.size')}</Table.Th>
              <Table.Th ta="right">{t('run.duration')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.id} data-testid="run-row">
                <Table.Td>
                  <Stack gap={4} miw={110}>
                    <StatusBadge status={run.status} />
                    {active(run.status) && (
                      <Progress
                        size="sm"
                        value={Math.round(run.progress * 100)}
                        animated
                        aria-label={t('run.progress')}
                      />
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td maw={260}>
                  {run.fileId ? (
                    <Anchor
                      component="button"
                      size="sm"
                      onClick={() => onDownload(run)}
                      data-testid="run-file"
                    >
                      {run.fileName ?? run.reportName}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {run.reportName} · {run.format.toUpperCase()}
                    </Text>
                  )}
                  {run.error && (
                    <Text size="xs" c="red" lineClamp={2}>
                      {run.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={280}>
                  <Text size="xs" lineClamp={2} title={run.parametersText}>
                    {run.parametersText || t('run.noParameters')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{run.createdByName ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dateFmt.format(new Date(run.createdAt))}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatBytes(run.size, i18n.language)}</Table.Td>
                <Table.Td ta="right">{formatDuration(run.durationMs, i18n.language)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('common:actions.result')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('common:actions.result')}
                        disabled={active(run.status)}
                        onClick={() => onResult(run.id)}
                      >
                        <IconChartBar size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('common:actions.log')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('common:actions.log')}
                        onClick={() => onLog(run.id)}
                      >
                        <IconHistory size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('common:actions.download')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('common:actions.download')}
                        disabled={!run.fileId}
                        onClick={() => onDownload(run)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Generate: the run's parameters (the report's by default) and format, then progress. */
function GenerateModal({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      size="xl"
      title={t('generate.title', { name: report?.name ?? '' })}
    >
      {report && <GenerateForm key={report.id} report={report} onClose={onClose} />}
    </Modal>
  );
}

function GenerateForm({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const labels = useFilterLabels();
  const meta = useOp('objects.get', { id: report.objectId });
  const [parameters, setParameters] = useState<FilterNode>(
    () => report.parameters ?? newGroup(labels.groupName(1)),
  );
  const [format, setFormat] = useState<ReportFormat>(report.format);
  const [runId, setRunId] = useState<string | null>(null);
  const generate = useOpMutation('reports.generate');
  const run = useOp(
    'reports.getRun',
    { id: runId ?? '' },
    {
      enabled: !!runId,
      refetchInterval: (q) => (q.state.data && !active(q.state.data.status) ? false : 800),
    },
  );
  const cancel = useOpMutation('reports.cancel');
  // A finished run changes the report's last run and the runs list.
  const queryClient = useQueryClient();
  const finished = !!run.data && !active(run.data.status);
  useEffect(() => {
    if (finished) invalidateReads(queryClient, [{ op: 'reports.runs' }, { op: 'reports.list' }]);
  }, [finished, queryClient]);

  if (runId) {
    const r = run.data;
    return (
      <Stack gap="sm" data-testid="generate-progress">
        <Group gap="xs">
          {r ? <StatusBadge status={r.status} /> : <Loader size="xs" />}
          {r?.result && (
            <Text size="sm" c="dimmed">
              {t('result.summary', { rows: r.result.rows, columns: r.result.columns })}
            </Text>
          )}
        </Group>
        <Progress
          value={Math.round((r?.progress ?? 0) * 100)}
          animated={!r || active(r.status)}
          aria-label={t('run.progress')}
        />
        {r?.error && <Alert color="red">{r.error}</Alert>}
        <Group justify="flex-end">
          {r && active(r.status) && (
            <Button
              variant="default"
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ id: r.id })}
            >
              {t('common:actions.cancel')}
            </Button>
          )}
          {r?.fileId && (
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => void download(r.fileId!, r.fileName ?? report.name)}
              data-testid="generate-download"
            >
              {t('common:actions.download')}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="generate-form">
      <Select
        label={t('editor.format')}
        data={reportFormats.map((f) => ({ value: f, label: f.toUpperCase() }))}
        value={format}
        onChange={(v) => setFormat((v ?? 'xlsx') as ReportFormat)}
        allowDeselect={false}
        w={160}
      />
      <Text size="sm" fw={500}>
        {t('editor.parameters')}
      </Text>
      {meta.data ? (
        <FilterBuilder
          value={parameters}
          onChange={setParameters}
          fields={filterFieldsOf(meta.data)}
          labels={labels}
        />
      ) : (
        <Loader size="xs" />
      )}
      {generate.isError && <Alert color="red">{messageOf(generate.error)}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={generate.isPending}
          onClick={() =>
            generate.mutate(
              { id: report.id, parameters: pruneFilter(parameters) ?? null, format, timeZone },
              { onSuccess: (r) => setRunId(r.id) },
            )
          }
          data-testid="generate-run"
        >
          {t('common:actions.generate')}
        </Button>
      </Group>
    </Stack>
  );
}

function LogDrawer({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('reports');
  const run = useOp('reports.getRun', { id: runId ?? '' }, { enabled: !!runId });
  const fmt = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });
  return (
    <Drawer
      opened={runId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('common:actions.log')}
    >
      {run.isLoading ? (
        <Loader size="sm" />
      ) : run.isError ? (
        <Alert color="red">{messageOf(run.error)}</Alert>
      ) : (
        <Stack gap={4} data-testid="run-log">
          {(run.data?.log ?? []).map((l, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
              <Code>{fmt.format(new Date(l.at))}</Code>
              <Badge
                size="xs"
                color={l.level === 'error' ? 'red' : l.level === 'warn' ? 'orange' : 'gray'}
              >
                {l.level}
              </Badge>
              <Text size="sm">{l.message}</Text>
            </Group>
          ))}
          {run.data?.log.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('noLog')}
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function ResultModal({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('reports');
  const run = useOp('reports.getRun', { id: runId ?? '' }, { enabled: !!runId });
  const r = run.data;
  const n = (x: number | null | undefined) =>
    x === null || x === undefined ? '—' : x.toLocaleString(i18n.language);
  return (
    <Modal opened={runId !== null} onClose={onClose} title={t('common:actions.result')} centered>
      {!r ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="xs" data-testid="run-result">
          <Group gap="xs">
            <StatusBadge status={r.status} />
            <Text size="sm" c="dimmed">
              {r.reportName} · {r.format.toUpperCase()}
            </Text>
          </Group>
          <Table>
            <Table.Tbody>
              <Row label={t('result.rows')}>{n(r.result?.rows)}</Row>
              <Row label={t('result.columns')}>{n(r.result?.columns)}</Row>
              {r.format === 'pdf' && <Row label={t('result.pages')}>{n(r.result?.pages)}</Row>}
              <Row label={t('run.size')}>{formatBytes(r.size, i18n.language)}</Row>
              <Row label={t('run.duration')}>{formatDuration(r.durationMs, i18n.language)}</Row>
              <Row label={t('run.parameters')}>{r.parametersText || t('run.noParameters')}</Row>
            </Table.Tbody>
          </Table>
          {r.error && <Alert color="red">{r.error}</Alert>}
          {r.fileId && (
            <Group justify="flex-end">
              <Button
                leftSection={<IconDownload size={16} />}
                onClick={() => void download(r.fileId!, r.fileName ?? r.reportName)}
              >
                {t('common:actions.download')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed" w="40%">
        {label}
      </Table.Td>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
