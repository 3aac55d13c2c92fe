import type { Field, FieldType, RollupFn } from '@fiscus/contracts';

/** Types a formula may be declared to give (else it takes its own). */
export const FORMULA_TYPES: readonly FieldType[] = [
  'text',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'datetime',
  'boolean',
];

const NUMERIC: readonly FieldType[] = ['integer', 'decimal', 'money', 'percent'];
const ORDERED: readonly FieldType[] = [
  ...NUMERIC,
  'date',
  'datetime',
  'text',
  'select',
  'email',
  'url',
  'phone',
];

/** Whether a rollup function applies to a field of this type (as the server rules). */
export function rollupFits(fn: RollupFn, type: FieldType): boolean {
  if (fn === 'count') return true;
  if (fn === 'sum' || fn === 'avg') return NUMERIC.includes(type);
  if (fn === 'min' || fn === 'max') return ORDERED.includes(type);
  return type !== 'multiselect' && type !== 'attachment' && type !== 'longtext';
}

/** A one-line description of how a computed field's values come about (formula shown). */
export function computedSummary(f: Field, t: (key: string) => string): string | null {
  const c = f.computed;
  if (!c) return null;
  if (c.kind === 'formula') return `= ${c.formula}`;
  if (c.kind === 'lookup') return t('computed.kinds.lookup');
  return `${t('computed.kinds.rollup')}: ${t(`computed.fns.${c.fn}`)}`;
}
