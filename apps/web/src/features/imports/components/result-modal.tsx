import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconHistory } from '@tabler/icons-react';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { useObjectNameOf } from '@/lib/entity-names';
import { Link } from 'react-router';
import { ResultCounts } from './result-counts';
import { StatusBadge } from './status-badge';

export const objectPath = (objectId: string) => `/fiscus/object/${encodeURIComponent(objectId)}`;

/** Result of a finished import: the counts, the failure if any, links to the records and log. */
export function ResultModal({
  imp,
  onClose,
  onLog,
}: {
  imp: Import | null;
  onClose: () => void;
  onLog: () => void;
}) {
  const { t } = useTranslation('imports');
  const objectNameOf = useObjectNameOf(imp !== null);
  return (
    <Modal
      opened={imp !== null}
      onClose={onClose}
      title={imp ? t('resultTitle', { name: imp.fileName }) : ''}
      size="lg"
      centered
    >
      {imp && (
        <Stack>
          <Group gap="xs">
            <StatusBadge status={imp.status} />
            <Text size="sm" c="dimmed">
              {objectNameOf(imp.objectId, imp.objectName)}
            </Text>
          </Group>
          {imp.error && (
            <Alert color="red" title={t('failedTitle')}>
              {imp.error}
            </Alert>
          )}
          {imp.result ? (
            <ResultCounts result={imp.result} />
          ) : (
            <Text size="sm" c="dimmed">
              {imp.status === 'failed' || imp.status === 'cancelled'
                ? t('result.nothingChanged')
                : t('noResult')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconHistory size={16} />} onClick={onLog}>
              {t('common:actions.log')}
            </Button>
            <Button
              component={Link}
              to={objectPath(imp.objectId)}
              leftSection={<IconExternalLink size={16} />}
            >
              {t('openRecords')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
