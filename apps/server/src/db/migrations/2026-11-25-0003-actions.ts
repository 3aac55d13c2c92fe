import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Actions: buttons on an object's list toolbar or record card that run a procedure with preset
// parameters (and ask for others), shown to the roles listed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pf_actions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('icon', 'varchar(40)', (c) => c.notNull())
    .addColumn('procedure_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    /** JSON: ('toolbar' | 'card')[]. */
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('record_param', 'varchar(64)')
    /** JSON: parameter values fixed by the action. */
    .addColumn('preset', 'text', (c) => c.notNull())
    /** JSON: names of the parameters asked for. */
    .addColumn('ask', 'text', (c) => c.notNull())
    .addColumn('confirm', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: roles that see and may run it. */
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_actions_domain_object')
    .on('pf_actions')
    .columns(['domain_id', 'object_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_actions').ifExists().execute();
}
