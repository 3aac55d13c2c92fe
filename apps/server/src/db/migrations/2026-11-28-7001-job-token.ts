import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// The API token a job was started through (its name as it was), beside the user who started it,
// like `pf_audit.via` for changes of records.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_jobs').addColumn('via_token', 'varchar(120)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_jobs').dropColumn('via_token').execute();
}
