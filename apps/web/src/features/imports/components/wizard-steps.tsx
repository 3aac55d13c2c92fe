import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconPlayerStop } from '@tabler/icons-react';
import {
  textEncodingLabels,
  textEncodings,
  type Field,
  type Import,
  type ImportMapping,
  type ImportSettings,
  type ImportsPreviewOutput,
  type TextEncoding,
} from '@fiscus/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../lib/status';
import { shownName } from '@/lib/names';

/** How the file is read: the settings the Preview step controls. */
export type Reading = Pick<ImportSettings, 'delimiter' | 'encoding' | 'sheet' | 'header'>;
/** What the Options step controls. */
export type Options = Pick<ImportSettings, 'mode' | 'keyField' | 'insertMissing' | 'onError'>;
export type StepErrors = Record<string, string | undefined>;

const delimiters = [
  { key: 'auto', value: null },
  { key: 'comma', value: ',' },
  { key: 'semicolon', value: ';' },
  { key: 'tab', value: '\t' },
  { key: 'pipe', value: '|' },
] as const;

/**
 * The encodings a CSV file reads plausibly in, each with a line decoded that way: the user
 * picks the one that reads right (the rows below follow at once). Asked while `auto` stands.
 */
function EncodingChoice({
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

function TypeBadge({ type }: { type: ImportsPreviewOutput['columns'][number]['type'] }) {
  const { t } = useTranslation('imports');
  return (
    <Badge size="xs" variant="light" color={type === 'empty' ? 'gray' : 'violet'} tt="none">
      {t(`types.${type}`)}
    </Badge>
  );
}

export const NOT_IMPORTED = '__none__';

/** Step 3: each column of the file to a field (or left out). */
export function MapStep({
  preview,
  fields,
  mapping,
  onChange,
  errors,
}: {
  preview: ImportsPreviewOutput | undefined;
  fields: Field[];
  mapping: ImportMapping[];
  onChange: (m: ImportMapping[]) => void;
  errors: StepErrors;
}) {
  const { t } = useTranslation('imports');
  if (!preview) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  const options = [
    { value: NOT_IMPORTED, label: t('map.notImported') },
    ...fields
      .filter((f) => f.type !== 'attachment')
      .sort((a, b) => a.position - b.position)
      .map((f) => ({ value: f.code, label: `${shownName(f)} (${f.code})` })),
  ];
  const fieldOf = (column: number) => mapping.find((m) => m.column === column)?.field ?? null;
  const setField = (column: number, field: string | null) => {
    const rest = mapping.filter((m) => m.column !== column);
    onChange([...rest, { column, field }].sort((a, b) => a.column - b.column));
  };
  const mappedCount = mapping.filter((m) => m.field).length;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('map.hint', { mapped: mappedCount, total: preview.columns.length })}
      </Text>
      {errors.mapping && (
        <Alert color="red" data-testid="map-error">
          {errors.mapping}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" data-testid="map-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('map.column')}</Table.Th>
              <Table.Th>{t('map.sample')}</Table.Th>
              <Table.Th>{t('map.field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.columns.map((c) => {
              const sample = preview.rows.map((r) => r[c.index]).find((v) => v) ?? '';
              const value = fieldOf(c.index);
              return (
                <Table.Tr key={c.index} data-testid="map-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.name}
                    </Text>
                    <TypeBadge type={c.type} />
                  </Table.Td>
                  <Table.Td maw={200}>
                    <Text size="sm" c="dimmed" truncate>
                      {sample}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={200}>
                    <Select
                      size="xs"
                      aria-label={t('map.fieldFor', { column: c.name })}
                      data={options}
                      value={value ?? NOT_IMPORTED}
                      onChange={(v) => setField(c.index, !v || v === NOT_IMPORTED ? null : v)}
                      allowDeselect={false}
                      searchable
                      error={errors[`column.${c.index}`]}
                      data-testid={`map-field-${c.index}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Step 4: mode (append, update by key, replace) and what to do with bad rows. */
export function OptionsStep({
  options,
  onChange,
  keyFields,
  errors,
}: {
  options: Options;
  onChange: (o: Options) => void;
  /** Mapped fields that can serve as the key. */
  keyFields: { value: string; label: string }[];
  errors: StepErrors;
}) {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('options.mode')}
        value={options.mode}
        onChange={(v) => onChange({ ...options, mode: v as Options['mode'] })}
        error={errors['settings.mode']}
        data-testid="options-mode"
      >
        <Stack gap="xs" mt="xs">
          <Radio value="append" label={t('options.append')} description={t('options.appendHint')} />
          <Radio value="update" label={t('options.update')} description={t('options.updateHint')} />
          <Radio
            value="replace"
            label={t('options.replace')}
            description={t('options.replaceHint')}
          />
        </Stack>
      </Radio.Group>
      {options.mode === 'update' && (
        <Stack gap="xs" pl="lg">
          <Select
            label={t('options.keyField')}
            description={t('options.keyFieldHint')}
            data={keyFields}
            value={options.keyField}
            onChange={(v) => onChange({ ...options, keyField: v })}
            required
            error={errors['settings.keyField']}
            nothingFoundMessage={t('options.noKeyFields')}
            data-testid="options-key"
          />
          <Checkbox
            label={t('options.insertMissing')}
            checked={options.insertMissing}
            onChange={(e) => onChange({ ...options, insertMissing: e.currentTarget.checked })}
          />
        </Stack>
      )}
      {options.mode === 'replace' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('options.replaceWarnTitle')}
          data-testid="options-replace-warning"
        >
          {t('options.replaceWarn')}
        </Alert>
      )}
      <Radio.Group
        label={t('options.onError')}
        value={options.onError}
        onChange={(v) => onChange({ ...options, onError: v as Options['onError'] })}
        error={errors['settings.onError']}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="stop" label={t('options.stop')} description={t('options.stopHint')} />
          <Radio value="skip" label={t('options.skip')} description={t('options.skipHint')} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

/** Step 5: live progress of the running job. */
export function RunStep({
  imp,
  onCancel,
  cancelling,
}: {
  imp: Import;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { t, i18n } = useTranslation('imports');
  // Rows per second over what this screen has seen.
  const first = useRef<{ at: number; rows: number } | null>(null);
  const [rate, setRate] = useState(0);
  useEffect(() => {
    if (imp.status !== 'running') return;
    const now = Date.now();
    if (!first.current) {
      first.current = { at: now, rows: imp.processed };
      return;
    }
    const elapsed = (now - first.current.at) / 1000;
    if (elapsed > 0.5) setRate(Math.max(0, (imp.processed - first.current.rows) / elapsed));
  }, [imp.processed, imp.status]);
  const left =
    rate > 0 && imp.total !== null ? Math.max(0, (imp.total - imp.processed) / rate) : null;
  const pct = Math.round(imp.progress * 100);
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Stack gap="md" py="md" data-testid="wizard-run">
      <Group justify="space-between">
        <Text fw={500}>
          {imp.status === 'queued' ? t('run.queued') : t('run.running', { name: imp.fileName })}
        </Text>
        <Text size="sm" c="dimmed">
          {pct}%
        </Text>
      </Group>
      <Progress value={pct} size="xl" animated aria-label={t('progress')} />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="run-rows">
          {imp.total !== null
            ? t('run.rowsOf', { done: fmt(imp.processed), total: fmt(imp.total) })
            : t('run.rows', { done: fmt(imp.processed) })}
        </Text>
        <Text size="sm" c="dimmed">
          {rate > 0 && t('run.rate', { rate: fmt(Math.round(rate)) })}
          {left !== null && ` · ${t('upload.left', { time: formatDuration(left) })}`}
        </Text>
      </Group>
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={onCancel}
          loading={cancelling}
          data-testid="run-cancel"
        >
          {t('run.cancel')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('run.closeHint')}
      </Text>
    </Stack>
  );
}
