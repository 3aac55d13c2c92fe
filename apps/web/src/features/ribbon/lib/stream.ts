import type { JobItem, RibbonEvent } from '@fiscus/contracts';
import { appConfig } from '@/lib/config';
import { qry } from '@/lib/qry';

/** What the domain's event stream delivers to the console. */
export type StreamMessage =
  | { type: 'event'; event: RibbonEvent }
  | { type: 'job'; job: JobItem }
  /** More was missed than a replay sends: lists must be read again. */
  | { type: 'reset' }
  /** The stream (re)opened: what happened before it opened is read from the lists. */
  | { type: 'open'; resumed: boolean };

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'ended';

type Listener = (m: StreamMessage) => void;

/** Waits before reconnecting, by attempt (ms). */
const BACKOFF = [1000, 2000, 5000, 10_000, 30_000];
/** A stream nobody listens to any more closes after this long (a route change keeps it). */
const LINGER_MS = 5000;

/** How the stream is opened; tests replace it. */
export type EventSourceFactory = (url: string) => EventSource;
let factory: EventSourceFactory = (url) => new EventSource(url);
export function setEventSourceFactory(f: EventSourceFactory | null): void {
  factory = f ?? ((url) => new EventSource(url));
}

/**
 * The one live connection of this tab to `GET /api/events` (docs/events.md): a single-use ticket
 * from `events.ticket` opens it; after a drop it reconnects with a new ticket and the last event
 * id it saw (`lastEventId`), so the server replays what was missed. Shared by every part of the
 * console that shows events (ribbon, bell, dashboard); open while at least one listens.
 */
class EventStream {
  /** Listeners with how often each was subscribed (a shared listener counts once). */
  private readonly listeners = new Map<Listener, number>();
  private readonly statusListeners = new Set<() => void>();
  private source: EventSource | null = null;
  private generation = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private lastId: number | null = null;
  private domain: string | null = null;
  private opened = false;
  status: StreamStatus = 'idle';

  /** Listens to the stream of `domainId`; the stream opens with the first listener. */
  subscribe(domainId: string, fn: Listener): () => void {
    if (this.domain !== domainId) {
      // Another domain: its events start afresh.
      this.close();
      this.domain = domainId;
      this.lastId = null;
      this.opened = false;
    }
    this.listeners.set(fn, (this.listeners.get(fn) ?? 0) + 1);
    if (this.lingerTimer) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = null;
    }
    if (!this.source && !this.retryTimer && this.status !== 'connecting') void this.connect();
    return () => {
      const n = (this.listeners.get(fn) ?? 1) - 1;
      if (n > 0) this.listeners.set(fn, n);
      else this.listeners.delete(fn);
      if (this.listeners.size === 0 && !this.lingerTimer)
        this.lingerTimer = setTimeout(() => {
          this.lingerTimer = null;
          if (this.listeners.size === 0) this.close();
        }, LINGER_MS);
    };
  }

  onStatus(fn: () => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /** The id of the newest event seen (the `Last-Event-ID` of a reconnect). */
  get lastEventId(): number | null {
    return this.lastId;
  }

  /** Closes the stream and forgets everything (sign-out, tests). */
  reset(): void {
    this.close();
    this.listeners.clear();
    this.domain = null;
    this.lastId = null;
    this.opened = false;
  }

  private setStatus(s: StreamStatus): void {
    if (this.status === s) return;
    this.status = s;
    for (const fn of [...this.statusListeners]) fn();
  }

  private emit(m: StreamMessage): void {
    for (const fn of [...this.listeners.keys()]) {
      try {
        fn(m);
      } catch {
        // One listener's failure does not stop the others.
      }
    }
  }

  private close(): void {
    this.generation++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.retryTimer = null;
    this.lingerTimer = null;
    this.source?.close();
    this.source = null;
    this.attempt = 0;
    this.setStatus('idle');
  }

  private retry(gen: number): void {
    if (gen !== this.generation || this.listeners.size === 0) return;
    this.source?.close();
    this.source = null;
    const wait = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)]!;
    this.attempt++;
    this.setStatus('retrying');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
  }

  private async connect(): Promise<void> {
    if (this.listeners.size === 0) {
      this.setStatus('idle');
      return;
    }
    const gen = ++this.generation;
    this.setStatus(this.attempt > 0 ? 'retrying' : 'connecting');
    let ticket: string;
    try {
      ticket = (await qry('events.ticket', {})).ticket;
    } catch {
      this.retry(gen);
      return;
    }
    if (gen !== this.generation) return;
    const url = new URL(`${appConfig.apiBaseUrl}/api/events`, window.location.href);
    url.searchParams.set('ticket', ticket);
    if (this.lastId !== null) url.searchParams.set('lastEventId', String(this.lastId));
    const es = factory(url.toString());
    this.source = es;
    es.onopen = () => {
      if (gen !== this.generation) return;
      this.attempt = 0;
      this.setStatus('open');
      this.emit({ type: 'open', resumed: this.opened && this.lastId !== null });
      this.opened = true;
    };
    es.addEventListener('ribbon', (e) => {
      if (gen !== this.generation) return;
      try {
        const event = JSON.parse((e as MessageEvent<string>).data) as RibbonEvent;
        this.lastId = Math.max(this.lastId ?? 0, event.id);
        this.emit({ type: 'event', event });
      } catch {
        // A frame that is not an event is ignored.
      }
    });
    es.addEventListener('job', (e) => {
      if (gen !== this.generation) return;
      try {
        this.emit({ type: 'job', job: JSON.parse((e as MessageEvent<string>).data) as JobItem });
      } catch {
        // ignored, as above
      }
    });
    es.addEventListener('reset', () => {
      if (gen === this.generation) this.emit({ type: 'reset' });
    });
    es.addEventListener('end', () => {
      // Signed out or no longer a member: no reconnecting.
      if (gen !== this.generation) return;
      es.close();
      this.source = null;
      this.setStatus('ended');
    });
    // The ticket is single-use, so the browser's own reconnect would fail: reconnect here.
    es.onerror = () => this.retry(gen);
  }
}

export const eventStream = new EventStream();
