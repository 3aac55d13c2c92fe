import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { DateInput, MonthPickerInput } from '@mantine/dates';
import type { ProcedureParam } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from './record-select';

export type ParamValue = string | number | boolean | null;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const parseDay = (s: unknown): Date | null => {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}(-\d{2})?$/.test(s)) return null;
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y!, m! - 1, d ?? 1);
};
const toDate = (v: unknown): Date | null => (v ? new Date(v as string | Date) : null);

/** The name a parameter is shown by: its label, else its name. */
export const paramLabel = (p: ProcedureParam) => p.label || p.name;

/** One typed parameter of a run (or of an action's presets). */
export function ParamInput({
  param,
  value,
  onChange,
  error,
  disabled,
}: {
  param: ProcedureParam;
  value: ParamValue;
  onChange: (v: ParamValue) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('procedures');
  const label = paramLabel(param);
  const common = {
    label,
    required: param.required,
    error: error ?? undefined,
    disabled,
    'data-testid': `param-${param.name}`,
  };
  switch (param.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={value === null || typeof value === 'boolean' ? '' : value}
          decimalScale={param.scale}
          allowDecimal={param.scale > 0}
          onChange={(v) => onChange(v === '' ? null : String(v))}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          value={parseDay(value)}
          onChange={(v) => {
            const d = toDate(v);
            onChange(d ? isoDay(d) : null);
          }}
          valueFormat="YYYY-MM-DD"
          locale={i18n.language}
          clearable
        />
      );
    case 'month':
      return (
        <MonthPickerInput
          {...common}
          value={parseDay(value)}
          onChange={(v) => {
            const d = toDate(v);
            onChange(d ? isoDay(d).slice(0, 7) : null);
          }}
          valueFormat="MMMM YYYY"
          locale={i18n.language}
          clearable
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error ?? undefined}
          disabled={disabled}
          data-testid={`param-${param.name}`}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={param.choices}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          clearable={!param.required}
          placeholder={t('run.choose')}
        />
      );
    case 'record':
      return (
        <RecordSelect
          label={label}
          required={param.required}
          error={error}
          objectId={param.objectId}
          value={
            typeof value === 'number'
              ? value
              : typeof value === 'string' && value
                ? Number(value)
                : null
          }
          onChange={(id) => onChange(id)}
          testId={`param-${param.name}`}
        />
      );
  }
}

/** Starting values of a run form: the procedure's defaults. */
export function initialValues(params: readonly ProcedureParam[]): Record<string, ParamValue> {
  return Object.fromEntries(
    params.map((p) => [p.name, p.default ?? (p.type === 'boolean' ? false : null)]),
  );
}

/** Required parameters left empty, by name. */
export function missingRequired(
  params: readonly ProcedureParam[],
  values: Record<string, ParamValue>,
): string[] {
  return params
    .filter((p) => p.required && p.type !== 'boolean')
    .filter((p) => {
      const v = values[p.name];
      return v === null || v === undefined || v === '';
    })
    .map((p) => p.name);
}
