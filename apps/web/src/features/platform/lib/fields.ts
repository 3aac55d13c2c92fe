import {
  fieldTypes,
  type Field,
  type FieldType,
  type PlatformObject,
  type RecordRow,
} from '@fiscus/contracts';
import type { TFunction } from 'i18next';
import type { GridColumn, ParseResult } from '@/components/data-grid';
import type { FilterField } from '@/components/filter-builder';
import {
  compareDecimals,
  decimalEditText,
  parseDecimalText,
  placesOf,
  wholeDigitsOf,
} from '@/lib/decimal';
import { choiceName, shownName } from '@/lib/names';
import { computedSummary } from './computed';

export const recordPagePath = (objectId: string, recordId: number | string) =>
  `/fiscus/recordpage/${encodeURIComponent(objectId)}/${encodeURIComponent(String(recordId))}`;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;

/** Significant digits a decimal, money or percent field holds (the server's `numeric(18, s)`). */
const MAX_DIGITS = 18;
const MAX_SCALE = 6;

/**
 * Fraction digits a decimal, money or percent field keeps: its `scale` option (written when the
 * field is made); without one, money its currency's minor unit, others 2 — as the server rules.
 */
export function fieldScale(field: Pick<Field, 'type' | 'options'>): number {
  const o = field.options;
  if (field.type === 'integer') return 0;
  if (typeof o.scale === 'number') return Math.min(o.scale, MAX_SCALE);
  if (field.type === 'money' && o.currency) {
    try {
      return (
        new Intl.NumberFormat('en', { style: 'currency', currency: o.currency }).resolvedOptions()
          .maximumFractionDigits ?? 2
      );
    } catch {
      return 2;
    }
  }
  return 2;
}

const decimalTypes: ReadonlySet<FieldType> = new Set(['decimal', 'money', 'percent']);
export const isDecimalField = (field: Pick<Field, 'type'>) => decimalTypes.has(field.type);

/**
 * Checks an exact decimal (a decimal string as the API carries it) against its field: no more
 * fraction digits than the field keeps, no more digits than it holds, within min and max. The
 * value stays the string — never a binary number — so every digit reaches the server.
 */
export function checkDecimal(field: Field, value: string, t: TFunction): ParseResult {
  const name = shownName(field);
  const scale = fieldScale(field);
  if (placesOf(value) > scale)
    return { ok: false, error: t('validation.places', { field: name, count: scale }) };
  if (wholeDigitsOf(value) > MAX_DIGITS - scale)
    return { ok: false, error: t('validation.digits', { field: name, count: MAX_DIGITS - scale }) };
  const { min, max } = field.options;
  if (typeof min === 'number' && compareDecimals(value, min) < 0)
    return { ok: false, error: t('validation.min', { n: min }) };
  if (typeof max === 'number' && compareDecimals(value, max) > 0)
    return { ok: false, error: t('validation.max', { n: max }) };
  return { ok: true, value };
}

/** An example of a decimal as the user types it in their locale (`1234,56` in German). */
export function decimalExample(locale: string): string {
  return decimalEditText('1234.56', locale);
}

/**
 * Checks a value typed into a grid cell or the record card before it is sent. Decimals are read
 * in the user's `locale` (decimal comma, thousands separators) into an exact decimal string.
 */
export function parseFieldText(
  field: Field,
  text: string,
  t: TFunction,
  locale: string,
): ParseResult {
  const s = text.trim();
  const o = field.options;
  if (s === '')
    return o.required ? { ok: false, error: t('validation.required') } : { ok: true, value: null };
  switch (field.type) {
    case 'integer': {
      const whole = s.replace(/[\s\u00a0\u202f]/g, '').replace(/^\u2212/, '-');
      if (!/^-?\d+$/.test(whole) || !Number.isSafeInteger(Number(whole)))
        return { ok: false, error: t('validation.integer') };
      return checkRange(field, Number(whole), t);
    }
    case 'decimal':
    case 'money':
    case 'percent': {
      const value = parseDecimalText(s, locale);
      if (value === null)
        return {
          ok: false,
          error: t('validation.decimal', {
            field: shownName(field),
            example: decimalExample(locale),
          }),
        };
      return checkDecimal(field, value, t);
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(new Date(`${s}T00:00:00Z`).getTime())) {
        return { ok: false, error: t('validation.date') };
      }
      return { ok: true, value: s };
    case 'email':
      return EMAIL.test(s) ? { ok: true, value: s } : { ok: false, error: t('validation.email') };
    case 'url':
      try {
        const u = new URL(s);
        return u.protocol === 'http:' || u.protocol === 'https:'
          ? { ok: true, value: s }
          : { ok: false, error: t('validation.url') };
      } catch {
        return { ok: false, error: t('validation.url') };
      }
    case 'select':
      return { ok: true, value: s };
    default: {
      if (typeof o.min === 'number' && s.length < o.min)
        return { ok: false, error: t('validation.minLength', { n: o.min }) };
      if (typeof o.max === 'number' && s.length > o.max)
        return { ok: false, error: t('validation.maxLength', { n: o.max }) };
      if (o.pattern) {
        try {
          if (!new RegExp(o.pattern, 'u').test(s))
            return { ok: false, error: t('validation.pattern') };
        } catch {
          /* the server checks an unusable pattern */
        }
      }
      return { ok: true, value: s };
    }
  }
}

function checkRange(field: Field, n: number, t: TFunction): ParseResult {
  const { min, max } = field.options;
  if (typeof min === 'number' && n < min)
    return { ok: false, error: t('validation.min', { n: min }) };
  if (typeof max === 'number' && n > max)
    return { ok: false, error: t('validation.max', { n: max }) };
  return { ok: true, value: n };
}

export function recordValue(row: RecordRow, field: Field): unknown {
  const v = row.values[field.code];
  if (field.type === 'reference') {
    if (v === null || v === undefined) return null;
    return { id: v as number, label: row.display[field.code] ?? `#${String(v)}` };
  }
  if (field.type === 'attachment') {
    if (typeof v !== 'string' || v === '') return null;
    // The file's name comes with the row (filled in from `files.get` when the page loads).
    const name = row.display[field.code] ?? v;
    return { id: v, label: name, name };
  }
  return v;
}

/** Grid columns of an object's fields (the record id first). */
/** Types the list may sort by (the Sort menu offers the same). */
const sortableTypes: ReadonlySet<FieldType> = new Set(
  fieldTypes.filter((t) => t !== 'longtext' && t !== 'attachment' && t !== 'multiselect'),
);

export function gridColumns(
  visible: Field[],
  widths: Record<string, number | undefined>,
  t: TFunction,
  canEdit: boolean,
  locale: string,
): GridColumn<RecordRow>[] {
  const idCol: GridColumn<RecordRow> = {
    id: 'id',
    header: t('columns.id'),
    title: t('columns.id'),
    type: 'integer',
    width: widths.id ?? 80,
    sortable: true,
    getValue: (r) => r.id,
  };
  return [
    idCol,
    ...visible.map((f): GridColumn<RecordRow> => ({
      id: f.code,
      header: shownName(f),
      title: f.computed
        ? `${shownName(f)} (${computedSummary(f, t) ?? ''}) — ${t('computed.readOnly')}`
        : shownName(f),
      type: f.type,
      width: widths[f.code] ?? defaultWidth(f.type),
      // Computed fields' values come from SQL: never typed into.
      editable: canEdit && !f.computed,
      sortable: sortableTypes.has(f.type),
      currency: f.options.currency,
      precision: f.options.scale,
      choices: f.options.choices?.map((c) => ({
        value: c.value,
        label: choiceName(c),
        color: c.color,
      })),
      getValue: (r) => recordValue(r, f),
      href: f.options.target ? (v) => recordPagePath(f.options.target as string, v.id) : undefined,
      parse: (text) => parseFieldText(f, text, t, locale),
    })),
  ];
}

function defaultWidth(type: FieldType): number {
  switch (type) {
    case 'boolean':
      return 100;
    case 'integer':
    case 'percent':
      return 120;
    case 'longtext':
      return 260;
    case 'date':
      return 140;
    default:
      return 180;
  }
}

export const systemFilterFields = (t: TFunction): FilterField[] => [
  { code: 'id', name: t('columns.id'), type: 'id' },
  { code: 'created_at', name: t('columns.createdAt'), type: 'datetime' },
  { code: 'updated_at', name: t('columns.updatedAt'), type: 'datetime' },
];

export function filterFields(meta: PlatformObject, t: TFunction): FilterField[] {
  return [
    ...meta.fields.map((f): FilterField => ({
      code: f.code,
      name: shownName(f),
      type: f.type,
      target: f.type === 'reference' ? f.options.target : undefined,
      choices: f.options.choices?.map((c) => ({ value: c.value, label: choiceName(c) })),
    })),
    ...systemFilterFields(t),
  ];
}

/** Field types whose totals make sense in group headers. */
export const summable: ReadonlySet<FieldType> = new Set(['integer', 'decimal', 'money', 'percent']);

/**
 * Rows with the names of their attached files in `display` (one `files.get` for the page).
 * Files the server no longer has show `missing`; if the lookup fails the rows stay as they are.
 */
export async function withFileNames(
  rows: RecordRow[],
  fields: Field[],
  lookup: (ids: string[]) => Promise<Map<string, { name: string }>>,
  missing: string,
): Promise<RecordRow[]> {
  const codes = fields.filter((f) => f.type === 'attachment').map((f) => f.code);
  if (codes.length === 0) return rows;
  const ids = new Set<string>();
  for (const r of rows)
    for (const c of codes) {
      const v = r.values[c];
      if (typeof v === 'string' && v) ids.add(v);
    }
  if (ids.size === 0) return rows;
  let names: Map<string, { name: string }>;
  try {
    names = await lookup([...ids]);
  } catch {
    return rows;
  }
  return rows.map((r) => {
    const display = { ...r.display };
    for (const c of codes) {
      const v = r.values[c];
      if (typeof v === 'string' && v) display[c] = names.get(v)?.name ?? missing;
    }
    return { ...r, display };
  });
}
