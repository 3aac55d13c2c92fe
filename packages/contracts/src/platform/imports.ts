import { z } from 'zod';
import { fileIdSchema } from './files.js';
import { idSchema } from './fields.js';
import { jobStatuses } from './jobs.js';

export const importFormats = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof importFormats)[number];
/** append: add every row; update: match rows by a key field, update them (and add the rest
 *  when `insertMissing`); replace: delete (softly) every live record, then add every row. */
export const importModes = ['append', 'update', 'replace'] as const;
export type ImportMode = (typeof importModes)[number];
/** stop: the first bad row fails the import and nothing changes; skip: bad rows are logged. */
export const importErrorPolicies = ['stop', 'skip'] as const;
/** Text encodings a CSV file may be read in (UTF-16 with or without a byte-order mark). */
export const textEncodings = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'iso-8859-1',
  'iso-8859-15',
  'windows-1251',
  'koi8-r',
] as const;
export type TextEncoding = (typeof textEncodings)[number];
/** The encodings' names as people know them. */
export const textEncodingLabels: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
  'iso-8859-1': 'ISO-8859-1',
  'iso-8859-15': 'ISO-8859-15',
  'windows-1251': 'Windows-1251',
  'koi8-r': 'KOI8-R',
};
/** `auto`: detected from the bytes (the preview says when more than one is plausible). */
export const importEncodings = ['auto', ...textEncodings] as const;
/** Draft until Run; then the job's status. */
export const importStatuses = ['draft', ...jobStatuses] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** A column of the file mapped to a field (by code); `field: null` leaves it out. */
export const importMappingSchema = z.object({
  column: z.number().int().min(0).max(10_000),
  field: z.string().min(1).max(128).nullable(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importSettingsSchema = z.object({
  /** CSV: one character, or absent to detect (`,` `;` tab `|`). */
  delimiter: z.string().length(1).nullable().default(null),
  encoding: z.enum(importEncodings).default('auto'),
  /** XLSX: the sheet's name; absent = the first sheet. */
  sheet: z.string().max(255).nullable().default(null),
  /** The first row holds column names. */
  header: z.boolean().default(true),
  mapping: z.array(importMappingSchema).max(1000).default([]),
  mode: z.enum(importModes).default('append'),
  /** Field code matched in `update` mode. */
  keyField: z.string().max(128).nullable().default(null),
  /** In `update` mode, rows whose key is not found are added (true) or skipped (false). */
  insertMissing: z.boolean().default(true),
  onError: z.enum(importErrorPolicies).default('stop'),
});
export type ImportSettings = z.infer<typeof importSettingsSchema>;

/** Some settings to change; absent ones keep their value (no defaults are filled in). */
export const importSettingsPatchSchema = z.object({
  delimiter: z.string().length(1).nullable().optional(),
  encoding: z.enum(importEncodings).optional(),
  sheet: z.string().max(255).nullable().optional(),
  header: z.boolean().optional(),
  mapping: z.array(importMappingSchema).max(1000).optional(),
  mode: z.enum(importModes).optional(),
  keyField: z.string().max(128).nullable().optional(),
  insertMissing: z.boolean().optional(),
  onError: z.enum(importErrorPolicies).optional(),
});
export type ImportSettingsPatch = z.infer<typeof importSettingsPatchSchema>;

export const importResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importSchema = z.object({
  id: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.enum(importFormats),
  status: z.enum(importStatuses),
  settings: importSettingsSchema,
  progress: z.number().min(0).max(1),
  /** Data rows read so far. */
  processed: z.number().int(),
  /** Data rows in the file, when known. */
  total: z.number().int().nullable(),
  result: importResultSchema.nullable(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

const importId = z.string().min(1).max(64);

// imports.list — newest first.
export const importsListInput = z.object({
  objectId: idSchema.optional(),
  status: z.enum(importStatuses).optional(),
  offset: z.number().int().min(0).optional().default(0),
  limit: z.number().int().min(1).max(200).optional().default(50),
});
export const importsListOutput = z.object({
  items: z.array(importSchema),
  total: z.number().int(),
});

// imports.get
export const importsGetInput = z.object({ id: importId });

// imports.create — a draft from an uploaded file; the format comes from the content, the
// mapping is suggested by column name / field name or code.
export const importsCreateInput = z.object({ objectId: idSchema, fileId: fileIdSchema });

// imports.preview — the first rows as the current (or given) settings read them.
export const importColumnSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  /** Detected from the sampled rows. */
  type: z.enum(['text', 'integer', 'decimal', 'date', 'datetime', 'boolean', 'empty']),
});
export const importsPreviewInput = z.object({
  id: importId,
  settings: importSettingsPatchSchema.optional(),
  limit: z.number().int().min(1).max(200).optional().default(20),
});
export const importsPreviewOutput = z.object({
  columns: z.array(importColumnSchema),
  rows: z.array(z.array(z.string().nullable())),
  /** XLSX: every sheet's name. */
  sheets: z.array(z.string()),
  /** CSV: the encoding the rows were read in (the detected one for `auto`). */
  encoding: z.enum(textEncodings).nullable(),
  /**
   * CSV: the encodings the file reads plausibly in, most likely first, each with a short excerpt
   * decoded that way (lines with non-ASCII characters). One entry when the bytes leave no doubt.
   */
  encodings: z.array(z.object({ encoding: z.enum(textEncodings), sample: z.string() })),
  /** CSV: more than one encoding is plausible, so `auto` is a guess — ask the user to choose. */
  encodingUncertain: z.boolean(),
  delimiter: z.string().nullable(),
  /** Mapping suggested for these columns. */
  mapping: z.array(importMappingSchema),
});
export type ImportsPreviewOutput = z.infer<typeof importsPreviewOutput>;

// imports.update — save settings of a draft (or of a finished import, to run it again).
export const importsUpdateInput = z.object({
  id: importId,
  settings: importSettingsPatchSchema,
});

// imports.run — queue the job; answers at once.
export const importsRunInput = z.object({ id: importId });

// imports.cancel — stop a queued or running import; nothing of it stays.
export const importsCancelInput = z.object({ id: importId });

// imports.log — per-row problems of the last run.
export const importLogEntrySchema = z.object({
  /** 1-based row number in the file (the header is row 1 when present). */
  row: z.number().int(),
  /** Column name (or number) in the file; null for a row-level problem. */
  column: z.string().nullable(),
  field: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type ImportLogEntry = z.infer<typeof importLogEntrySchema>;
export const importsLogInput = z.object({
  id: importId,
  offset: z.number().int().min(0).optional().default(0),
  limit: z.number().int().min(1).max(1000).optional().default(100),
});
export const importsLogOutput = z.object({
  items: z.array(importLogEntrySchema),
  total: z.number().int(),
});

// imports.logFile — the whole log as a CSV file, ready for `/api/download`.
export const importsLogFileInput = z.object({ id: importId });
export const importsLogFileOutput = z.object({ fileId: fileIdSchema });

// imports.delete — removes the import records (not the records they brought in).
export const importsDeleteInput = z.object({ ids: z.array(importId).min(1).max(500) });
export const importsDeleteOutput = z.object({ affected: z.number().int() });
