import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onEventRecorded } from '../../platform/events/index.js';
import { WebhookDispatcher, type DeliveryJobParams } from './webhooks.dispatch.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook deliveries of this process (webhooks.dispatch.ts). */
    webhooks: WebhookDispatcher;
  }
}

/**
 * Webhooks for this app: deliveries made with every event recorded, the `webhook` job kind,
 * and the look for due deliveries once the server is ready (stopped before the job runner).
 */
export const webhooksPlugin = fp(
  async function webhooksp(app: FastifyInstance) {
    const dispatcher = new WebhookDispatcher(app.db, app.jobs, app.log);
    app.decorate('webhooks', dispatcher);
    const off = onEventRecorded(app.db, dispatcher.sink);
    app.jobs.register<DeliveryJobParams>('webhook', dispatcher.job);
    app.addHook('onReady', async () => {
      dispatcher.start();
    });
    app.addHook('preClose', async () => {
      off();
      await dispatcher.stop();
    });
  },
  { name: 'webhooks' },
);
