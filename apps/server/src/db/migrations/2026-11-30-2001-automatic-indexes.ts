import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Automatic indexes (platform/auto-index.ts): `automatic` is 1 for an index the platform built
// for the filters, sorts and searches users ran without saving a view (0: a view's, a field's);
// `used_at` is when a read last had it serve its shape (written at most once an hour per index;
// null: not since it was built) — the least recently used automatic index gives way first to a
// view's, and one unused for long is dropped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pf_indexes')
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('pf_indexes').addColumn('used_at', 'varchar(40)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pf_indexes').dropColumn('used_at').execute();
  await db.schema.alterTable('pf_indexes').dropColumn('automatic').execute();
}
