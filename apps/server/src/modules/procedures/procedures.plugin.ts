import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addTriggerSource } from '../../platform/triggers.js';
import { describeRun, runProcedureJob, type ProcedureJobParams } from './procedures.service.js';
import { procedureTriggers } from './procedures.triggers.js';

/**
 * Registers the `procedure` job kind (each run of a procedure is a job) and the procedures that
 * run when records change.
 */
export const proceduresPlugin = fp(async function proceduresp(app: FastifyInstance) {
  app.jobs.register<ProcedureJobParams>('procedure', {
    run: (ctx) => runProcedureJob(ctx),
    // Every step of a run is one transaction: stopped by a shutdown it rolls back and runs again.
    resumable: true,
    describe: (db, job) => describeRun({ db }, job.id),
  });
  addTriggerSource(procedureTriggers);
});
