import { Button } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconArrowRight, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { EventTarget } from '../lib/links';

/** "Open" (a link to the event's screen) or "Download" (its file). */
export function EventTargetButton({ target }: { target: EventTarget }) {
  const { t } = useTranslation('ribbon');
  const [busy, setBusy] = useState(false);
  if (!target) return null;
  if ('to' in target)
    return (
      <Button
        component={Link}
        to={target.to}
        size="compact-xs"
        variant="subtle"
        rightSection={<IconArrowRight size={14} />}
      >
        {t('open')}
      </Button>
    );
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      loading={busy}
      leftSection={<IconDownload size={14} />}
      onClick={() => {
        setBusy(true);
        downloadFile(target.fileId, target.fileName)
          .catch((err: unknown) =>
            notifications.show({
              color: 'red',
              title: t('downloadFailed'),
              message: messageOf(err),
            }),
          )
          .finally(() => setBusy(false));
      }}
    >
      {t('download')}
    </Button>
  );
}
