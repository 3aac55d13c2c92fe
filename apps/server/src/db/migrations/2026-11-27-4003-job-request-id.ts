import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// The request that queued a job (`request_id`, its id in the logs): every log line of the job,
// in whichever server process runs it, carries it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_jobs').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_jobs').dropColumn('request_id').execute();
}
