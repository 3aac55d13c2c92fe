import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { closeSources, useSources } from '../../platform/sources/index.js';
import { findFile } from '../files/index.js';

/**
 * Sets up data sources for this app: the limits of source connections, the key that seals
 * their passwords, and where uploaded SQLite files are; closes the sources' pools at shutdown.
 */
export const datasourcesPlugin = fp(async function datasourcesp(app: FastifyInstance) {
  const { config } = app;
  useSources(app.db, {
    limits: {
      connectTimeoutMs: config.sourceConnectTimeoutMs,
      statementTimeoutMs: config.sourceStatementTimeoutMs,
      deny: config.sourceDeny,
    },
    secretsKey: config.secretsKey,
    log: app.log,
    sourcesDir: path.join(config.dataDir, 'sources'),
    filePath: async (domainId, fileId) =>
      (await findFile(app.db, config.dataDir, domainId, fileId))?.path,
  });
  app.addHook('onClose', async () => {
    await closeSources(app.db);
  });
});
