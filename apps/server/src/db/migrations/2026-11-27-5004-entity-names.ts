import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Names of procedures, actions, cubes and reports in other languages, as objects and fields have
// them: JSON `{ "de": "Budgetzusammenführung" }` beside the default name, which stays the fallback.

const TABLES = ['pf_procedures', 'pf_actions', 'pf_cubes', 'pf_reports'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES)
    await db.schema
      .alterTable(t)
      .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) await db.schema.alterTable(t).dropColumn('names').execute();
}
