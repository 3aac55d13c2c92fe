import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isoNow } from '../../lib/clock.js';
import type { Lang } from '../../platform/messages.js';
import { enqueueSync } from './mounts.service.js';
import { runSync, syncFinished, type SyncParams } from './mounts.sync.js';

/** How often due scheduled syncs are looked for. */
const SCHEDULE_TICK_MS = 30_000;

/**
 * Registers the `sync` job kind and runs scheduled syncs: every tick, each synced mount whose
 * `next_sync_at` has passed is claimed (a conditional update, so of several server processes on
 * one database only one queues it) and a sync job is queued.
 */
export const mountsPlugin = fp(async function mountsp(app: FastifyInstance) {
  app.jobs.register<SyncParams>('sync', {
    run: (job) => runSync(app, job),
    // One transaction (rows, watermark, event): stopped by a shutdown it rolls back and runs again.
    resumable: true,
    finished: (db, job) => syncFinished(db, job),
    describe: async (db, job) =>
      (
        await db.kysely
          .selectFrom('pf_objects')
          .select('name')
          .where('id', '=', job.params.objectId)
          .executeTakeFirst()
      )?.name ?? null,
  });
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const now = isoNow();
    const due = await app.db.kysely
      .selectFrom('pf_mounts')
      .select(['object_id', 'domain_id', 'schedule_minutes', 'next_sync_at', 'created_by'])
      .where('mode', '=', 'synced')
      .where('next_sync_at', '<=', now)
      .execute();
    for (const m of due) {
      const next = new Date(Date.now() + Number(m.schedule_minutes ?? 60) * 60_000).toISOString();
      const claimed = await app.db.kysely
        .updateTable('pf_mounts')
        .set({ next_sync_at: m.schedule_minutes ? next : null })
        .where('object_id', '=', m.object_id)
        .where('next_sync_at', '=', m.next_sync_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      await enqueueSync(
        { domainId: m.domain_id, userId: '', lang: 'en' as Lang },
        app,
        m.object_id,
        false,
      );
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      tick().catch((err: unknown) => app.log.warn({ err }, 'scheduled syncs not queued'));
    }, SCHEDULE_TICK_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
  });
});
