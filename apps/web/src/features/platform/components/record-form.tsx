import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { Field, FileInfo, PlatformObject, RecordRow } from '@fiscus/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { messageOf } from '@/lib/api-client';
import { isDecimalString } from '@/lib/decimal';
import { useFileInfos } from '../api/files';
import { computedSummary } from '../lib/computed';
import {
  checkDecimal,
  decimalExample,
  fieldScale,
  isDecimalField,
  parseFieldText,
} from '../lib/fields';
import { AttachmentInput } from './attachment-input';
import { useOp } from '@/lib/qry';
import { choiceName, shownName } from '@/lib/names';

export type FormValues = Record<string, unknown>;
export type FormErrors = Record<string, string | undefined>;

/** Values of a new record: the fields' defaults. */
export function initialValues(meta: PlatformObject): FormValues {
  const out: FormValues = {};
  for (const f of meta.fields) {
    if (f.options.default !== undefined) out[f.code] = f.options.default;
    else out[f.code] = f.type === 'boolean' ? false : f.type === 'multiselect' ? [] : null;
  }
  return out;
}

export function valuesOf(meta: PlatformObject, row: RecordRow): FormValues {
  const out: FormValues = {};
  for (const f of meta.fields)
    out[f.code] = row.values[f.code] ?? (f.type === 'multiselect' ? [] : null);
  return out;
}

const empty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Checks the form in the browser (the server checks again); returns errors by field code.
 * Decimal fields hold the exact decimal string the box read (or, when it read none, the text
 * typed, which is refused here).
 */
export function validateValues(
  meta: PlatformObject,
  values: FormValues,
  t: TFunction,
  locale: string,
): FormErrors {
  const errors: FormErrors = {};
  for (const f of meta.fields) {
    if (f.computed) continue;
    const v = values[f.code];
    if (empty(v)) {
      if (f.options.required && f.type !== 'boolean') errors[f.code] = t('validation.required');
      continue;
    }
    if (isDecimalField(f)) {
      const text = typeof v === 'number' ? String(v) : String(v);
      const checked = isDecimalString(text)
        ? checkDecimal(f, text, t)
        : {
            ok: false as const,
            error: t('validation.decimal', {
              field: shownName(f),
              example: decimalExample(locale),
            }),
          };
      if (!checked.ok) errors[f.code] = checked.error;
      continue;
    }
    if (['text', 'longtext', 'email', 'url', 'phone', 'integer', 'date'].includes(f.type)) {
      const parsed = parseFieldText(f, String(v), t, locale);
      if (!parsed.ok) errors[f.code] = parsed.error;
    }
  }
  return errors;
}

/** The values to send: empty texts as null, only changed fields when `before` is given. */
export function payload(
  meta: PlatformObject,
  values: FormValues,
  before?: FormValues,
): Record<string, string | number | boolean | string[] | null> {
  const out: Record<string, string | number | boolean | string[] | null> = {};
  for (const f of meta.fields) {
    // Computed fields' values come from the server; they are never sent.
    if (f.computed) continue;
    let v = values[f.code];
    if (v === undefined || v === '') v = null;
    if (typeof v === 'string' && f.type !== 'longtext') v = v.trim() === '' ? null : v;
    if (before && JSON.stringify(before[f.code] ?? null) === JSON.stringify(v ?? null)) continue;
    out[f.code] = v as string | number | boolean | string[] | null;
  }
  return out;
}

export function RecordForm({
  meta,
  values,
  errors,
  onChange,
  readOnly,
  cols = 2,
}: {
  meta: PlatformObject;
  values: FormValues;
  errors: FormErrors;
  onChange: (code: string, value: unknown) => void;
  readOnly?: boolean;
  cols?: number;
}) {
  const { t } = useTranslation('platform');
  const fields = [...meta.fields].sort((a, b) => a.position - b.position);
  // Names and sizes of every attached file of the record: one query for the whole form.
  const attached = useMemo(
    () => meta.fields.filter((f) => f.type === 'attachment').map((f) => values[f.code]),
    [meta.fields, values],
  );
  const files = useFileInfos(attached);
  if (fields.length === 0) return <Text c="dimmed">{t('record.noFields')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm">
      {fields.map((f) => (
        <div key={f.id} style={f.type === 'longtext' ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput
            field={f}
            value={values[f.code]}
            error={errors[f.code]}
            onChange={(v) => onChange(f.code, v)}
            readOnly={readOnly}
            files={files.data}
            filesLoading={files.isLoading}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}

function FieldInput({
  field,
  value,
  error,
  onChange,
  readOnly,
  files,
  filesLoading,
}: {
  field: Field;
  value: unknown;
  error?: string;
  onChange: (v: unknown) => void;
  readOnly?: boolean;
  files: Map<string, FileInfo> | undefined;
  filesLoading: boolean;
}) {
  const { t, i18n } = useTranslation('platform');
  const o = field.options;
  const computed = computedSummary(field, t);
  const common = {
    label: shownName(field),
    required: !!o.required,
    error,
    readOnly: readOnly || !!field.computed,
    description: computed ?? undefined,
    'data-field': field.code,
  };
  switch (field.type) {
    case 'longtext':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'decimal':
    case 'money':
    case 'percent':
      return (
        <DecimalInput
          {...common}
          value={value}
          locale={i18n.language}
          places={fieldScale(field)}
          onChange={(v) => onChange(v)}
          rightSection={
            field.type === 'percent' ? (
              '%'
            ) : field.type === 'money' && o.currency ? (
              <Text size="xs">{o.currency}</Text>
            ) : undefined
          }
          rightSectionWidth={field.type === 'money' && o.currency ? 44 : undefined}
          styles={{ input: { textAlign: 'right' } }}
        />
      );
    case 'integer':
      return (
        <NumberInput
          {...common}
          value={
            typeof value === 'number'
              ? value
              : typeof value === 'string' && value !== ''
                ? Number(value)
                : ''
          }
          onChange={(v) => onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
          allowDecimal={false}
          min={typeof o.min === 'number' ? o.min : undefined}
          max={typeof o.max === 'number' ? o.max : undefined}
          hideControls
          styles={{ input: { textAlign: 'right' } }}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value.slice(0, 10) : ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={typeof value === 'string' && value ? dayjs(value).format('YYYY-MM-DDTHH:mm') : ''}
          onChange={(e) =>
            onChange(e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : null)
          }
        />
      );
    case 'boolean':
      return (
        <Checkbox
          mt={28}
          label={shownName(field)}
          checked={value === true}
          error={error}
          disabled={common.readOnly}
          description={common.description}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-field={field.code}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(o.choices ?? []).map((c) => ({ value: c.value, label: choiceName(c) }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          clearable={!o.required}
          // A click on the chosen option keeps it (the clear button empties the field).
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('noMatches')}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={(o.choices ?? []).map((c) => ({ value: c.value, label: choiceName(c) }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v)}
          searchable
          clearable
          nothingFoundMessage={t('noMatches')}
        />
      );
    case 'reference':
      return (
        <ReferenceSelect
          field={field}
          value={value}
          onChange={onChange}
          error={error}
          readOnly={common.readOnly}
        />
      );
    case 'attachment':
      return (
        <AttachmentInput
          field={field}
          value={value}
          onChange={onChange}
          error={error}
          readOnly={readOnly}
          files={files}
          filesLoading={filesLoading}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={
            field.type === 'email'
              ? 'email'
              : field.type === 'url'
                ? 'url'
                : field.type === 'phone'
                  ? 'tel'
                  : 'text'
          }
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={typeof o.max === 'number' ? o.max : undefined}
        />
      );
  }
}

/** A reference is chosen among the target's records, shown by their display field. */
function ReferenceSelect({
  field,
  value,
  onChange,
  error,
  readOnly,
}: {
  field: Field;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('platform');
  const target = field.options.target ?? '';
  const targetMeta = useOp('objects.get', { id: target }, { enabled: !!target });
  const display =
    targetMeta.data?.fields.find((f) => f.id === targetMeta.data?.displayFieldId) ??
    targetMeta.data?.fields[0];
  const records = useOp(
    'records.list',
    {
      objectId: target,
      limit: 1000,
      fields: display ? [display.code] : [],
      orderby: display
        ? { isActive: true, sorts: [{ field: display.code, dir: 'asc' }] }
        : undefined,
    },
    { enabled: !!target && !!targetMeta.data },
  );
  const data = (records.data?.rows ?? []).map((r) => ({
    value: String(r.id),
    label: display ? String(r.values[display.code] ?? `#${r.id}`) : `#${r.id}`,
  }));
  if (typeof value === 'number' && !data.some((d) => d.value === String(value)))
    data.unshift({ value: String(value), label: `#${value}` });
  return (
    <Select
      label={shownName(field)}
      required={!!field.options.required}
      error={error ?? (records.isError ? messageOf(records.error) : undefined)}
      readOnly={readOnly}
      data={data}
      value={typeof value === 'number' ? String(value) : null}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      searchable
      clearable={!field.options.required}
      allowDeselect={false}
      placeholder={records.isLoading ? t('common:loading') : undefined}
      nothingFoundMessage={t('noMatches')}
      data-field={field.code}
      limit={200}
    />
  );
}
