import { Alert, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  textEncodingLabels,
  type ImportsPreviewOutput,
  type TextEncoding,
} from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import type { Reading } from './wizard-types';

/**
 * The encodings a CSV file reads plausibly in, each with a line decoded that way: the user
 * picks the one that reads right (the rows below follow at once). Asked while `auto` stands.
 */
export function EncodingChoice({
  preview,
  value,
  onChange,
}: {
  preview: ImportsPreviewOutput;
  value: Reading['encoding'];
  onChange: (encoding: TextEncoding) => void;
}) {
  const { t } = useTranslation('imports');
  return (
    <Alert
      color={value === 'auto' ? 'yellow' : 'gray'}
      icon={<IconAlertTriangle size={18} />}
      title={t('preview.uncertainTitle')}
      data-testid="preview-encoding-choice"
    >
      <Text size="sm" mb="xs">
        {t('preview.uncertainText')}
      </Text>
      <Radio.Group
        value={value === 'auto' ? null : value}
        onChange={(v) => onChange(v as TextEncoding)}
        aria-label={t('preview.uncertainTitle')}
      >
        <Stack gap="xs">
          {preview.encodings.map((e) => (
            <Radio
              key={e.encoding}
              value={e.encoding}
              label={textEncodingLabels[e.encoding]}
              description={
                <Text span size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {e.sample || t('preview.noSample')}
                </Text>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
    </Alert>
  );
}
