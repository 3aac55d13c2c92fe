import {
  ActionIcon,
  Affix,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconX } from '@tabler/icons-react';
import type { ExportFormat, Job, OpInput } from '@fiscus/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/lib/ability';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useOp, useOpMutation } from '@/lib/qry';

export type ExportView = Omit<OpInput<'records.export'>, 'format' | 'headings' | 'csvStyle'>;

type Headings = 'names' | 'codes';

const isJobDone = (job: Pick<Job, 'status'> | undefined) =>
  !!job && (job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled');

/** `exports.get`, polled every half second until the job is finished. */
function useExportJob(id: string) {
  return useOp(
    'exports.get',
    { id },
    {
      enabled: !!id,
      refetchInterval: (query) => (isJobDone(query.state.data) ? false : 500),
      refetchIntervalInBackground: true,
      retry: 2,
      gcTime: 0,
    },
  );
}

interface Running {
  jobId: string;
  format: ExportFormat;
  fileName: string;
}

/** Whole megabytes with one decimal, in the user's locale. */
function mb(bytes: number, locale: string) {
  return (bytes / (1024 * 1024)).toLocaleString(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/**
 * The toolbar's Export: the current view (filter, search, state, order, visible fields) to CSV
 * or XLSX as a server job, its progress in a small panel, then the file as a download.
 */
export function ExportMenu({
  view,
  baseName,
  title,
}: {
  /** What the grid shows now. */
  view: ExportView;
  /** Name of the downloaded file without extension, when the server gives none. */
  baseName: string;
  /** Shown in the progress panel (the object's name). */
  title: string;
}) {
  const { t } = useTranslation('platform');
  const [headings, setHeadings] = useState<Headings>('names');
  const [running, setRunning] = useState<Running | null>(null);
  const start = useOpMutation('records.export');

  const run = (format: ExportFormat, csvStyle: 'comma' | 'semicolon' = 'comma') => {
    start.mutate(
      { ...view, format, headings, csvStyle },
      {
        onSuccess: (job) =>
          setRunning({ jobId: job.id, format, fileName: `${baseName}.${format}` }),
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: t('export.failedTitle'),
            message: messageOf(err),
          }),
      },
    );
  };

  const busy = start.isPending || running !== null;
  return (
    <Can I="read" a="Export">
      <Menu position="bottom-end" shadow="md" width={260} disabled={busy} hideDetached={false}>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={busy}
            data-testid="toolbar-export"
          >
            {t('common:actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('export.format')}</Menu.Label>
          <Menu.Item
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={() => run('csv')}
            data-testid="export-csv"
          >
            {t('export.csv')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={() => run('csv', 'semicolon')}
            data-testid="export-csv-semicolon"
          >
            {t('export.csvSemicolon')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => run('xlsx')}
            data-testid="export-xlsx"
          >
            {t('export.xlsx')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('export.headings')}</Menu.Label>
          <Box px="xs" pb="xs">
            <SegmentedControl
              size="xs"
              fullWidth
              value={headings}
              onChange={(v) => setHeadings(v === 'codes' ? 'codes' : 'names')}
              aria-label={t('export.headings')}
              data={(['names', 'codes'] as const).map((h) => ({
                value: h,
                label: t(`export.headingsBy.${h}`),
              }))}
              data-testid="export-headings"
            />
          </Box>
        </Menu.Dropdown>
      </Menu>
      {running && (
        <ExportProgress
          key={running.jobId}
          running={running}
          title={title}
          onDone={() => setRunning(null)}
        />
      )}
    </Can>
  );
}

/** Follows one export job, then downloads its file; a panel shows how far it got. */
function ExportProgress({
  running,
  title,
  onDone,
}: {
  running: Running;
  title: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('platform');
  const locale = i18n.language;
  const job = useExportJob(running.jobId);
  const [download, setDownload] = useState<{ loaded: number; total?: number } | null>(null);
  const [hidden, setHidden] = useState(false);
  const handled = useRef(false);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;

  const data: Job | undefined = job.data;
  useEffect(() => {
    if (handled.current) return;
    if (job.isError) {
      handled.current = true;
      notifications.show({
        color: 'red',
        title: t('export.failedTitle'),
        message: messageOf(job.error),
      });
      doneRef.current();
      return;
    }
    if (!data) return;
    if (data.status === 'failed' || data.status === 'cancelled') {
      handled.current = true;
      notifications.show({
        color: 'red',
        title: t('export.failedTitle'),
        message:
          data.status === 'cancelled' ? t('export.cancelled') : (data.error ?? t('export.failed')),
      });
      doneRef.current();
      return;
    }
    if (data.status === 'succeeded') {
      handled.current = true;
      if (!data.fileId) {
        notifications.show({
          color: 'red',
          title: t('export.failedTitle'),
          message: t('export.failed'),
        });
        doneRef.current();
        return;
      }
      setDownload({ loaded: 0 });
      downloadFile(data.fileId, running.fileName, (loaded, total) => setDownload({ loaded, total }))
        .then(() =>
          notifications.show({
            color: 'teal',
            message: t('export.done', {
              count: data.processed,
              formatted: data.processed.toLocaleString(locale),
            }),
          }),
        )
        .catch((err: unknown) =>
          notifications.show({
            color: 'red',
            title: t('export.downloadFailed'),
            message: messageOf(err),
          }),
        )
        .finally(() => doneRef.current());
    }
  }, [data, job.isError, job.error, running.fileName, t, locale]);

  if (hidden) return null;
  const processed = data?.processed ?? 0;
  const total = data?.total ?? null;
  const pct = download
    ? download.total
      ? Math.round((download.loaded / download.total) * 100)
      : null
    : total
      ? Math.min(100, Math.round((processed / total) * 100))
      : data
        ? Math.round(data.progress * 100)
        : null;

  let line: string;
  if (download) {
    line = download.total
      ? t('export.downloadingOf', {
          loaded: mb(download.loaded, locale),
          total: mb(download.total, locale),
        })
      : t('export.downloading');
  } else if (!data || data.status === 'queued') {
    line = t('export.queued');
  } else if (total !== null) {
    line = t('export.rowsOf', {
      processed: processed.toLocaleString(locale),
      total: total.toLocaleString(locale),
      pct: pct ?? 0,
    });
  } else {
    line = t('export.rows', { count: processed, formatted: processed.toLocaleString(locale) });
  }

  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Paper
        withBorder
        shadow="md"
        p="sm"
        radius="md"
        w="min(340px, calc(100vw - 32px))"
        role="status"
        aria-live="polite"
        data-testid="export-progress"
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} truncate>
              {t(download ? 'export.downloadTitle' : 'export.title', {
                name: title,
                format: running.format.toUpperCase(),
              })}
            </Text>
            <Tooltip label={t('export.hide')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={t('export.hide')}
                onClick={() => setHidden(true)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Progress
            value={pct ?? 100}
            animated={pct === null || (!download && data?.status !== 'running')}
            striped={pct === null}
            size="sm"
            aria-label={line}
          />
          <Text size="xs" c="dimmed">
            {line}
          </Text>
        </Stack>
      </Paper>
    </Affix>
  );
}
