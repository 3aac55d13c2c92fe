import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// The request writing an upload's chunk (a token) and until when its claim holds: the bytes are
// written outside any transaction, and a request of another server process waits for the claim
// instead of for a row lock held through the write (modules/files/files.uploads.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_uploads').addColumn('writer', 'varchar(40)').execute();
  await db.schema.alterTable('pf_uploads').addColumn('writing_until', 'varchar(40)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_uploads').dropColumn('writing_until').execute();
  await db.schema.alterTable('pf_uploads').dropColumn('writer').execute();
}
