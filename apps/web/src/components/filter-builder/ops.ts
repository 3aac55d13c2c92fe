import type { Condition, FieldType, FilterNode, FilterOp } from '@fiscus/contracts';
import { AND } from '@fiscus/contracts';

/** A column the builder can filter on: a field of the object or a system column. */
export interface FilterField {
  code: string;
  name: string;
  type: FieldType | 'id';
  /** Values offered for select, multiselect and reference fields. */
  choices?: { value: string; label: string }[];
}

const RANGE_OPS: FilterOp[] = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_n_days',
];

/** Operators by field type — the same table the server's query compiler applies. */
export function opsForType(type: FilterField['type']): FilterOp[] {
  switch (type) {
    case 'text':
    case 'longtext':
    case 'email':
    case 'url':
    case 'phone':
      return [
        'eq',
        'neq',
        'contains',
        'not_contains',
        'starts_with',
        'in',
        'not_in',
        'gt',
        'gte',
        'lt',
        'lte',
        'is_empty',
        'is_not_empty',
      ];
    case 'select':
      return ['eq', 'neq', 'contains', 'starts_with', 'in', 'not_in', 'is_empty', 'is_not_empty'];
    case 'multiselect':
      return ['contains', 'in', 'not_in', 'is_empty', 'is_not_empty'];
    case 'integer':
    case 'decimal':
    case 'money':
    case 'percent':
      return [
        'eq',
        'neq',
        'gt',
        'gte',
        'lt',
        'lte',
        'between',
        'in',
        'not_in',
        'is_empty',
        'is_not_empty',
      ];
    case 'date':
    case 'datetime':
      return [
        'eq',
        'neq',
        'gt',
        'gte',
        'lt',
        'lte',
        'between',
        'is_empty',
        'is_not_empty',
        ...RANGE_OPS,
      ];
    case 'boolean':
      return ['eq', 'neq', 'is_empty', 'is_not_empty'];
    case 'reference':
      return ['eq', 'neq', 'in', 'not_in', 'is_empty', 'is_not_empty'];
    case 'attachment':
      return ['is_empty', 'is_not_empty'];
    case 'id':
      return ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'not_in'];
  }
}

/** What kind of value an operator takes. */
export function valueShape(op: string): 'none' | 'one' | 'list' | 'range' | 'days' {
  switch (op) {
    case 'is_empty':
    case 'is_not_empty':
    case 'today':
    case 'yesterday':
    case 'this_week':
    case 'last_week':
    case 'this_month':
    case 'last_month':
    case 'this_year':
      return 'none';
    case 'in':
    case 'not_in':
      return 'list';
    case 'between':
      return 'range';
    case 'last_n_days':
      return 'days';
    default:
      return 'one';
  }
}

const filled = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(typeof v === 'number' && Number.isNaN(v));

/** A condition the server can run: a field, an operator and a value of the right shape. */
export function isComplete(c: Condition): boolean {
  if (!c.field || !c.op) return false;
  switch (valueShape(c.op)) {
    case 'none':
      return true;
    case 'list':
      return Array.isArray(c.value) && c.value.length > 0;
    case 'range':
      return (
        Array.isArray(c.value) && c.value.length === 2 && filled(c.value[0]) && filled(c.value[1])
      );
    default:
      return filled(c.value);
  }
}

/**
 * The tree to send: inactive groups and incomplete conditions left out, empty groups dropped.
 * Returns undefined when nothing filters.
 */
export function pruneFilter(node: FilterNode): FilterNode | undefined {
  if (!node.isactive) return undefined;
  const conditions = node.conditions.filter(isComplete);
  const children = node.children.map(pruneFilter).filter((c): c is FilterNode => !!c);
  if (conditions.length === 0 && children.length === 0) return undefined;
  return { ...node, conditions, children };
}

/** Number of complete conditions in active groups. */
export function countConditions(node: FilterNode): number {
  if (!node.isactive) return 0;
  return (
    node.conditions.filter(isComplete).length +
    node.children.reduce((n, c) => n + countConditions(c), 0)
  );
}

export function newGroup(name: string): FilterNode {
  return {
    isactive: true,
    isexpanded: true,
    name,
    operator: { ...AND },
    children: [],
    conditions: [],
  };
}
