import {
  jobKinds,
  type JobItem,
  type jobsListInput,
  type ribbonListInput,
  type RibbonEvent,
} from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isoNow, nowMs } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { Db } from '../../db/dialect.js';
import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { eventOut, selectEvents } from '../../platform/events/index.js';
import { jobFromRow } from '../../platform/jobs.js';
import { isIsoDate } from '../../platform/expr/index.js';
import { normalizeDatetime } from '../../platform/values.js';
import { ribbonText } from './ribbon.messages.js';

type ListInput = z.output<typeof ribbonListInput>;

function addDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** `ribbon.list`: the domain's events, newest first, filtered and paged by id. */
export async function listEvents(
  ctx: OpContext,
  input: ListInput,
): Promise<{ items: RibbonEvent[]; nextBefore: number | null }> {
  const errors: Record<string, string[]> = {};
  const instant = (v: string | undefined, key: 'from' | 'to'): string | undefined => {
    if (v === undefined) return undefined;
    if (isIsoDate(v)) return key === 'from' ? `${v}T00:00:00.000Z` : addDay(v);
    const iso = normalizeDatetime(v);
    if (!iso) errors[key] = [ribbonText(ctx.lang, 'ribbon.bad_period')];
    return iso;
  };
  const from = instant(input.from, 'from');
  const to = instant(input.to, 'to');
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  let q = selectEvents(ctx.db.kysely).where('e.domain_id', '=', ctx.domainId);
  if (input.kinds?.length) q = q.where('e.kind', 'in', input.kinds);
  if (input.objectId) q = q.where('e.object_id', '=', input.objectId);
  if (input.userId) q = q.where('e.user_id', '=', input.userId);
  if (from) q = q.where('e.at', '>=', from);
  // A date means the whole day; an instant is inclusive.
  if (to) q = q.where('e.at', input.to && isIsoDate(input.to) ? '<' : '<=', to);
  if (input.before) q = q.where('e.id', '<', input.before);
  const rows = await q
    .orderBy('e.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const items = rows.slice(0, input.limit).map(eventOut);
  const last = items.at(-1);
  return { items, nextBefore: rows.length > input.limit && last ? last.id : null };
}

/** Seconds a stream ticket stays valid. */
export const TICKET_TTL = 60;

/** `events.ticket`: a random ticket that opens the event stream once, within a minute. */
export async function issueTicket(
  ctx: OpContext,
  sessionId: string,
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomToken(32);
  const expiresAt = new Date(nowMs() + TICKET_TTL * 1000).toISOString();
  const k = ctx.db.kysely;
  await k.deleteFrom('pf_event_tickets').where('expires_at', '<', isoNow()).execute();
  await k
    .insertInto('pf_event_tickets')
    .values({
      ticket_hash: sha256Hex(ticket),
      user_id: ctx.userId,
      domain_id: ctx.domainId,
      session_id: sessionId,
      expires_at: expiresAt,
    })
    .execute();
  return { ticket, expiresAt };
}

/** Takes a ticket (it cannot be used again); undefined when unknown or expired. */
export async function takeTicket(
  db: Db,
  ticket: string,
): Promise<{ userId: string; domainId: string; sessionId: string } | undefined> {
  if (!/^[\w-]{20,100}$/.test(ticket)) return undefined;
  const hash = sha256Hex(ticket);
  const row = await db.kysely
    .deleteFrom('pf_event_tickets')
    .where('ticket_hash', '=', hash)
    .returning(['user_id', 'domain_id', 'session_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at < isoNow()) return undefined;
  return { userId: row.user_id, domainId: row.domain_id, sessionId: row.session_id };
}

/** Minutes a finished job stays in the list of active jobs. */
const RECENT_MINUTES = 10;

/** A job with what it is about, for the dashboard and the stream. */
export async function jobItem(
  app: FastifyInstance,
  job: ReturnType<typeof jobFromRow>,
  domainId: string,
  params: unknown,
): Promise<JobItem> {
  let label: string | null = null;
  try {
    label =
      (await app.jobs.handler(job.kind)?.describe?.(app.db, { id: job.id, domainId, params })) ??
      null;
  } catch {
    label = null;
  }
  return { ...job, label };
}

/** `jobs.list`: the domain's queued and running jobs (and those just finished), newest first. */
export async function listJobs(
  ctx: OpContext,
  input: z.output<typeof jobsListInput>,
  app: FastifyInstance,
): Promise<{ items: JobItem[] }> {
  let q = ctx.db.kysely
    .selectFrom('pf_jobs')
    .selectAll()
    .where('domain_id', '=', ctx.domainId)
    .where('kind', 'in', [...jobKinds]);
  if (input.active) {
    const since = new Date(nowMs() - RECENT_MINUTES * 60_000).toISOString();
    q = q.where((eb) =>
      eb.or([eb('status', 'in', ['queued', 'running']), eb('finished_at', '>=', since)]),
    );
  }
  const rows = await q.orderBy('created_at', 'desc').limit(input.limit).execute();
  const items: JobItem[] = [];
  for (const r of rows) {
    items.push(await jobItem(app, jobFromRow(r), r.domain_id, JSON.parse(r.params) as unknown));
  }
  return { items };
}
