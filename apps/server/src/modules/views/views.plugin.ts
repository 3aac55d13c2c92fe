import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { indexJobWithViews, queueViewRefresh } from './views.refresh.js';

/**
 * Saved views at start: the `index` job kind learns to bring an object's view indexes up to
 * today's policy, and when the database's views were indexed under an earlier one, a refresh is
 * queued in the background (views.refresh.ts). The start does not wait for it.
 */
export const viewsPlugin = fp(async function viewsp(app: FastifyInstance) {
  app.jobs.register('index', indexJobWithViews);
  app.addHook('onReady', async () => {
    try {
      await queueViewRefresh(app);
    } catch (err) {
      app.log.warn({ err }, 'view indexes: refresh not queued');
    }
  });
});
