import { z } from 'zod';
import { filterNodeSchema, orderBySchema } from '../view.js';
import { idSchema } from './fields.js';
import { recordStateSchema } from './records.js';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

// records.export — the rows of a view (filter, search, order, visible fields) to a file. Runs
// as a job; when it succeeds the job's `fileId` goes to `/api/download`.
export const recordsExportInput = z.object({
  objectId: idSchema,
  format: z.enum(exportFormats),
  filter: filterNodeSchema.optional(),
  search: z.string().max(200).optional(),
  state: recordStateSchema.optional().default('active'),
  timeZone: z.string().max(64).optional(),
  orderby: orderBySchema.optional(),
  /** Field codes in column order; default: every field that is not hidden. */
  fields: z.array(z.string().min(1).max(128)).max(200).optional(),
  /** Column headings: field names (default) or codes. */
  headings: z.enum(['names', 'codes']).optional().default('names'),
  /**
   * CSV only: `comma` (RFC 4180, decimal point — the default) or `semicolon` (fields separated
   * by `;`, decimal comma: what Excel expects with German, French, Portuguese or Russian
   * regional settings).
   */
  csvStyle: z.enum(['comma', 'semicolon']).optional().default('comma'),
});
export type RecordsExportInput = z.input<typeof recordsExportInput>;

// exports.get — the job of an export started by the caller.
export const exportsGetInput = z.object({ id: z.string().min(1).max(64) });
