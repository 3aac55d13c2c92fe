import { z } from 'zod';
import { filterNodeSchema } from '../view.js';
import { cubeLayoutSchema } from './cubes.js';
import { descriptionTranslationsSchema, idSchema, nameTranslationsSchema } from './fields.js';
import { jobStatuses } from './jobs.js';

/**
 * Reports: a saved view (or an object's records) or a cube, with parameters — a filter tree
 * ANDed with the view's filter or the cube's parameters — and a format. Generating one runs a
 * job that writes the file (XLSX keeping the pivot's layout, CSV, or PDF) and stores it;
 * every run is kept with who, when, the parameters, the file's size and the duration, its log
 * and its result. See docs/reports.md.
 */

export const reportFormats = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];
export const reportSources = ['view', 'cube'] as const;
export type ReportSource = (typeof reportSources)[number];

export const reportRunSummarySchema = z.object({
  id: z.string(),
  status: z.enum(jobStatuses),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  fileId: z.string().nullable(),
});

export const reportSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  source: z.enum(reportSources),
  /** The object whose records the report shows (a cube report: the cube's object). */
  objectId: idSchema,
  objectName: z.string(),
  /** View reports: the saved view (null: every visible field, newest first). */
  viewId: z.string().nullable(),
  viewName: z.string().nullable(),
  /** Cube reports: the cube and the layout (null: the cube's default layout). */
  cubeId: z.string().nullable(),
  cubeName: z.string().nullable(),
  layout: cubeLayoutSchema.nullable(),
  /** The parameters generated with unless a run gives others. */
  parameters: filterNodeSchema.nullable(),
  format: z.enum(reportFormats),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  lastRun: reportRunSummarySchema.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportsListInput = z.object({
  objectId: idSchema.optional(),
  cubeId: idSchema.optional(),
});
export const reportsListOutput = z.object({ items: z.array(reportSchema) });
export const reportsGetInput = z.object({ id: idSchema });

const definitionShape = {
  name: z.string().trim().min(1).max(255),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string().max(2000).default(''),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  source: z.enum(reportSources),
  /** View reports: the object (required) and optionally one of its saved views. */
  objectId: idSchema.optional(),
  viewId: idSchema.nullable().optional(),
  /** Cube reports: the cube (required) and optionally a layout of it. */
  cubeId: idSchema.optional(),
  layout: cubeLayoutSchema.nullable().optional(),
  parameters: filterNodeSchema.nullable().optional(),
  format: z.enum(reportFormats).default('xlsx'),
};
export const reportsCreateInput = z.object(definitionShape);
export type ReportsCreateInput = z.input<typeof reportsCreateInput>;
export const reportsUpdateInput = z.object({
  id: idSchema,
  name: definitionShape.name.optional(),
  /** The name in other languages (a user of that language sees it; the name is the fallback). */
  names: nameTranslationsSchema.optional(),
  description: z.string().max(2000).optional(),
  /** The description in other languages (a user of that language reads it, else `description`). */
  descriptions: descriptionTranslationsSchema.optional(),
  source: definitionShape.source.optional(),
  objectId: definitionShape.objectId,
  viewId: definitionShape.viewId,
  cubeId: definitionShape.cubeId,
  layout: definitionShape.layout,
  parameters: definitionShape.parameters,
  format: z.enum(reportFormats).optional(),
});
export const reportsDeleteInput = z.object({ id: idSchema });

export const reportsGenerateInput = z.object({
  id: idSchema,
  /** Parameters of this run (default: the report's own). */
  parameters: filterNodeSchema.nullable().optional(),
  /** Format of this run (default: the report's own). */
  format: z.enum(reportFormats).optional(),
  /** Time zone of dates and of the generation time printed in the file. */
  timeZone: z.string().max(64).optional(),
});

export const reportLogLineSchema = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type ReportLogLine = z.infer<typeof reportLogLineSchema>;

export const reportResultSchema = z.object({
  /** Data rows written (records of a view; row items of a pivot). */
  rows: z.number().int(),
  columns: z.number().int(),
  /** PDF pages. */
  pages: z.number().int().nullable(),
  bytes: z.number().int(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

export const reportRunSchema = z.object({
  /** Also the id of its job. */
  id: z.string(),
  reportId: z.string(),
  reportName: z.string(),
  format: z.enum(reportFormats),
  status: z.enum(jobStatuses),
  progress: z.number().min(0).max(1),
  parameters: filterNodeSchema.nullable(),
  /** The parameters as a person reads them (`Region = North and Month from … to …`). */
  parametersText: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Bytes of the file. */
  size: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  result: reportResultSchema.nullable(),
  log: z.array(reportLogLineSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

export const reportsRunsInput = z.object({
  reportId: idSchema.optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});
export const reportsRunsOutput = z.object({
  items: z.array(reportRunSchema.omit({ log: true })),
  hasMore: z.boolean(),
});
export const reportsGetRunInput = z.object({ id: idSchema });
export const reportsCancelInput = z.object({ id: idSchema });
