import type { Condition, FieldType, FilterNode } from '@fiscus/contracts';
import { AND, opsForType } from '@fiscus/contracts';

/** A column the builder can filter on: a field of the object or a system column. */
export interface FilterField {
  code: string;
  name: string;
  type: FieldType | 'id';
  /** Values offered for select, multiselect and reference fields. */
  choices?: { value: string; label: string }[];
  /** Object a reference field points to (for a record picker). */
  target?: string;
}

/** Operators by field type — the table the server's query compiler applies. */
export { opsForType };

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
