import { z } from 'zod';
import { codeSchema, descriptionTranslationsSchema, fieldTypes } from './fields.js';
import { sourceColumnSchema } from './datasources.js';

/**
 * Mounts: a table or view of a data source, or an uploaded CSV/XLSX file, shown as a read-only
 * object of kind `mounted`. Live: every query runs on the source. Synced: the rows are copied
 * into the object's own table by a `sync` job (on demand or on a schedule; incremental when a
 * key and an updated-at column are named).
 */
export const mountModes = ['live', 'synced'] as const;
export type MountMode = (typeof mountModes)[number];

/** Field types a mounted column may take. */
export const mountFieldTypes = [
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
  'email',
  'url',
  'phone',
] as const satisfies readonly (typeof fieldTypes)[number][];

export const mountProblemSchema = z.object({
  column: z.string(),
  problem: z.enum(['missing', 'type_changed']),
  /** The source type the mount was made with, and the one found now (`null`: gone). */
  was: z.string(),
  now: z.string().nullable(),
});
export type MountProblem = z.infer<typeof mountProblemSchema>;

export const mountColumnSchema = z.object({
  fieldId: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(fieldTypes),
  column: z.string(),
  sourceType: z.string(),
});

export const mountSchema = z.object({
  objectId: z.string(),
  name: z.string(),
  sourceId: z.string().nullable(),
  sourceName: z.string().nullable(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  schema: z.string().nullable(),
  table: z.string(),
  mode: z.enum(mountModes),
  keyColumn: z.string().nullable(),
  updatedColumn: z.string().nullable(),
  scheduleMinutes: z.number().int().nullable(),
  columns: z.array(mountColumnSchema),
  /** Columns of the source that no longer match the mount; empty when all is well. */
  attention: z.array(mountProblemSchema),
  /** The attention in the caller's language (one line per problem), or null. */
  attentionMessage: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastSyncRows: z.number().int().nullable(),
  lastSyncJobId: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Mount = z.infer<typeof mountSchema>;

const objectId = z.string().min(1).max(64);
const column = z.string().min(1).max(128);
const schedule = z
  .number()
  .int()
  .min(5)
  .max(7 * 24 * 60)
  .nullable();

/** What is mounted: a source's table or view, or an uploaded CSV/XLSX file (a sheet of it). */
const origin = {
  sourceId: z.string().min(1).max(64).optional(),
  schema: z.string().max(128).nullable().optional(),
  table: z.string().min(1).max(128).optional(),
  fileId: z
    .string()
    .regex(/^[a-z0-9]{24}$/)
    .optional(),
  sheet: z.string().max(128).optional(),
};

export const mountsListInput = z.object({});
export const mountsListOutput = z.object({ items: z.array(mountSchema) });
export const mountsGetInput = z.object({ objectId });

/** The columns of a table or file with proposed types, and a few rows, for the wizard. */
export const mountsInspectInput = z.object(origin);
export const mountsInspectOutput = z.object({
  table: z.string(),
  columns: z.array(sourceColumnSchema),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});

export const mountsCreateInput = z.object({
  ...origin,
  name: z.string().trim().min(1).max(120),
  code: codeSchema.optional(),
  description: z.string().max(2000).optional(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  columns: z
    .array(
      z.object({
        column,
        name: z.string().trim().min(1).max(120),
        code: codeSchema.optional(),
        type: z.enum(mountFieldTypes),
      }),
    )
    .min(1)
    .max(500),
  /** The column shown for a row (references, titles); default the first text column. */
  displayColumn: column.optional(),
  mode: z.enum(mountModes).default('live'),
  keyColumn: column.nullable().optional(),
  updatedColumn: column.nullable().optional(),
  scheduleMinutes: schedule.optional(),
});
export const mountsUpdateInput = z.object({
  objectId,
  mode: z.enum(mountModes).optional(),
  keyColumn: column.nullable().optional(),
  updatedColumn: column.nullable().optional(),
  scheduleMinutes: schedule.optional(),
});
export const mountsSyncInput = z.object({
  objectId,
  /** Copy every row again even when the mount could sync incrementally. */
  full: z.boolean().default(false),
});
export const mountsCheckInput = z.object({ objectId });
export const mountsDeleteInput = z.object({ objectId });
