import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDb, type Db } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Config } from '../config/index.js';
import { registerExprRuntime } from '../platform/expr/index.js';
import { attachLanes, closeLanes } from '../platform/lanes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** Opens the database (SQLite file or PostgreSQL), runs pending migrations, closes on shutdown. */
export const dbPlugin = fp(async function dbp(
  app: FastifyInstance,
  opts: { config: Config; db?: Db },
) {
  const db =
    opts.db ??
    createDb({
      databaseUrl: opts.config.databaseUrl,
      dataDir: opts.config.dataDir,
      setupSqlite: registerExprRuntime,
    });
  const applied = await migrateToLatest(db.kysely as never);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  // Heavy and windowed reads run in lanes beside the app (platform/lanes.ts).
  attachLanes(db, opts.config.lanes, app.log, opts.config.databaseUrl);
  app.decorate('db', db);
  app.decorate('config', opts.config);
  app.addHook('onClose', async () => {
    await closeLanes(db);
    if (!opts.db) await db.close();
  });
});
