import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Named for the 28th so that it sorts after the API tokens' migration (4002), which it alters.
// Integrations: domain API tokens and tokens limited to some objects (`kind`, `objects` JSON);
// the API token a change of a record came through (`pf_audit.via`, the token's name as it was);
// webhooks (the signing secret sealed like data source passwords) and their deliveries (each
// attempt's answer kept in `log`, JSON).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_tokens')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('personal'))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('objects', 'text').execute();
  await db.schema
    .createIndex('api_tokens_domain_idx')
    .on('api_tokens')
    .columns(['domain_id', 'kind'])
    .execute();
  await db.schema.alterTable('pf_audit').addColumn('via', 'varchar(120)').execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('objects', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('allow_private', 'integer', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_delivery_at', 'varchar(40)')
    .addColumn('last_status', 'integer')
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_domain_idx').on('webhooks').column('domain_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('webhook_id', 'varchar(40)', (c) =>
      c.notNull().references('webhooks.id').onDelete('cascade'),
    )
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('log', 'text', (c) => c.notNull())
    .addColumn('next_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['state', 'next_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_hook_idx')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
  await db.schema.alterTable('pf_audit').dropColumn('via').execute();
  await db.schema.dropIndex('api_tokens_domain_idx').execute();
  await db.schema.alterTable('api_tokens').dropColumn('objects').execute();
  await db.schema.alterTable('api_tokens').dropColumn('kind').execute();
}
