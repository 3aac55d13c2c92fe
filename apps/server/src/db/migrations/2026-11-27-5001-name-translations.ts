import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Names of objects and fields in other languages: JSON `{ "de": "Fahrzeuge", "ru": "Транспорт" }`
// beside the default name, which stays the fallback.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pf_objects')
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('pf_fields')
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_fields').dropColumn('names').execute();
  await db.schema.alterTable('pf_objects').dropColumn('names').execute();
}
