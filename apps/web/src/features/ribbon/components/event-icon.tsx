import { ThemeIcon } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCloudDownload,
  IconDatabaseImport,
  IconFileExport,
  IconFileImport,
  IconPencil,
  IconPlus,
  IconReportAnalytics,
  IconRoute,
  IconTrash,
  IconUserMinus,
  IconUserPlus,
  IconWebhookOff,
  type Icon,
} from '@tabler/icons-react';
import type { EventKind } from '@fiscus/contracts';
import { eventColor } from '../lib/describe';

const icons: Record<EventKind, Icon> = {
  'record.created': IconPlus,
  'record.updated': IconPencil,
  'record.deleted': IconTrash,
  'record.restored': IconArrowBackUp,
  'import.finished': IconFileImport,
  'import.failed': IconFileImport,
  'export.finished': IconFileExport,
  'export.failed': IconFileExport,
  'procedure.finished': IconRoute,
  'procedure.failed': IconRoute,
  'report.generated': IconReportAnalytics,
  'report.failed': IconReportAnalytics,
  'member.added': IconUserPlus,
  'member.removed': IconUserMinus,
  'sync.finished': IconDatabaseImport,
  'sync.failed': IconCloudDownload,
  'webhook.disabled': IconWebhookOff,
};

export function EventIcon({ kind, size = 34 }: { kind: EventKind; size?: number }) {
  const I = icons[kind];
  return (
    <ThemeIcon size={size} radius="xl" variant="light" color={eventColor(kind)} aria-hidden>
      <I size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
