import {
  WEBHOOK_ATTEMPTS,
  WEBHOOK_DISABLE_AFTER,
  webhookEvents,
  webhookRecordEvents,
} from '@fiscus/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/dialect.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import type { Q } from '../../platform/context.js';
import { recordEvent, type RecordedEvent } from '../../platform/events/index.js';
import type { Jobs, JobKindHandler } from '../../platform/jobs.js';
import { unseal } from '../../platform/sources/secrets.js';
import { newDelivery } from './webhooks.service.js';
import { send } from './webhooks.send.js';
import type { AttemptLog, WebhooksTable } from './webhooks.tables.js';

/**
 * How events become deliveries and deliveries reach their receivers.
 *
 * 1. When an event is recorded, in its transaction, every enabled webhook of the domain that
 *    wants it gets a delivery row (`pending`, due now) — so a delivery exists exactly when the
 *    event does, whichever server process recorded it.
 * 2. Every process looks for due deliveries every `pollMs`; it claims one by moving it from
 *    `pending` to `sending` (one statement: only one process wins) and queues a `webhook` job
 *    for it on the job runner (platform/jobs.ts; interrupted jobs are recovered, which puts the
 *    delivery back to `pending`).
 * 3. The job makes one attempt and logs it. A failed attempt is retried after
 *    `backoffMs[attempt - 1]` until `WEBHOOK_ATTEMPTS` attempts; then the delivery has failed.
 *    `WEBHOOK_DISABLE_AFTER` failed attempts in a row (any deliveries) disable the webhook and
 *    tell the domain (a `webhook.disabled` event in the ribbon); a success counts from zero.
 */
export interface WebhookTiming {
  pollMs: number;
  /** Wait before the 2nd, 3rd… attempt. */
  backoffMs: number[];
  timeoutMs: number;
  /** A delivery left `sending` this long (its process died before the job was queued) is due again. */
  staleMs: number;
}

export const DEFAULT_TIMING: WebhookTiming = {
  pollMs: 1000,
  backoffMs: [30_000, 120_000, 600_000, 3_600_000, 21_600_000],
  timeoutMs: 10_000,
  staleMs: 600_000,
};

interface HookOfEvent {
  id: string;
  domain_id: string;
  events: Set<string>;
  objects: Set<string> | null;
}

export interface DeliveryJobParams {
  deliveryId: string;
}

const known = new Set<string>(webhookEvents);
const recordEvents = new Set<string>(webhookRecordEvents);

/** The JSON body of an event's delivery. */
function payloadOf(e: RecordedEvent, deliveryId: string) {
  return {
    id: deliveryId,
    type: e.kind,
    createdAt: e.at,
    domainId: e.domainId,
    data: {
      eventId: e.id,
      object: e.objectId ? { id: e.objectId, name: e.objectName ?? null } : null,
      recordIds: (e.recordIds ?? []).slice(0, 20),
      count: e.count ?? ((e.recordIds ?? []).length || 1),
      userId: e.userId,
      details: e.data ?? {},
      links: e.links ?? {},
    },
  };
}

export class WebhookDispatcher {
  readonly timing: WebhookTiming = { ...DEFAULT_TIMING, backoffMs: [...DEFAULT_TIMING.backoffMs] };
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private lastSweep = 0;
  /** Enabled webhooks per domain, valid while no process wrote the table since. */
  private readonly hooks = new Map<string, { version: number; hooks: HookOfEvent[] }>();

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The event sink (platform/events/record.ts): deliveries of an event, in its transaction. */
  readonly sink = async (q: Q, e: RecordedEvent): Promise<void> => {
    if (!known.has(e.kind)) return;
    const hooks = await this.hooksOf(q, e.domainId);
    const rows = [];
    for (const h of hooks) {
      if (!h.events.has(e.kind)) continue;
      if (h.objects && recordEvents.has(e.kind) && !(e.objectId && h.objects.has(e.objectId)))
        continue;
      rows.push(newDelivery(h, e.kind, (id) => payloadOf(e, id)));
    }
    if (rows.length) await q.insertInto('webhook_deliveries').values(rows).execute();
  };

  private async hooksOf(q: Q, domainId: string): Promise<HookOfEvent[]> {
    const version = this.db.writeVersion?.(['webhooks']);
    const hit = this.hooks.get(domainId);
    if (hit && version !== undefined && hit.version === version) return hit.hooks;
    const rows = await q
      .selectFrom('webhooks')
      .select(['id', 'domain_id', 'events', 'objects'])
      .where('domain_id', '=', domainId)
      .where('enabled', '=', 1)
      .execute();
    const hooks = rows.map((r) => ({
      id: r.id,
      domain_id: r.domain_id,
      events: new Set(JSON.parse(r.events) as string[]),
      objects: r.objects ? new Set(JSON.parse(r.objects) as string[]) : null,
    }));
    if (version !== undefined && this.db.writeVersion?.(['webhooks']) === version) {
      if (this.hooks.size > 1000) this.hooks.clear();
      this.hooks.set(domainId, { version, hooks });
    }
    return hooks;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.pump(), this.timing.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pumping;
  }

  /** Claims the due deliveries and queues a job for each (once at a time per process). */
  pump(): Promise<void> {
    this.pumping ??= this.claimDue()
      .catch((err: unknown) => this.log.error({ err }, 'webhook deliveries not queued'))
      .finally(() => {
        this.pumping = null;
      });
    return this.pumping;
  }

  private async claimDue(): Promise<void> {
    const q = this.db.kysely;
    const now = isoNow();
    // Claimed by a process that died before it queued the job: due again (looked for now and
    // then, and written only when there is one — a look is a read, not a write to tell others).
    if (nowMs() - this.lastSweep > this.timing.staleMs / 10) {
      this.lastSweep = nowMs();
      const cutoff = new Date(nowMs() - this.timing.staleMs).toISOString();
      const stale = await q
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'sending')
        .where('updated_at', '<', cutoff)
        .limit(1)
        .executeTakeFirst();
      if (stale)
        await q
          .updateTable('webhook_deliveries')
          .set({ state: 'pending', updated_at: now })
          .where('state', '=', 'sending')
          .where('updated_at', '<', cutoff)
          .execute();
    }
    const due = await q
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.domain_id'])
      .where('d.state', '=', 'pending')
      .where('d.next_at', '<=', now)
      .where((eb) => eb.or([eb('w.enabled', '=', 1), eb('d.event', '=', 'webhook.test')]))
      .orderBy('d.next_at')
      .limit(50)
      .execute();
    for (const d of due) {
      const claimed = await q
        .updateTable('webhook_deliveries')
        .set({ state: 'sending', updated_at: isoNow() })
        .where('id', '=', d.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      await this.jobs.enqueue({
        kind: 'webhook',
        domainId: d.domain_id,
        userId: null,
        lang: 'en',
        params: { deliveryId: d.id } satisfies DeliveryJobParams,
      });
    }
  }

  /** The `webhook` job kind: one attempt at one delivery. */
  readonly job: JobKindHandler<DeliveryJobParams> = {
    run: async (ctx) => {
      const outcome = await this.attempt(ctx.params.deliveryId, ctx.signal);
      return { result: outcome, processed: 1 };
    },
    recover: async (db, job) => {
      await db.kysely
        .updateTable('webhook_deliveries')
        .set({ state: 'pending', updated_at: isoNow() })
        .where('id', '=', job.params.deliveryId)
        .where('state', '=', 'sending')
        .execute();
    },
  };

  private async attempt(deliveryId: string, signal: AbortSignal): Promise<{ state: string }> {
    const q = this.db.kysely;
    const d = await q
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (!d || d.state !== 'sending') return { state: d?.state ?? 'gone' };
    const hook = await q
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', d.webhook_id)
      .executeTakeFirst();
    const log = JSON.parse(d.log) as AttemptLog[];
    const at = isoNow();
    if (!hook || (hook.enabled !== 1 && d.event !== 'webhook.test')) {
      log.push({ at, status: null, error: { code: 'webhook.err_gone' }, durationMs: 0 });
      await this.settle(d.id, { state: 'failed', log, attempts: d.attempts, next_at: null });
      return { state: 'failed' };
    }
    const secret = unseal(this.db, hook.id, hook.secret_sealed);
    const result = secret
      ? await send({
          url: hook.url,
          body: d.body,
          secret,
          allowPrivate: hook.allow_private === 1,
          headers: {
            'fiscus-event': d.event,
            'fiscus-delivery': d.id,
            'fiscus-attempt': String(d.attempts + 1),
          },
          timeoutMs: this.timing.timeoutMs,
          signal,
        })
      : { status: null, error: { code: 'webhook.err_secret' }, durationMs: 0 };
    log.push({ at, status: result.status, error: result.error, durationMs: result.durationMs });
    const attempts = d.attempts + 1;
    const ok = result.error === null;
    const last = attempts >= WEBHOOK_ATTEMPTS || d.event === 'webhook.test';
    const state = ok ? 'succeeded' : last ? 'failed' : 'pending';
    const wait =
      this.timing.backoffMs[Math.min(attempts - 1, this.timing.backoffMs.length - 1)] ?? 60_000;
    await this.settle(d.id, {
      state,
      log,
      attempts,
      next_at: state === 'pending' ? new Date(nowMs() + wait).toISOString() : null,
    });
    await this.noteOnHook(hook, ok, result.status, at);
    return { state };
  }

  private async settle(
    id: string,
    s: { state: string; log: AttemptLog[]; attempts: number; next_at: string | null },
  ): Promise<void> {
    await this.db.kysely
      .updateTable('webhook_deliveries')
      .set({
        state: s.state,
        log: JSON.stringify(s.log.slice(-WEBHOOK_ATTEMPTS - 2)),
        attempts: s.attempts,
        next_at: s.next_at,
        updated_at: isoNow(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Counts the attempt on its webhook; disables it (once, with a notice) after too many failures. */
  private async noteOnHook(
    hook: WebhooksTable,
    ok: boolean,
    status: number | null,
    at: string,
  ): Promise<void> {
    const q = this.db.kysely;
    await q
      .updateTable('webhooks')
      .set({
        failures: ok ? 0 : sql<number>`failures + 1`,
        last_delivery_at: at,
        last_status: status,
      })
      .where('id', '=', hook.id)
      .execute();
    if (ok) return;
    await q.transaction().execute(async (trx) => {
      const off = await trx
        .updateTable('webhooks')
        .set({ enabled: 0, disabled_reason: 'failures', updated_at: isoNow() })
        .where('id', '=', hook.id)
        .where('enabled', '=', 1)
        .where('failures', '>=', WEBHOOK_DISABLE_AFTER)
        .executeTakeFirst();
      if (Number(off.numUpdatedRows) === 0) return;
      this.log.warn({ webhook: hook.id }, 'webhook disabled after repeated failures');
      await recordEvent(this.db, trx, {
        kind: 'webhook.disabled',
        domainId: hook.domain_id,
        userId: null,
        data: { webhookId: hook.id, name: hook.name, failures: WEBHOOK_DISABLE_AFTER },
      });
    });
  }
}
