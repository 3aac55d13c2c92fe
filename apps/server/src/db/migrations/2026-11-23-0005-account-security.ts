import type { Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Account security: e-mail changes confirmed by a mailed link, single-use second-factor
// challenges, and the successor of a rotated refresh token kept (encrypted) for the grace window.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A change of the sign-in e-mail waiting for its confirmation link. The token is stored as
  // SHA-256; a row stays after use (used/cancelled/expired are told apart on the confirm page).
  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('old_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addColumn('cancelled_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_changes_user_idx')
    .on('email_changes')
    .columns(['user_id', 'created_at'])
    .execute();

  // The second step of a sign-in: one row per passed password step, used once, a few tries.
  await db.schema
    .createTable('second_factor_challenges')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('second_factor_challenges_expires_idx')
    .on('second_factor_challenges')
    .column('expires_at')
    .execute();

  // The successor's refresh token, AES-GCM sealed, kept only while a replay may still get it.
  await db.schema.alterTable('refresh_tokens').addColumn('successor_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_token').execute();
  await db.schema.dropTable('second_factor_challenges').execute();
  await db.schema.dropTable('email_changes').execute();
}
