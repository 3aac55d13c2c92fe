import { describe, expect, it } from 'vitest';
import { buildLayout, itemAt } from './layout';

describe('grid layout', () => {
  it('maps display indexes to row offsets without grouping', () => {
    const layout = buildLayout(1_000_000, undefined, new Set());
    expect(layout.count).toBe(1_000_000);
    expect(itemAt(layout, 999_999)).toEqual({ kind: 'row', offset: 999_999 });
    expect(itemAt(layout, 1_000_000)).toBeUndefined();
  });

  it('interleaves group headers and skips the rows of collapsed groups', () => {
    const groups = [
      { id: 'a', label: 'A', count: 3 },
      { id: 'b', label: 'B', count: 2 },
      { id: 'c', label: 'C', count: 4 },
    ];
    const layout = buildLayout(9, groups, new Set(['b']));
    // A, 3 rows, B (collapsed), C, 4 rows
    expect(layout.count).toBe(1 + 3 + 1 + 1 + 4);
    expect(itemAt(layout, 0)).toMatchObject({ kind: 'group', rowStart: 0 });
    expect(itemAt(layout, 3)).toEqual({ kind: 'row', offset: 2 });
    expect(itemAt(layout, 4)).toMatchObject({ kind: 'group', collapsed: true, rowStart: 3 });
    expect(itemAt(layout, 5)).toMatchObject({ kind: 'group', rowStart: 5 });
    expect(itemAt(layout, 6)).toEqual({ kind: 'row', offset: 5 });
  });

  it('nests sub-groups under their parent', () => {
    const groups = [
      {
        id: 'x',
        label: 'X',
        count: 3,
        children: [
          { id: 'x/1', label: '1', count: 1 },
          { id: 'x/2', label: '2', count: 2 },
        ],
      },
      { id: 'y', label: 'Y', count: 1 },
    ];
    const open = buildLayout(4, groups, new Set());
    expect(open.count).toBe(1 + 1 + 1 + 1 + 2 + 1 + 1);
    expect(itemAt(open, 1)).toMatchObject({ kind: 'group', depth: 1 });
    const closed = buildLayout(4, groups, new Set(['x']));
    expect(closed.count).toBe(1 + 1 + 1);
    expect(itemAt(closed, 2)).toEqual({ kind: 'row', offset: 3 });
  });
});
