import { Badge } from '@mantine/core';
import type { ImportStatus } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../lib/status';

export function StatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('imports');
  return (
    <Badge
      color={statusColor[status]}
      variant="light"
      data-testid="import-status"
      // A badge never cuts its word ("FEHLGESCHLAG…"): the column widens for it instead.
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
