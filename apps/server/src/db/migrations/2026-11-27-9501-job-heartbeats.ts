import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Jobs of several server processes on one database: which process runs a job (`owner`, a key
// made at each start) and when it last said it is alive (`heartbeat_at`, ISO time), so that
// another process notices a job whose process died.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_jobs').addColumn('owner', 'text').execute();
  await db.schema.alterTable('pf_jobs').addColumn('heartbeat_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_jobs').dropColumn('heartbeat_at').execute();
  await db.schema.alterTable('pf_jobs').dropColumn('owner').execute();
}
