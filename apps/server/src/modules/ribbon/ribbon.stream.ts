import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { langOf } from '../../platform/messages.js';
import { liveRole } from '../auth/index.js';
import {
  attachBus,
  EventBus,
  eventOut,
  frameOf,
  selectEvents,
  type BusMessage,
} from '../../platform/events/index.js';
import { ribbonText } from './ribbon.messages.js';
import { jobItem, takeTicket } from './ribbon.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event bus of this process (see platform/events). */
    events: EventBus;
  }
}

/** A comment line every so often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** How often an open stream checks that its user is still a member and signed in. */
const RECHECK_MS = 60_000;
/** Events replayed after `Last-Event-ID` at most; beyond, the client is told to reload. */
const REPLAY_MAX = 1000;
/** Open streams one user may have in one process. */
const STREAMS_PER_USER = 20;
/** A subscriber that does not read (its socket buffer grows past this) is disconnected. */
const MAX_BUFFERED = 4 * 1024 * 1024;
/**
 * PostgreSQL gives event ids when events are written, and transactions commit in any order: an
 * event with a smaller id may become visible just after one with a larger id was delivered. A
 * replay therefore also sends the events shortly before `Last-Event-ID` that were recorded in
 * the last seconds; clients drop the ids they already have.
 */
const LATE_COMMIT_IDS = 200;
const LATE_COMMIT_MS = 30_000;

interface Stream {
  res: ServerResponse;
  /** Ends the stream; `retryMs`: first tells the client when to reconnect (a shutdown). */
  close(retryMs?: number): void;
}

/**
 * A server shutting down tells each open stream to reconnect after 1–3 s (`retry:`), spread so
 * that its clients do not all reach the remaining processes at once; they come back with
 * `Last-Event-ID` and get what was written meanwhile.
 */
const SHUTDOWN_RETRY_MS = 1000;
const SHUTDOWN_RETRY_SPREAD_MS = 2000;

/**
 * `GET /api/events?ticket=…` — the domain's events as server-sent events (`event: ribbon`, with
 * `id:`), running jobs (`event: job`), and `event: reset` when more was missed than a replay
 * sends. The ticket comes from the op `events.ticket` (one use, one minute), so no long-lived
 * token appears in an address. A reconnecting client sends `Last-Event-ID` (header, or
 * `lastEventId` in the query when it opens a new stream) and gets the events it missed.
 */
export const ribbonStream = fp(
  async function ribbonStreamPlugin(app: FastifyInstance) {
    const bus = new EventBus(app.db, app.log, app.config.databaseUrl);
    attachBus(app.db, bus);
    app.decorate('events', bus);
    const streams = new Set<Stream>();
    const perUser = new Map<string, number>();

    // Running jobs: every change of a job's state goes to its domain's streams.
    const labels = new Map<string, string | null>();
    app.jobs.watch((job, domainId) => {
      void (async () => {
        let label = labels.get(job.id);
        if (label === undefined) {
          const row = await app.db.kysely
            .selectFrom('pf_jobs')
            .select('params')
            .where('id', '=', job.id)
            .executeTakeFirst();
          label = (await jobItem(app, job, domainId, row ? JSON.parse(row.params) : {})).label;
          labels.set(job.id, label);
        }
        if (job.finishedAt) labels.delete(job.id);
        bus.publishJob(domainId, { ...job, label });
      })().catch((err: unknown) => app.log.warn({ err }, 'job change not published'));
    });

    app.addHook('onReady', async () => {
      await bus.start();
    });
    app.addHook('preClose', async () => {
      for (const s of [...streams])
        s.close(SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS));
      await bus.stop();
    });

    app.get('/api/events', async (request, reply) => {
      const lang = langOf(request);
      const query = request.query as Record<string, unknown>;
      const ticket = typeof query.ticket === 'string' ? query.ticket : '';
      const lastText =
        (typeof request.headers['last-event-id'] === 'string'
          ? request.headers['last-event-id']
          : undefined) ?? (typeof query.lastEventId === 'string' ? query.lastEventId : undefined);
      let lastId: number | undefined;
      if (lastText !== undefined && lastText !== '') {
        if (!/^\d{1,15}$/.test(lastText))
          throw new AppError('validation_failed', ribbonText(lang, 'ribbon.bad_last_event'), {
            lastEventId: [ribbonText(lang, 'ribbon.bad_last_event')],
          });
        lastId = Number(lastText);
      }
      const who = ticket ? await takeTicket(app.db, ticket) : undefined;
      const role = who && (await liveRole(app, who));
      if (!who || !role)
        throw new AppError('unauthorized', ribbonText(lang, 'ribbon.ticket_invalid'));
      const open = perUser.get(who.userId) ?? 0;
      if (open >= STREAMS_PER_USER)
        throw new AppError('too_many_requests', ribbonText(lang, 'ribbon.too_many_streams'));
      perUser.set(who.userId, open + 1);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      res.socket?.setNoDelay(true);
      res.write('retry: 3000\n\n');

      let closed = false;
      let buffered: BusMessage[] | null = [];
      const sent = new Set<number>();
      const write = (frame: string) => {
        if (closed) return;
        res.write(frame);
        if (res.writableLength > MAX_BUFFERED) stream.close();
      };
      const send = (m: BusMessage) => {
        if (m.type === 'event') {
          if (sent.has(m.event.id)) return;
          sent.add(m.event.id);
          if (sent.size > 2000) sent.delete(sent.values().next().value as number);
        }
        write(m.frame);
      };
      const unsubscribe = bus.subscribe(who.domainId, (m) => {
        if (buffered) buffered.push(m);
        else send(m);
      });
      const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      const recheck = setInterval(() => {
        liveRole(app, who)
          .then((r) => {
            if (!r) {
              write('event: end\ndata: {"reason":"signed_out"}\n\n');
              stream.close();
            }
          })
          .catch(() => undefined);
      }, RECHECK_MS);
      heartbeat.unref();
      recheck.unref();
      const stream: Stream = {
        res,
        close(retryMs) {
          if (closed) return;
          if (retryMs !== undefined) write(`: server stopping\nretry: ${retryMs}\n\n`);
          closed = true;
          clearInterval(heartbeat);
          clearInterval(recheck);
          unsubscribe();
          streams.delete(stream);
          const n = (perUser.get(who.userId) ?? 1) - 1;
          if (n > 0) perUser.set(who.userId, n);
          else perUser.delete(who.userId);
          res.end();
        },
      };
      streams.add(stream);
      res.on('close', () => stream.close());
      res.on('error', () => stream.close());

      if (lastId !== undefined) {
        try {
          let q = selectEvents(app.db.kysely).where('e.domain_id', '=', who.domainId);
          const after = lastId;
          if (app.db.dialect === 'postgres') {
            const since = new Date(Date.now() - LATE_COMMIT_MS).toISOString();
            q = q.where((eb) =>
              eb.or([
                eb('e.id', '>', after),
                eb.and([eb('e.id', '>', after - LATE_COMMIT_IDS), eb('e.at', '>=', since)]),
              ]),
            );
          } else q = q.where('e.id', '>', after);
          const rows = await q
            .orderBy('e.id')
            .limit(REPLAY_MAX + 1)
            .execute();
          if (rows.length > REPLAY_MAX) write('event: reset\ndata: {}\n\n');
          else
            for (const r of rows) {
              const event = eventOut(r);
              send({
                type: 'event',
                domainId: who.domainId,
                event,
                frame: frameOf({ type: 'event', event }),
              });
            }
        } catch (err) {
          request.log.error({ err }, 'event replay failed');
          write('event: reset\ndata: {}\n\n');
        }
      }
      const pending = buffered;
      buffered = null;
      for (const m of pending) send(m);
    });
  },
  { name: 'ribbon-stream', dependencies: ['auth'] },
);
