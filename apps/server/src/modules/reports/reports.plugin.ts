import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  describeReportRun,
  recoverReport,
  reportEnded,
  reportHandedBack,
  runReportJob,
} from './reports.run.js';
import type { ReportJobParams } from './reports.service.js';

/** Registers the `report` job kind: each run of a report is a job. */
export const reportsPlugin = fp(async function reportsp(app: FastifyInstance) {
  app.jobs.register<ReportJobParams>('report', {
    run: (ctx) => runReportJob(app, ctx),
    recover: (_db, job) => recoverReport(app, job.id),
    // A run stopped by a shutdown keeps nothing (its file is written last): it runs again.
    resumable: true,
    handedBack: (db, job) => reportHandedBack(db, job),
    finished: (db, job) => reportEnded(db, job),
    describe: (db, job) => describeReportRun(db, job.id),
  });
});
