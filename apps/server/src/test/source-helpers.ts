import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import SQLite from '../db/sqlite.js';

/**
 * External sources for tests. A PostgreSQL source is a schema of its own in the database
 * `TEST_SOURCE_DATABASE_URL` (CI sets it for every pass) or `TEST_DATABASE_URL` names. In CI
 * (`CI` set) its absence fails the test run instead of skipping the PostgreSQL cases.
 */
export function pgSourceUrl(): string | undefined {
  const url = process.env.TEST_SOURCE_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  if (!url && process.env.CI)
    throw new Error('CI must set TEST_SOURCE_DATABASE_URL: the data source tests need PostgreSQL');
  return url;
}

export interface PgSource {
  url: string;
  schema: string;
  /** host, port, database, user, password of the url. */
  settings: { host: string; port: number; database: string; user: string; password: string };
  run(text: string, params?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

/** A fresh schema in the source database, dropped by `drop()`. */
export async function pgSource(url: string): Promise<PgSource> {
  const schema = `src_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  const u = new URL(url);
  return {
    url,
    schema,
    settings: {
      host: u.hostname,
      port: Number(u.port || 5432),
      database: decodeURIComponent(u.pathname.slice(1)),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    },
    run: (text, params) => client.query(text, params as unknown[]),
    drop: async () => {
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    },
  };
}

/** A SQLite database file made by running `statements`. */
export function sqliteFile(path: string, statements: string[]): Buffer {
  const db = new SQLite(path);
  for (const s of statements) db.exec(s);
  db.close();
  return readFileSync(path);
}

/**
 * A MySQL/MariaDB server for the source tests: `TEST_MYSQL_URL` (`mysql://user:pass@host:3306/db`,
 * a user that may create databases). CI installs and starts MariaDB and sets it (.ci/run); in
 * CI (`CI` set) its absence fails the test run instead of skipping the MySQL cases.
 */
export function mysqlSourceUrl(): string | undefined {
  const url = process.env.TEST_MYSQL_URL || undefined;
  if (!url && process.env.CI)
    throw new Error('CI must set TEST_MYSQL_URL: the data source tests need MySQL/MariaDB');
  return url;
}

export interface MysqlSource {
  /** The database made for the test (MySQL's schema). */
  database: string;
  /** host, port, database (the test's), user, password of the url. */
  settings: { host: string; port: number; database: string; user: string; password: string };
  run(text: string, params?: unknown[]): Promise<unknown>;
  drop(): Promise<void>;
}

/** A fresh database on the MySQL/MariaDB server, dropped by `drop()`. */
export async function mysqlSource(url: string): Promise<MysqlSource> {
  const database = `src_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const u = new URL(url);
  const settings = {
    host: u.hostname,
    port: Number(u.port || 3306),
    database,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
  const admin = await mysql.createConnection({
    ...settings,
    database: undefined,
    charset: 'UTF8MB4_UNICODE_CI',
  });
  await admin.query(`create database \`${database}\` character set utf8mb4`);
  await admin.query(`use \`${database}\``);
  await admin.query("set session time_zone = '+00:00'");
  return {
    database,
    settings,
    run: async (text, params) => (await admin.execute(text, params as never))[0],
    drop: async () => {
      await admin.query(`drop database \`${database}\``);
      await admin.end();
    },
  };
}
