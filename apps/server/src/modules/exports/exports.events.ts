import type { Db } from '../../db/dialect.js';
import { recordEvent } from '../../platform/events/index.js';
import type { FinishedJob } from '../../platform/jobs.js';
import type { ExportParams } from './exports.service.js';

async function objectName(db: Db, objectId: string): Promise<string | null> {
  const o = await db.kysely
    .selectFrom('pf_objects')
    .select('name')
    .where('id', '=', objectId)
    .executeTakeFirst();
  return o?.name ?? null;
}

/** The ribbon's event of an export that ended. */
export async function exportEnded(db: Db, job: FinishedJob<ExportParams>): Promise<void> {
  const ok = job.status === 'succeeded';
  const file = ok
    ? await db.kysely
        .selectFrom('pf_jobs')
        .select('file_id')
        .where('id', '=', job.id)
        .executeTakeFirst()
    : undefined;
  const rows = Number((job.result as { rows?: number } | null)?.rows ?? 0);
  await recordEvent(db, db.kysely, {
    kind: ok ? 'export.finished' : 'export.failed',
    domainId: job.domainId,
    userId: job.userId,
    objectId: job.params.objectId,
    objectName: await objectName(db, job.params.objectId),
    count: ok ? rows : 1,
    data: ok
      ? { format: job.params.format, rows }
      : { format: job.params.format, status: job.status, error: job.error },
    links: {
      jobId: job.id,
      objectId: job.params.objectId,
      ...(file?.file_id ? { fileId: file.file_id } : {}),
    },
  });
}

/** "Vehicles (CSV)" for lists of jobs. */
export async function describeExport(db: Db, params: ExportParams): Promise<string | null> {
  const name = await objectName(db, params.objectId);
  return name ? `${name} (${params.format.toUpperCase()})` : null;
}
