import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: the database file (a second, read-only connection may stream long reads). */
  sqliteFile?: string;
  close(): Promise<void>;
}

/** SQLite file in DATA_DIR by default (WAL); PostgreSQL when DATABASE_URL is a postgres URL. */
export function createDb(opts: { databaseUrl?: string; dataDir: string }): Db {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Keep BIGINT/NUMERIC as JS numbers where safe; timestamps stay strings (we store ISO text).
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = url?.startsWith('file:')
    ? url.slice(5)
    : url || path.join(opts.dataDir, 'fiscus.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', sqliteFile: file, close: () => kysely.destroy() };
}
