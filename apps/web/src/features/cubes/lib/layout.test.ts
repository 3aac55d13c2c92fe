import { describe, expect, it } from 'vitest';
import {
  fromCubeLayout,
  guessLayout,
  layoutFilter,
  moveField,
  toCubeLayout,
  type DimInfo,
  type PivotLayout,
} from './layout';

const base: PivotLayout = {
  rows: ['region'],
  cols: ['month'],
  measures: ['amount'],
  params: [],
  collapsedRows: [['north']],
  collapsedCols: [],
  rowTotals: true,
  colTotals: true,
};

const dims: DimInfo[] = [
  { key: 'region', field: 'region', type: 'select' },
  { key: 'month', field: 'day', type: 'date', grain: 'month' },
  { key: 'quarter', field: 'at', type: 'datetime', grain: 'quarter' },
  { key: 'scenario', field: 'scenario', type: 'reference' },
];

describe('moveField', () => {
  it('moves dimensions between Rows, Columns and Parameters, keeping order', () => {
    const l = moveField(base, 'd:month', 'rows', 0);
    expect(l.rows).toEqual(['month', 'region']);
    expect(l.cols).toEqual([]);
    // The row axis changed: its collapsed members no longer apply.
    expect(l.collapsedRows).toEqual([]);
    const p = moveField(l, 'd:region', 'params');
    expect(p.rows).toEqual(['month']);
    expect(p.params).toEqual([{ key: 'region', members: [] }]);
  });

  it('reorders within a zone like a sortable list', () => {
    const l = { ...base, rows: ['a', 'b', 'c'] };
    expect(moveField(l, 'd:a', 'rows', 2).rows).toEqual(['b', 'c', 'a']);
    expect(moveField(l, 'd:c', 'rows', 0).rows).toEqual(['c', 'a', 'b']);
  });

  it('keeps measures in Values and dimensions out of it, and never empties Values', () => {
    expect(moveField(base, 'm:amount', 'rows')).toBe(base);
    expect(moveField(base, 'd:region', 'values')).toBe(base);
    expect(moveField(base, 'm:amount', 'fields')).toBe(base);
    const two = moveField(base, 'm:qty', 'values', 0);
    expect(two.measures).toEqual(['qty', 'amount']);
    expect(moveField(two, 'm:amount', 'fields').measures).toEqual(['qty']);
  });

  it('respects the axis limits', () => {
    const full = { ...base, cols: ['a', 'b', 'c', 'd'] };
    expect(moveField(full, 'd:region', 'cols')).toBe(full);
  });
});

describe('layout filter', () => {
  it('turns chosen members into conditions, periods into their date ranges', () => {
    const f = layoutFilter(
      [
        { key: 'region', members: ['north', null] },
        { key: 'month', members: ['2026-02'] },
        { key: 'quarter', members: ['2026-Q4'] },
        { key: 'scenario', members: [] },
      ],
      dims,
    );
    expect(f?.children).toHaveLength(3);
    const [region, month, quarter] = f!.children;
    expect(region!.operator.sid).toBe('or');
    expect(region!.children.map((c) => c.conditions)).toEqual([
      [{ field: 'region', op: 'eq', value: 'north' }],
      [{ field: 'region', op: 'is_empty' }],
    ]);
    expect(month!.children[0]!.conditions).toEqual([
      { field: 'day', op: 'between', value: ['2026-02-01', '2026-02-28'] },
    ]);
    expect(quarter!.children[0]!.conditions).toEqual([
      { field: 'at', op: 'gte', value: '2026-10-01T00:00:00.000Z' },
      { field: 'at', op: 'lt', value: '2027-01-01T00:00:00.000Z' },
    ]);
  });

  it('a saved layout brings the chosen members back', () => {
    const l: PivotLayout = {
      ...base,
      rows: ['region'],
      cols: [],
      params: [
        { key: 'month', members: ['2026-02', '2026-12'] },
        { key: 'scenario', members: [7, null] },
      ],
    };
    const back = fromCubeLayout(toCubeLayout(l, dims), dims);
    expect(back.params).toEqual(l.params);
    expect(back.rows).toEqual(['region']);
  });

  it('no chosen members: no filter', () => {
    expect(layoutFilter([{ key: 'region', members: [] }], dims)).toBeUndefined();
  });
});

describe('guessLayout', () => {
  it('puts a dimension on rows, a period (else a short list) on columns and the first measure in the values', () => {
    const measures = [{ key: 'amount' }, { key: 'n' }];
    expect(guessLayout(dims, measures)).toEqual({
      rows: ['region'],
      cols: ['month'],
      measures: ['amount'],
    });
    const plain: DimInfo[] = [
      { key: 'product', field: 'product', type: 'text' },
      { key: 'scenario', field: 'scenario', type: 'reference' },
      { key: 'region', field: 'region', type: 'select' },
      { key: 'flag', field: 'flag', type: 'boolean' },
    ];
    expect(guessLayout(plain, measures)).toEqual({
      rows: ['product'],
      cols: ['flag'],
      measures: ['amount'],
    });
    expect(guessLayout([dims[1]!], measures)).toEqual({
      rows: ['month'],
      cols: [],
      measures: ['amount'],
    });
  });
});
