import { z } from 'zod';

/**
 * Webhooks: owners and admins have the server POST a JSON body to an HTTPS (or HTTP) address
 * when something happens in the domain. Each delivery is signed — header
 * `Fiscus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's
 * secret>` — retried with backoff when the receiver fails, and kept in the delivery log with
 * the response codes. A webhook whose deliveries keep failing is disabled, and the domain's
 * admins are told in the ribbon. Addresses on the server itself, loopback, link-local and
 * private networks are refused unless the webhook allows private addresses.
 */
export const webhookEvents = [
  'record.created',
  'record.updated',
  'record.deleted',
  'import.finished',
  'import.failed',
  'procedure.finished',
  'procedure.failed',
  'report.generated',
  'report.failed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** Events that concern an object (a webhook may name which objects). */
export const webhookRecordEvents: readonly WebhookEvent[] = [
  'record.created',
  'record.updated',
  'record.deleted',
];
export const MAX_WEBHOOK_OBJECTS = 100;
/** Consecutive failed attempts after which a webhook is disabled. */
export const WEBHOOK_DISABLE_AFTER = 15;
/** Attempts of one delivery (the first and its retries). */
export const WEBHOOK_ATTEMPTS = 6;

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  /** Objects (ids) whose record events are sent; null: every object. */
  objects: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  /** Why the server disabled it (repeated failures), in the admin's language; null otherwise. */
  disabledReason: z.string().nullable(),
  /** Whether loopback and private network addresses are allowed. */
  allowPrivate: z.boolean(),
  /** The secret's last four characters. */
  secretHint: z.string(),
  /** Failed attempts since the last success. */
  failures: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
  /** HTTP status of the last attempt; null when none answered. */
  lastStatus: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const deliveryStates = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** HTTP status; null when no answer came (refused address, time-out, connection error). */
  status: z.number().int().nullable(),
  /** Why it failed, in words; null when it succeeded. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  state: z.enum(deliveryStates),
  attempts: z.array(webhookAttemptSchema),
  /** When the next attempt is due (pending deliveries). */
  nextAt: z.string().nullable(),
  createdAt: z.string(),
  /** The JSON body sent. */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** An http(s) address without user name or password (the server checks where it leads). */
const urlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i);

const webhookFields = {
  name: z.string().trim().min(1).max(80),
  url: urlSchema,
  events: z
    .array(z.enum(webhookEvents))
    .min(1)
    .max(webhookEvents.length)
    .transform((v) => [...new Set(v)]),
  objects: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(MAX_WEBHOOK_OBJECTS)
    .nullable()
    .optional()
    .transform((v) => (v ? [...new Set(v)] : null)),
  allowPrivate: z.boolean().optional().default(false),
};

export const webhooksListInput = z.object({});
export const webhooksListOutput = z.object({ items: z.array(webhookSchema) });
export const webhooksCreateInput = z.object(webhookFields);
export const webhooksCreateOutput = z.object({
  webhook: webhookSchema,
  /** The signing secret: shown this once (a new one: `webhooks.rotateSecret`). */
  secret: z.string(),
});
export const webhooksUpdateInput = z.object({
  id: z.string().min(1).max(64),
  name: webhookFields.name.optional(),
  url: urlSchema.optional(),
  events: webhookFields.events.optional(),
  objects: z.array(z.string().min(1).max(64)).min(1).max(MAX_WEBHOOK_OBJECTS).nullable().optional(),
  allowPrivate: z.boolean().optional(),
  /** true enables it again (failures counted from zero). */
  enabled: z.boolean().optional(),
});
export const webhooksIdInput = z.object({ id: z.string().min(1).max(64) });
export const webhooksDeliveriesInput = z.object({
  id: z.string().min(1).max(64),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(100).default(25),
});
export const webhooksDeliveriesOutput = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
