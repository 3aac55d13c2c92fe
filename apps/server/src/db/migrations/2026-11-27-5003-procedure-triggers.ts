import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Procedures that run when records of an object change: the object of a procedure's trigger
// (found at every write of that object, so it is a column with an index), and what started a
// run by a trigger (JSON: the object and how many records changed).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_procedures').addColumn('trigger_object_id', 'text').execute();
  await db.schema
    .createIndex('pf_procedures_trigger_idx')
    .on('pf_procedures')
    .columns(['domain_id', 'trigger_object_id'])
    .execute();
  await db.schema.alterTable('pf_procedure_runs').addColumn('trigger', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_procedure_runs').dropColumn('trigger').execute();
  await db.schema.dropIndex('pf_procedures_trigger_idx').execute();
  await db.schema.alterTable('pf_procedures').dropColumn('trigger_object_id').execute();
}
