import { z } from 'zod';
import { filterNodeSchema } from '../view.js';
import { nameLanguages, type NameLanguage } from './names.js';

/** Field types of the platform (PRODUCT.md §3). */
export const fieldTypes = [
  'text',
  'longtext',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'datetime',
  'boolean',
  'select',
  'multiselect',
  'reference',
  'email',
  'url',
  'phone',
  'attachment',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export const textualTypes: readonly FieldType[] = ['text', 'longtext', 'email', 'url', 'phone'];
export const numericTypes: readonly FieldType[] = ['integer', 'decimal', 'money', 'percent'];
export const temporalTypes: readonly FieldType[] = ['date', 'datetime'];

/** A short, stable identifier used as the key of a field in records (`amount`, `due_date`). */
export const CODE_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
export const codeSchema = z.string().regex(CODE_PATTERN);

/** Ids made by the server (objects, fields, views, domains). */
export const idSchema = z.string().min(1).max(64);

/** A text per language, each at most `max` characters (see `nameTranslationsSchema`). */
function translationsSchema(max: number) {
  return z
    .object(
      Object.fromEntries(nameLanguages.map((l) => [l, z.string().trim().max(max).optional()])) as {
        [L in NameLanguage]: z.ZodOptional<z.ZodString>;
      },
    )
    .strict();
}

export const choiceSchema = z.object({
  value: z.string().trim().min(1).max(200),
  label: z.string().max(200).optional(),
  /**
   * The label in other languages (`{ ru: 'Высокий' }`): a user of one sees it; else the label,
   * else the value.
   */
  labels: translationsSchema(200).optional(),
  color: z.string().max(32).optional(),
});
export type Choice = z.infer<typeof choiceSchema>;

/**
 * An exact decimal as text: an optional `-`, digits, and a `.` with the fraction digits
 * (`"1234.50"`, `"-0.05"`, `"12345678901234567.89"`). Decimal, money and percent values travel
 * in this form — answers always with exactly the field's scale — so that no digit is lost to
 * binary floating point, however large. Requests may also send them as JSON numbers (read by the
 * digits they are written with: `0.1` is one tenth).
 */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
export type DecimalString = string;

/** The most fraction digits a decimal, money or percent field keeps. */
export const MAX_DECIMAL_SCALE = 6;
/** Significant digits of a stored decimal: a field of scale s holds less than 10^(18 − s). */
export const MAX_DECIMAL_DIGITS = 18;

/**
 * A value a record may hold in one field. Whole numbers are JSON numbers (within ±2^53 − 1);
 * decimal, money and percent values are `DecimalString`s in answers.
 */
export const fieldValueSchema = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(200)).max(500),
  z.null(),
]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/**
 * Options of a field. `min`/`max` bound numbers (numeric types), lengths (text types) or dates
 * (ISO strings, date types). `pattern` is a regular expression text values must match.
 * `choices` list the values of select and multiselect fields. `target` is the object a
 * reference points to, `displayField` the target's field shown for it (default: the target's
 * display field).
 */
export const fieldOptionsSchema = z.object({
  required: z.boolean().optional(),
  unique: z.boolean().optional(),
  hidden: z.boolean().optional(),
  default: fieldValueSchema.optional(),
  min: z.union([z.number(), z.string().max(40)]).optional(),
  max: z.union([z.number(), z.string().max(40)]).optional(),
  pattern: z.string().min(1).max(500).optional(),
  choices: z.array(choiceSchema).max(500).optional(),
  target: idSchema.optional(),
  displayField: idSchema.optional(),
  /**
   * Fraction digits of a decimal, money or percent field (0–6). Made explicit when the field is
   * made: money takes its currency's minor unit (EUR 2, JPY 0, KWD 3), the others 2. Changing it
   * converts the stored values, or is refused when digits would be lost.
   */
  scale: z.number().int().min(0).max(MAX_DECIMAL_SCALE).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type FieldOptions = z.infer<typeof fieldOptionsSchema>;

/**
 * An object's or field's name in other languages: `{ de: 'Fahrzeuge', ru: 'Транспорт' }`. A
 * language without one shows the default `name`. In a write, an empty text removes that
 * language's name; the whole map replaces the stored one.
 */
export const nameTranslationsSchema = translationsSchema(120);
export type NameTranslations = z.infer<typeof nameTranslationsSchema>;

/**
 * A description in other languages (`{ de: 'Schreibt die Abschreibung …' }`), in the same
 * languages as names, each at most 2000 characters like the description. A language without one
 * shows the default `description`. In a write, an empty text removes that language's description;
 * the whole map replaces the stored one.
 */
export const descriptionTranslationsSchema = translationsSchema(2000);
export type DescriptionTranslations = z.infer<typeof descriptionTranslationsSchema>;

/** An action's question before it runs, in other languages (each at most 500, like `confirm`). */
export const confirmTranslationsSchema = translationsSchema(500);

/** Translations as stored: only the languages that have a non-empty name. */
export function cleanNames(names: NameTranslations | null | undefined): NameTranslations {
  const out: NameTranslations = {};
  for (const l of nameLanguages) {
    const v = names?.[l]?.trim();
    if (v) out[l] = v;
  }
  return out;
}

// ---- computed fields ----------------------------------------------------------------------------

/** Kinds of computed fields: their values come from SQL at query time, never from a write. */
export const computedKinds = ['formula', 'lookup', 'rollup'] as const;
export type ComputedKind = (typeof computedKinds)[number];

/** What a rollup computes over the records that point to this one. */
export const rollupFns = ['sum', 'count', 'avg', 'min', 'max', 'count_distinct'] as const;
export type RollupFn = (typeof rollupFns)[number];

/** References a lookup may follow in a row (`customer.country.region`). */
export const MAX_LOOKUP_DEPTH = 3;
/** Longest formula (the expression language's limit). */
export const FORMULA_MAX_LENGTH = 4000;

const fieldKey = z.string().trim().min(1).max(128);

/**
 * A computed field's definition:
 * - `formula`: an expression over the record's fields (docs/expressions.md); its result type is
 *   the field's `type` when given (the value rounded or converted to it), else inferred;
 * - `lookup`: the value of `field` of the record reached by following `path`, one to three
 *   reference fields (codes or ids; the first of this object, each next of the previous one's
 *   target);
 * - `rollup`: `fn` over `field` (absent for `count`) of the records of `object` whose reference
 *   field `via` points to this record, optionally only those that match `filter` (the views'
 *   filter shape, over `object`'s fields). Deleted records never count.
 */
const formulaSchema = z.object({
  kind: z.literal('formula'),
  formula: z.string().trim().min(1).max(FORMULA_MAX_LENGTH),
});
const lookupSchema = z.object({
  kind: z.literal('lookup'),
  path: z.array(fieldKey).min(1).max(MAX_LOOKUP_DEPTH),
  field: fieldKey,
});
const rollupSchema = z.object({
  kind: z.literal('rollup'),
  object: idSchema,
  via: fieldKey,
  fn: z.enum(rollupFns),
  field: fieldKey.optional(),
  filter: filterNodeSchema.optional(),
});
export const computedSchema = z.discriminatedUnion('kind', [
  formulaSchema,
  lookupSchema,
  rollupSchema,
]);
export type ComputedDefinition = z.infer<typeof computedSchema>;

/**
 * A computed field as answers show it: its definition (field references as ids), whether its
 * values are kept in a generated column (a formula over the record's own fields: indexed like
 * a stored field) and, when a definition no longer works (a field it used is gone), why — the
 * field then reads empty.
 */
const computedState = { stored: z.boolean(), problem: z.string().nullable() };
export const computedInfoSchema = z.discriminatedUnion('kind', [
  formulaSchema.extend(computedState),
  lookupSchema.extend(computedState),
  rollupSchema.extend(computedState),
]);
export type ComputedInfo = z.infer<typeof computedInfoSchema>;

export const fieldSchema = z.object({
  id: z.string(),
  objectId: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.enum(fieldTypes),
  options: fieldOptionsSchema,
  position: z.number().int(),
  /** The name in other languages (absent: none). */
  names: nameTranslationsSchema.optional(),
  /**
   * A computed field (read-only): how its values are computed. `type` and `options` then
   * describe its values (a lookup of a money field is money with the same currency).
   */
  computed: computedInfoSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Field = z.infer<typeof fieldSchema>;

export const fieldNameSchema = z.string().trim().min(1).max(120);

// fields.create — `computed` makes a formula, lookup or rollup (then `type` is optional: the
// result type of a formula, inferred when absent; lookups and rollups take their source's).
export const fieldsCreateInput = z.object({
  objectId: idSchema,
  name: fieldNameSchema,
  code: codeSchema.optional(),
  type: z.enum(fieldTypes).optional(),
  computed: computedSchema.optional(),
  options: fieldOptionsSchema.optional().default({}),
  position: z.number().int().min(0).max(10_000).optional(),
  names: nameTranslationsSchema.optional(),
});
export type FieldsCreateInput = z.input<typeof fieldsCreateInput>;

// fields.update — a type change converts the stored values or is refused when that would lose data.
export const fieldsUpdateInput = z.object({
  id: idSchema,
  name: fieldNameSchema.optional(),
  code: codeSchema.optional(),
  type: z.enum(fieldTypes).optional(),
  options: fieldOptionsSchema.optional(),
  /** A computed field's new definition (a stored field cannot become computed, nor back). */
  computed: computedSchema.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  names: nameTranslationsSchema.optional(),
});
export type FieldsUpdateInput = z.input<typeof fieldsUpdateInput>;

// fields.check — a computed field's definition checked without saving anything (the field
// designer checks it as the user types): the type and options its values would have, or the
// problems keyed as fields.create/fields.update would refuse them ('computed.formula',
// 'computed', 'type', 'options.scale', …). `id` checks a change of that field (its cycles).
export const fieldsCheckInput = z.object({
  objectId: idSchema,
  id: idSchema.optional(),
  name: fieldNameSchema.optional(),
  type: z.enum(fieldTypes).optional(),
  computed: computedSchema,
  options: fieldOptionsSchema.optional().default({}),
});
export type FieldsCheckInput = z.input<typeof fieldsCheckInput>;
export const fieldsCheckOutput = z.object({
  valid: z.boolean(),
  type: z.enum(fieldTypes).nullable(),
  options: fieldOptionsSchema.nullable(),
  /** Whether the values would be kept in a generated column (a formula over own fields). */
  stored: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())),
});

// fields.delete — the column and its data are dropped.
export const fieldsDeleteInput = z.object({ id: idSchema });

/** Record keys that are not fields: usable in filters, sorts and groups. */
export const systemColumns = [
  'id',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
] as const;
export type SystemColumn = (typeof systemColumns)[number];
