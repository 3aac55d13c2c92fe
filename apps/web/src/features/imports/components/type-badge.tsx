import { Badge } from '@mantine/core';
import type { ImportsPreviewOutput } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';

/** The type detected for a column of the file. */
export function TypeBadge({ type }: { type: ImportsPreviewOutput['columns'][number]['type'] }) {
  const { t } = useTranslation('imports');
  return (
    <Badge size="xs" variant="light" color={type === 'empty' ? 'gray' : 'violet'} tt="none">
      {t(`types.${type}`)}
    </Badge>
  );
}
