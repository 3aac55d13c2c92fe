import { filterOps } from '@fiscus/contracts';
import fc from 'fast-check';

/**
 * Random filter trees as users and attackers may send them: field names (the object's codes,
 * system columns, hostile strings), operators, values of every shape, nested AND/OR nodes up
 * to 8 levels (the server allows 6). The records fuzz feeds them to one object; the mounts'
 * equivalence test feeds the same trees to a native object and its live and synced mounts.
 */
export const hostile = fc.constantFrom(
  "'",
  '"',
  '`',
  '\\',
  '%',
  '_',
  '*',
  ';',
  '--',
  '/*',
  'id; drop table users; --',
  '" or 1=1 --',
  "') or ('1'='1",
  'deleted_at',
  'f_abc',
  'obj_x',
  'pf_objects',
  'users.password_hash',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '',
  ' ',
  'x'.repeat(1500),
  '日本語',
  '\uD800',
  '$1',
  '?',
  ':name',
);

export const scalarValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1, -1, 2 ** 53, -(2 ** 63), 1e308, 5e-324, 0.1),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '2026-01-01',
    '2026-02-30',
    '2026-01-01T10:00:00Z',
    '0000-00-00',
    '9999-12-31T23:59:59.999Z',
    'a',
    'x',
    'b',
    'T1',
  ),
  fc.string({ maxLength: 30 }),
  hostile,
);

export interface FilterArbitraries {
  fieldName: fc.Arbitrary<string>;
  tree: fc.Arbitrary<Record<string, unknown>>;
}

/**
 * `codes`: the object's field codes; `system`: the system columns filters may name;
 * `fieldIds`: field ids, read when a name is drawn (they exist only once fields are made).
 */
export function filterArbitraries(opts: {
  codes: readonly string[];
  system: readonly string[];
  fieldIds?: () => readonly string[];
}): FilterArbitraries {
  const ids = opts.fieldIds ?? (() => []);
  const fieldName = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...opts.codes, ...opts.system) },
    {
      weight: 2,
      arbitrary: fc.constant('').map(() => {
        const all = ids();
        return all[Math.floor(Math.random() * all.length)] ?? 'x';
      }),
    },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
  const opName = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...filterOps) },
    { weight: 1, arbitrary: hostile },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const value = fc.oneof(
    { weight: 5, arbitrary: scalarValue },
    { weight: 2, arbitrary: fc.array(scalarValue, { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const condition = fc.record(
    { field: fieldName, op: opName, value },
    { requiredKeys: ['field', 'op'] },
  );
  const operator = fc.oneof(
    {
      weight: 9,
      arbitrary: fc.constantFrom(
        { id: 1, sid: 'and', name: 'AND' },
        { id: 2, sid: 'or', name: 'OR' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        id: fc.integer(),
        sid: fc.string({ maxLength: 4 }),
        name: fc.string({ maxLength: 4 }),
      }),
    },
  );
  const treeOf = (depth: number): fc.Arbitrary<unknown> =>
    fc.record({
      isactive: fc.boolean(),
      isexpanded: fc.boolean(),
      name: fc.string({ maxLength: 10 }),
      operator,
      children:
        depth > 0 ? fc.array(treeOf(depth - 1), { maxLength: depth > 5 ? 2 : 1 }) : fc.constant([]),
      conditions: fc.array(condition, { maxLength: 5 }),
    });
  return { fieldName, tree: treeOf(8) as fc.Arbitrary<Record<string, unknown>> };
}
