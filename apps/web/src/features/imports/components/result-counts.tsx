import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ImportResult } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';

/** The four counts of a finished import. */
export function ResultCounts({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation('imports');
  const cells = [
    { key: 'inserted', n: result.inserted, color: 'teal' },
    { key: 'updated', n: result.updated, color: 'blue' },
    { key: 'skipped', n: result.skipped, color: 'gray' },
    { key: 'failed', n: result.failed, color: 'red' },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="import-result">
      {cells.map((c) => (
        <Card key={c.key} withBorder padding="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(c.key)}
          </Text>
          <Text fz={26} fw={700} c={c.n > 0 ? c.color : undefined} data-testid={`result-${c.key}`}>
            {c.n.toLocaleString(i18n.language)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
