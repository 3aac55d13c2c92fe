import { z } from 'zod';
import { idSchema } from './fields.js';
import { jobSchema } from './jobs.js';

/**
 * Domain events: what happened in a domain, recorded in the same transaction as the change and
 * published after commit. The ribbon lists them; `GET /api/events` streams them.
 *
 * A change of many records is one event (`count`, and the first ids in `recordIds`), never one
 * per row.
 */
export const eventKinds = [
  'record.created',
  'record.updated',
  'record.deleted',
  'record.restored',
  'import.finished',
  'import.failed',
  'export.finished',
  'export.failed',
  'member.added',
  'member.removed',
  'procedure.finished',
  'procedure.failed',
  'report.generated',
  'report.failed',
  'sync.finished',
  'sync.failed',
  'webhook.disabled',
] as const;
export type EventKind = (typeof eventKinds)[number];

/** The first record ids an event keeps (the count says how many there were). */
export const EVENT_RECORD_IDS = 20;

/** What an event links to; the console opens it from the ribbon. */
export const eventLinksSchema = z.object({
  objectId: z.string().optional(),
  recordId: z.number().int().optional(),
  importId: z.string().optional(),
  jobId: z.string().optional(),
  fileId: z.string().optional(),
  reportId: z.string().optional(),
  procedureId: z.string().optional(),
  runId: z.string().optional(),
});
export type EventLinks = z.infer<typeof eventLinksSchema>;

export const ribbonEventSchema = z.object({
  /** Increases with every event of the installation; the stream's `id:`. */
  id: z.number().int(),
  kind: z.enum(eventKinds),
  at: z.string(),
  userId: z.string().nullable(),
  /** Full name or user name of whoever did it; null for the system. */
  userName: z.string().nullable(),
  objectId: z.string().nullable(),
  /** The object's current name (or its name then, when it has been deleted since). */
  objectName: z.string().nullable(),
  /** How many records (or rows, members…) the event is about. */
  count: z.number().int(),
  recordIds: z.array(z.number().int()),
  /** Details by kind: names, counts, a failure's message. */
  data: z.record(z.string(), z.unknown()),
  links: eventLinksSchema,
});
export type RibbonEvent = z.infer<typeof ribbonEventSchema>;

export const RIBBON_PAGE_MAX = 200;

export const ribbonListInput = z.object({
  kinds: z.array(z.enum(eventKinds)).max(eventKinds.length).optional(),
  objectId: idSchema.optional(),
  userId: z.string().min(1).max(64).optional(),
  /** From this instant or day on (ISO date or date-time, inclusive). */
  from: z.string().max(40).optional(),
  /** Up to this instant or day (ISO; a date includes the whole day). */
  to: z.string().max(40).optional(),
  /** Paging: events older than this id (the previous page's `nextBefore`). */
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(RIBBON_PAGE_MAX).default(50),
});
export const ribbonListOutput = z.object({
  items: z.array(ribbonEventSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: z.number().int().nullable(),
});

/** A short-lived ticket that opens `GET /api/events?ticket=…` once. */
export const eventsTicketInput = z.object({});
export const eventsTicketOutput = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
});

/** A job as the dashboard's "running jobs" card and the stream show it. */
export const jobItemSchema = jobSchema.extend({
  /** What the job is about: the import's file, the export's object, the procedure's name. */
  label: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

export const jobsListInput = z.object({
  /** Only queued and running jobs (and those finished in the last minutes). */
  active: z.boolean().default(true),
  limit: z.number().int().min(1).max(100).default(20),
});
export const jobsListOutput = z.object({ items: z.array(jobItemSchema) });
