import { timingSafeEqual } from 'node:crypto';
import { platformOps } from '@fiscus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import client from 'prom-client';
import { AppError } from '../lib/app-error.js';
import { onLaneWait } from '../platform/lanes.js';
import { commonText, langOf } from '../platform/messages.js';

/** Seconds: from a fast page (1 ms) to a slow export stream (30 s). */
const REQUEST_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];
/** Seconds: waits for a connection or a lane's slot, from none to a lane's limit (15 s). */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];
/** Seconds: jobs run from a second to hours. */
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600];

/**
 * What a request is counted under: its route pattern (never the path a client sent, which may
 * hold ids) and, for `/api/qry`, the op when it is one the platform knows (`batch` for a batch).
 */
function labelsOf(request: FastifyRequest): { route: string; op: string } {
  const route = request.routeOptions.url ?? 'unmatched';
  let op = '';
  if (route === '/api/qry') {
    const body = request.body as { op?: unknown } | undefined;
    const name = typeof body?.op === 'string' ? body.op : '';
    op = name === 'batch' || Object.hasOwn(platformOps, name) ? name : 'unknown';
  }
  return { route, op };
}

function sameToken(given: string, want: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format, for the token of METRICS_TOKEN (`Authorization:
 * Bearer …`); without METRICS_TOKEN the endpoint does not exist (404). Per process (each
 * server process is scraped on its own address):
 *
 * - `fiscus_http_request_duration_seconds{method,route,op,status}` — requests by route and op;
 * - `fiscus_jobs{status}` — jobs queued and running in the database (all processes);
 * - `fiscus_job_duration_seconds{kind,status}` — jobs ended in this process;
 * - `fiscus_db_pool_connections{state}` — PostgreSQL pool (total, idle, waiting);
 * - `fiscus_db_pool_wait_seconds` — PostgreSQL: how long the app waited for a connection;
 * - `fiscus_lane_wait_seconds{lane}` — how long statements waited for a slot of a query lane
 *   (docs/execution.md);
 * - Node's own: event-loop delay (`nodejs_eventloop_lag_*`), heap, GC, CPU, handles.
 */
export const metricsPlugin = fp(async function metrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new client.Histogram({
    name: 'fiscus_http_request_duration_seconds',
    help: 'Requests by route pattern and op (POST /api/qry), with their duration.',
    labelNames: ['method', 'route', 'op', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobDurations = new client.Histogram({
    name: 'fiscus_job_duration_seconds',
    help: 'Jobs ended in this process by kind and outcome, from start to end.',
    labelNames: ['kind', 'status'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const db = app.db;
  new client.Gauge({
    name: 'fiscus_jobs',
    help: 'Jobs queued and running now (all processes on this database).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db.kysely
        .selectFrom('pf_jobs')
        .select(['status', sql<number>`count(*)`.as('n')])
        .where('status', 'in', ['queued', 'running'])
        .groupBy('status')
        .execute();
      this.reset();
      for (const status of ['queued', 'running']) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      }
    },
  });
  if (db.poolStats) {
    const stats = db.poolStats;
    new client.Gauge({
      name: 'fiscus_db_pool_connections',
      help: 'PostgreSQL connections of this process: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  if (db.onPoolWait) {
    const poolWaits = new client.Histogram({
      name: 'fiscus_db_pool_wait_seconds',
      help: 'PostgreSQL: seconds each statement or transaction of the app waited for a connection.',
      buckets: WAIT_BUCKETS,
      registers: [registry],
    });
    const stop = db.onPoolWait((seconds) => poolWaits.observe(seconds));
    app.addHook('onClose', async () => stop());
  }
  const laneWaits = new client.Histogram({
    name: 'fiscus_lane_wait_seconds',
    help: 'Seconds each statement waited for a slot of a query lane (read, heavy).',
    labelNames: ['lane'] as const,
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  const stopLanes = onLaneWait(db, (lane, seconds) => laneWaits.observe({ lane }, seconds));
  app.addHook('onClose', async () => stopLanes());

  // Each run once, when it has ended: a watcher of changes may see the same end several times.
  app.jobs.onEnded((job) => {
    if (!job.startedAt || !job.finishedAt) return;
    const seconds = (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000;
    if (Number.isFinite(seconds) && seconds >= 0)
      jobDurations.observe({ kind: job.kind, status: job.status }, seconds);
  });

  app.addHook('onResponse', async (request, reply) => {
    const { route, op } = labelsOf(request);
    if (route === '/metrics') return;
    requests.observe(
      { method: request.method, route, op, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!given || !sameToken(given, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', commonText(langOf(request), 'error.unauthorized'));
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(body);
  });
});
