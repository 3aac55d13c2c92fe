import type { Generated } from 'kysely';

/** Row types of the domain events (migration 2026-11-25-0001-events-expressions). */
export interface PfEventsTable {
  id: Generated<number>;
  domain_id: string;
  kind: string;
  at: string;
  user_id: string | null;
  object_id: string | null;
  /** Name of the object when the event happened (kept should the object be deleted). */
  object_name: string | null;
  /** How many records (rows, members…) the event is about. */
  count: number;
  /** JSON array of the first record ids. */
  record_ids: string | null;
  /** JSON of details by kind. */
  data: string | null;
  /** JSON of EventLinks. */
  links: string | null;
}

/** Tickets that open the event stream once (`events.ticket`). */
export interface PfEventTicketsTable {
  /** SHA-256 of the ticket. */
  ticket_hash: string;
  user_id: string;
  domain_id: string;
  session_id: string;
  expires_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    pf_events: PfEventsTable;
    pf_event_tickets: PfEventTicketsTable;
  }
}
