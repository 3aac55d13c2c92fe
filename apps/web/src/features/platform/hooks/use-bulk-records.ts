import { notifications } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useOpMutation } from '@/lib/qry';

/** Deleting or restoring the selected records, with a toast telling how many changed. */
export function useBulkRecords(objectId: string, onDone: () => void) {
  const { t } = useTranslation('platform');
  const remove = useOpMutation('records.delete');
  const restore = useOpMutation('records.restore');
  const run = (kind: 'delete' | 'restore', ids: number[]) =>
    (kind === 'delete' ? remove : restore).mutate(
      { objectId, ids },
      {
        onSuccess: (r) => {
          notifications.show({
            color: 'teal',
            message: t(kind === 'delete' ? 'list.deleted' : 'list.restored', { count: r.affected }),
          });
          onDone();
        },
        onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
      },
    );
  return { run, pending: remove.isPending || restore.isPending };
}
