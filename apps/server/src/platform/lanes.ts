import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { LaneLimits, LaneSettings } from '../config/index.js';
import type { Db } from '../db/dialect.js';
import SQLite from '../db/sqlite.js';
import { arrayNumbersExceptUnits, unitsColumns } from '../db/exact-integers.js';
import { registerBaseFunctions } from '../db/sqlite-functions.js';
import { RetryLaterError } from '../lib/app-error.js';
import { registerExprRuntime } from './expr/runtime.js';
import { lanesText } from './lanes.messages.js';
import type { Lang } from './messages.js';

/**
 * Query lanes: where the queries whose cost grows with the data run — pages of records,
 * counts, group-bys, cube aggregations, exports — so that none of them stalls the server for
 * everybody (docs/execution.md).
 *
 * - **Off the event loop.** SQLite: each lane is a set of child processes, each with its own
 *   read-only connection to the database file (WAL lets them read while the app writes) and the
 *   same SQL functions as the app's connections. PostgreSQL: each lane is a pool of its own
 *   beside the app's pool, so the app's pool (sign-in, health, metadata, writes) is never
 *   filled by them.
 * - **Time limit.** A statement running longer than its lane's limit is stopped — SQLite: its
 *   process is killed (SIGKILL; a read-only connection leaves nothing to repair) and replaced
 *   when next needed; PostgreSQL: `statement_timeout` on the lane's connections — and the caller
 *   gets 503 with `Retry-After`.
 * - **Capacity.** A lane runs at most its number of slots at once; more wait in a queue, taken
 *   round robin across domains, and one domain never holds every slot of a lane (with two slots
 *   or more, one is always left to the others). A full queue, too many waiting queries of one
 *   domain or a wait longer than `waitMs` answer 503 with `Retry-After`.
 * - **Two lanes.** `read` takes pages that end within the first `window` rows; `heavy` takes
 *   counts, group-bys, deep pages, cube aggregations and export streams. A heavy lane full of
 *   one tenant's group-bys leaves pages to the read lane; small statements of the platform
 *   (a record by id, display labels) run at once on the app's read-only connection
 *   (`Db.read`), and sign-in, health and metadata never touch a lane.
 *
 * A database without lanes (a handle made elsewhere, an in-memory database, or zero slots)
 * runs the same calls in the app's process, without a time limit on SQLite.
 */

export type LaneName = 'read' | 'heavy';

/** Seconds a client is told to wait: a full lane, a stopped query, a failed lane process. */
const RETRY_BUSY = { read: 2, heavy: 5 } as const;
const RETRY_TOO_SLOW = 30;
const RETRY_FAILED = 2;

/** Who asks: the domain (for fairness) and the language of the errors. */
export interface LaneCaller {
  db: Db;
  domainId: string;
  lang: Lang;
  /** Stops the statement (or its wait for a slot) when aborted: a cancelled job's query. */
  signal?: AbortSignal;
}

/** What an aborted signal throws: its reason when that is an error. */
function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

function busy(lane: LaneName, lang: Lang): RetryLaterError {
  const seconds = RETRY_BUSY[lane];
  return new RetryLaterError(
    'service_unavailable',
    lanesText(lang, 'lane.busy', { seconds }),
    seconds,
  );
}

/** The 503 of a statement stopped at its lane's time limit (a caller may answer otherwise). */
export class TooSlowError extends RetryLaterError {}

function tooSlow(limitMs: number, lang: Lang): RetryLaterError {
  return new TooSlowError(
    'service_unavailable',
    lanesText(lang, 'lane.too_slow', {
      limit: Math.max(1, Math.round(limitMs / 1000)),
      seconds: RETRY_TOO_SLOW,
    }),
    RETRY_TOO_SLOW,
  );
}

function failed(lang: Lang): RetryLaterError {
  return new RetryLaterError(
    'service_unavailable',
    lanesText(lang, 'lane.failed', { seconds: RETRY_FAILED }),
    RETRY_FAILED,
  );
}

/** A statement ran past its limit (told apart from other failures of a lane). */
class TimeLimit extends Error {}
/** A lane process ended without answering. */
class LaneGone extends Error {}

type Row = Record<string, unknown>;

/** A statement for a lane: raw SQL, or any query compiled already (`builder.compile()`). */
type Statement<R> = RawBuilder<R> | CompiledQuery<R>;

function compileIn<R>(db: Db, query: Statement<R>): CompiledQuery<R> {
  return 'compile' in query ? query.compile(db.kysely) : query;
}

/** What runs statements for a lane: a child process (SQLite) or the lane's pool (PostgreSQL). */
interface Runner {
  rows(q: CompiledQuery, limitMs: number, signal?: AbortSignal): Promise<Row[]>;
  stream(
    q: CompiledQuery,
    slice: number,
    limitMs: number,
    onSlice: (rows: unknown[][]) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void>;
  /** Processes running now (tests look at them). */
  pids(): number[];
  /** Statements sent to the database and not ended yet. */
  executing(): number;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// SQLite: child processes

const childEntry = (() => {
  const here = new URL(import.meta.url);
  const ts = here.pathname.endsWith('.ts');
  const entry = fileURLToPath(new URL(ts ? './lane-child.ts' : './lane-child.js', here));
  // From source (tests, `npm run dev:server`) the child loads TypeScript through tsx.
  const execArgv = ts ? ['--import', import.meta.resolve('tsx')] : [];
  return { entry, execArgv };
})();

type ChildMessage =
  | { t: 'ready' }
  | { t: 'rows'; id: number; columns: string[]; rows: unknown[][]; visits: number }
  | { t: 'slice'; id: number; rows: unknown[][] }
  | { t: 'end'; id: number; visits: number }
  | { t: 'error'; id: number; message: string; code?: string };

/** A row object from a row as an array (later names win, as better-sqlite3 does). */
function rowObjects(columns: string[], rows: unknown[][]): Row[] {
  const out = new Array<Row>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const values = rows[r] as unknown[];
    const row: Row = {};
    for (let c = 0; c < columns.length; c++) row[columns[c] as string] = blob(values[c]);
    out[r] = row;
  }
  return out;
}

/** Blobs cross the process boundary as Uint8Array; the app reads Buffers. */
function blob(v: unknown): unknown {
  return v instanceof Uint8Array && !Buffer.isBuffer(v)
    ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
    : v;
}

/** One lane process and the one statement it runs at a time. */
class LaneChild {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private handler: ((m: ChildMessage) => void) | undefined;
  private onExit: ((err: Error) => void) | undefined;
  private seq = 0;
  dead = false;
  /** A statement was sent and has not ended. */
  busy = false;
  /** Why the process was killed, when it was. */
  private killedFor: Error | undefined;

  constructor(
    file: string,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    nice: number,
  ) {
    this.child = fork(childEntry.entry, [file], {
      execArgv: childEntry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    if (nice && this.child.pid) {
      try {
        os.setPriority(this.child.pid, nice);
      } catch {
        // Not allowed here: the lane runs at normal priority.
      }
    }
    this.ready = new Promise<void>((resolve, reject) => {
      const early = (code: number | null) =>
        reject(new LaneGone(`lane process ended at start (${code})`));
      this.child.once('exit', early);
      this.child.once('message', (m: ChildMessage) => {
        this.child.off('exit', early);
        if (m.t === 'ready') resolve();
        else reject(new LaneGone('lane process did not start'));
      });
    });
    this.ready.catch(() => undefined);
    this.child.on('message', (m: ChildMessage) => this.handler?.(m));
    this.child.on('exit', (code, signal) => {
      this.dead = true;
      const err = this.killedFor ?? new LaneGone(`lane process ended (${code ?? signal})`);
      if (!this.killedFor) this.log.warn({ code, signal }, 'lane process ended');
      this.onExit?.(err);
    });
    this.child.on('error', (err) => this.log.warn({ err }, 'lane process error'));
  }

  get pid(): number | undefined {
    return this.dead ? undefined : this.child.pid;
  }

  kill(reason: Error): void {
    if (this.dead) return;
    this.killedFor = reason;
    this.child.kill('SIGKILL');
  }

  /** Runs one exchange: `start` sends, `handle` gets every message of this id until it ends. */
  private async exchange<T>(
    limitMs: number,
    signal: AbortSignal | undefined,
    start: (id: number) => void,
    handle: (m: ChildMessage, done: (v: T) => void, fail: (e: Error) => void) => void,
  ): Promise<T> {
    await this.ready;
    if (this.dead) throw new LaneGone('lane process ended');
    if (signal?.aborted) throw abortError(signal);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      let over = false;
      // A cancelled caller ends the statement the only way SQLite allows: with the process.
      const onAbort = () => this.kill(abortError(signal as AbortSignal));
      signal?.addEventListener('abort', onAbort, { once: true });
      const finish = () => {
        over = true;
        this.busy = false;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.handler = undefined;
        this.onExit = undefined;
      };
      const done = (v: T) => {
        if (over) return;
        finish();
        resolve(v);
      };
      const fail = (e: Error) => {
        if (over) return;
        finish();
        reject(e);
      };
      const timer = setTimeout(() => this.kill(new TimeLimit()), limitMs);
      this.onExit = fail;
      this.handler = (m) => {
        if ('id' in m && m.id !== id) return;
        if (m.t === 'error') {
          fail(Object.assign(new Error(m.message), m.code ? { code: m.code } : {}));
          return;
        }
        handle(m, done, fail);
      };
      this.busy = true;
      start(id);
    });
  }

  rows(q: CompiledQuery, limitMs: number, signal?: AbortSignal): Promise<Row[]> {
    return this.exchange<Row[]>(
      limitMs,
      signal,
      (id) => this.child.send({ t: 'all', id, sql: q.sql, params: q.parameters }),
      (m, done) => {
        if (m.t !== 'rows') return;
        if (m.visits) this.db.addRowVisits?.(m.visits);
        done(rowObjects(m.columns, m.rows));
      },
    );
  }

  stream(
    q: CompiledQuery,
    slice: number,
    limitMs: number,
    onSlice: (rows: unknown[][]) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    let stopping: unknown;
    /** The slice being written (the end of the stream waits for it). */
    let writing: Promise<void> = Promise.resolve();
    return this.exchange<void>(
      limitMs,
      signal,
      (id) => this.child.send({ t: 'stream', id, sql: q.sql, params: q.parameters, slice }),
      (m, done, fail) => {
        if (m.t === 'end') {
          if (m.visits) this.db.addRowVisits?.(m.visits);
          void writing.then(() => (stopping !== undefined ? fail(stopping as Error) : done()));
          return;
        }
        if (m.t !== 'slice') return;
        // One slice at a time: the next is asked for when this one is written.
        writing = onSlice(m.rows.map((r) => r.map(blob))).then(
          () => {
            if (stopping === undefined && !this.dead) this.child.send({ t: 'next', id: m.id });
          },
          (err: unknown) => {
            stopping = err;
            if (!this.dead) this.child.send({ t: 'stop', id: m.id });
          },
        );
      },
    );
  }

  /** Ends the process: at once when `now` (a statement may be running), else when idle. */
  close(now = false): void {
    if (this.dead) return;
    this.killedFor = new LaneGone('closed');
    if (now) this.child.kill('SIGKILL');
    else this.child.disconnect();
  }
}

/** The processes of one SQLite lane: started when needed, ended when idle or killed. */
class ChildRunner implements Runner {
  private readonly idle: LaneChild[] = [];
  private readonly all = new Set<LaneChild>();
  private readonly idleTimers = new Map<LaneChild, NodeJS.Timeout>();

  constructor(
    private readonly file: string,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly nice: number,
    private readonly idleMs: number,
  ) {}

  private take(): LaneChild {
    for (;;) {
      const c = this.idle.pop();
      if (!c) break;
      clearTimeout(this.idleTimers.get(c));
      this.idleTimers.delete(c);
      if (!c.dead) return c;
      this.all.delete(c);
    }
    const c = new LaneChild(this.file, this.db, this.log, this.nice);
    this.all.add(c);
    return c;
  }

  private give(c: LaneChild): void {
    if (c.dead) {
      this.all.delete(c);
      return;
    }
    this.idle.push(c);
    const timer = setTimeout(() => {
      const i = this.idle.indexOf(c);
      if (i < 0) return;
      this.idle.splice(i, 1);
      this.idleTimers.delete(c);
      this.all.delete(c);
      c.close();
    }, this.idleMs);
    timer.unref();
    this.idleTimers.set(c, timer);
  }

  private async with<T>(fn: (c: LaneChild) => Promise<T>): Promise<T> {
    const c = this.take();
    try {
      return await fn(c);
    } finally {
      this.give(c);
    }
  }

  rows(q: CompiledQuery, limitMs: number, signal?: AbortSignal): Promise<Row[]> {
    return this.with((c) => c.rows(q, limitMs, signal));
  }

  stream(
    q: CompiledQuery,
    slice: number,
    limitMs: number,
    onSlice: (rows: unknown[][]) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    return this.with((c) => c.stream(q, slice, limitMs, onSlice, signal));
  }

  pids(): number[] {
    return [...this.all].map((c) => c.pid).filter((p): p is number => p !== undefined);
  }

  executing(): number {
    return [...this.all].filter((c) => c.busy && !c.dead).length;
  }

  async close(): Promise<void> {
    for (const t of this.idleTimers.values()) clearTimeout(t);
    this.idleTimers.clear();
    // Read-only connections: killing a statement in the middle leaves nothing to repair.
    for (const c of this.all) c.close(true);
    this.all.clear();
    this.idle.length = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a pool per lane

const QUERY_CANCELED = '57014';

class PoolRunner implements Runner {
  private readonly pool: pg.Pool;
  /** Connections running a statement now (a close cancels their statements). */
  private readonly busy = new Set<pg.PoolClient>();
  /** Set by close: a connection handed out after it ends at once. */
  private closed = false;

  constructor(
    private readonly url: string,
    name: LaneName,
    slots: number,
    timeLimitMs: number,
    idleMs: number,
    parallelWorkers: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: slots,
      idleTimeoutMillis: idleMs,
      application_name: `fiscus ${name} lane`,
    });
    this.pool.on('connect', (client) => {
      // A connection ended by the server (close below ends busy ones) while handed out: the
      // statement on it fails; the event itself must not end the process.
      client.on('error', (err) => this.log.debug({ err }, 'lane connection ended'));
      // Queued before any statement of this connection. Without parallel workers (the
      // default), a statement runs on its connection's process alone: a lane of 3 slots is 3
      // processes, not 9 that crowd out the app's small statements on the database's cores.
      client
        .query(
          `set statement_timeout = ${Math.max(1, Math.round(timeLimitMs))}; ` +
            `set max_parallel_workers_per_gather = ${Math.max(0, Math.floor(parallelWorkers))}`,
        )
        .catch((err: unknown) => this.log.warn({ err }, 'lane connection not prepared'));
    });
    this.pool.on('error', (err) => this.log.warn({ err }, 'lane connection failed'));
  }

  private async client(): Promise<pg.PoolClient> {
    if (this.closed) throw new LaneGone('lane closed');
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw this.closed ? new LaneGone('lane closed') : err;
    }
    if (this.closed) {
      client.release(true);
      throw new LaneGone('lane closed');
    }
    this.busy.add(client);
    return client;
  }

  private done(client: pg.PoolClient, broken: boolean | undefined = false): void {
    this.busy.delete(client);
    client.release(broken || this.closed);
  }

  /** Cancels the statement of `client` when `signal` aborts; answers the undo. */
  private watch(client: pg.PoolClient, signal: AbortSignal | undefined): () => void {
    if (!signal) return () => undefined;
    const onAbort = () => void this.cancel([client]);
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
  }

  /**
   * A failed statement as the lane reports it: the caller's abort, the lane's close, a time
   * limit, or itself.
   */
  private failure(err: unknown, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted) return abortError(signal);
    if (this.closed) return new LaneGone('lane closed');
    if ((err as { code?: unknown }).code === QUERY_CANCELED) return new TimeLimit();
    return err;
  }

  async rows(q: CompiledQuery, _limitMs: number, signal?: AbortSignal): Promise<Row[]> {
    const client = await this.client();
    const unwatch = this.watch(client, signal);
    try {
      if (signal?.aborted) throw abortError(signal);
      const res = await client.query<Row>(q.sql, q.parameters as unknown[]);
      return res.rows;
    } catch (err) {
      throw this.failure(err, signal);
    } finally {
      unwatch();
      this.done(client, signal?.aborted);
    }
  }

  async stream(
    q: CompiledQuery,
    slice: number,
    limitMs: number,
    onSlice: (rows: unknown[][]) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    const client = await this.client();
    const unwatch = this.watch(client, signal);
    let broken = false;
    try {
      await client.query('begin isolation level repeatable read read only');
      // The limit of the whole stream: every FETCH below is a statement of its own.
      const deadline = Date.now() + limitMs;
      await client.query(`declare lane_rows no scroll cursor for ${q.sql}`, [
        ...(q.parameters as unknown[]),
      ]);
      const n = Math.max(1, Math.floor(slice));
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new TimeLimit();
        await client.query(`set local statement_timeout = ${Math.max(1, Math.round(left))}`);
        const res = await client.query({ text: `fetch ${n} from lane_rows`, rowMode: 'array' });
        const rows = res.rows as unknown[][];
        if (rows.length) await onSlice(rows);
        if (rows.length < n) break;
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => (broken = true));
      throw this.failure(err, signal);
    } finally {
      unwatch();
      this.done(client, broken || signal?.aborted);
    }
  }

  pids(): number[] {
    return [];
  }

  executing(): number {
    return this.busy.size;
  }

  /**
   * Ends the statements running on `clients` with their connections (from a connection of its
   * own). Not a cancel: that reaches only the statement running at that moment, and one whose
   * text the server has not read yet (behind the connection's settings) would run on after it.
   */
  private async cancel(clients: pg.PoolClient[]): Promise<void> {
    const pids = clients
      .map((c) => (c as unknown as { processID?: number }).processID)
      .filter((p): p is number => typeof p === 'number');
    if (pids.length) {
      const admin = new pg.Client({ connectionString: this.url });
      try {
        await admin.connect();
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      } catch (err) {
        this.log.warn({ err }, 'lane statements not cancelled');
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
  }

  async close(): Promise<void> {
    // Connections running a statement (or about to) are ended, so that the pool can end now;
    // one still connecting ends when it is handed out (client() above).
    this.closed = true;
    await this.cancel([...this.busy]);
    await this.pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The scheduler of a lane

interface Waiting {
  domainId: string;
  start: () => void;
  fail: (err: Error) => void;
}

/** Slots of a lane, handed out round robin across domains (see the top of this file). */
class Lane {
  private active = 0;
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting[]>();
  /** When each domain last got a slot (a count): the longest waiting goes first. */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;
  private waitingCount = 0;
  /** Statements started so far. */
  private served = 0;
  /** Told how long each statement waited for a slot (seconds). */
  readonly waits = new Set<(lane: LaneName, seconds: number) => void>();

  constructor(
    readonly name: LaneName,
    readonly limits: LaneLimits,
    private readonly settings: LaneSettings,
    readonly runner: Runner,
  ) {}

  /** Slots one domain may hold: with two or more, one always stays for the others. */
  private get domainCap(): number {
    return this.limits.slots > 1 ? this.limits.slots - 1 : 1;
  }

  private canStart(domainId: string): boolean {
    return this.active < this.limits.slots && (this.running.get(domainId) ?? 0) < this.domainCap;
  }

  private take(domainId: string): void {
    this.lastStart.set(domainId, ++this.starts);
    this.active++;
    this.running.set(domainId, (this.running.get(domainId) ?? 0) + 1);
  }

  private release(domainId: string): void {
    this.active--;
    const n = (this.running.get(domainId) ?? 1) - 1;
    if (n > 0) this.running.set(domainId, n);
    else this.running.delete(domainId);
    this.dispatch();
  }

  /**
   * Starts waiting statements while slots are free: of the domains with one waiting that may
   * take one more slot, the one that got a slot longest ago — round robin across domains.
   */
  private dispatch(): void {
    while (this.active < this.limits.slots) {
      let pick: string | undefined;
      let pickAt = Number.POSITIVE_INFINITY;
      for (const domainId of this.waiting.keys()) {
        if (!this.canStart(domainId)) continue;
        const at = this.lastStart.get(domainId) ?? -1;
        if (at < pickAt) {
          pick = domainId;
          pickAt = at;
        }
      }
      if (pick === undefined) return;
      const queue = this.waiting.get(pick) as Waiting[];
      const next = queue.shift() as Waiting;
      this.waitingCount--;
      if (!queue.length) this.waiting.delete(pick);
      this.take(pick);
      next.start();
    }
  }

  private acquire(domainId: string, lang: Lang, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    // Whatever waits could not start (its domain holds its share, or no slot was free): a
    // domain with nothing waiting that may start, starts.
    if (!this.waiting.get(domainId)?.length && this.canStart(domainId)) {
      this.take(domainId);
      return Promise.resolve();
    }
    const mine = this.waiting.get(domainId)?.length ?? 0;
    if (this.waitingCount >= this.settings.queueMax) return Promise.reject(busy(this.name, lang));
    if (mine >= this.settings.domainQueueMax) {
      const seconds = RETRY_BUSY[this.name];
      return Promise.reject(
        new RetryLaterError(
          'service_unavailable',
          lanesText(lang, 'lane.domain_busy', { count: mine, seconds }),
          seconds,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (err: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const queue = this.waiting.get(domainId);
        const i = queue?.indexOf(entry) ?? -1;
        if (!queue || i < 0) return;
        queue.splice(i, 1);
        if (!queue.length) this.waiting.delete(domainId);
        this.waitingCount--;
        reject(err);
      };
      const onAbort = () => leave(abortError(signal as AbortSignal));
      const entry: Waiting = {
        domainId,
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: reject,
      };
      const timer = setTimeout(() => leave(busy(this.name, lang)), this.settings.waitMs);
      timer.unref();
      signal?.addEventListener('abort', onAbort, { once: true });
      let queue = this.waiting.get(domainId);
      if (!queue) this.waiting.set(domainId, (queue = []));
      queue.push(entry);
      this.waitingCount++;
    });
  }

  async run<T>(caller: LaneCaller, work: (runner: Runner) => Promise<T>, limitMs: number) {
    const t0 = performance.now();
    await this.acquire(caller.domainId, caller.lang, caller.signal);
    this.served++;
    if (this.waits.size) {
      const seconds = (performance.now() - t0) / 1000;
      for (const listener of this.waits) listener(this.name, seconds);
    }
    try {
      return await work(this.runner);
    } catch (err) {
      if (err instanceof TimeLimit) throw tooSlow(limitMs, caller.lang);
      if (err instanceof LaneGone) throw failed(caller.lang);
      throw err;
    } finally {
      this.release(caller.domainId);
    }
  }

  stats(): LaneStats {
    return {
      running: this.active,
      waiting: this.waitingCount,
      served: this.served,
      executing: this.runner.executing(),
      pids: this.runner.pids(),
    };
  }

  async close(): Promise<void> {
    for (const queue of this.waiting.values()) for (const w of queue) w.fail(new LaneGone());
    this.waiting.clear();
    this.waitingCount = 0;
    await this.runner.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The lanes of a database

interface Lanes {
  read?: Lane;
  heavy?: Lane;
  settings: LaneSettings;
}

const lanesOf = new WeakMap<Db, Lanes>();

/**
 * Gives a database its lanes (the app does it once, plugins/db.ts). SQLite needs a database
 * file; PostgreSQL the connection string.
 */
export function attachLanes(
  db: Db,
  settings: LaneSettings,
  log: FastifyBaseLogger,
  databaseUrl?: string,
): void {
  const make = (name: LaneName): Lane | undefined => {
    const limits = settings[name];
    if (limits.slots <= 0) return undefined;
    let runner: Runner | undefined;
    if (db.dialect === 'postgres' && databaseUrl)
      runner = new PoolRunner(
        databaseUrl,
        name,
        limits.slots,
        limits.timeLimitMs,
        settings.idleMs,
        settings.parallelWorkers ?? 0,
        log,
      );
    else if (db.dialect === 'sqlite' && db.sqliteFile && existsSync(db.sqliteFile))
      // Heavy lanes run at a lower priority: small reads get the processor first.
      runner = new ChildRunner(db.sqliteFile, db, log, name === 'heavy' ? 10 : 0, settings.idleMs);
    return runner ? new Lane(name, limits, settings, runner) : undefined;
  };
  const read = make('read');
  const heavy = make('heavy');
  lanesOf.set(db, { ...(read ? { read } : {}), ...(heavy ? { heavy } : {}), settings });
}

/** Ends the lanes' processes and pools. */
export async function closeLanes(db: Db): Promise<void> {
  const lanes = lanesOf.get(db);
  lanesOf.delete(db);
  await lanes?.read?.close();
  await lanes?.heavy?.close();
}

export interface LaneStats {
  /** Statements running now. */
  running: number;
  /** Statements waiting for a slot. */
  waiting: number;
  /** Statements started since the lane began. */
  served: number;
  /** Statements sent to the database and not ended (a slot is taken before, while a process starts). */
  executing: number;
  /** SQLite: the lane's processes. */
  pids: number[];
}

/**
 * Calls `listener` with the seconds each statement of a lane waited for a slot (for
 * `/metrics`); answers the undo.
 */
export function onLaneWait(
  db: Db,
  listener: (lane: LaneName, seconds: number) => void,
): () => void {
  const lanes = lanesOf.get(db);
  const all = [lanes?.read, lanes?.heavy].filter((l): l is Lane => !!l);
  for (const l of all) l.waits.add(listener);
  return () => {
    for (const l of all) l.waits.delete(listener);
  };
}

/** What the lanes of a database are doing (tests and benchmarks). */
export function laneStats(db: Db): Record<LaneName, LaneStats> | undefined {
  const lanes = lanesOf.get(db);
  if (!lanes) return undefined;
  const none = { running: 0, waiting: 0, served: 0, executing: 0, pids: [] };
  return { read: lanes.read?.stats() ?? none, heavy: lanes.heavy?.stats() ?? none };
}

/** Runs `query` in `lane` and answers its rows (in the app's process without a lane). */
export async function laneRows<R = Row>(
  caller: LaneCaller,
  lane: LaneName | 'inline',
  query: Statement<R>,
): Promise<R[]> {
  const db = caller.db;
  const compiled = compileIn(db, query);
  const l = lane === 'inline' ? undefined : lanesOf.get(db)?.[lane];
  if (!l) {
    const { rows } = await (db.read ?? db.kysely).executeQuery<R>(compiled);
    return rows;
  }
  const limit = l.limits.timeLimitMs;
  return l.run(caller, (r) => r.rows(compiled, limit, caller.signal), limit) as Promise<R[]>;
}

/** `laneRows` in the read lane: pages within the window. */
export function readRows<R = Row>(caller: LaneCaller, query: Statement<R>): Promise<R[]> {
  return laneRows(caller, 'read', query);
}

/** `laneRows` in the heavy lane: counts, group-bys, deep pages, cube aggregations. */
export function heavyRows<R = Row>(caller: LaneCaller, query: Statement<R>): Promise<R[]> {
  return laneRows(caller, 'heavy', query);
}

/**
 * The lane of a page that ends at row `end` (offset + rows) of a table of at most `tableRows`
 * rows (when known): on SQLite, a page of a small table (`inlineRows`) reads at once on the
 * app's read-only connection (`inline`) — its work is bounded by the table, and under load the
 * hop to a lane process (another process to be scheduled) costs more than the read.
 */
export function pageLane(db: Db, end: number, tableRows?: number): LaneName | 'inline' {
  const settings = lanesOf.get(db)?.settings;
  const inline = settings?.inlineRows ?? 0;
  if (db.dialect === 'sqlite' && tableRows !== undefined && tableRows <= inline) return 'inline';
  const window = settings?.window;
  return window === undefined || end <= window ? 'read' : 'heavy';
}

/**
 * Streams the rows of a query slice by slice (rows as arrays in select order) in the heavy
 * lane, waiting for `onSlice` before the next slice is read; the whole stream has the lane's
 * stream time limit. SQLite: one statement iterated in a lane process. PostgreSQL: a cursor in
 * a read-only, repeatable-read transaction. Without a lane: the same in the app's process.
 */
export async function streamRows(
  caller: LaneCaller,
  query: Statement<unknown>,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  const db = caller.db;
  const compiled = compileIn(db, query);
  const lanes = lanesOf.get(db);
  const l = lanes?.heavy;
  if (!lanes || !l) return streamInProcess(db, compiled, slice, onSlice);
  const limit = lanes.settings.streamTimeLimitMs;
  return l.run(caller, (r) => r.stream(compiled, slice, limit, onSlice, caller.signal), limit);
}

async function streamInProcess(
  db: Db,
  compiled: CompiledQuery,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  const n = Math.max(1, Math.floor(slice));
  if (db.stream) return db.stream(compiled, n, onSlice);
  if (db.dialect === 'postgres') {
    await db.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        await trx.executeQuery(
          CompiledQuery.raw(
            `declare lane_rows no scroll cursor for ${compiled.sql}`,
            compiled.parameters as unknown[],
          ),
        );
        for (;;) {
          const { rows } = await trx.executeQuery<Row>(
            CompiledQuery.raw(`fetch ${n} from lane_rows`),
          );
          if (rows.length) await onSlice(rows.map((r) => Object.values(r)));
          if (rows.length < n) break;
        }
      });
    return;
  }
  if (db.sqliteFile && existsSync(db.sqliteFile)) {
    // A connection of its own, free to stay open while the app goes on.
    const conn = new SQLite(db.sqliteFile, { readonly: true, fileMustExist: true });
    try {
      conn.pragma('busy_timeout = 5000');
      registerBaseFunctions(conn, () => db.addRowVisits?.(1));
      registerExprRuntime(conn);
      const stmt = conn.prepare(compiled.sql);
      // Exact decimals' units as BigInt, other integers as numbers (db/exact-integers.ts).
      const units = unitsColumns(stmt);
      if (units) stmt.safeIntegers(true);
      stmt.raw(true);
      let batch: unknown[][] = [];
      for (const row of stmt.iterate(...(compiled.parameters as unknown[]))) {
        batch.push(units ? arrayNumbersExceptUnits(row as unknown[], units) : (row as unknown[]));
        if (batch.length >= n) {
          await onSlice(batch);
          batch = [];
        }
      }
      if (batch.length) await onSlice(batch);
    } finally {
      conn.close();
    }
    return;
  }
  // In-memory: windows of the statement.
  for (let offset = 0; ; offset += n) {
    const { rows } = await db.kysely.executeQuery<Row>(
      CompiledQuery.raw(`select * from (${compiled.sql}) limit ${n} offset ${offset}`, [
        ...compiled.parameters,
      ]),
    );
    if (rows.length) await onSlice(rows.map((r) => Object.values(r)));
    if (rows.length < n) break;
  }
}
