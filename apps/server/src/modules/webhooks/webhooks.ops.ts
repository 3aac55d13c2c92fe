import type { OpHandlers } from '../../platform/ops.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  rotateSecret,
  testWebhook,
  updateWebhook,
} from './webhooks.service.js';

/** The `/api/qry` ops of webhooks (owners and admins: `Integration`). */
export const webhooksOps = {
  'webhooks.list': (ctx) => listWebhooks(ctx),
  'webhooks.create': (ctx, i) => createWebhook(ctx, i),
  'webhooks.update': (ctx, i) => updateWebhook(ctx, i),
  'webhooks.rotateSecret': (ctx, i) => rotateSecret(ctx, i.id),
  'webhooks.delete': (ctx, i) => deleteWebhook(ctx, i.id),
  'webhooks.test': async (ctx, i, { app }) => {
    const d = await testWebhook(ctx, i.id);
    void app.webhooks.pump();
    return d;
  },
  'webhooks.deliveries': (ctx, i) => listDeliveries(ctx, i),
} satisfies OpHandlers;
