import { sql, type Kysely } from 'kysely';

// Frozen: never edit a migration once landed; add a new one.
// Users, domains, memberships and everything sign-in needs. Ids are random text, times are
// ISO-8601 text (UTC, `toISOString()`), flags are integers 0/1 — the same on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('last_domain_id', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('password_changed_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // Usernames are unique regardless of case ("Anna" and "anna" are the same person).
  await db.schema
    .createIndex('users_username_lower_uq')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('domains')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'varchar(40)', (c) =>
      c.notNull().references('domains.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'domain_id'])
    .addCheckConstraint('memberships_role_ck', sql`role in ('owner', 'admin', 'editor', 'viewer')`)
    .execute();
  await db.schema
    .createIndex('memberships_domain_idx')
    .on('memberships')
    .column('domain_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addColumn('revoked_at', 'varchar(40)')
    .addColumn('replaced_by', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_user_idx')
    .on('refresh_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reset_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reset_tokens_user_idx')
    .on('reset_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('totp')
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('backup_codes')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('backup_codes_user_idx')
    .on('backup_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('auth_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_events_user_idx')
    .on('auth_events')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_events_created_idx')
    .on('auth_events')
    .column('created_at')
    .execute();

  // Failed sign-in attempts, one row per failure and per key ("account:<login>", "ip:<address>").
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_idx')
    .on('login_failures')
    .columns(['key', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_failures',
    'auth_events',
    'backup_codes',
    'totp',
    'reset_tokens',
    'refresh_tokens',
    'memberships',
    'domains',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
