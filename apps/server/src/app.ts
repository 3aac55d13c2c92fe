import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import type { Db } from './db/dialect.js';
import { authPlugin, authRoutes } from './modules/auth/index.js';
import { datasourcesPlugin } from './modules/datasources/index.js';
import { mountsPlugin } from './modules/mounts/index.js';
import { viewsPlugin } from './modules/views/index.js';
import { openapiRoutes, referenceRoutes } from './modules/openapi/index.js';
import { webhooksPlugin } from './modules/webhooks/index.js';
import { exportsPlugin } from './modules/exports/index.js';
import { filesRoutes } from './modules/files/index.js';
import { healthRoutes } from './modules/health/index.js';
import { importsModule } from './modules/imports/index.js';
import { proceduresPlugin } from './modules/procedures/index.js';
import { reportsPlugin } from './modules/reports/index.js';
import { qryRoutes } from './modules/qry/index.js';
import { ribbonStream } from './modules/ribbon/index.js';
import { dbPlugin } from './plugins/db.js';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.js';
import { jobsPlugin } from './plugins/jobs.js';
import { metricsPlugin } from './plugins/metrics.js';
import { securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { runInRequest } from './platform/request-context.js';

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one across apps). */
  db?: Db;
  /** pino options; `false` silences logs (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** Builds the whole server without listening: tests drive it through `inject` or a real port. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // What Node's parser refuses (e.g. an oversized header → 431) answers in the error envelope.
    clientErrorHandler,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The handler and what it starts (jobs it queues) know the request's id (after the body is
  // read: a body's stream events come from outside the request's own async context).
  app.addHook('preHandler', (request, _reply, done) => runInRequest(request.id, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { imgSources: config.cspImgSources });
  await app.register(dbPlugin, { config, db: opts.db });
  await app.register(authPlugin);
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  await app.register(ribbonStream);
  await app.register(exportsPlugin);
  await app.register(importsModule);
  await app.register(proceduresPlugin);
  await app.register(datasourcesPlugin);
  await app.register(reportsPlugin);
  await app.register(mountsPlugin);
  await app.register(viewsPlugin);
  await app.register(webhooksPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(qryRoutes);
  await app.register(filesRoutes);
  await app.register(openapiRoutes);
  await app.register(referenceRoutes);

  await app.register(spaPlugin, { webDist: config.webDist });
  return app;
}
