import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Names of records in other languages — a catalog's records (scenarios, articles, cost centres)
// as a user of that language sees them wherever a reference shows them: one row per record and
// language beside the record's display value, which stays the fallback.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pf_record_names')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pf_record_names_pk', ['object_id', 'record_id', 'lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_record_names').execute();
}
