import { healthSchema } from '@fiscus/contracts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => {
    // On the read-only connection: never behind a writer's long transaction.
    await sql`select 1`.execute(app.db.read ?? app.db.kysely);
    return {
      status: 'ok' as const,
      version: process.env.npm_package_version ?? '0.1.0',
      database: app.db.dialect,
      uptime: Math.round((Date.now() - startedAt) / 1000),
    };
  });
};
