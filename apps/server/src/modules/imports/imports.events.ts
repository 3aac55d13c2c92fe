import type { ImportResult } from '@fiscus/contracts';
import type { Db } from '../../db/dialect.js';
import { recordEvent } from '../../platform/events/index.js';
import type { FinishedJob } from '../../platform/jobs.js';
import type { ImportJobParams } from './imports.job.js';

async function importOf(db: Db, importId: string) {
  return db.kysely
    .selectFrom('pf_imports as i')
    .leftJoin('pf_files as f', 'f.id', 'i.file_id')
    .leftJoin('pf_objects as o', 'o.id', 'i.object_id')
    .select(['i.id', 'i.object_id', 'f.name as file_name', 'o.name as object_name'])
    .where('i.id', '=', importId)
    .executeTakeFirst();
}

/** The ribbon's event of an import run that ended (finished, failed or cancelled). */
export async function importEnded(db: Db, job: FinishedJob<ImportJobParams>): Promise<void> {
  const imp = await importOf(db, job.params.importId);
  if (!imp) return;
  const ok = job.status === 'succeeded';
  const result = (job.result ?? {}) as Partial<ImportResult>;
  await recordEvent(db, db.kysely, {
    kind: ok ? 'import.finished' : 'import.failed',
    domainId: job.domainId,
    userId: job.userId,
    objectId: imp.object_id,
    objectName: imp.object_name,
    count: ok ? (result.inserted ?? 0) + (result.updated ?? 0) : 1,
    data: ok
      ? { fileName: imp.file_name, ...result }
      : { fileName: imp.file_name, status: job.status, error: job.error },
    links: { importId: imp.id, jobId: job.id, objectId: imp.object_id },
  });
}

/** "file.csv → Vehicles" for lists of jobs. */
export async function describeImport(db: Db, params: ImportJobParams): Promise<string | null> {
  const imp = await importOf(db, params.importId);
  return imp ? `${imp.file_name ?? ''} → ${imp.object_name ?? ''}` : null;
}
