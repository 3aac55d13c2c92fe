import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Descriptions of objects, procedures, cubes and reports in other languages, and the question an
// action asks before it runs: JSON `{ "de": "…" }` beside the default text, which stays the
// fallback (as names beside name).

const DESCRIBED = ['pf_objects', 'pf_procedures', 'pf_cubes', 'pf_reports'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of DESCRIBED)
    await db.schema
      .alterTable(t)
      .addColumn('descriptions', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  await db.schema
    .alterTable('pf_actions')
    .addColumn('confirms', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_actions').dropColumn('confirms').execute();
  for (const t of DESCRIBED) await db.schema.alterTable(t).dropColumn('descriptions').execute();
}
