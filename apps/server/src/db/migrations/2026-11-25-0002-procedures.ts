import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Procedures (named routines of safe steps) and their runs (each run is a job of kind
// `procedure`; its status, times and error live in pf_jobs, its log and result here).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pf_procedures')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: params, steps, timeoutSeconds. */
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_procedures_domain')
    .on('pf_procedures')
    .columns(['domain_id', 'name'])
    .execute();

  await db.schema
    .createTable('pf_procedure_runs')
    /** The job's id. */
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('procedure_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('procedure_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('action_id', 'varchar(64)')
    .addColumn('dry_run', 'smallint', (c) => c.notNull().defaultTo(0))
    /** JSON: the parameter values as given. */
    .addColumn('params', 'text', (c) => c.notNull())
    /** JSON: StepLog[]. */
    .addColumn('log', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: RunResult, once the run has ended well. */
    .addColumn('result', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pf_procedure_runs_domain')
    .on('pf_procedure_runs')
    .columns(['domain_id', 'procedure_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pf_procedure_runs').ifExists().execute();
  await db.schema.dropTable('pf_procedures').ifExists().execute();
}
