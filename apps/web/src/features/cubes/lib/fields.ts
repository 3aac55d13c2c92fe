import {
  numericTypes,
  type CubeAggregate,
  type Field,
  type FieldType,
  type PlatformObject,
} from '@fiscus/contracts';
import type { FilterField } from '@/components/filter-builder';
import { choiceName, shownName } from '@/lib/names';

/** Field types a dimension can group by (docs/cubes.md): select, reference, boolean, texts, dates. */
const dimensionTypes: ReadonlySet<FieldType> = new Set<FieldType>([
  'select',
  'reference',
  'boolean',
  'text',
  'email',
  'url',
  'phone',
  'date',
  'datetime',
]);

export const canBeDimension = (f: Field) => dimensionTypes.has(f.type);
export const isDateField = (f: Field | undefined) => f?.type === 'date' || f?.type === 'datetime';

/** Whether an aggregate applies to a field (the server's rule; `count` without a field counts records). */
export function aggregateFits(fn: CubeAggregate, f: Field | undefined): boolean {
  if (!f) return fn === 'count';
  switch (fn) {
    case 'count':
      return true;
    case 'count_distinct':
      return !['longtext', 'multiselect', 'attachment'].includes(f.type);
    case 'sum':
    case 'avg':
      return numericTypes.includes(f.type);
    case 'min':
    case 'max':
      return numericTypes.includes(f.type) || isDateField(f);
  }
}

/** The fields the filter builder offers for a cube's parameters (the object's own fields). */
export function filterFieldsOf(meta: PlatformObject): FilterField[] {
  return meta.fields.map((f) => ({
    code: f.code,
    name: shownName(f),
    type: f.type,
    target: f.type === 'reference' ? f.options.target : undefined,
    choices: f.options.choices?.map((c) => ({ value: c.value, label: choiceName(c) })),
  }));
}

/** A key for a new dimension or measure: the field's code made a valid key, unique in `taken`. */
export function suggestKey(base: string, taken: ReadonlySet<string>): string {
  let key = base
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 36);
  if (!key) key = 'k';
  if (!taken.has(key)) return key;
  for (let i = 2; ; i++) if (!taken.has(`${key}_${i}`)) return `${key}_${i}`;
}

/**
 * The key of a new dimension or measure whose field changes: while the key is still the one
 * suggested for the previous field, it follows the new field (Region → `region`); a key the
 * user typed, or one the saved cube already has, stays.
 */
export function followingKey(
  key: string,
  fromField: string,
  toField: string,
  taken: ReadonlySet<string>,
  saved: ReadonlySet<string>,
): string {
  if (!toField || saved.has(key)) return key;
  const others = new Set([...taken].filter((k) => k !== key));
  if (key !== suggestKey(fromField, others)) return key;
  return suggestKey(toField, others);
}
