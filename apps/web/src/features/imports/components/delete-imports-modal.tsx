import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@/lib/toast';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOpMutation } from '@/lib/qry';

/** Asks before deleting the chosen imports (their files and logs go with them). */
export function DeleteImportsModal({
  opened,
  chosen,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  chosen: Import[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('imports');
  const remove = useOpMutation('imports.delete');
  const run = () =>
    remove.mutate(
      { ids: chosen.map((i) => i.id) },
      {
        onSuccess: (out) => {
          onDeleted();
          notifications.show({ color: 'teal', message: t('deleted', { count: out.affected }) });
        },
        onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('deleteTitle')} centered>
      <Stack>
        <Text size="sm">{t('deleteText', { count: chosen.length })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            data-testid="imports-delete-confirm"
            onClick={run}
          >
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
