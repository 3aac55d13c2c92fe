/**
 * Webhooks: signed POSTs to other systems on a domain's events, retried with backoff through
 * the job runner, with a delivery log; disabled after repeated failures.
 */
export { webhooksOps } from './webhooks.ops.js';
export { webhooksPlugin } from './webhooks.plugin.js';
