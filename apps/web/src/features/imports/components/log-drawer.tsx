import {
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconDownload } from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { useOpMutation } from '@/lib/qry';
import { useImportLog } from '../api/imports';

const PAGE = 50;

/** Per-row problems of an import's last run, paged, with a CSV download of the whole log. */
export function LogDrawer({ imp, onClose }: { imp: Import | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('imports');
  const [page, setPage] = useState(1);
  const log = useImportLog(imp?.id ?? null, (page - 1) * PAGE, PAGE);
  const logFile = useOpMutation('imports.logFile');
  const [downloading, setDownloading] = useState(false);
  useEffect(() => setPage(1), [imp?.id]);
  const total = log.data?.total ?? 0;

  const download = () => {
    if (!imp) return;
    setDownloading(true);
    logFile.mutate(
      { id: imp.id },
      {
        onSuccess: ({ fileId }) =>
          downloadFile(fileId, `${imp.fileName}.log.csv`)
            .catch((err: unknown) => notifications.show({ color: 'red', message: messageOf(err) }))
            .finally(() => setDownloading(false)),
        onError: (err) => {
          setDownloading(false);
          notifications.show({ color: 'red', message: messageOf(err) });
        },
      },
    );
  };

  return (
    <Drawer
      opened={imp !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={imp ? t('logTitle', { name: imp.fileName }) : ''}
    >
      <Stack data-testid="import-log">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {log.data ? t('logTotal', { count: total }) : ' '}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={download}
            loading={downloading}
            disabled={!log.data || total === 0}
          >
            {t('downloadLog')}
          </Button>
        </Group>
        {log.isLoading && (
          <Group justify="center" py="lg">
            <Loader size="sm" />
          </Group>
        )}
        {log.isError && <Alert color="red">{messageOf(log.error)}</Alert>}
        {log.data && total === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {t('logEmpty')}
          </Text>
        )}
        {log.data && total > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">{t('log.row')}</Table.Th>
                  <Table.Th>{t('log.column')}</Table.Th>
                  <Table.Th>{t('log.field')}</Table.Th>
                  <Table.Th>{t('log.value')}</Table.Th>
                  <Table.Th>{t('log.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((e, i) => (
                  <Table.Tr key={`${e.row}-${i}`} data-testid="log-row">
                    <Table.Td ta="right">{e.row.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>{e.column ?? '—'}</Table.Td>
                    <Table.Td>{e.field ? <code>{e.field}</code> : '—'}</Table.Td>
                    <Table.Td maw={180}>
                      <Text size="sm" truncate title={e.value ?? undefined}>
                        {e.value ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > PAGE && (
          <Group justify="center">
            <Pagination size="sm" total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
