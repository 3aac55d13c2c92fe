import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeExport, exportEnded } from './exports.events.js';
import { recoverExport, runExport, type ExportParams } from './exports.service.js';

/** Registers the `export` job kind with the job runner. */
export const exportsPlugin = fp(async function exportsp(app: FastifyInstance) {
  app.jobs.register<ExportParams>('export', {
    run: (ctx) => runExport(app, ctx),
    recover: (_db, job) => recoverExport(app, job.id),
    // A read into a file stored at its end: stopped by a shutdown, it runs again from the start.
    resumable: true,
    finished: (db, job) => exportEnded(db, job),
    describe: (db, job) => describeExport(db, job.params),
  });
});
