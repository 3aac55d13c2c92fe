import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER,
  webhookEvents,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@fiscus/contracts';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';
import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { unknownObjectIds } from '../../platform/meta.js';
import type { Lang } from '../../platform/messages.js';
import { seal } from '../../platform/sources/secrets.js';
import { checkAddress } from './webhooks.send.js';
import { webhooksText } from './webhooks.messages.js';
import type {
  AttemptError,
  AttemptLog,
  WebhookDeliveriesTable,
  WebhooksTable,
} from './webhooks.tables.js';
import './webhooks.tables.js';

/** Seconds a check of the address may take when a webhook is saved. */
const CHECK_TIMEOUT_MS = 5000;

function json<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function errorText(lang: Lang, e: AttemptError): string {
  return webhooksText(lang, e.code as 'webhook.err_status', e.params ?? {});
}

export function webhookOut(r: WebhooksTable, lang: Lang): Webhook {
  const known = new Set<string>(webhookEvents);
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    events: json<string[]>(r.events, []).filter((e): e is WebhookEvent => known.has(e)),
    objects: json<string[] | null>(r.objects, null),
    enabled: r.enabled === 1,
    disabledReason:
      r.disabled_reason === 'failures'
        ? webhooksText(lang, 'webhook.disabled_failures', { count: WEBHOOK_DISABLE_AFTER })
        : null,
    allowPrivate: r.allow_private === 1,
    secretHint: r.secret_hint,
    failures: Number(r.failures),
    lastDeliveryAt: r.last_delivery_at,
    lastStatus: r.last_status === null ? null : Number(r.last_status),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function deliveryOut(r: WebhookDeliveriesTable, lang: Lang): WebhookDelivery {
  const state = (['pending', 'sending', 'succeeded', 'failed'] as const).find((s) => s === r.state);
  return {
    id: r.id,
    event: r.event,
    state: state ?? 'failed',
    attempts: json<AttemptLog[]>(r.log, []).map((a) => ({
      at: a.at,
      status: a.status,
      error: a.error ? errorText(lang, a.error) : null,
      durationMs: a.durationMs,
    })),
    nextAt: r.state === 'pending' ? r.next_at : null,
    createdAt: r.created_at,
    body: r.body,
  };
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

async function row(ctx: OpContext, id: string): Promise<WebhooksTable> {
  const r = await ctx.db.kysely
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!r) throw new AppError('not_found', webhooksText(ctx.lang, 'webhook.not_found'));
  return r;
}

/** 400 on `url` unless it is http(s) and leads to an address a webhook may reach. */
async function checkUrl(ctx: OpContext, url: string, allowPrivate: boolean): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password)
      throw new Error('scheme');
  } catch {
    throw invalid(ctx.lang, { url: [webhooksText(ctx.lang, 'webhook.url_invalid')] });
  }
  const check = await checkAddress(u, allowPrivate, CHECK_TIMEOUT_MS);
  // A name that does not resolve now may later (the receiver is not set up yet): only refused
  // addresses are refused here; every attempt checks again.
  if (!check.ok && check.error.code === 'webhook.err_blocked') {
    const address = String(check.error.params?.address ?? u.hostname);
    throw invalid(ctx.lang, {
      url: [
        webhooksText(ctx.lang, check.always ? 'webhook.url_link_local' : 'webhook.url_blocked', {
          address,
        }),
      ],
    });
  }
}

async function checkObjects(ctx: OpContext, ids: readonly string[] | null | undefined) {
  if (!ids?.length) return;
  const missing = await unknownObjectIds(ctx, ids);
  if (missing.length)
    throw invalid(ctx.lang, {
      objects: [webhooksText(ctx.lang, 'webhook.objects_unknown', { ids: missing.join(', ') })],
    });
}

export async function listWebhooks(ctx: OpContext): Promise<{ items: Webhook[] }> {
  const rows = await ctx.db.kysely
    .selectFrom('webhooks')
    .selectAll()
    .where('domain_id', '=', ctx.domainId)
    .orderBy('created_at', 'desc')
    .execute();
  return { items: rows.map((r) => webhookOut(r, ctx.lang)) };
}

export async function createWebhook(
  ctx: OpContext,
  i: {
    name: string;
    url: string;
    events: WebhookEvent[];
    objects: string[] | null;
    allowPrivate: boolean;
  },
): Promise<{ webhook: Webhook; secret: string }> {
  await checkUrl(ctx, i.url, i.allowPrivate);
  await checkObjects(ctx, i.objects);
  const id = randomKey(20);
  const secret = newSecret();
  const now = isoNow();
  const r: WebhooksTable = {
    id,
    domain_id: ctx.domainId,
    name: i.name,
    url: i.url,
    events: JSON.stringify(i.events),
    objects: i.objects?.length ? JSON.stringify(i.objects) : null,
    enabled: 1,
    disabled_reason: null,
    allow_private: i.allowPrivate ? 1 : 0,
    secret_sealed: seal(ctx.db, id, secret),
    secret_hint: secret.slice(-4),
    failures: 0,
    last_delivery_at: null,
    last_status: null,
    created_by: ctx.userId || null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.kysely.insertInto('webhooks').values(r).execute();
  return { webhook: webhookOut(r, ctx.lang), secret };
}

export async function updateWebhook(
  ctx: OpContext,
  i: {
    id: string;
    name?: string;
    url?: string;
    events?: WebhookEvent[];
    objects?: string[] | null;
    allowPrivate?: boolean;
    enabled?: boolean;
  },
): Promise<Webhook> {
  const r = await row(ctx, i.id);
  const allowPrivate = i.allowPrivate ?? r.allow_private === 1;
  if (i.url !== undefined || i.allowPrivate !== undefined)
    await checkUrl(ctx, i.url ?? r.url, allowPrivate);
  if (i.objects) await checkObjects(ctx, i.objects);
  const set: Partial<WebhooksTable> = { updated_at: isoNow() };
  if (i.name !== undefined) set.name = i.name;
  if (i.url !== undefined) set.url = i.url;
  if (i.events !== undefined) set.events = JSON.stringify(i.events);
  if (i.objects !== undefined)
    set.objects = i.objects?.length ? JSON.stringify([...new Set(i.objects)]) : null;
  if (i.allowPrivate !== undefined) set.allow_private = i.allowPrivate ? 1 : 0;
  if (i.enabled !== undefined) {
    set.enabled = i.enabled ? 1 : 0;
    set.disabled_reason = null;
    if (i.enabled) set.failures = 0;
  }
  await ctx.db.kysely.updateTable('webhooks').set(set).where('id', '=', r.id).execute();
  return webhookOut({ ...r, ...set }, ctx.lang);
}

export async function rotateSecret(
  ctx: OpContext,
  id: string,
): Promise<{ webhook: Webhook; secret: string }> {
  const r = await row(ctx, id);
  const secret = newSecret();
  const set = {
    secret_sealed: seal(ctx.db, r.id, secret),
    secret_hint: secret.slice(-4),
    updated_at: isoNow(),
  };
  await ctx.db.kysely.updateTable('webhooks').set(set).where('id', '=', r.id).execute();
  return { webhook: webhookOut({ ...r, ...set }, ctx.lang), secret };
}

export async function deleteWebhook(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const r = await row(ctx, id);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', r.id).execute();
    await trx.deleteFrom('webhooks').where('id', '=', r.id).execute();
  });
  return { ok: true };
}

/** A delivery row for `hook`, due now. */
export function newDelivery(
  hook: { id: string; domain_id: string },
  event: string,
  payload: (id: string) => unknown,
): WebhookDeliveriesTable {
  const id = randomKey(20);
  const now = isoNow();
  return {
    id,
    domain_id: hook.domain_id,
    webhook_id: hook.id,
    event,
    body: JSON.stringify(payload(id)),
    state: 'pending',
    attempts: 0,
    log: '[]',
    next_at: now,
    created_at: now,
    updated_at: now,
  };
}

/** Queues a `webhook.test` delivery (sent even while the webhook is disabled). */
export async function testWebhook(ctx: OpContext, id: string): Promise<WebhookDelivery> {
  const r = await row(ctx, id);
  const d = newDelivery(r, 'webhook.test', (deliveryId) => ({
    id: deliveryId,
    type: 'webhook.test',
    createdAt: isoNow(),
    domainId: r.domain_id,
    data: { webhook: { id: r.id, name: r.name } },
  }));
  await ctx.db.kysely.insertInto('webhook_deliveries').values(d).execute();
  return deliveryOut(d, ctx.lang);
}

export async function listDeliveries(
  ctx: OpContext,
  i: { id: string; offset: number; limit: number },
): Promise<{ items: WebhookDelivery[]; total: number }> {
  const r = await row(ctx, i.id);
  const [rows, count] = await Promise.all([
    ctx.db.kysely
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', r.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(i.offset)
      .limit(i.limit)
      .execute(),
    ctx.db.kysely
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_id', '=', r.id)
      .executeTakeFirst(),
  ]);
  return { items: rows.map((d) => deliveryOut(d, ctx.lang)), total: Number(count?.n ?? 0) };
}
