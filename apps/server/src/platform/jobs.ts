import type { Job, JobKind, JobStatus } from '@fiscus/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/dialect.js';
import '../db/files-jobs.tables.js';
import type { PfJobsTable } from '../db/files-jobs.tables.js';
import { AppError } from '../lib/app-error.js';
import { isoNow, nowMs } from '../lib/clock.js';
import { defineMessages, type Lang } from './messages.js';
import { randomKey } from '../lib/ids.js';

const msg = defineMessages({
  en: {
    'job.interrupted': 'The server stopped while this job ran; nothing of it was kept.',
    'job.cancelled': 'Cancelled.',
    'job.failed': 'The job failed: {reason}',
  },
  de: {
    'job.interrupted':
      'Der Server wurde während dieses Auftrags beendet; nichts davon wurde übernommen.',
    'job.cancelled': 'Abgebrochen.',
    'job.failed': 'Der Auftrag ist fehlgeschlagen: {reason}',
  },
  fr: {
    'job.interrupted': 'Le serveur s’est arrêté pendant cette tâche ; rien n’en a été conservé.',
    'job.cancelled': 'Annulée.',
    'job.failed': 'La tâche a échoué : {reason}',
  },
  pt: {
    'job.interrupted': 'O servidor parou durante esta tarefa; nada dela foi mantido.',
    'job.cancelled': 'Cancelada.',
    'job.failed': 'A tarefa falhou: {reason}',
  },
  ru: {
    'job.interrupted': 'Сервер остановился во время выполнения задачи; её изменения не сохранены.',
    'job.cancelled': 'Отменено.',
    'job.failed': 'Задача завершилась с ошибкой: {reason}',
  },
});

/** What a running job knows and may do. */
export interface JobContext<P = unknown> {
  id: string;
  domainId: string;
  userId: string | null;
  lang: Lang;
  params: P;
  db: Db;
  log: FastifyBaseLogger;
  /** Aborted when the job is cancelled or the server shuts down; stop and throw. */
  signal: AbortSignal;
  /** Reports progress; written to the database at most a few times a second. */
  progress(processed: number, total?: number | null): void;
}

export interface JobOutcome {
  /** Stored as JSON; the module that owns the job kind reads it back. */
  result?: unknown;
  fileId?: string | null;
  processed?: number;
}

export interface JobKindHandler<P = unknown> {
  run(ctx: JobContext<P>): Promise<JobOutcome>;
  /** After a crash: clean up what a job left half-done (e.g. staging tables). */
  recover?(db: Db, job: { id: string; params: P }): Promise<void>;
  /** Called after the job ends however it ends (succeeded, failed, cancelled). */
  finished?(db: Db, job: FinishedJob<P>): Promise<void>;
  /** What the job is about, for lists of jobs (the import's file, the procedure's name). */
  describe?(db: Db, job: { id: string; domainId: string; params: P }): Promise<string | null>;
}

/** A job that has ended, as its kind's `finished` hook gets it. */
export interface FinishedJob<P = unknown> {
  id: string;
  params: P;
  status: JobStatus;
  domainId: string;
  userId: string | null;
  lang: Lang;
  /** The stored result (JSON) of a job that succeeded. */
  result: unknown;
  /** The message of a job that failed or was cancelled. */
  error: string | null;
}

/** Told of every change of a job's state (queued, started, progress, ended). */
export type JobWatcher = (job: Job, domainId: string) => void;

const PROGRESS_EVERY_MS = 250;

export function jobFromRow(r: PfJobsTable): Job {
  return {
    id: r.id,
    kind: r.kind as JobKind,
    status: r.status as JobStatus,
    progress: Math.max(0, Math.min(1, Number(r.progress))),
    processed: Number(r.processed),
    total: r.total === null ? null : Number(r.total),
    error: r.error,
    fileId: r.file_id,
    createdBy: r.created_by,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/**
 * The job runner: jobs are rows of `pf_jobs`, run one at a time per kind-agnostic queue off the
 * request path. After a restart, jobs that were running are recovered (their handler cleans up)
 * and marked failed; queued ones run.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobKindHandler<never>>();
  private readonly running = new Map<string, AbortController>();
  /** Domain and kind of each running job: a cancel reaches it without waiting for the database. */
  private readonly runningOf = new Map<string, { domainId: string; kind: string }>();
  private readonly queue: string[] = [];
  private active = 0;
  private stopped = true;
  private idleWaiters: (() => void)[] = [];
  private readonly watchers: JobWatcher[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = 1,
  ) {}

  register<P>(kind: JobKind, handler: JobKindHandler<P>): void {
    this.handlers.set(kind, handler as JobKindHandler<never>);
  }

  /** The handler of a job kind (its `describe`, for lists of jobs). */
  handler(kind: string): JobKindHandler<unknown> | undefined {
    return this.handlers.get(kind) as JobKindHandler<unknown> | undefined;
  }

  /** Calls `fn` whenever a job changes state (the event stream shows running jobs). */
  watch(fn: JobWatcher): void {
    this.watchers.push(fn);
  }

  private changed(id: string): void {
    if (!this.watchers.length) return;
    void this.db.kysely
      .selectFrom('pf_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => {
        if (!row) return;
        const job = jobFromRow(row);
        for (const w of this.watchers) w(job, row.domain_id);
      })
      .catch((err: unknown) => this.log.warn({ err, job: id }, 'job change not published'));
  }

  /** Recovers interrupted jobs and starts running queued ones. */
  async start(): Promise<void> {
    this.stopped = false;
    const q = this.db.kysely;
    const interrupted = await q
      .selectFrom('pf_jobs')
      .selectAll()
      .where('status', '=', 'running')
      .execute();
    for (const j of interrupted) {
      const handler = this.handlers.get(j.kind);
      try {
        await handler?.recover?.(this.db, { id: j.id, params: JSON.parse(j.params) as never });
      } catch (err) {
        this.log.error({ err, job: j.id }, 'job recovery failed');
      }
      await q
        .updateTable('pf_jobs')
        .set({
          status: 'failed',
          error: msg(j.lang as Lang, 'job.interrupted'),
          finished_at: isoNow(),
        })
        .where('id', '=', j.id)
        .execute();
      await this.finished(j.id, 'failed');
    }
    const queued = await q
      .selectFrom('pf_jobs')
      .select('id')
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .execute();
    for (const j of queued) this.queue.push(j.id);
    this.pump();
  }

  /** Aborts running jobs and waits for them to end (they roll back). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const c of this.running.values()) c.abort(new Error('shutdown'));
    if (this.active > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  /** Records a job and queues it; answers at once. */
  async enqueue(input: {
    kind: JobKind;
    domainId: string;
    userId: string | null;
    lang: Lang;
    params: unknown;
    /** The job's id when the module has recorded its own row under it first. */
    id?: string;
  }): Promise<Job> {
    const row: PfJobsTable = {
      id: input.id ?? randomKey(),
      domain_id: input.domainId,
      kind: input.kind,
      status: 'queued',
      progress: 0,
      processed: 0,
      total: null,
      params: JSON.stringify(input.params ?? {}),
      result: null,
      error: null,
      file_id: null,
      lang: input.lang,
      created_by: input.userId,
      created_at: isoNow(),
      started_at: null,
      finished_at: null,
    };
    await this.db.kysely.insertInto('pf_jobs').values(row).execute();
    this.queue.push(row.id);
    this.changed(row.id);
    this.pump();
    return jobFromRow(row);
  }

  /** A job of the domain, or 404. */
  async get(domainId: string, id: string, lang: Lang): Promise<Job> {
    const row = await this.row(domainId, id);
    if (!row) throw new AppError('not_found', msg(lang, 'error.not_found'));
    return jobFromRow(row);
  }

  async row(domainId: string, id: string): Promise<PfJobsTable | undefined> {
    return this.db.kysely
      .selectFrom('pf_jobs')
      .selectAll()
      .where('id', '=', id)
      .where('domain_id', '=', domainId)
      .executeTakeFirst();
  }

  /** Cancels a queued or running job; a finished one stays as it is. */
  async cancel(domainId: string, id: string, lang: Lang, kind?: string): Promise<Job> {
    // A running job is aborted at once: on SQLite its transaction holds the connection, so the
    // job's row can only be read once the job has ended.
    const live = this.runningOf.get(id);
    if (live && live.domainId === domainId && (kind === undefined || live.kind === kind)) {
      await this.abortRunning(id);
      return this.get(domainId, id, lang);
    }
    const row = await this.row(domainId, id);
    if (!row || (kind !== undefined && row.kind !== kind))
      throw new AppError('not_found', msg(lang, 'error.not_found'));
    if (row.status === 'queued') {
      const i = this.queue.indexOf(id);
      if (i >= 0) this.queue.splice(i, 1);
      const res = await this.db.kysely
        .updateTable('pf_jobs')
        .set({ status: 'cancelled', error: msg(lang, 'job.cancelled'), finished_at: isoNow() })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) await this.finished(id, 'cancelled');
      else await this.abortRunning(id);
    } else if (row.status === 'running') {
      await this.abortRunning(id);
    }
    return this.get(domainId, id, lang);
  }

  /** Whether this process is running the job now (read from memory, never the database). */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Resolves when no job is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return;
    await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  private async abortRunning(id: string): Promise<void> {
    this.running.get(id)?.abort(new Error('cancelled'));
    await this.whenDone(id);
  }

  private async whenDone(id: string): Promise<void> {
    while (this.running.has(id)) await new Promise((r) => setTimeout(r, 20));
  }

  private pump(): void {
    while (!this.stopped && this.active < this.concurrency && this.queue.length) {
      const id = this.queue.shift() as string;
      this.active++;
      void this.runOne(id).finally(() => {
        this.active--;
        if (this.active === 0 && this.queue.length === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const w of waiters) w();
        }
        this.pump();
      });
    }
  }

  private async finished(id: string, status: JobStatus) {
    this.changed(id);
    const row = await this.db.kysely
      .selectFrom('pf_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    const handler = row && this.handlers.get(row.kind);
    if (!row || !handler?.finished) return;
    try {
      await handler.finished(this.db, {
        id,
        params: JSON.parse(row.params) as never,
        status,
        domainId: row.domain_id,
        userId: row.created_by,
        lang: row.lang as Lang,
        result: row.result === null ? null : (JSON.parse(row.result) as unknown),
        error: row.error,
      });
    } catch (err) {
      this.log.error({ err, job: id }, 'job finish hook failed');
    }
  }

  private async runOne(id: string): Promise<void> {
    const q = this.db.kysely;
    const row = await q.selectFrom('pf_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'queued') return;
    const handler = this.handlers.get(row.kind);
    const lang = row.lang as Lang;
    if (!handler) {
      await q
        .updateTable('pf_jobs')
        .set({ status: 'failed', error: msg(lang, 'error.internal'), finished_at: isoNow() })
        .where('id', '=', id)
        .execute();
      return;
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    this.runningOf.set(id, { domainId: row.domain_id, kind: row.kind });
    // Only a job still queued starts: a cancel may have come in since it left the queue.
    const started = await q
      .updateTable('pf_jobs')
      .set({ status: 'running', started_at: isoNow() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) === 0) {
      this.running.delete(id);
      this.runningOf.delete(id);
      return;
    }
    this.changed(id);
    let lastWrite = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const ctx: JobContext<never> = {
      id,
      domainId: row.domain_id,
      userId: row.created_by,
      lang,
      params: JSON.parse(row.params) as never,
      db: this.db,
      log: this.log.child({ job: id, kind: row.kind }),
      signal: controller.signal,
      progress: (processed, total) => {
        const now = nowMs();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        const progress = total ? Math.min(0.99, processed / total) : 0;
        pending = pending.then(() =>
          q
            .updateTable('pf_jobs')
            .set({
              processed,
              ...(total !== undefined ? { total } : {}),
              progress,
            })
            .where('id', '=', id)
            .where('status', '=', 'running')
            .execute()
            .then(() => this.changed(id))
            .catch((err: unknown) => ctx.log.warn({ err }, 'progress not saved')),
        );
      },
    };
    let status: JobStatus;
    try {
      const out = await handler.run(ctx);
      await pending;
      status = 'succeeded';
      await q
        .updateTable('pf_jobs')
        .set({
          status,
          progress: 1,
          ...(out.processed !== undefined ? { processed: out.processed } : {}),
          result: out.result === undefined ? null : JSON.stringify(out.result),
          file_id: out.fileId ?? null,
          finished_at: isoNow(),
        })
        .where('id', '=', id)
        .execute();
    } catch (err) {
      await pending;
      const cancelled = controller.signal.aborted;
      status = cancelled ? 'cancelled' : 'failed';
      const message = cancelled
        ? msg(
            lang,
            controller.signal.reason instanceof Error &&
              controller.signal.reason.message === 'shutdown'
              ? 'job.interrupted'
              : 'job.cancelled',
          )
        : err instanceof AppError
          ? err.message
          : msg(lang, 'error.internal');
      if (!cancelled && !(err instanceof AppError)) ctx.log.error({ err }, 'job failed');
      await q
        .updateTable('pf_jobs')
        .set({ status, error: message, finished_at: isoNow() })
        .where('id', '=', id)
        .execute();
    } finally {
      this.running.delete(id);
      this.runningOf.delete(id);
    }
    await this.finished(id, status);
  }
}
