/** A webhook of a domain (contracts `webhooks.ts`). */
export interface WebhooksTable {
  id: string;
  domain_id: string;
  name: string;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** JSON array of object ids whose record events are sent; null: every object. */
  objects: string | null;
  enabled: number;
  /** Why the server disabled it (`failures`); null when an admin did, or it is enabled. */
  disabled_reason: string | null;
  allow_private: number;
  /** The signing secret sealed with the server's secrets key (platform/sources/secrets.ts). */
  secret_sealed: string;
  secret_hint: string;
  /** Failed attempts since the last success. */
  failures: number;
  last_delivery_at: string | null;
  last_status: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One event to deliver to one webhook, and its attempts. */
export interface WebhookDeliveriesTable {
  id: string;
  domain_id: string;
  webhook_id: string;
  event: string;
  /** The JSON body, the same on every attempt. */
  body: string;
  /** `pending` (due at `next_at`) | `sending` (a job has it) | `succeeded` | `failed`. */
  state: string;
  attempts: number;
  /** JSON array of `AttemptLog`. */
  log: string;
  next_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Why an attempt failed, as a message key of webhooks.messages.ts and its values. */
export interface AttemptError {
  code: string;
  params?: Record<string, string | number>;
}

export interface AttemptLog {
  at: string;
  status: number | null;
  error: AttemptError | null;
  durationMs: number;
}

declare module '../../db/schema.js' {
  interface Database {
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
