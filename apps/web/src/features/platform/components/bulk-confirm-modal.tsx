import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before deleting or restoring the selected records. */
export function BulkConfirmModal({
  kind,
  count,
  loading,
  onConfirm,
  onClose,
}: {
  kind: 'delete' | 'restore' | null;
  count: number;
  loading: boolean;
  onConfirm: (kind: 'delete' | 'restore') => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('platform');
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind === 'restore' ? t('list.restoreTitle') : t('list.deleteTitle')}
      centered
    >
      <Stack>
        <Text>{t(kind === 'restore' ? 'list.restoreText' : 'list.deleteText', { count })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color={kind === 'restore' ? 'grape' : 'red'}
            loading={loading}
            onClick={() => kind && onConfirm(kind)}
            data-testid="confirm-bulk"
          >
            {kind === 'restore' ? t('common:actions.restore') : t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
