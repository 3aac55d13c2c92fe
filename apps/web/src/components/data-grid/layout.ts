import type { GridGroup } from './types';

/**
 * The grid's items in display order without materialising one entry per row: group headers and
 * runs of rows. Rows are addressed by their offset in the whole ordered result, so a grouped
 * grid fetches the same windows as a flat one (the server orders by the group fields first).
 */
export type Segment =
  | { kind: 'group'; group: GridGroup; depth: number; start: number; collapsed: boolean }
  | { kind: 'rows'; start: number; count: number };

export interface Layout {
  segments: Segment[];
  /** Index of the first item of each segment. */
  firsts: number[];
  count: number;
}

export type Item =
  | { kind: 'group'; group: GridGroup; depth: number; collapsed: boolean; rowStart: number }
  | { kind: 'row'; offset: number };

export function buildLayout(
  total: number,
  groups: GridGroup[] | undefined,
  collapsed: ReadonlySet<string>,
): Layout {
  const segments: Segment[] = [];
  if (!groups || groups.length === 0) {
    if (total > 0) segments.push({ kind: 'rows', start: 0, count: total });
  } else {
    let offset = 0;
    const walk = (list: GridGroup[], depth: number) => {
      for (const group of list) {
        const isCollapsed = collapsed.has(group.id);
        segments.push({ kind: 'group', group, depth, start: offset, collapsed: isCollapsed });
        if (isCollapsed) {
          offset += group.count;
        } else if (group.children && group.children.length > 0) {
          walk(group.children, depth + 1);
        } else {
          if (group.count > 0) segments.push({ kind: 'rows', start: offset, count: group.count });
          offset += group.count;
        }
      }
    };
    walk(groups, 0);
  }
  const firsts: number[] = [];
  let count = 0;
  for (const s of segments) {
    firsts.push(count);
    count += s.kind === 'group' ? 1 : s.count;
  }
  return { segments, firsts, count };
}

/** The item shown at a display index (binary search over the segments). */
export function itemAt(layout: Layout, index: number): Item | undefined {
  if (index < 0 || index >= layout.count) return undefined;
  let lo = 0;
  let hi = layout.segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (layout.firsts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  const seg = layout.segments[lo]!;
  if (seg.kind === 'group') {
    return {
      kind: 'group',
      group: seg.group,
      depth: seg.depth,
      collapsed: seg.collapsed,
      rowStart: seg.start,
    };
  }
  return { kind: 'row', offset: seg.start + (index - layout.firsts[lo]!) };
}
