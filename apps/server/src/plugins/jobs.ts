import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startAutoIndexes } from '../platform/auto-index.js';
import { indexJob } from '../platform/index-jobs.js';
import { Jobs } from '../platform/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
    /** A shutdown gives running jobs this long to end before they are stopped (server.ts). */
    graceJobs(ms: number): void;
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
  // Indexes for the reads users run without saving a view, built by `index` jobs.
  const autoIndexes = startAutoIndexes(app.db, jobs, app.log, app.config.autoIndexes);
  const grace = { ms: 0 };
  app.decorate('graceJobs', (ms: number) => {
    grace.ms = ms;
  });
  app.addHook('onReady', async () => {
    await jobs.start();
    autoIndexes.start();
  });
  // Once requests in flight have been answered: running jobs get the grace period a shutdown
  // asked for (`graceJobs`; none when a test closes the app), then they are stopped.
  app.addHook('onClose', async () => {
    autoIndexes.stop();
    await jobs.stop(grace.ms);
  });
});
