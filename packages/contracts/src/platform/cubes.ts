import { z } from 'zod';
import { filterNodeSchema } from '../view.js';
import { descriptionTranslationsSchema, idSchema, nameTranslationsSchema } from './fields.js';

/**
 * Cubes: a pivot over one object. A cube names its dimensions (fields to group by; dates by
 * year, quarter, month or day), its measures (aggregates of fields) and calculated measures
 * (difference and ratio of two measures), its parameters (the views' filter tree, always
 * applied) and a default layout. `cubes.query` answers the cells of a layout, a window at a
 * time; `cubes.cellFilter` turns a cell into the filter of the records behind it;
 * `cubes.write` types a value into a cell and spreads it over those records. See docs/cubes.md.
 */

/** Keys of dimensions and measures inside a cube: short lower-case names (`region`, `amount`). */
export const cubeKeySchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]{0,39}$/,
    'Use lower-case letters, digits and _ (starting with a letter).',
  );

export const CUBE_LIMITS = {
  dimensions: 24,
  measures: 24,
  calculated: 24,
  rows: 6,
  cols: 4,
  queryMeasures: 12,
  rowWindow: 2000,
  colWindow: 500,
  locks: 4,
} as const;

export const cubeDateGrains = ['year', 'quarter', 'month', 'day'] as const;
export type CubeDateGrain = (typeof cubeDateGrains)[number];

export const cubeDimensionSchema = z.object({
  key: cubeKeySchema,
  /** Field code (or id) of the cube's object: select, reference, boolean, text, date, datetime. */
  field: z.string().min(1).max(128),
  /** Shown in the pivot; default the field's name (and the grain). */
  label: z.string().max(255).optional(),
  /** The label in other languages (a user of one sees it instead of `label`). */
  names: nameTranslationsSchema.optional(),
  /** Dates and datetimes: the period members are made of (default month). */
  grain: z.enum(cubeDateGrains).optional(),
});
export type CubeDimension = z.infer<typeof cubeDimensionSchema>;

export const cubeAggregates = ['sum', 'count', 'count_distinct', 'avg', 'min', 'max'] as const;
export type CubeAggregate = (typeof cubeAggregates)[number];

export const cubeMeasureSchema = z.object({
  key: cubeKeySchema,
  fn: z.enum(cubeAggregates),
  /** Field code (or id). Without a field, `count` counts records. */
  field: z.string().min(1).max(128).optional(),
  label: z.string().max(255).optional(),
  names: nameTranslationsSchema.optional(),
});
export type CubeMeasure = z.infer<typeof cubeMeasureSchema>;

export const cubeCalculations = ['difference', 'ratio'] as const;
export const cubeCalculatedSchema = z.object({
  key: cubeKeySchema,
  /** `difference`: left − right; `ratio`: left ÷ right (empty when right is 0 or empty). */
  fn: z.enum(cubeCalculations),
  /** Keys of measures or of calculated measures listed before this one. */
  left: cubeKeySchema,
  right: cubeKeySchema,
  label: z.string().max(255).optional(),
  names: nameTranslationsSchema.optional(),
  /** Ratios: fraction digits, rounded half-even (default 4; 0.1234 is 12.34 %). */
  scale: z.number().int().min(0).max(8).optional(),
});
export type CubeCalculated = z.infer<typeof cubeCalculatedSchema>;

export const cubeSortSchema = z.object({
  /** `name`: members by their label; `measure`: by the member's total of a measure. */
  by: z.enum(['name', 'measure']),
  measure: cubeKeySchema.optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type CubeSort = z.infer<typeof cubeSortSchema>;

export const cubeLayoutSchema = z.object({
  rows: z.array(cubeKeySchema).max(CUBE_LIMITS.rows),
  cols: z.array(cubeKeySchema).max(CUBE_LIMITS.cols),
  /** Measures and calculated measures shown (by key). */
  measures: z.array(cubeKeySchema).min(1).max(CUBE_LIMITS.queryMeasures),
  /** Extra parameters of this layout, ANDed with the cube's. */
  filter: filterNodeSchema.optional(),
  rowSort: cubeSortSchema.optional(),
  colSort: cubeSortSchema.optional(),
});
export type CubeLayout = z.infer<typeof cubeLayoutSchema>;

/**
 * A locked-member rule: the reference dimension `dimension` points at records whose boolean
 * field `field` marks them locked (a locked scenario, a closed period). Writes into cells
 * with records on a locked member are refused (409 naming the member).
 */
export const cubeLockSchema = z.object({ dimension: cubeKeySchema, field: z.string().max(128) });
export type CubeLock = z.infer<typeof cubeLockSchema>;

const definitionShape = {
  name: z.string().trim().min(1).max(255),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string().max(2000).default(''),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  dimensions: z.array(cubeDimensionSchema).max(CUBE_LIMITS.dimensions),
  measures: z.array(cubeMeasureSchema).min(1).max(CUBE_LIMITS.measures),
  calculated: z.array(cubeCalculatedSchema).max(CUBE_LIMITS.calculated).default([]),
  /** Parameters: the views' filter tree, applied to every query of the cube. */
  parameters: filterNodeSchema.optional(),
  defaultLayout: cubeLayoutSchema.optional(),
  locks: z.array(cubeLockSchema).max(CUBE_LIMITS.locks).default([]),
  /**
   * Dimensions that together make a full key of a record: typing into a leaf cell that has no
   * record creates one when the cell fixes each of these dimensions (dates: the period's first
   * day). Empty: new records are never created.
   */
  keyDimensions: z.array(cubeKeySchema).max(CUBE_LIMITS.dimensions).default([]),
};

export const cubeSchema = z.object({
  id: idSchema,
  objectId: idSchema,
  objectName: z.string(),
  name: z.string(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  dimensions: z.array(cubeDimensionSchema),
  measures: z.array(cubeMeasureSchema),
  calculated: z.array(cubeCalculatedSchema),
  parameters: filterNodeSchema.nullable(),
  defaultLayout: cubeLayoutSchema.nullable(),
  locks: z.array(cubeLockSchema),
  keyDimensions: z.array(cubeKeySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Cube = z.infer<typeof cubeSchema>;

export const cubeSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  objectId: idSchema,
  objectName: z.string(),
  dimensionCount: z.number().int(),
  measureCount: z.number().int(),
  updatedAt: z.string(),
});
export type CubeSummary = z.infer<typeof cubeSummarySchema>;

export const cubesListInput = z.object({ objectId: idSchema.optional() });
export const cubesListOutput = z.object({ items: z.array(cubeSummarySchema) });
export const cubesGetInput = z.object({ id: idSchema });
export const cubesCreateInput = z.object({ objectId: idSchema, ...definitionShape });
export const cubesUpdateInput = z.object({
  id: idSchema,
  name: definitionShape.name.optional(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string().max(2000).optional(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  dimensions: definitionShape.dimensions.optional(),
  measures: definitionShape.measures.optional(),
  calculated: z.array(cubeCalculatedSchema).max(CUBE_LIMITS.calculated).optional(),
  parameters: filterNodeSchema.nullable().optional(),
  defaultLayout: cubeLayoutSchema.nullable().optional(),
  locks: z.array(cubeLockSchema).max(CUBE_LIMITS.locks).optional(),
  keyDimensions: z.array(cubeKeySchema).max(CUBE_LIMITS.dimensions).optional(),
});
export const cubesDeleteInput = z.object({ id: idSchema });

// ---- query -----------------------------------------------------------------------------------

/**
 * A member of a dimension: a select's value, a reference's record id, true/false, a text, a
 * date period (`2026`, `2026-Q1`, `2026-03`, `2026-03-15`), or null for "empty".
 */
export const cubeMemberSchema = z.union([
  z.string().max(1000),
  z.number().int(),
  z.boolean(),
  z.null(),
]);
export type CubeMember = z.infer<typeof cubeMemberSchema>;

/** One fixed coordinate of a cell: a dimension and its member. */
export const cubeCoordSchema = z.object({ dimension: cubeKeySchema, member: cubeMemberSchema });
export type CubeCoord = z.infer<typeof cubeCoordSchema>;

/** A path of members along an axis: `['EMEA', 'DE']` under rows `region`, `country`. */
export const cubePathSchema = z.array(cubeMemberSchema).max(CUBE_LIMITS.rows);

export const cubesQueryInput = z.object({
  cubeId: idSchema,
  /** Row and column dimensions (keys), outermost first. */
  rows: z.array(cubeKeySchema).max(CUBE_LIMITS.rows),
  cols: z.array(cubeKeySchema).max(CUBE_LIMITS.cols),
  measures: z.array(cubeKeySchema).min(1).max(CUBE_LIMITS.queryMeasures),
  filter: filterNodeSchema.optional(),
  rowSort: cubeSortSchema.optional(),
  colSort: cubeSortSchema.optional(),
  /** Members shown without their children (their total only). */
  collapsedRows: z.array(cubePathSchema).max(1000).default([]),
  collapsedCols: z.array(cubePathSchema).max(1000).default([]),
  /** Subtotals and the grand total along each axis (default shown). */
  rowTotals: z.boolean().default(true),
  colTotals: z.boolean().default(true),
  /** Window of row tuples and of column tuples. */
  rowOffset: z.number().int().min(0).default(0),
  rowLimit: z.number().int().min(1).max(CUBE_LIMITS.rowWindow).default(200),
  colOffset: z.number().int().min(0).default(0),
  colLimit: z.number().int().min(1).max(CUBE_LIMITS.colWindow).default(100),
  timeZone: z.string().max(64).optional(),
});
export type CubesQueryInput = z.input<typeof cubesQueryInput>;

/** A row or column of the answer: a leaf tuple, a member's subtotal or the grand total. */
export const cubeAxisItemSchema = z.object({
  /** Members from the outermost dimension in; its length is the depth (0: grand total). */
  path: z.array(cubeMemberSchema),
  /** Display texts of the path's members (reference: the target's display value). */
  labels: z.array(z.string()),
  kind: z.enum(['leaf', 'subtotal', 'total']),
  /** Subtotals: whether the member has children and whether they are hidden. */
  hasChildren: z.boolean(),
  collapsed: z.boolean(),
});
export type CubeAxisItem = z.infer<typeof cubeAxisItemSchema>;

export const cubeMeasureInfoSchema = z.object({
  key: z.string(),
  label: z.string(),
  fn: z.enum([...cubeAggregates, ...cubeCalculations]),
  /** `number` (counts), `decimal` (exact decimal strings), `integer`, `date`, `text`. */
  valueType: z.enum(['number', 'decimal', 'integer', 'date', 'datetime', 'text']),
  /** Fraction digits of decimal values. */
  scale: z.number().int(),
  /** Whether `cubes.write` accepts values for it (sums of numeric fields). */
  writable: z.boolean(),
});
export type CubeMeasureInfo = z.infer<typeof cubeMeasureInfoSchema>;

/** A cell value: a count (number), an exact decimal string, an integer, a date or text. */
export const cubeValueSchema = z.union([z.number(), z.string(), z.null()]);
export type CubeValue = z.infer<typeof cubeValueSchema>;

export const cubesQueryOutput = z.object({
  rows: z.object({
    offset: z.number().int(),
    /** Row tuples in all (subtotals and the grand total included), for the scrollbar. */
    total: z.number().int(),
    items: z.array(cubeAxisItemSchema),
  }),
  cols: z.object({
    offset: z.number().int(),
    total: z.number().int(),
    items: z.array(cubeAxisItemSchema),
  }),
  measures: z.array(cubeMeasureInfoSchema),
  /** `cells[r][c][m]`: row item r × column item c, measure m (as in `measures`). */
  cells: z.array(z.array(z.array(cubeValueSchema))),
  /** Locked members on the window's rows and columns: `path` → reason (member's name). */
  locked: z.array(
    z.object({ axis: z.enum(['rows', 'cols']), index: z.number().int(), member: z.string() }),
  ),
  /** Leaf records counted (after parameters), and whether the aggregation came from the cache. */
  records: z.number().int(),
  cached: z.boolean(),
});
export type CubesQueryOutput = z.infer<typeof cubesQueryOutput>;

// ---- Show Records ----------------------------------------------------------------------------

export const cubesCellFilterInput = z.object({
  cubeId: idSchema,
  /** The layout's parameters (as in `cubes.query`). */
  filter: filterNodeSchema.optional(),
  /** The cell's coordinates: every fixed member of its row and column path. */
  coords: z.array(cubeCoordSchema).max(CUBE_LIMITS.rows + CUBE_LIMITS.cols),
  timeZone: z.string().max(64).optional(),
});
export const cubesCellFilterOutput = z.object({
  objectId: idSchema,
  /** A filter tree `records.list` / `records.count` accept: the records behind the cell. */
  filter: filterNodeSchema,
});

// ---- write-back ------------------------------------------------------------------------------

export const cubeSpreadModes = ['proportional', 'equal', 'delta', 'percentage'] as const;
export type CubeSpreadMode = (typeof cubeSpreadModes)[number];

export const cubesWriteInput = z.object({
  cubeId: idSchema,
  filter: filterNodeSchema.optional(),
  coords: z.array(cubeCoordSchema).max(CUBE_LIMITS.rows + CUBE_LIMITS.cols),
  /** A writable measure (sum of a numeric field). */
  measure: cubeKeySchema,
  /**
   * `proportional`/`equal`: the cell's new value; `delta`: the amount added to the cell;
   * `percentage`: the change in percent (10 = +10 %, −5 = −5 %). A number or a decimal string.
   */
  value: z.union([z.number().finite(), z.string().max(40)]),
  mode: z.enum(cubeSpreadModes).default('proportional'),
  timeZone: z.string().max(64).optional(),
});
export const cubesWriteOutput = z.object({
  /** The write (for undo). */
  id: idSchema,
  /** Records changed and created. */
  updated: z.number().int(),
  created: z.number().int(),
  /** The cell's value before and after (decimal strings). */
  before: z.string(),
  after: z.string(),
  /**
   * The spread applied: the one asked for, except `proportional` over records that are all
   * empty or zero, which falls back to `equal` (and `message` says so).
   */
  applied: z.enum(cubeSpreadModes),
  /** A note for the user in their language (the fallback above), or null. */
  message: z.string().nullable(),
});
export type CubesWriteOutput = z.infer<typeof cubesWriteOutput>;

export const cubesUndoInput = z.object({ cubeId: idSchema });
export const cubesUndoOutput = z.object({
  /** The write undone. */
  id: idSchema,
  restored: z.number().int(),
  removed: z.number().int(),
});
export type CubesUndoOutput = z.infer<typeof cubesUndoOutput>;
