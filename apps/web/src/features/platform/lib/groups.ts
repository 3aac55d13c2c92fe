import type { Field, RecordGroup } from '@fiscus/contracts';
import type { GridGroup } from '@/components/data-grid';
import { shownName } from '@/lib/names';
import { addDecimals, isDecimalString } from '@/lib/decimal';

/**
 * Turns the flat answer of `records.groups` (one entry per combination of group values, in the
 * list's order) into nested grid groups with counts and totals, summed exactly.
 */
export function buildGroups(
  flat: RecordGroup[],
  groupFields: Field[],
  emptyLabel: string,
): GridGroup[] {
  const roots: GridGroup[] = [];
  for (const g of flat) {
    let level = roots;
    const path: unknown[] = [];
    groupFields.forEach((f, depth) => {
      const v = g.key[f.code] ?? null;
      path.push(v);
      const id = JSON.stringify(path);
      let node = level[level.length - 1];
      if (!node || node.id !== id) {
        const text = g.display[f.code];
        node = {
          id,
          label: `${shownName(f)}: ${text ?? (v === null ? emptyLabel : String(v))}`,
          count: 0,
          aggregates: {},
        };
        if (depth < groupFields.length - 1) node.children = [];
        level.push(node);
      }
      node.count += g.count;
      for (const a of g.aggregates) {
        // Sums are exact decimal strings: added up the levels exactly.
        if (a.fn !== 'sum' || !(typeof a.value === 'number' || isDecimalString(a.value))) continue;
        const prev = node.aggregates![a.field];
        node.aggregates![a.field] =
          typeof prev === 'number' || isDecimalString(prev) ? addDecimals(prev, a.value) : a.value;
      }
      level = node.children ?? [];
    });
  }
  return roots;
}
