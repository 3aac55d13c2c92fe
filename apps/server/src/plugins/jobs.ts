import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { indexJob } from '../platform/index-jobs.js';
import { Jobs } from '../platform/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * The job runner of this process, fair across domains with the limits of the configuration. Modules register their job kinds while the app is built;
 * once the server is ready, interrupted jobs are recovered and queued ones start.
 */
export const jobsPlugin = fp(async function jobsp(app: FastifyInstance) {
  const jobs = new Jobs(app.db, app.log, app.config.jobs);
  jobs.register('index', indexJob);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await jobs.start();
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
});
