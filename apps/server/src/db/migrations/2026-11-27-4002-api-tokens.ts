import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Personal API tokens (stored as SHA-256 of the secret, never the secret) and the writes made
// through them (the token's name kept with each, as it was then).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)')
    .addColumn('last_used_at', 'varchar(40)')
    .addColumn('revoked_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_tokens_user_idx')
    .on('api_tokens')
    .columns(['user_id', 'domain_id'])
    .execute();

  await db.schema
    .createTable('api_token_writes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('token_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('token_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('domain_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('op', 'varchar(60)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)')
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_token_writes_domain_idx')
    .on('api_token_writes')
    .columns(['domain_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_token_writes').execute();
  await db.schema.dropTable('api_tokens').execute();
}
