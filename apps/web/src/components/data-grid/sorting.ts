import type { GridSort } from './types';

/**
 * The order after a click on a column's header: alone, it sorts by that column (ascending, then
 * descending, then not at all); with shift, the column is added as the last key or its key
 * turns (ascending, descending, removed) and the other keys stay.
 */
export function nextSorts(sorts: readonly GridSort[], field: string, add: boolean): GridSort[] {
  const at = sorts.findIndex((s) => s.field === field);
  const current = at >= 0 ? sorts[at] : undefined;
  const turned: GridSort | null = !current
    ? { field, dir: 'asc' }
    : current.dir === 'asc'
      ? { field, dir: 'desc' }
      : null;
  if (!add) {
    // A click on the only key turns it; on a column among several it starts over with it.
    if (current && sorts.length > 1) return [{ field, dir: 'asc' }];
    return turned ? [turned] : [];
  }
  if (at < 0) return [...sorts, { field, dir: 'asc' }];
  return turned ? sorts.map((s, i) => (i === at ? turned : s)) : sorts.filter((_, i) => i !== at);
}
