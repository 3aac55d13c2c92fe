import { randomBytes } from 'node:crypto';
import type { JobItem, RibbonEvent } from '@fiscus/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/dialect.js';
import { eventOut, selectEvents } from './read.js';

/**
 * Publishes domain events to the subscribers of this process once the transaction that
 * recorded them has committed.
 *
 * - PostgreSQL (any number of server processes on one database): the transaction that records
 *   an event also sends `NOTIFY` with its id; PostgreSQL delivers notifications only on commit
 *   (and drops them on rollback), to every process listening. Each process reads the notified
 *   events and hands them to its own subscribers.
 * - SQLite (one process): recording an event pokes the bus, which reads the events past the
 *   last one it saw. The read waits for the connection the transaction holds, so it sees the
 *   events only once they are committed — and never those rolled back.
 *
 * Job progress (the dashboard's running jobs) travels the same way but is not stored.
 *
 * Writes (PostgreSQL): once a transaction that wrote tables has committed (a statement outside
 * one has run), the bus sends the names of the tables it wrote on the same channel
 * (`w<process key> <table>,<table>…`, `*` when unknown or too long; writes of one turn of the
 * event loop go together). Every other process bumps the write versions of those tables
 * (`Db.writes.external`), so every cache of derived data standing on `Db.writeVersion`
 * (platform/cache.ts, the metadata of platform/meta.ts, the live roles of sign-ins) is stale at
 * once. A process ignores its own notifications by its key. After the listening connection was
 * (re)opened, notifications may have been missed: everything counts as written.
 */

export type BusMessage =
  | { type: 'event'; domainId: string; event: RibbonEvent; frame: string }
  | { type: 'job'; domainId: string; job: JobItem; frame: string };

type Listener = (m: BusMessage) => void;

/** The server-sent-event frame of a message (built once, written to every subscriber). */
export function frameOf(m: { type: 'event'; event: RibbonEvent } | { type: 'job'; job: JobItem }) {
  return m.type === 'event'
    ? `id: ${m.event.id}\nevent: ribbon\ndata: ${JSON.stringify(m.event)}\n\n`
    : `event: job\ndata: ${JSON.stringify(m.job)}\n\n`;
}

/** The NOTIFY channel of a schema (names of at most 63 bytes). */
export const channelSql = sql<string>`left('fx_ev_' || current_schema(), 63)`;

const RECONNECT_MS = [250, 1000, 3000, 10000];

export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private lastId = 0;
  private reading: Promise<void> | null = null;
  private again = false;
  private client: pg.Client | null = null;
  private stopped = true;
  private channel = '';
  private pendingIds = new Set<number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private reconnects = 0;
  /** Ids delivered lately (PostgreSQL may notify an id twice after a reconnect). */
  private readonly recent = new Set<number>();
  /** Tells this process's notifications of writes from those of others. */
  private readonly processKey = randomBytes(6).toString('hex');
  /** Tables written and not told yet; null: unknown tables. */
  private unsentWrites: Set<string> | null = new Set();
  private writesTimer: NodeJS.Immediate | null = null;
  /** The last notification sent on the listening connection: one statement at a time there. */
  private notifying: Promise<unknown> = Promise.resolve();
  private offWrites: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly databaseUrl?: string,
  ) {}

  /** Subscribes to a domain's messages; returns the unsubscribe function. */
  subscribe(domainId: string, fn: Listener): () => void {
    let set = this.listeners.get(domainId);
    if (!set) this.listeners.set(domainId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(domainId);
    };
  }

  /** Subscribers in this process (all domains). */
  get size(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.db.dialect === 'sqlite') {
      const row = await this.db.kysely
        .selectFrom('pf_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      this.lastId = Number(row?.id ?? 0);
      return;
    }
    await this.listen();
    this.offWrites = this.db.writes?.onVisible((tables) => this.wrote(tables)) ?? null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.offWrites?.();
    this.offWrites = null;
    if (this.writesTimer) clearImmediate(this.writesTimer);
    this.writesTimer = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    const c = this.client;
    this.client = null;
    await this.notifying;
    if (c) await c.end().catch(() => undefined);
    await this.reading;
  }

  private async listen(): Promise<void> {
    if (!this.databaseUrl) throw new Error('the event bus needs the PostgreSQL address');
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event listener connection lost');
    });
    client.on('end', () => {
      if (this.client === client) {
        this.client = null;
        this.reconnect();
      }
    });
    await client.connect();
    const { rows } = await client.query<{ channel: string }>(
      `select left('fx_ev_' || current_schema(), 63) as channel`,
    );
    this.channel = rows[0]?.channel ?? 'fx_ev_public';
    client.on('notification', (n) => {
      if (n.channel === this.channel) this.notified(n.payload ?? '');
    });
    // The channel is made from the schema's name by the server; quote it as an identifier.
    await client.query(`listen "${this.channel.replaceAll('"', '""')}"`);
    this.client = client;
    this.reconnects = 0;
    // Writes told while no connection listened are unknown: every cache is stale.
    this.db.writes?.external(null);
  }

  /** This process's writes are visible: tell the others (once per turn of the event loop). */
  private wrote(tables: readonly string[] | null): void {
    if (this.stopped) return;
    if (!tables) this.unsentWrites = null;
    else if (this.unsentWrites) for (const t of tables) this.unsentWrites.add(t);
    this.writesTimer ??= setImmediate(() => {
      this.writesTimer = null;
      const written = this.unsentWrites;
      this.unsentWrites = new Set();
      const list = written ? [...written].join(',') : '*';
      const payload = `w${this.processKey} ${list.length > 7800 ? '*' : list}`;
      const client = this.client;
      const channel = this.channel;
      const failed = (err: unknown) => this.log.warn({ err }, 'write notification not sent');
      if (client) {
        // A connection runs one statement at a time: the next notification waits for the last.
        this.notifying = this.notifying
          .then(() => client.query('select pg_notify($1, $2)', [channel, payload]))
          .catch(failed);
      } else {
        sql`select pg_notify(${channelSql}, ${payload})`.execute(this.db.kysely).catch(failed);
      }
    });
  }

  private reconnect(): void {
    if (this.stopped) return;
    const wait = RECONNECT_MS[Math.min(this.reconnects, RECONNECT_MS.length - 1)] as number;
    this.reconnects++;
    setTimeout(() => {
      if (this.stopped) return;
      this.listen().catch((err: unknown) => {
        this.log.warn({ err }, 'event listener could not reconnect');
        this.reconnect();
      });
    }, wait).unref();
  }

  /** PostgreSQL: `e<id>` for an event, `j<json>` for a job, `w<key> <tables>` for writes. */
  private notified(payload: string): void {
    if (payload.startsWith('w')) {
      const space = payload.indexOf(' ');
      if (space < 0 || payload.slice(1, space) === this.processKey) return;
      const list = payload.slice(space + 1);
      this.db.writes?.external(list === '*' ? null : list.split(',').filter(Boolean));
    } else if (payload.startsWith('e')) {
      const id = Number(payload.slice(1));
      if (!Number.isSafeInteger(id) || this.recent.has(id)) return;
      this.pendingIds.add(id);
      // Events committed together are read together.
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = null;
        void this.readIds();
      }, 2);
    } else if (payload.startsWith('j')) {
      try {
        const m = JSON.parse(payload.slice(1)) as { domainId: string; job: JobItem };
        this.deliver({
          type: 'job',
          domainId: m.domainId,
          job: m.job,
          frame: frameOf({ type: 'job', job: m.job }),
        });
      } catch (err) {
        this.log.warn({ err }, 'bad job notification');
      }
    }
  }

  private async readIds(): Promise<void> {
    const ids = [...this.pendingIds];
    this.pendingIds.clear();
    if (!ids.length) return;
    try {
      const rows = await selectEvents(this.db.kysely)
        .where('e.id', 'in', ids)
        .orderBy('e.id')
        .execute();
      for (const r of rows) this.deliverRow(r.domain_id, eventOut(r));
    } catch (err) {
      this.log.error({ err }, 'events could not be read for delivery');
    }
  }

  private deliverRow(domainId: string, event: RibbonEvent): void {
    if (this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > 5000) {
      const first = this.recent.values().next().value;
      if (first !== undefined) this.recent.delete(first);
    }
    this.deliver({ type: 'event', domainId, event, frame: frameOf({ type: 'event', event }) });
  }

  private deliver(m: BusMessage): void {
    const set = this.listeners.get(m.domainId);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(m);
      } catch (err) {
        this.log.warn({ err }, 'event subscriber failed');
      }
    }
  }

  /** SQLite: new events may have been recorded; read them once their transaction has ended. */
  poke(): void {
    if (this.db.dialect !== 'sqlite' || this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        await new Promise((r) => setImmediate(r));
        await this.readNew();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.reading = null;
    });
  }

  private async readNew(): Promise<void> {
    try {
      for (;;) {
        const rows = await selectEvents(this.db.kysely)
          .where('e.id', '>', this.lastId)
          .orderBy('e.id')
          .limit(500)
          .execute();
        for (const r of rows) {
          this.lastId = Math.max(this.lastId, Number(r.id));
          this.deliverRow(r.domain_id, eventOut(r));
        }
        if (rows.length < 500) return;
      }
    } catch (err) {
      this.log.error({ err }, 'events could not be read for delivery');
    }
  }

  /** Publishes a job's new state to the domain (not stored; every process on PostgreSQL). */
  publishJob(domainId: string, job: JobItem): void {
    if (this.stopped) return;
    if (this.db.dialect === 'sqlite' || !this.client) {
      this.deliver({ type: 'job', domainId, job, frame: frameOf({ type: 'job', job }) });
      return;
    }
    const payload = `j${JSON.stringify({ domainId, job })}`;
    if (payload.length > 7900) return;
    sql`select pg_notify(${channelSql}, ${payload})`
      .execute(this.db.kysely)
      .catch((err: unknown) => this.log.warn({ err }, 'job notification not sent'));
  }
}

const buses = new WeakMap<object, EventBus>();

/** The bus of a database handle, once the app has started it. */
export function busOf(db: Db): EventBus | undefined {
  return buses.get(db.kysely);
}

export function attachBus(db: Db, bus: EventBus): void {
  buses.set(db.kysely, bus);
}
