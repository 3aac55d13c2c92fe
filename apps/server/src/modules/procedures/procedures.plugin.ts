import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeRun, runProcedureJob, type ProcedureJobParams } from './procedures.service.js';

/** Registers the `procedure` job kind: each run of a procedure is a job. */
export const proceduresPlugin = fp(async function proceduresp(app: FastifyInstance) {
  app.jobs.register<ProcedureJobParams>('procedure', {
    run: (ctx) => runProcedureJob(ctx),
    describe: (db, job) => describeRun({ db }, job.id),
  });
});
