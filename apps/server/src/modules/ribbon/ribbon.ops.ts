import type { OpHandlers } from '../../platform/ops.js';
import { issueTicket, listEvents, listJobs } from './ribbon.service.js';

export const ribbonOps = {
  'ribbon.list': (ctx, i) => listEvents(ctx, i),
  'events.ticket': (ctx, _i, { request }) => issueTicket(ctx, request.auth.sessionId),
  'jobs.list': (ctx, i, { app }) => listJobs(ctx, i, app),
} satisfies OpHandlers;
