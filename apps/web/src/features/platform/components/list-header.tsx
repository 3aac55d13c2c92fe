import { Badge, Group, Text, Title } from '@mantine/core';
import type { PlatformObject } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { shownDescription, shownName } from '@/lib/names';

/** The object's name, kind and number of records above its list. */
export function ListHeader({ meta, total }: { meta: PlatformObject; total: number | undefined }) {
  const { t, i18n } = useTranslation('platform');
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Title order={3}>{shownName(meta)}</Title>
        <Badge variant="light">{t(`kinds.${meta.kind}`)}</Badge>
        <Text c="dimmed" size="sm" data-testid="records-total">
          {total === undefined
            ? t('list.counting')
            : t('list.total', { count: total, formatted: total.toLocaleString(i18n.language) })}
        </Text>
      </Group>
      {shownDescription(meta) && (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {shownDescription(meta)}
        </Text>
      )}
    </Group>
  );
}
