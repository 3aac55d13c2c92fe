import type {
  Cube,
  CubeAxisItem,
  CubesQueryOutput,
  CubeSummary,
  PlatformObject,
} from '@fiscus/contracts';
import type { QryBody } from '@/test/msw';

export const now = '2026-01-01T10:00:00.000Z';

const field = (id: string, name: string, code: string, type: string, options = {}) => ({
  id,
  objectId: 'o1',
  name,
  code,
  type,
  options,
  position: 0,
  createdAt: now,
  updatedAt: now,
});

export const sales = {
  id: 'o1',
  name: 'Sales',
  code: 'sales',
  kind: 'table',
  description: '',
  displayFieldId: 'f1',
  tableName: 'obj_o1',
  fieldCount: 5,
  createdAt: now,
  updatedAt: now,
  fields: [
    field('f1', 'Name', 'name', 'text'),
    field('f2', 'Region', 'region', 'select', {
      choices: [
        { value: 'north', label: 'North' },
        { value: 'south', label: 'South' },
      ],
    }),
    field('f3', 'Product', 'product', 'text'),
    field('f4', 'Day', 'day', 'date'),
    field('f5', 'Amount', 'amount', 'money', { scale: 2 }),
  ],
} as PlatformObject;

export const salesCube: Cube = {
  id: 'c1',
  objectId: 'o1',
  objectName: 'Sales',
  name: 'Sales cube',
  description: 'Amounts by region',
  dimensions: [
    { key: 'region', field: 'region' },
    { key: 'product', field: 'product' },
    { key: 'month', field: 'day', grain: 'month' },
  ],
  measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
  calculated: [],
  parameters: null,
  defaultLayout: { rows: ['region', 'product'], cols: [], measures: ['amount'] },
  locks: [],
  keyDimensions: [],
  createdAt: now,
  updatedAt: now,
  createdBy: null,
};

export const summary = (over: Partial<CubeSummary> = {}): CubeSummary => ({
  id: 'c1',
  name: 'Sales cube',
  description: 'Amounts by region',
  objectId: 'o1',
  objectName: 'Sales',
  dimensionCount: 3,
  measureCount: 1,
  updatedAt: now,
  ...over,
});

const item = (
  path: (string | null)[],
  labels: string[],
  kind: CubeAxisItem['kind'],
  hasChildren = false,
  collapsed = false,
): CubeAxisItem => ({
  path,
  labels,
  kind,
  hasChildren,
  collapsed,
});

/**
 * `cubes.query` over two regions: North (Apples 1234.50, Pears 0.10) and South (Apples
 * 99999999999999999.99). Answers rows [region, product] (with North collapsed when asked) or
 * [region]; columns: none.
 */
export function salesQuery(body: QryBody): CubesQueryOutput {
  const rows = body.rows as string[];
  const collapsed = ((body.collapsedRows as string[][] | undefined) ?? []).map((p) => p.join('/'));
  let items: { it: CubeAxisItem; v: string }[];
  if (rows.length === 2) {
    items = [
      {
        it: item(['north'], ['North'], 'subtotal', true, collapsed.includes('north')),
        v: '1234.60',
      },
      ...(collapsed.includes('north')
        ? []
        : [
            { it: item(['north', 'Apples'], ['North', 'Apples'], 'leaf'), v: '1234.50' },
            { it: item(['north', 'Pears'], ['North', 'Pears'], 'leaf'), v: '0.10' },
          ]),
      { it: item(['south'], ['South'], 'subtotal', true), v: '99999999999999999.99' },
      { it: item(['south', 'Apples'], ['South', 'Apples'], 'leaf'), v: '99999999999999999.99' },
      { it: item([], [], 'total'), v: '100000000000001234.59' },
    ];
  } else if (rows.length === 1) {
    items = [
      { it: item(['north'], ['North'], 'leaf'), v: '1234.60' },
      { it: item(['south'], ['South'], 'leaf'), v: '99999999999999999.99' },
      { it: item([], [], 'total'), v: '100000000000001234.59' },
    ];
  } else items = [{ it: item([], [], 'total'), v: '100000000000001234.59' }];
  const offset = (body.rowOffset as number | undefined) ?? 0;
  const limit = (body.rowLimit as number | undefined) ?? 200;
  const window = items.slice(offset, offset + limit);
  return {
    rows: { offset, total: items.length, items: window.map((x) => x.it) },
    cols: { offset: 0, total: 1, items: [item([], [], 'total')] },
    measures: [
      {
        key: 'amount',
        label: 'Amount (sum)',
        fn: 'sum',
        valueType: 'decimal',
        scale: 2,
        writable: true,
      },
    ],
    cells: window.map((x) => [[x.v]]),
    locked: [],
    records: 3,
    cached: false,
  };
}
