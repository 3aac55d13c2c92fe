import { Badge, Tooltip } from '@mantine/core';
import type { Datasource } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';

/** The state of a source's last test: not tested, connected, failed (with its reason). */
export function SourceStatus({ source }: { source: Datasource }) {
  const { t } = useTranslation('datasources');
  const color = source.status === 'ok' ? 'teal' : source.status === 'failed' ? 'red' : 'gray';
  const label =
    source.status === 'ok'
      ? t('sources.statusOk')
      : source.status === 'failed'
        ? t('sources.statusFailed')
        : t('sources.statusUntested');
  const badge = (
    <Badge color={color} variant="light" data-testid="source-status">
      {label}
    </Badge>
  );
  return source.statusReason ? (
    <Tooltip label={t(`reasons.${source.statusReason}`)}>{badge}</Tooltip>
  ) : (
    badge
  );
}
