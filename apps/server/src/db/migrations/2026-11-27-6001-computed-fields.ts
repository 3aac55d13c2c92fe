import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Computed fields (formula, lookup, rollup): the field's definition as JSON beside its options;
// null for a stored field. The field's `type` stays the type of its values.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_fields').addColumn('computed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_fields').dropColumn('computed').execute();
}
