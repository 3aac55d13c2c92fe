import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Metadata of the data platform: objects, fields, saved views, indexes made for views and the
// audit log of record changes. Records of each object live in a table of their own
// (`obj_<id>`), created and altered at run time from this metadata.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = pg ? sql`bigserial primary key` : sql`integer primary key autoincrement`;

  await db.schema
    .createTable('pf_objects')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_field_id', 'varchar(32)')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('pf_objects_domain_code', ['domain_id', 'code'])
    .execute();

  await db.schema
    .createTable('pf_fields')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('object_id', 'varchar(32)', (c) =>
      c.notNull().references('pf_objects.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('column_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('pf_fields_object_code', ['object_id', 'code'])
    .execute();
  await db.schema.createIndex('pf_fields_domain').on('pf_fields').column('domain_id').execute();

  await db.schema
    .createTable('pf_views')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(32)', (c) =>
      c.notNull().references('pf_objects.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pf_views_object').on('pf_views').column('object_id').execute();

  await db.schema
    .createTable('pf_indexes')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('object_id', 'varchar(32)', (c) =>
      c.notNull().references('pf_objects.id').onDelete('cascade'),
    )
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('is_unique', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pf_audit')
    .addColumn('id', serial)
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema
    .createIndex('pf_audit_record')
    .on('pf_audit')
    .columns(['object_id', 'record_id', 'id'])
    .execute();
  await db.schema
    .createIndex('pf_audit_domain')
    .on('pf_audit')
    .columns(['domain_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['pf_audit', 'pf_indexes', 'pf_views', 'pf_fields', 'pf_objects']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
