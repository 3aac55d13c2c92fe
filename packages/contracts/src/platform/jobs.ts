import { z } from 'zod';

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
/**
 * `sync`: copying a mounted table into its local table (mounts). `index`: building an index that
 * takes long (trigram text indexes), see docs/platform.md. `report`: generating a report's file.
 * `webhook`: one attempt at delivering a webhook's event (webhooks).
 */
export const jobKinds = [
  'import',
  'export',
  'index',
  'procedure',
  'sync',
  'report',
  'webhook',
] as const;
export type JobKind = (typeof jobKinds)[number];

/** Long work recorded in the database and run off the request path. */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(jobKinds),
  status: z.enum(jobStatuses),
  /** 0…1; an estimate while running. */
  progress: z.number().min(0).max(1),
  /** Units done (rows for imports and exports). */
  processed: z.number().int(),
  /** Units in all, when known. */
  total: z.number().int().nullable(),
  /** Message of a failed job, in the language of the user who started it. */
  error: z.string().nullable(),
  /** File the job produced (an export), ready for `/api/download`. */
  fileId: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The name of the API token the job was started through (as it was then); null when none. */
  viaToken: z.string().nullable().optional(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
