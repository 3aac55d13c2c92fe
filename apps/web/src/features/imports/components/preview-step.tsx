import {
  Alert,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import {
  textEncodingLabels,
  textEncodings,
  type Import,
  type ImportsPreviewOutput,
} from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { EncodingChoice } from './encoding-choice';
import { TypeBadge } from './type-badge';
import type { Reading, StepErrors } from './wizard-types';

const delimiters = [
  { key: 'auto', value: null },
  { key: 'comma', value: ',' },
  { key: 'semicolon', value: ';' },
  { key: 'tab', value: '\t' },
  { key: 'pipe', value: '|' },
] as const;

/** Step 2: the first rows as the current settings read them, with the reading controls. */
export function PreviewStep({
  imp,
  reading,
  onChange,
  preview,
  loading,
  error,
  errors,
}: {
  imp: Import;
  reading: Reading;
  onChange: (r: Reading) => void;
  preview: ImportsPreviewOutput | undefined;
  loading: boolean;
  error: string | null;
  errors: StepErrors;
}) {
  const { t } = useTranslation('imports');
  const csv = imp.format === 'csv';
  const delimiterKey = delimiters.find((d) => d.value === reading.delimiter)?.key ?? 'auto';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {csv && (
          <Select
            label={t('preview.encoding')}
            data={[
              { value: 'auto', label: t('preview.auto') },
              ...textEncodings.map((e) => ({ value: e, label: textEncodingLabels[e] })),
            ]}
            value={reading.encoding}
            onChange={(v) => v && onChange({ ...reading, encoding: v as Reading['encoding'] })}
            allowDeselect={false}
            error={errors['settings.encoding']}
            description={
              reading.encoding === 'auto' && preview?.encoding
                ? t('preview.detected', { value: textEncodingLabels[preview.encoding] })
                : undefined
            }
            data-testid="preview-encoding"
          />
        )}
        {csv && (
          <Select
            label={t('preview.delimiter')}
            data={delimiters.map((d) => ({
              value: d.key,
              label: t(`preview.delimiters.${d.key}`),
            }))}
            value={delimiterKey}
            onChange={(v) =>
              onChange({
                ...reading,
                delimiter: delimiters.find((d) => d.key === v)?.value ?? null,
              })
            }
            allowDeselect={false}
            error={errors['settings.delimiter']}
            description={
              reading.delimiter === null && preview?.delimiter
                ? t('preview.detected', {
                    value:
                      t(
                        `preview.delimiters.${delimiters.find((d) => d.value === preview.delimiter)?.key ?? 'auto'}`,
                      ) ?? preview.delimiter,
                  })
                : undefined
            }
            data-testid="preview-delimiter"
          />
        )}
        {!csv && (
          <Select
            label={t('preview.sheet')}
            data={(preview?.sheets ?? []).map((s) => ({ value: s, label: s }))}
            value={reading.sheet ?? preview?.sheets[0] ?? null}
            onChange={(v) => onChange({ ...reading, sheet: v })}
            allowDeselect={false}
            error={errors['settings.sheet']}
            data-testid="preview-sheet"
          />
        )}
        <Switch
          label={t('preview.header')}
          checked={reading.header}
          onChange={(e) => onChange({ ...reading, header: e.currentTarget.checked })}
          mt={{ base: 0, xs: 30 }}
          error={errors['settings.header']}
          data-testid="preview-header"
        />
      </SimpleGrid>
      {csv && preview?.encodingUncertain && (
        <EncodingChoice
          preview={preview}
          value={reading.encoding}
          onChange={(encoding) => onChange({ ...reading, encoding })}
        />
      )}
      {error && <Alert color="red">{error}</Alert>}
      {loading && !preview && (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      )}
      {preview && preview.columns.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t('preview.empty')}
        </Text>
      )}
      {preview && preview.columns.length > 0 && (
        <Stack gap={4} style={{ opacity: loading ? 0.6 : 1 }}>
          <Text size="xs" c="dimmed">
            {t('preview.showing', { count: preview.rows.length })}
          </Text>
          <Table.ScrollContainer minWidth={Math.max(480, preview.columns.length * 130)} mah={360}>
            <Table
              striped
              withTableBorder
              withColumnBorders
              verticalSpacing={4}
              fz="sm"
              data-testid="preview-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={44} ta="right">
                    #
                  </Table.Th>
                  {preview.columns.map((c) => (
                    <Table.Th key={c.index}>
                      <Stack gap={2}>
                        <Text size="sm" fw={600} truncate maw={220}>
                          {c.name}
                        </Text>
                        <TypeBadge type={c.type} />
                      </Stack>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((row, r) => (
                  <Table.Tr key={r}>
                    <Table.Td ta="right" c="dimmed">
                      {r + 1}
                    </Table.Td>
                    {preview.columns.map((c) => (
                      <Table.Td key={c.index} maw={240}>
                        <Text size="sm" truncate>
                          {row[c.index] ?? ''}
                        </Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
