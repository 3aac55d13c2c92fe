import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Reports (a view or a cube with parameters and a format) and their runs (each run is a job of
// kind `report`; its status, times and error live in pf_jobs, the rest here).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pf_reports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** `view` or `cube`. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** The object of a view report, or the cube's object. */
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('view_id', 'varchar(64)')
    .addColumn('cube_id', 'varchar(64)')
    /** JSON: layout (cube reports), parameters. */
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_reports_domain')
    .on('pf_reports')
    .columns(['domain_id', 'name'])
    .execute();

  await db.schema
    .createTable('pf_report_runs')
    /** The job's id. */
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('report_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('report_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    /** JSON: the parameters (filter tree) of the run, or null. */
    .addColumn('params', 'text')
    .addColumn('params_text', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: ReportLogLine[]. */
    .addColumn('log', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: ReportResult, once the run has ended well. */
    .addColumn('result', 'text')
    .addColumn('file_id', 'varchar(64)')
    .addColumn('file_name', 'varchar(255)')
    .addColumn('size', 'bigint')
    .addColumn('duration_ms', 'bigint')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_report_runs_domain')
    .on('pf_report_runs')
    .columns(['domain_id', 'report_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_report_runs').ifExists().execute();
  await db.schema.dropTable('pf_reports').ifExists().execute();
}
