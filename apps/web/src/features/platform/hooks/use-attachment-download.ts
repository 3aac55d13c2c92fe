import { notifications } from '@/lib/toast';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** Attachment cells carry their file's id: a click on one downloads the file, with a toast. */
export function useAttachmentDownload() {
  const { t } = useTranslation('platform');
  return (e: MouseEvent<HTMLElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-file-id]');
    const fileId = el?.dataset.fileId;
    if (!el || !fileId) return;
    e.preventDefault();
    const name = el.dataset.fileName || 'download';
    const id = `download-${fileId}`;
    notifications.show({
      id,
      loading: true,
      autoClose: false,
      withCloseButton: false,
      message: t('attachment.downloading', { name }),
    });
    downloadFile(fileId, name)
      .then(() => notifications.hide(id))
      .catch((err: unknown) =>
        notifications.update({
          id,
          loading: false,
          color: 'red',
          autoClose: 5000,
          withCloseButton: true,
          title: t('attachment.downloadFailed'),
          message: messageOf(err),
        }),
      );
  };
}
