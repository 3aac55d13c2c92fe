import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeImport, importEnded } from './imports.events.js';
import {
  dropStaging,
  restoreImportIndexes,
  runImport,
  undoApply,
  type ImportJobParams,
} from './imports.job.js';

/** Registers the `import` job kind: the run, and the clean-up after a crash. */
export const importsModule = fp(
  async function imports(app: FastifyInstance) {
    app.jobs.register<ImportJobParams>('import', {
      run: (ctx) => runImport(ctx, app.config.dataDir),
      // A crash mid-apply: what the apply wrote is undone (SQLite), the staging table goes.
      // The grouped views' indexes a large import suspended are built again.
      recover: async (db, job) => {
        await undoApply(db, job.id);
        await dropStaging(db, job.id, app.config.dataDir);
        await restoreImportIndexes(db, job.params);
      },
      // All or nothing: an import stopped by a shutdown runs again from its start.
      resumable: true,
      finished: (db, job) => importEnded(db, job),
      describe: (db, job) => describeImport(db, job.params),
    });
  },
  { name: 'imports' },
);
