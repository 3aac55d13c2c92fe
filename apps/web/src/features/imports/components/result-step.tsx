import { Alert, Stack, Text } from '@mantine/core';
import type { Import } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { ResultCounts } from './result-counts';

/** Step 6: how the import ended, its counts, and its error when it failed. */
export function ResultStep({ imp }: { imp: Import }) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="md">
      <Text fw={500} data-testid="wizard-result-title">
        {t(`result.${imp.status}`, { defaultValue: t('result.succeeded') })}
      </Text>
      {imp.error && (
        <Alert color="red" title={t('failedTitle')}>
          {imp.error}
        </Alert>
      )}
      {imp.result && <ResultCounts result={imp.result} />}
      {imp.status === 'failed' && (
        <Text size="sm" c="dimmed">
          {t('result.nothingChanged')}
        </Text>
      )}
    </Stack>
  );
}
