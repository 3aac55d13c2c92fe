import type { Job, JobKind, JobStatus } from '@fiscus/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/dialect.js';
import './tables.js';
import type { PfJobsTable } from './tables.js';
import type { JobLimits } from '../config/index.js';
import { AppError, RetryLaterError } from '../lib/app-error.js';
import { isoNow, nowMs } from '../lib/clock.js';
import { defineMessages, type Lang } from './messages.js';
import { randomKey } from '../lib/ids.js';
import { currentRequestId } from './request-context.js';
import { auditVia } from './audit.js';

const jobsText = defineMessages({
  en: {
    'job.interrupted': 'The server stopped while this job ran; nothing of it was kept.',
    'job.cancelled': 'Cancelled.',
    'job.failed': 'The job failed: {reason}',
    'job.too_many':
      'Your domain already has {max} jobs queued or running. Try again when one of them has finished.',
    'job.export_quota':
      'Your domain has started {max} exports in the last hour, the most allowed. Try again in {minutes} minutes.',
  },
  de: {
    'job.interrupted':
      'Der Server wurde während dieses Auftrags beendet; nichts davon wurde übernommen.',
    'job.cancelled': 'Abgebrochen.',
    'job.failed': 'Der Auftrag ist fehlgeschlagen: {reason}',
    'job.too_many':
      'In Ihrer Domäne warten oder laufen bereits {max} Aufträge. Versuchen Sie es erneut, wenn einer davon beendet ist.',
    'job.export_quota':
      'Ihre Domäne hat in der letzten Stunde {max} Exporte gestartet, mehr sind nicht erlaubt. Versuchen Sie es in {minutes} Minuten erneut.',
  },
  fr: {
    'job.interrupted': 'Le serveur s’est arrêté pendant cette tâche ; rien n’en a été conservé.',
    'job.cancelled': 'Annulée.',
    'job.failed': 'La tâche a échoué : {reason}',
    'job.too_many':
      'Votre domaine a déjà {max} tâches en attente ou en cours. Réessayez quand l’une d’elles sera terminée.',
    'job.export_quota':
      'Votre domaine a lancé {max} exports au cours de la dernière heure, le maximum autorisé. Réessayez dans {minutes} minutes.',
  },
  pt: {
    'job.interrupted': 'O servidor parou durante esta tarefa; nada dela foi mantido.',
    'job.cancelled': 'Cancelada.',
    'job.failed': 'A tarefa falhou: {reason}',
    'job.too_many':
      'O seu domínio já tem {max} tarefas em espera ou em execução. Tente novamente quando uma delas terminar.',
    'job.export_quota':
      'O seu domínio iniciou {max} exportações na última hora, o máximo permitido. Tente novamente daqui a {minutes} minutos.',
  },
  ru: {
    'job.interrupted': 'Сервер остановился во время выполнения задачи; её изменения не сохранены.',
    'job.cancelled': 'Отменено.',
    'job.failed': 'Задача завершилась с ошибкой: {reason}',
    'job.too_many':
      'В вашем домене уже {max} задач ожидают или выполняются. Повторите попытку, когда одна из них завершится.',
    'job.export_quota':
      'Ваш домен запустил {max} экспортов за последний час — это максимум. Повторите попытку через {minutes} мин.',
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

/**
 * A job that fails with a result worth keeping — what it counted before it gave up (an import
 * none of whose rows could be written). The job ends `failed` with this message and result.
 */
export class JobFailure extends AppError {
  constructor(
    message: string,
    readonly outcome: JobOutcome,
  ) {
    super('unprocessable', message);
  }
}

export interface JobKindHandler<P = unknown> {
  run(ctx: JobContext<P>): Promise<JobOutcome>;
  /** After a crash: clean up what a job left half-done (e.g. staging tables). */
  recover?(db: Db, job: { id: string; params: P }): Promise<void>;
  /**
   * The job may run again from its start after it was stopped half-way (it keeps nothing of a
   * run that did not end, like an import's all-or-nothing apply): a server shutting down hands
   * it back — queued again, for another process or the next start — instead of failing it.
   * Its `recover` cleans up first; no finish hook is called for the stopped run.
   */
  resumable?: boolean;
  /** After a hand-back: says so where the kind keeps a job's story (a report run's log). */
  handedBack?(db: Db, job: { id: string; params: P; lang: Lang }): Promise<void>;
  /** Called after the job ends however it ends (succeeded, failed, cancelled). */
  finished?(db: Db, job: FinishedJob<P>): Promise<void>;
  /** What the job is about, for lists of jobs (the import's file, the procedure's name). */
  describe?(db: Db, job: { id: string; domainId: string; params: P }): Promise<string | null>;
  /**
   * The job is short — about a second of work on a large table (a B-tree index, a maintained
   * aggregate) — and may run in the runner's quick slot, so that it never waits behind a long
   * job (a text index's fill). Decided from the params when the job is queued.
   */
  quick?(params: P): boolean;
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

/** How the job runners of several processes on one database notice one another. */
export interface JobTiming {
  /** A process running jobs says it is alive this often (`pf_jobs.heartbeat_at`), in ms. */
  heartbeatMs: number;
  /** A running job whose process has not said so for this long is taken as interrupted, in ms. */
  staleMs: number;
  /**
   * PostgreSQL: this often a process looks for jobs queued by others, jobs interrupted by a
   * process that died, and its own jobs cancelled through another process, in ms.
   */
  pollMs: number;
}

const DEFAULT_TIMING: JobTiming = { heartbeatMs: 10_000, staleMs: 45_000, pollMs: 1_000 };

/**
 * Told of a change of a job's state (queued, started, progress, ended), with the job as read
 * back from the database a moment later: on a busy database that read may already see a later
 * state, so a watcher may be told of the same state more than once (the event stream shows it).
 */
export type JobWatcher = (job: Job, domainId: string) => void;

/** Told once of each job this process ran, when it has ended (metrics count each run once). */
export type JobEndWatcher = (job: Job, domainId: string) => void;

const PROGRESS_EVERY_MS = 250;

/**
 * Aborted because the server shuts down (not cancelled by a user): a resumable job stopped so
 * is handed back, so its run should not record that it failed.
 */
export function isShutdown(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof Error && signal.reason.message === 'shutdown';
}

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
    viaToken: r.via_token ?? null,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/** Job kinds a domain's users start (the platform's own `index` jobs are not limited). */
const LIMITED_KINDS: ReadonlySet<string> = new Set<JobKind>([
  'import',
  'export',
  'procedure',
  'report',
  'sync',
]);

/** Where a running job runs: one of the `concurrency` slots, or the quick slot. */
type Slot = 'regular' | 'quick';

/** Seconds a client is told to wait when its domain has too many jobs open. */
const RETRY_TOO_MANY = 30;
const HOUR_MS = 3600_000;

/**
 * The job runner: jobs are rows of `pf_jobs`, run off the request path, at most `concurrency`
 * at once in this process. Fair to every domain (docs/execution.md):
 *
 * - queued jobs are taken **round robin across domains** (first in, first out within a domain),
 *   so one domain's 30 exports do not make another's wait behind them;
 * - with two or more at once, **one domain never runs all of them**: one is left to the others;
 * - a domain has at most `queuedPerDomain` jobs queued or running, and starts at most
 *   `exportsPerHour` exports in an hour; more answer 429 with `Retry-After`;
 * - with `quickSlot`, one more job may run beside them, one whose kind says it is short
 *   (`JobKindHandler.quick`: an automatic B-tree index or aggregate): queued short jobs are
 *   taken there round robin across domains, first in first out within one, so a short build
 *   never waits behind a long one (a text index filled for seconds or minutes) — as a shop opens
 *   an express till. The `concurrency` slots take every kind in order as before, so long jobs
 *   are never passed over there.
 *
 * After a restart, jobs that were running are recovered (their handler cleans up) and marked
 * failed; queued ones run.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobKindHandler<never>>();
  private readonly running = new Map<string, AbortController>();
  /** Domain and kind of each running job: a cancel reaches it without waiting for the database. */
  private readonly runningOf = new Map<string, { domainId: string; kind: string }>();
  /** Queued job ids per domain. */
  private readonly queues = new Map<string, string[]>();
  /** Queued jobs whose kind says they are short (`JobKindHandler.quick`). */
  private readonly quickIds = new Set<string>();
  /** When each domain last started a job (a count): the longest waiting goes first. */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;
  /** Jobs started in this process until they have ended (finish hook included). */
  private readonly runs = new Map<string, Promise<unknown>>();
  /** Jobs running in the `concurrency` slots, per domain. */
  private readonly runningPerDomain = new Map<string, number>();
  private queued = 0;
  /** Jobs running in the `concurrency` slots. */
  private active = 0;
  /** Jobs running in the quick slot (0 or 1), and the domain of the one running there. */
  private quickActive = 0;
  private quickDomain: string | undefined;
  private stopped = true;
  private idleWaiters: (() => void)[] = [];
  private readonly watchers: JobWatcher[] = [];
  private readonly endWatchers: JobEndWatcher[] = [];
  private readonly limits: JobLimits;
  private readonly timing: JobTiming;
  /** This runner: the owner of the jobs it runs (a new key at each start of the process). */
  readonly owner = randomKey();
  private timers: NodeJS.Timeout[] = [];
  private polling = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    limits: Partial<JobLimits> = {},
    timing: Partial<JobTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
    this.limits = {
      concurrency: 1,
      queuedPerDomain: Number.POSITIVE_INFINITY,
      exportsPerHour: Number.POSITIVE_INFINITY,
      quickSlot: false,
      ...limits,
    };
  }

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

  /**
   * Calls `fn` once for each job this process ran, when it has ended (succeeded, failed or
   * cancelled), before `idle()` resolves.
   */
  onEnded(fn: JobEndWatcher): void {
    this.endWatchers.push(fn);
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

  /**
   * Recovers interrupted jobs and starts running queued ones. SQLite (one server process): every
   * job still marked running was interrupted. PostgreSQL (several processes may share the
   * database): only jobs whose process has not said it is alive for `staleMs`; from then on
   * the runner looks every `pollMs` for jobs queued through other processes and jobs whose
   * process died, and says every `heartbeatMs` that it is alive.
   */
  async start(): Promise<void> {
    this.stopped = false;
    const shared = this.db.dialect === 'postgres';
    await this.recoverInterrupted(shared ? 'stale' : 'all');
    await this.pickUpQueued();
    this.pump();
    this.timers.push(setInterval(() => void this.beat(), this.timing.heartbeatMs));
    if (shared) this.timers.push(setInterval(() => void this.poll(), this.timing.pollMs));
    for (const t of this.timers) t.unref();
  }

  /**
   * Marks interrupted running jobs failed — each by one process only (the update is conditional
   * on what was read) — and lets their kind clean up after them.
   */
  private async recoverInterrupted(which: 'all' | 'stale'): Promise<void> {
    const q = this.db.kysely;
    const cutoff = new Date(nowMs() - this.timing.staleMs).toISOString();
    const interrupted = await q
      .selectFrom('pf_jobs')
      .selectAll()
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '!=', this.owner)]))
      .$if(which === 'stale', (qb) =>
        qb.where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', cutoff)])),
      )
      .execute();
    for (const j of interrupted) {
      const claimed = await q
        .updateTable('pf_jobs')
        .set({
          status: 'failed',
          error: jobsText(j.lang as Lang, 'job.interrupted'),
          finished_at: isoNow(),
        })
        .where('id', '=', j.id)
        .where('status', '=', 'running')
        .where((eb) =>
          j.heartbeat_at === null
            ? eb('heartbeat_at', 'is', null)
            : eb('heartbeat_at', '=', j.heartbeat_at),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      this.log.warn({ job: j.id, owner: j.owner }, 'job interrupted: marked failed');
      const handler = this.handlers.get(j.kind);
      try {
        await handler?.recover?.(this.db, { id: j.id, params: JSON.parse(j.params) as never });
      } catch (err) {
        this.log.error({ err, job: j.id }, 'job recovery failed');
      }
      await this.finished(j.id, 'failed');
    }
  }

  /** Queues jobs queued in the database that this process does not know yet. */
  private async pickUpQueued(): Promise<void> {
    const queued = await this.db.kysely
      .selectFrom('pf_jobs')
      .select(['id', 'domain_id', 'kind', 'params'])
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .execute();
    const known = new Set<string>(this.running.keys());
    for (const ids of this.queues.values()) for (const id of ids) known.add(id);
    for (const j of queued)
      if (!known.has(j.id)) this.push(j.domain_id, j.id, this.isQuick(j.kind, j.params));
  }

  /** Says that this process is alive for the jobs it runs. */
  private async beat(): Promise<void> {
    if (!this.running.size) return;
    try {
      await this.db.kysely
        .updateTable('pf_jobs')
        .set({ heartbeat_at: isoNow() })
        .where('owner', '=', this.owner)
        .where('status', '=', 'running')
        .execute();
    } catch (err) {
      this.log.warn({ err }, 'job heartbeat not saved');
    }
  }

  /** PostgreSQL: other processes' queued, interrupted and cancelled jobs. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      if (this.running.size) {
        // Jobs of this process that another process cancelled (or took as interrupted).
        const ended = await this.db.kysely
          .selectFrom('pf_jobs')
          .select('id')
          .where('id', 'in', [...this.running.keys()])
          // Not `queued`: a job enters `running` here a moment before its row says so.
          .where('status', 'in', ['cancelled', 'failed', 'succeeded'])
          .execute();
        for (const { id } of ended) this.running.get(id)?.abort(new Error('cancelled'));
      }
      await this.recoverInterrupted('stale');
      await this.pickUpQueued();
      this.pump();
    } catch (err) {
      this.log.warn({ err }, 'job poll failed');
    } finally {
      this.polling = false;
    }
  }

  /**
   * Stops taking jobs; gives running ones `graceMs` to end (a shutdown's grace period), then
   * aborts those left and waits for them to end (they roll back; resumable ones are handed back,
   * the others marked failed). Queued jobs stay queued for other processes or the next start.
   */
  async stop(graceMs = 0): Promise<void> {
    this.stopped = true;
    if (graceMs > 0 && this.runs.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...this.runs.values()]),
        new Promise((r) => (timer = setTimeout(r, graceMs))),
      ]);
      clearTimeout(timer);
    }
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const c of this.running.values()) c.abort(new Error('shutdown'));
    if (this.runs.size > 0) await Promise.all([...this.runs.values()]);
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
    if (LIMITED_KINDS.has(input.kind)) await this.checkLimits(input);
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
      owner: null,
      heartbeat_at: null,
      request_id: currentRequestId() ?? null,
      via_token: auditVia.getStore() ?? null,
    };
    await this.db.kysely.insertInto('pf_jobs').values(row).execute();
    this.log.info(
      { job: row.id, kind: row.kind, domain: row.domain_id, reqId: row.request_id ?? undefined },
      'job queued',
    );
    this.push(input.domainId, row.id, this.isQuick(row.kind, row.params));
    this.changed(row.id);
    this.pump();
    return jobFromRow(row);
  }

  /** Jobs of a domain queued or running in this process. */
  private openJobs(domainId: string): number {
    return (
      (this.queues.get(domainId)?.length ?? 0) +
      (this.runningPerDomain.get(domainId) ?? 0) +
      (this.quickDomain === domainId ? 1 : 0)
    );
  }

  /** 429 when the domain has too many jobs open, or has used its exports of the hour. */
  private async checkLimits(input: { kind: JobKind; domainId: string; lang: Lang }) {
    const max = this.limits.queuedPerDomain;
    if (this.openJobs(input.domainId) >= max)
      throw new RetryLaterError(
        'too_many_requests',
        jobsText(input.lang, 'job.too_many', { max }),
        RETRY_TOO_MANY,
      );
    const quota = this.limits.exportsPerHour;
    if (input.kind !== 'export' || !Number.isFinite(quota)) return;
    const since = new Date(nowMs() - HOUR_MS).toISOString();
    const started = await this.db.kysely
      .selectFrom('pf_jobs')
      .select('created_at')
      .where('domain_id', '=', input.domainId)
      .where('created_at', '>', since)
      .where('kind', '=', 'export')
      .orderBy('created_at', 'desc')
      .limit(quota)
      .execute();
    if (started.length < quota) return;
    // Free again when the oldest of the last `quota` exports is an hour old.
    const oldest = Date.parse(started[started.length - 1]?.created_at ?? '');
    const seconds = Math.max(1, Math.ceil((oldest + HOUR_MS - nowMs()) / 1000));
    throw new RetryLaterError(
      'too_many_requests',
      jobsText(input.lang, 'job.export_quota', { max: quota, minutes: Math.ceil(seconds / 60) }),
      seconds,
    );
  }

  /** Whether a job of `kind` with these params (JSON) is short (`JobKindHandler.quick`). */
  private isQuick(kind: string, params: string): boolean {
    const quick = this.handlers.get(kind)?.quick;
    if (!quick) return false;
    try {
      return quick(JSON.parse(params) as never);
    } catch {
      return false;
    }
  }

  private push(domainId: string, id: string, quick = false): void {
    let q = this.queues.get(domainId);
    if (!q) this.queues.set(domainId, (q = []));
    q.push(id);
    if (quick) this.quickIds.add(id);
    this.queued++;
  }

  /** Takes a queued job out of its domain's queue; false when it was not queued here. */
  private unqueue(id: string): boolean {
    for (const [domainId, q] of this.queues) {
      const i = q.indexOf(id);
      if (i < 0) continue;
      q.splice(i, 1);
      this.quickIds.delete(id);
      this.queued--;
      if (!q.length) this.queues.delete(domainId);
      return true;
    }
    return false;
  }

  /** Jobs one domain may run at once: with two or more slots, one is left to the others. */
  private get domainCap(): number {
    return this.limits.concurrency > 1 ? this.limits.concurrency - 1 : 1;
  }

  /**
   * The next job to start in a slot: of the domains with a queued job that may run one more,
   * the one that started a job longest ago (never: first) — round robin across domains. A
   * `concurrency` slot takes the domain's first queued job, of any kind; the quick slot its
   * first short one (no domain is held to its share there: it is one slot more).
   */
  private next(slot: Slot): { domainId: string; id: string } | undefined {
    let pick: string | undefined;
    let pickAt = Number.POSITIVE_INFINITY;
    for (const [domainId, q] of this.queues) {
      if (slot === 'quick' ? !q.some((id) => this.quickIds.has(id)) : this.atCap(domainId))
        continue;
      const at = this.lastStart.get(domainId) ?? -1;
      if (at < pickAt) {
        pick = domainId;
        pickAt = at;
      }
    }
    if (pick === undefined) return undefined;
    const q = this.queues.get(pick) as string[];
    const i = slot === 'quick' ? q.findIndex((id) => this.quickIds.has(id)) : 0;
    const id = q.splice(i, 1)[0] as string;
    this.quickIds.delete(id);
    this.queued--;
    if (!q.length) this.queues.delete(pick);
    this.lastStart.set(pick, ++this.starts);
    return { domainId: pick, id };
  }

  /** Whether the domain runs all the `concurrency` slots it may. */
  private atCap(domainId: string): boolean {
    return (this.runningPerDomain.get(domainId) ?? 0) >= this.domainCap;
  }

  /** A job of the domain, or 404. */
  async get(domainId: string, id: string, lang: Lang): Promise<Job> {
    const row = await this.row(domainId, id);
    if (!row) throw new AppError('not_found', jobsText(lang, 'error.not_found'));
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
      throw new AppError('not_found', jobsText(lang, 'error.not_found'));
    if (row.status === 'queued') {
      this.unqueue(id);
      const res = await this.db.kysely
        .updateTable('pf_jobs')
        .set({ status: 'cancelled', error: jobsText(lang, 'job.cancelled'), finished_at: isoNow() })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) await this.finished(id, 'cancelled');
      else await this.abortRunning(id);
    } else if (row.status === 'running') {
      // Running in another process (PostgreSQL): it sees the cancel at its next poll, stops the
      // job and calls the finish hook.
      await this.db.kysely
        .updateTable('pf_jobs')
        .set({ status: 'cancelled', error: jobsText(lang, 'job.cancelled'), finished_at: isoNow() })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    }
    return this.get(domainId, id, lang);
  }

  /** Whether this process is running the job now (read from memory, never the database). */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Resolves when no job is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    if (this.active === 0 && this.quickActive === 0 && this.queued === 0) return;
    await new Promise<void>((r) => this.idleWaiters.push(r));
  }

  private async abortRunning(id: string): Promise<void> {
    this.running.get(id)?.abort(new Error('cancelled'));
    await this.whenDone(id);
  }

  /** Waits until a job has ended in this process, its finish hook included. */
  private async whenDone(id: string): Promise<void> {
    await this.runs.get(id);
  }

  /** The slot a job may start in now, and the job; undefined when none may start. */
  private nextToStart(): { slot: Slot; domainId: string; id: string } | undefined {
    if (this.stopped) return undefined;
    if (this.active < this.limits.concurrency) {
      const next = this.next('regular');
      if (next) return { slot: 'regular', ...next };
    }
    if (this.limits.quickSlot && this.quickActive === 0 && this.quickIds.size) {
      const next = this.next('quick');
      if (next) return { slot: 'quick', ...next };
    }
    return undefined;
  }

  private pump(): void {
    for (let next = this.nextToStart(); next; next = this.nextToStart()) {
      const { slot, domainId, id } = next;
      if (slot === 'quick') {
        this.quickActive++;
        this.quickDomain = domainId;
      } else {
        this.active++;
        this.runningPerDomain.set(domainId, (this.runningPerDomain.get(domainId) ?? 0) + 1);
      }
      const run = this.runOne(id).catch((err: unknown) =>
        this.log.error({ err, job: id }, 'job runner failed'),
      );
      this.runs.set(id, run);
      void run.finally(() => {
        this.runs.delete(id);
        if (slot === 'quick') {
          this.quickActive--;
          this.quickDomain = undefined;
        } else {
          this.active--;
          const n = (this.runningPerDomain.get(domainId) ?? 1) - 1;
          if (n > 0) this.runningPerDomain.set(domainId, n);
          else this.runningPerDomain.delete(domainId);
        }
        if (this.active === 0 && this.quickActive === 0 && this.queued === 0) {
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
    if (!row) return;
    const job = jobFromRow(row);
    for (const w of this.endWatchers) {
      try {
        w(job, row.domain_id);
      } catch (err) {
        this.log.warn({ err, job: id }, 'job end not published');
      }
    }
    const handler = this.handlers.get(row.kind);
    if (!handler?.finished) return;
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

  /**
   * A resumable job stopped by a shutdown: what it left is cleaned up and it is queued again, as
   * if it had never started (another process takes it at its next look, or the next start
   * does). False when it had ended meanwhile through another process (then that state stands).
   */
  private async handBack(row: PfJobsTable, handler: JobKindHandler<never>): Promise<boolean> {
    this.running.delete(row.id);
    this.runningOf.delete(row.id);
    try {
      await handler.recover?.(this.db, { id: row.id, params: JSON.parse(row.params) as never });
    } catch (err) {
      this.log.error({ err, job: row.id }, 'job clean-up before its hand-back failed');
      return false;
    }
    const res = await this.db.kysely
      .updateTable('pf_jobs')
      .set({
        status: 'queued',
        progress: 0,
        processed: 0,
        total: null,
        started_at: null,
        owner: null,
        heartbeat_at: null,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
    this.log.info(
      { job: row.id, kind: row.kind, reqId: row.request_id ?? undefined },
      'job handed back: queued again, it runs again from its start',
    );
    try {
      await handler.handedBack?.(this.db, {
        id: row.id,
        params: JSON.parse(row.params) as never,
        lang: row.lang as Lang,
      });
    } catch (err) {
      this.log.warn({ err, job: row.id }, 'job hand-back not noted');
    }
    this.changed(row.id);
    return true;
  }

  private async runOne(id: string): Promise<void> {
    const q = this.db.kysely;
    const row = await q.selectFrom('pf_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.status !== 'queued') return;
    const handler = this.handlers.get(row.kind);
    const lang = row.lang as Lang;
    if (!handler) {
      // Another process on the same PostgreSQL may know the kind (one of a newer version while
      // they are replaced one by one): the job stays queued for it.
      if (this.db.dialect === 'postgres') return;
      await q
        .updateTable('pf_jobs')
        .set({ status: 'failed', error: jobsText(lang, 'error.internal'), finished_at: isoNow() })
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
      .set({ status: 'running', started_at: isoNow(), owner: this.owner, heartbeat_at: isoNow() })
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
      // Every line of the job carries the id of the request that queued it.
      log: this.log.child({ job: id, kind: row.kind, reqId: row.request_id ?? undefined }),
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
    let written = true;
    const began = nowMs();
    ctx.log.info({ domain: row.domain_id, owner: this.owner }, 'job started');
    try {
      // A job queued through an API token makes its changes in the token's name too.
      const out = row.via_token
        ? await auditVia.run(row.via_token, () => handler.run(ctx))
        : await handler.run(ctx);
      await pending;
      status = 'succeeded';
      const res = await q
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
        .where('status', '=', 'running')
        .executeTakeFirst();
      written = Number(res.numUpdatedRows) > 0;
    } catch (err) {
      await pending;
      if (handler.resumable && isShutdown(controller.signal) && (await this.handBack(row, handler)))
        return;
      const cancelled = controller.signal.aborted;
      status = cancelled ? 'cancelled' : 'failed';
      const message = cancelled
        ? jobsText(lang, isShutdown(controller.signal) ? 'job.interrupted' : 'job.cancelled')
        : err instanceof AppError
          ? err.message
          : jobsText(lang, 'error.internal');
      if (!cancelled && !(err instanceof AppError)) ctx.log.error({ err }, 'job failed');
      const res = await q
        .updateTable('pf_jobs')
        .set({
          status,
          error: message,
          finished_at: isoNow(),
          ...(!cancelled && err instanceof JobFailure
            ? {
                result: JSON.stringify(err.outcome.result ?? null),
                ...(err.outcome.processed !== undefined
                  ? { processed: err.outcome.processed }
                  : {}),
              }
            : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      written = Number(res.numUpdatedRows) > 0;
    } finally {
      this.running.delete(id);
      this.runningOf.delete(id);
    }
    ctx.log.info({ status, ms: nowMs() - began }, `job ${status}`);
    if (!written) {
      // Ended meanwhile through another process (cancelled there, or taken as interrupted while
      // this one did not answer): its state stands.
      const now = await q
        .selectFrom('pf_jobs')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      status = (now?.status as JobStatus | undefined) ?? status;
      if (status === 'failed') return; // the process that took it over called the hook
    }
    await this.finished(id, status);
  }
}
