import { Button, Tooltip } from '@mantine/core';
import { IconHistory, IconId, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/lib/ability';
import type { RecordState } from '../hooks/use-list-state';

/** Toolbar buttons acting on the selected records: Delete or Restore, Record card, Log. */
export function ListSelectionActions({
  readOnly,
  recordState,
  ids,
  onConfirm,
  onCard,
  onLog,
}: {
  /** A mounted object: only the record card. */
  readOnly: boolean;
  recordState: RecordState;
  ids: number[];
  onConfirm: (kind: 'delete' | 'restore') => void;
  onCard: (id: number) => void;
  onLog: (id: number) => void;
}) {
  const { t } = useTranslation('platform');
  const single = ids.length === 1 ? ids[0]! : null;
  return (
    <>
      {readOnly ? null : recordState === 'active' ? (
        <Can I="delete" a="Record">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={ids.length === 0}
            onClick={() => onConfirm('delete')}
            data-testid="toolbar-delete"
          >
            {t('common:actions.delete')}
            {ids.length > 0 && ` (${ids.length})`}
          </Button>
        </Can>
      ) : (
        <Can I="update" a="Record">
          <Button
            size="xs"
            variant="light"
            color="grape"
            leftSection={<IconRestore size={16} />}
            disabled={ids.length === 0}
            onClick={() => onConfirm('restore')}
            data-testid="toolbar-restore"
          >
            {t('common:actions.restore')}
            {ids.length > 0 && ` (${ids.length})`}
          </Button>
        </Can>
      )}
      <Tooltip label={single === null ? t('list.cardHint') : t('common:actions.recordCard')}>
        <span>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconId size={16} />}
            disabled={single === null}
            onClick={() => single !== null && onCard(single)}
            data-testid="toolbar-card"
          >
            {t('common:actions.recordCard')}
          </Button>
        </span>
      </Tooltip>
      {!readOnly && (
        <Tooltip label={single === null ? t('list.logHint') : t('common:actions.log')}>
          <span>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconHistory size={16} />}
              disabled={single === null}
              onClick={() => single !== null && onLog(single)}
            >
              {t('common:actions.log')}
            </Button>
          </span>
        </Tooltip>
      )}
    </>
  );
}
