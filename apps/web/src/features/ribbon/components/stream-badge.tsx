import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StreamStatus } from '../lib/stream';

const colors: Record<StreamStatus, string> = {
  idle: 'gray',
  connecting: 'blue',
  open: 'green',
  retrying: 'orange',
  ended: 'gray',
};

/** "Live", "Reconnecting…": the state of the event stream. */
export function StreamBadge({ status }: { status: StreamStatus }) {
  const { t } = useTranslation('ribbon');
  return (
    <Tooltip label={t(`statusHint.${status}`)} multiline maw={260}>
      <Badge variant="dot" color={colors[status]} data-testid="stream-status" data-status={status}>
        {t(`status.${status}`)}
      </Badge>
    </Tooltip>
  );
}
