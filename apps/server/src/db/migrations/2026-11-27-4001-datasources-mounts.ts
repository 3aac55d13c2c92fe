import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Data sources (connections to external databases, passwords sealed) and mounts (a source's
// table or an uploaded file shown as an object of kind `mounted`, live or synced).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pf_datasources')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)')
    .addColumn('port', 'integer')
    .addColumn('database', 'varchar(255)')
    .addColumn('username', 'varchar(255)')
    .addColumn('ssl_mode', 'varchar(20)')
    .addColumn('secret', 'text')
    .addColumn('file_id', 'varchar(64)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('untested'))
    .addColumn('status_reason', 'varchar(40)')
    .addColumn('tested_at', 'varchar(40)')
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_datasources_domain')
    .on('pf_datasources')
    .columns(['domain_id', 'name'])
    .execute();

  await db.schema
    .createTable('pf_mounts')
    .addColumn('object_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)')
    .addColumn('file_id', 'varchar(64)')
    .addColumn('source_schema', 'varchar(255)')
    .addColumn('source_table', 'varchar(255)', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('key_column', 'varchar(255)')
    .addColumn('updated_column', 'varchar(255)')
    .addColumn('schedule_minutes', 'integer')
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('attention', 'text')
    .addColumn('last_sync_at', 'varchar(40)')
    .addColumn('last_sync_rows', 'integer')
    .addColumn('last_sync_job', 'varchar(64)')
    .addColumn('watermark', 'text')
    .addColumn('next_sync_at', 'varchar(40)')
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pf_mounts_domain').on('pf_mounts').columns(['domain_id']).execute();
  await db.schema.createIndex('pf_mounts_source').on('pf_mounts').columns(['source_id']).execute();
  await db.schema
    .createIndex('pf_mounts_next_sync')
    .on('pf_mounts')
    .columns(['next_sync_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_mounts').ifExists().execute();
  await db.schema.dropTable('pf_datasources').ifExists().execute();
}
