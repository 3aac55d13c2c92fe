import { EVENT_RECORD_IDS, type EventKind, type EventLinks } from '@fiscus/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { isoNow } from '../../lib/clock.js';
import type { Q } from '../context.js';
import { busOf, channelSql } from './bus.js';
import './events.tables.js';

/** A domain event as a module records it. */
export interface NewEvent {
  kind: EventKind;
  domainId: string;
  userId: string | null;
  objectId?: string | null;
  /** The object's name now (kept should it be deleted later). */
  objectName?: string | null;
  /** The records concerned; only the first few are kept, `count` says how many. */
  recordIds?: readonly number[];
  /** How many records (rows, members…); default: the number of `recordIds`, or 1. */
  count?: number;
  /** Small details by kind (names, counts, a message); at most a few kilobytes. */
  data?: Record<string, unknown>;
  links?: EventLinks;
}

const MAX_DATA = 4000;

/** A recorded event as a sink gets it: what the module gave, with its id and time. */
export type RecordedEvent = NewEvent & { id: number; at: string };
type EventSink = (q: Q, e: RecordedEvent) => Promise<void>;
const sinks = new WeakMap<object, EventSink[]>();

/**
 * Has `sink` called with every event recorded on `db`, in the transaction that records it (a
 * module keeping its own rows for events — webhook deliveries — has them exactly when the event
 * exists). Returns the function that removes it.
 */
export function onEventRecorded(db: Db, sink: EventSink): () => void {
  let list = sinks.get(db.kysely);
  if (!list) sinks.set(db.kysely, (list = []));
  list.push(sink);
  return () => {
    const l = sinks.get(db.kysely);
    if (l)
      sinks.set(
        db.kysely,
        l.filter((s) => s !== sink),
      );
  };
}

/**
 * Records a domain event in `q` — the transaction of the change it is about, so that the event
 * exists exactly when the change does. It is published after commit (see bus.ts). Bulk
 * changes record one event with a count, never one per row.
 */
export async function recordEvent(db: Db, q: Q, e: NewEvent): Promise<void> {
  const ids = e.recordIds ?? [];
  let data = e.data ? JSON.stringify(e.data) : null;
  if (data && data.length > MAX_DATA) data = JSON.stringify({ truncated: true });
  const at = isoNow();
  const row = await q
    .insertInto('pf_events')
    .values({
      domain_id: e.domainId,
      kind: e.kind,
      at,
      user_id: e.userId,
      object_id: e.objectId ?? null,
      object_name: e.objectName ?? null,
      count: e.count ?? (ids.length || 1),
      record_ids: ids.length ? JSON.stringify(ids.slice(0, EVENT_RECORD_IDS)) : null,
      data,
      links: e.links && Object.keys(e.links).length ? JSON.stringify(e.links) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const sink of sinks.get(db.kysely) ?? []) await sink(q, { ...e, id: Number(row.id), at });
  if (db.dialect === 'postgres') {
    // Delivered by PostgreSQL on commit, to every listening server process.
    await sql`select pg_notify(${channelSql}, ${`e${row.id}`})`.execute(q);
  } else {
    busOf(db)?.poke();
  }
}
