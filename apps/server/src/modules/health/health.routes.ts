import { healthSchema, readySchema } from '@fiscus/contracts';
import { sql } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrations } from '../../db/migrations/index.js';
import { AppError } from '../../lib/app-error.js';
import { langOf } from '../../platform/messages.js';
import { healthText } from './health.messages.js';

const startedAt = Date.now();

/** The platform's own database: SQLite or PostgreSQL (MySQL is only ever a data source's). */
function platformDialect(d: DialectName): 'sqlite' | 'postgres' {
  return d === 'postgres' ? 'postgres' : 'sqlite';
}
/** Longest a readiness probe waits for the database, in ms. */
const READY_DB_WAIT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * `GET /api/health` — the process is alive (a load balancer's liveness probe).
 * `GET /api/ready` — it should get traffic: not shutting down, the database answers within 2 s
 * on the writing connection, and every migration this version knows is applied; otherwise 503
 * with the reason (a readiness probe).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    // On the read-only connection: never behind a writer's long transaction.
    await sql`select 1`.execute(app.db.read ?? app.db.kysely);
    return {
      status: 'ok' as const,
      version: process.env.npm_package_version ?? '0.1.0',
      database: platformDialect(app.db.dialect),
      uptime: Math.round((Date.now() - startedAt) / 1000),
    };
  });

  app.get('/api/ready', { schema: { response: { 200: readySchema } } }, async (request) => {
    const lang = langOf(request);
    const unavailable = (text: string) => new AppError('service_unavailable', text);
    if (closing) throw unavailable(healthText(lang, 'ready.closing'));
    let applied: Set<string>;
    try {
      const { rows } = await within(
        sql<{ name: string }>`select name from kysely_migration`.execute(app.db.kysely),
        READY_DB_WAIT_MS,
      );
      applied = new Set(rows.map((r) => r.name));
    } catch {
      throw unavailable(healthText(lang, 'ready.database'));
    }
    const known = Object.keys(migrations);
    const missing = known.filter((name) => !applied.has(name)).length;
    if (missing > 0) throw unavailable(healthText(lang, 'ready.migrations', { n: missing }));
    return {
      status: 'ready' as const,
      database: platformDialect(app.db.dialect),
      migrations: known.length,
    };
  });
};
