import { z } from 'zod';
import { filterNodeSchema, groupBySchema, orderBySchema } from '../view.js';
import {
  decimalStringSchema,
  fieldValueSchema,
  idSchema,
  nameTranslationsSchema,
  type FieldType,
  type FieldValue,
} from './fields.js';

export const MAX_PAGE = 1000;

export const recordIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * One record. `values` are keyed by field code; `display` holds the display text of
 * reference fields (the target record's display field), resolved in one query per page.
 */
export const recordSchema = z.object({
  id: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  display: z.record(z.string(), z.string().nullable()),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /**
   * Records of a catalog (an object of kind `reference`): the record's name in other languages.
   * A user of one sees it wherever a reference shows the record; else its display value.
   */
  names: nameTranslationsSchema.optional(),
});
export type RecordRow = z.infer<typeof recordSchema>;

/** Which records a query sees: live ones (default), soft-deleted ones, or both. */
export const recordStateSchema = z.enum(['active', 'deleted', 'all']);

const queryBase = z.object({
  objectId: idSchema,
  filter: filterNodeSchema.optional(),
  search: z.string().max(200).optional(),
  state: recordStateSchema.optional().default('active'),
  /** IANA time zone used for relative date ranges (today, this_month, …); default UTC. */
  timeZone: z.string().max(64).optional(),
});

// records.list
export const recordsListInput = queryBase.extend({
  orderby: orderBySchema.optional(),
  /** When active, rows come sorted by the group fields first (so a grid can show headers). */
  groupby: groupBySchema.optional(),
  /** Field codes (or ids) to return; default: every field that is not hidden. */
  fields: z.array(z.string().min(1).max(128)).max(200).optional(),
  offset: z.number().int().min(0).max(100_000_000).optional().default(0),
  limit: z.number().int().min(1).max(MAX_PAGE).optional().default(100),
});
export type RecordsListInput = z.input<typeof recordsListInput>;
export const recordsListOutput = z.object({
  rows: z.array(recordSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  /** True when the page is full, i.e. more rows may follow. */
  hasMore: z.boolean(),
});
export type RecordsListOutput = z.infer<typeof recordsListOutput>;

// records.count — separate so that the first page never waits for the total.
export const recordsCountInput = queryBase;
export const recordsCountOutput = z.object({ total: z.number().int() });

// records.groups — one row per distinct combination of the group fields.
export const recordsGroupsInput = queryBase.extend({
  groupby: groupBySchema,
  orderby: orderBySchema.optional(),
  limit: z.number().int().min(1).max(MAX_PAGE).optional().default(MAX_PAGE),
});
/**
 * One aggregate of a group. `value`'s JSON type depends only on the function and the field,
 * never on the size of the value: `count` a number; `sum` a `DecimalString` at the field's scale
 * (whole numbers too: `"42"`, so a sum past 2^53 keeps every digit); `avg` a `DecimalString`
 * rounded half-even to the field's scale (whole numbers: 2 places); `min`/`max` as the field's
 * values (number, `DecimalString`, date text). Null over no values.
 */
export const aggregateValueSchema = z.object({
  field: z.string(),
  fn: z.enum(['sum', 'count', 'avg', 'min', 'max']),
  value: z.union([z.number(), decimalStringSchema, z.string(), z.null()]),
});
export const recordGroupSchema = z.object({
  /** Group field code → value (raw) of this group. */
  key: z.record(z.string(), z.unknown()),
  /** Group field code → display text (references resolved, choices labelled). */
  display: z.record(z.string(), z.string().nullable()),
  count: z.number().int(),
  aggregates: z.array(aggregateValueSchema),
});
export type RecordGroup = z.infer<typeof recordGroupSchema>;
export const recordsGroupsOutput = z.object({
  groups: z.array(recordGroupSchema),
  truncated: z.boolean(),
});

// records.get
export const recordsGetInput = z.object({ objectId: idSchema, id: recordIdSchema });
/** @alias records.get answers one record. */
export const recordsGetOutput = recordSchema;

// records.create — values keyed by field code (or id).
export const recordValuesSchema = z.record(z.string().max(128), fieldValueSchema);

/**
 * Whether `v` is what `recordValuesSchema` accepts (a plain object of field values), checked
 * without building anything: bulk writes check thousands of rows per call with it and ask the
 * schema only when it says no (for the schema's own messages). Kept equal to the schema by a
 * property test (apps/server/src/modules/qry/input.test.ts).
 */
export function isRecordValues(v: unknown): v is Record<string, FieldValue> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  const row = v as Record<string, unknown>;
  for (const k in row) {
    if (k.length > 128) return false;
    const x = row[k];
    switch (typeof x) {
      case 'string':
        if (x.length > 100_000) return false;
        break;
      case 'number':
        if (!Number.isFinite(x)) return false;
        break;
      case 'boolean':
        break;
      case 'object':
        if (x === null) break;
        if (!Array.isArray(x) || x.length > 500) return false;
        for (const item of x as unknown[])
          if (typeof item !== 'string' || item.length > 200) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
export const recordsCreateInput = z.object({
  objectId: idSchema,
  values: recordValuesSchema,
  /** A catalog's record: its name in other languages (see `recordSchema.names`). */
  names: nameTranslationsSchema.optional(),
});
export type RecordsCreateInput = z.input<typeof recordsCreateInput>;
// records.update — only the given fields change.
export const recordsUpdateInput = z.object({
  objectId: idSchema,
  id: recordIdSchema,
  values: recordValuesSchema,
  /** A catalog's record: replaces its names in other languages (`{}` removes them). */
  names: nameTranslationsSchema.optional(),
});
// records.createMany / records.upsertMany — bulk writes: up to MAX_BULK_ROWS rows per call, one
// transaction, the same validation and audit as records.create / records.update.
export const MAX_BULK_ROWS = 10_000;
/**
 * What a bulk write does with bad rows: `abort` (default) writes nothing and answers the error
 * envelope with every problem keyed `rows.<index>.<field>`; `skip` writes the good rows and
 * lists the bad ones in `errors`.
 */
export const bulkOnErrorSchema = z.enum(['abort', 'skip']);
export type BulkOnError = z.infer<typeof bulkOnErrorSchema>;
const bulkRowsSchema = z.array(recordValuesSchema).min(1).max(MAX_BULK_ROWS);
export const recordsCreateManyInput = z.object({
  objectId: idSchema,
  /** One values object per new record, keyed by field code (or id) as in records.create. */
  rows: bulkRowsSchema,
  onError: bulkOnErrorSchema.optional().default('abort'),
});
export type RecordsCreateManyInput = z.input<typeof recordsCreateManyInput>;
export const recordsUpsertManyInput = z.object({
  objectId: idSchema,
  /**
   * How a row finds its record: the code (or id) of a unique field whose value every row
   * carries, or `id` — then a row with an `id` updates that record and a row without one is
   * created.
   */
  key: z.string().min(1).max(128),
  /** Values as in records.update for rows that match a record, as in records.create otherwise. */
  rows: bulkRowsSchema,
  onError: bulkOnErrorSchema.optional().default('abort'),
});
export type RecordsUpsertManyInput = z.input<typeof recordsUpsertManyInput>;
/** The problems of one row: its index in `rows` and messages per field code (`_`: the row). */
export const bulkRowErrorSchema = z.object({
  index: z.number().int().min(0),
  fields: z.record(z.string(), z.array(z.string())),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;
export const recordsWriteManyOutput = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows that matched a record whose values were already the same (nothing written). */
  unchanged: z.number().int(),
  /** Per row, in the order sent: the id of its record, or null when the row was skipped. */
  ids: z.array(z.number().int().nullable()),
  /** Skipped rows (only with `onError: 'skip'`), in row order. */
  errors: z.array(bulkRowErrorSchema),
});
export type RecordsWriteManyOutput = z.infer<typeof recordsWriteManyOutput>;

// records.delete / records.restore — soft delete of up to 1000 records at once.
export const recordsIdsInput = z.object({
  objectId: idSchema,
  ids: z.array(recordIdSchema).min(1).max(MAX_PAGE),
});
export const recordsIdsOutput = z.object({ affected: z.number().int() });

// records.history — the audit log of one record, newest first.
export const recordsHistoryInput = z.object({
  objectId: idSchema,
  id: recordIdSchema,
  offset: z.number().int().min(0).optional().default(0),
  limit: z.number().int().min(1).max(500).optional().default(100),
});
export const auditActions = ['create', 'update', 'delete', 'restore'] as const;
export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(auditActions),
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** The API token's name when the change came through one ("via token …"), else null. */
  via: z.string().nullable().optional(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Fields whose value differs between before and after (by code). */
  changes: z.array(
    z.object({ field: z.string(), name: z.string(), before: z.unknown(), after: z.unknown() }),
  ),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const recordsHistoryOutput = z.object({ items: z.array(historyEntrySchema) });

/** Operators of filter conditions; which ones apply depends on the field type. */
export const filterOps = [
  'eq',
  'neq',
  'contains',
  'not_contains',
  'starts_with',
  'in',
  'not_in',
  'between',
  'gt',
  'gte',
  'lt',
  'lte',
  'is_empty',
  'is_not_empty',
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_n_days',
] as const;
export type FilterOp = (typeof filterOps)[number];

/** How a column behaves in filters; every field type maps to one kind (`filterKindOf`). */
export type FilterKind =
  | 'text'
  | 'choice'
  | 'multi'
  | 'number'
  | 'int'
  | 'date'
  | 'datetime'
  | 'bool'
  | 'ref'
  | 'file'
  | 'id'
  | 'user';

/** Relative date ranges (they take no value, or a number of days). */
export const filterRangeOps = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_n_days',
] as const satisfies readonly FilterOp[];
export type FilterRangeOp = (typeof filterRangeOps)[number];

const comparable = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between'] as const;
const dated = [...comparable, 'is_empty', 'is_not_empty', ...filterRangeOps] as const;
const numeric = [...comparable, 'in', 'not_in', 'is_empty', 'is_not_empty'] as const;

/**
 * The operators each kind of column accepts — one table for the server's query compiler and
 * the console's filter builder.
 */
export const filterOpsByKind: Record<FilterKind, readonly FilterOp[]> = {
  text: [
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
  ],
  choice: ['eq', 'neq', 'contains', 'starts_with', 'in', 'not_in', 'is_empty', 'is_not_empty'],
  multi: ['contains', 'in', 'not_in', 'is_empty', 'is_not_empty'],
  number: numeric,
  int: numeric,
  date: dated,
  datetime: dated,
  bool: ['eq', 'neq', 'is_empty', 'is_not_empty'],
  ref: ['eq', 'neq', 'in', 'not_in', 'is_empty', 'is_not_empty'],
  file: ['is_empty', 'is_not_empty'],
  id: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'not_in'],
  user: ['eq', 'neq', 'in', 'not_in', 'is_empty', 'is_not_empty'],
};

export function filterKindOf(type: FieldType): FilterKind {
  switch (type) {
    case 'text':
    case 'longtext':
    case 'email':
    case 'url':
    case 'phone':
      return 'text';
    case 'select':
      return 'choice';
    case 'multiselect':
      return 'multi';
    case 'integer':
      return 'int';
    case 'decimal':
    case 'money':
    case 'percent':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'boolean':
      return 'bool';
    case 'reference':
      return 'ref';
    case 'attachment':
      return 'file';
  }
}

/** Operators that apply to a field type (or the record id). */
export function opsForType(type: FieldType | 'id'): readonly FilterOp[] {
  return filterOpsByKind[type === 'id' ? 'id' : filterKindOf(type)];
}

/** Limits the server applies to a filter tree. */
export const FILTER_LIMITS = { maxDepth: 6, maxConditions: 200, maxInValues: 500 } as const;
