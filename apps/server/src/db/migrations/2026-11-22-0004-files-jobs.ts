import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Stored files, chunked uploads in progress, background jobs (imports, exports) and imports
// with their per-row log.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = pg ? sql`bigserial primary key` : sql`integer primary key autoincrement`;

  await db.schema
    .createTable('pf_files')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    /** upload | import-log | export */
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pf_files_domain').on('pf_files').column('domain_id').execute();

  await db.schema
    .createTable('pf_uploads')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sha256', 'varchar(64)')
    .addColumn('file_id', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pf_uploads_expires').on('pf_uploads').column('expires_at').execute();

  await db.schema
    .createTable('pf_jobs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint')
    /** JSON input of the job. */
    .addColumn('params', 'text', (c) => c.notNull())
    /** JSON output of a finished job. */
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('file_id', 'varchar(40)')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(40)')
    .addColumn('finished_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('pf_jobs_domain')
    .on('pf_jobs')
    .columns(['domain_id', 'created_at'])
    .execute();
  await db.schema.createIndex('pf_jobs_status').on('pf_jobs').column('status').execute();

  await db.schema
    .createTable('pf_imports')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(32)', (c) =>
      c.notNull().references('pf_objects.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    /** JSON of ImportSettings. */
    .addColumn('settings', 'text', (c) => c.notNull())
    /** The job of the latest run; null while a draft. */
    .addColumn('job_id', 'varchar(40)')
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_imports_domain')
    .on('pf_imports')
    .columns(['domain_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('pf_import_log')
    .addColumn('id', serial)
    .addColumn('import_id', 'varchar(40)', (c) =>
      c.notNull().references('pf_imports.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('row_no', 'bigint', (c) => c.notNull())
    .addColumn('column_name', 'varchar(255)')
    .addColumn('field', 'varchar(128)')
    .addColumn('value', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_import_log_import')
    .on('pf_import_log')
    .columns(['import_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['pf_import_log', 'pf_imports', 'pf_jobs', 'pf_uploads', 'pf_files'])
    await db.schema.dropTable(t).ifExists().execute();
}
