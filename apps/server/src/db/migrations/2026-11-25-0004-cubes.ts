import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Cubes (pivot definitions over an object) and the write-backs typed into them (kept for undo).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pf_cubes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: dimensions, measures, calculated, parameters, defaultLayout, locks, keyDimensions. */
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_cubes_domain')
    .on('pf_cubes')
    .columns(['domain_id', 'name'])
    .execute();

  await db.schema
    .createTable('pf_cube_writes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('cube_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    /** JSON: { field, updated: [[id, before, after]], created: [id] } in the API's value form. */
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('undone_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('pf_cube_writes_user')
    .on('pf_cube_writes')
    .columns(['domain_id', 'cube_id', 'user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_cube_writes').ifExists().execute();
  await db.schema.dropTable('pf_cubes').ifExists().execute();
}
