import { Kysely, MysqlDialect, type CompiledQuery, type MysqlPool } from 'kysely';
import mysql from 'mysql2';
import type { Database } from '../../db/schema.js';
import { pgTimestampToIso } from './timestamps.js';

/**
 * MySQL and MariaDB sources (mysql2). Like PostgreSQL sources (connect.ts), a source is opened
 * as a `Db` whose `dialect` is `mysql`, so the query compiler's SQL runs on it:
 *
 * - Kysely's MySQL dialect quotes identifiers with backticks; every statement is sent as a
 *   server-side prepared statement (`execute`): values travel as bound parameters, never in
 *   the SQL text.
 * - Every session is read-only (`SET SESSION TRANSACTION READ ONLY`), in UTC, with
 *   `ANSI_QUOTES` and `PIPES_AS_CONCAT` (the compiler's SQL is standard SQL) and a statement
 *   time-out the server enforces (MariaDB `max_statement_time`, MySQL `max_execution_time`).
 * - Values come back in the platform's forms: dates `YYYY-MM-DD` and date-times ISO-8601 UTC
 *   text, DECIMAL exact text, 64-bit integers as numbers when safe (else text).
 */
export interface MysqlSettings {
  address: string;
  port: number;
  database?: string | undefined;
  user?: string | undefined;
  password: string;
  ssl: false | { rejectUnauthorized: boolean; servername?: string };
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/** Whether the server is MariaDB (its statement time-out has another name). */
export function isMariadb(version: string): boolean {
  return /mariadb/i.test(version);
}

/** The server's version as the console shows it: `MariaDB 10.11.6`, `MySQL 8.0.36`. */
export function versionText(raw: string): string {
  const number = /^\d+(\.\d+)*/.exec(raw)?.[0] ?? raw;
  return isMariadb(raw) ? `MariaDB ${number}` : `MySQL ${number}`;
}

interface Field {
  type: string;
  string(): string | null;
}

/** Date-times as ISO-8601 UTC text (the session is in UTC); the rest as mysql2 reads it. */
function typeCast(field: Field, next: () => unknown): unknown {
  if (field.type === 'DATETIME' || field.type === 'TIMESTAMP') {
    const text = field.string();
    return text === null ? null : pgTimestampToIso(text);
  }
  return next();
}

function options(s: MysqlSettings): mysql.PoolOptions {
  return {
    host: s.address,
    port: s.port,
    ...(s.database ? { database: s.database } : {}),
    ...(s.user ? { user: s.user } : {}),
    password: s.password,
    ...(s.ssl ? { ssl: s.ssl } : {}),
    connectTimeout: s.connectTimeoutMs,
    charset: 'UTF8MB4_UNICODE_CI',
    timezone: 'Z',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: false,
    multipleStatements: false,
    typeCast: typeCast as mysql.PoolOptions['typeCast'],
  };
}

/** The statements that make a new session read-only, UTC and time-limited. */
function sessionSetup(mariadb: boolean, statementTimeoutMs: number): string[] {
  const limit = mariadb
    ? `max_statement_time = ${(statementTimeoutMs / 1000).toFixed(3)}`
    : `max_execution_time = ${Math.round(statementTimeoutMs)}`;
  return [
    `set session sql_mode = 'ANSI_QUOTES,PIPES_AS_CONCAT,NO_ENGINE_SUBSTITUTION', time_zone = '+00:00', ${limit}`,
    'set session transaction read only',
  ];
}

/** One connection (no pool kept): the server's version text, raw. */
export async function probeMysql(s: MysqlSettings): Promise<string> {
  const conn = mysql.createConnection(options(s));
  conn.on('error', () => undefined);
  try {
    return await new Promise<string>((resolve, reject) => {
      conn.query('select version() as v', (err, rows) => {
        if (err) reject(err);
        else resolve(String((rows as { v?: unknown }[])[0]?.v ?? ''));
      });
    });
  } finally {
    conn.destroy();
  }
}

type RawPool = ReturnType<typeof mysql.createPool>;
type RawConn = mysql.PoolConnection;
type Callback = (err: Error | null, result?: unknown) => void;

const CAST_TARGET = /\bas\s+(text|integer|bigint)\s*\)/gi;
const MATERIALIZED = /\bas\s+materialized\s*\(/gi;

/**
 * The platform's SQL as MySQL spells it. The query compiler writes standard SQL; MySQL knows
 * all of it in the session's mode (`ANSI_QUOTES`, `PIPES_AS_CONCAT`) but three cast targets —
 * `cast(x as text)` is `cast(x as char)` there, `as integer`/`as bigint` are `as signed` — and
 * the `materialized` hint of a common table expression (`with b as materialized (…)`). Only
 * SQL outside quotes changes: string literals and quoted identifiers are left as they are
 * (values are bound parameters and never in the text).
 */
export function mysqlText(text: string): string {
  if (!/\bas\s+(text|integer|bigint|materialized)\b/i.test(text)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const q = text.slice(i).search(/['"`]/);
    const end = q < 0 ? text.length : i + q;
    out += text
      .slice(i, end)
      .replace(CAST_TARGET, (_m, t: string) =>
        t.toLowerCase() === 'text' ? 'as char)' : 'as signed)',
      )
      .replace(MATERIALIZED, 'as (');
    if (q < 0) break;
    const quote = text[end] as string;
    let j = end + 1;
    for (;;) {
      const k = text.indexOf(quote, j);
      if (k < 0) {
        j = text.length;
        break;
      }
      // A doubled quote is one quote character inside the quoted text.
      if (text[k + 1] === quote) j = k + 2;
      else {
        j = k + 1;
        break;
      }
    }
    out += text.slice(end, j);
    i = j;
  }
  return out;
}

/** A pool of a MySQL source as Kysely's dialect takes it: every query a prepared statement. */
function preparedPool(pool: RawPool): MysqlPool {
  const wrap = (raw: RawConn) => ({
    query(text: string, params: readonly unknown[], cb?: Callback) {
      return raw.execute(mysqlText(text), params as never, cb as never);
    },
    release: () => raw.release(),
  });
  return {
    getConnection(cb) {
      pool.getConnection((err, raw) => {
        if (err) cb(err, undefined as never);
        else cb(null, wrap(raw) as never);
      });
    },
    end(cb) {
      pool.end((err) => cb(err ?? null));
    },
  } as MysqlPool;
}

export interface MysqlHandle {
  kysely: Kysely<Database>;
  pool: RawPool;
  version: string;
  mariadb: boolean;
  /**
   * The binary collation without padding that text is compared in (relation.ts): MariaDB
   * `utf8mb4_nopad_bin`, MySQL 8 `utf8mb4_0900_bin`, older MySQL `utf8mb4_bin`.
   */
  textCollation: string;
}

/**
 * A pool of at most 4 sessions (closed after a minute idle) on a source that `probeMysql`
 * reached (`raw`: the version it answered).
 */
export function openMysql(s: MysqlSettings, raw: string): MysqlHandle {
  const mariadb = isMariadb(raw);
  const pool = mysql.createPool({
    ...options(s),
    connectionLimit: 4,
    maxIdle: 0,
    idleTimeout: 60_000,
    waitForConnections: true,
    queueLimit: 100,
  });
  pool.on('connection', (conn) => {
    // Sent before any statement of the session (a connection runs its commands in order).
    for (const text of sessionSetup(mariadb, s.statementTimeoutMs))
      conn.query(text, (err) => {
        if (err) conn.destroy();
      });
  });
  const kysely = new Kysely<Database>({ dialect: new MysqlDialect({ pool: preparedPool(pool) }) });
  const major = Number(/^(\d+)/.exec(raw)?.[1] ?? 0);
  const textCollation = mariadb
    ? 'utf8mb4_nopad_bin'
    : major >= 8
      ? 'utf8mb4_0900_bin'
      : 'utf8mb4_bin';
  return { kysely, pool, version: versionText(raw), mariadb, textCollation };
}

/**
 * Reads every row of a query slice by slice (rows as arrays in select order), as a sync copies
 * a table: one prepared statement streamed in a read-only transaction with a consistent
 * snapshot, paused while `onSlice` writes a slice. The read may take up to `readMs` as a whole
 * (the session's statement time-out is lifted for it; the connection is closed afterwards).
 */
export async function streamMysql(
  h: MysqlHandle,
  query: CompiledQuery,
  slice: number,
  readMs: number,
  onSlice: (rows: unknown[][]) => Promise<void> | void,
): Promise<void> {
  const n = Math.max(1, Math.floor(slice));
  const conn = await new Promise<RawConn>((resolve, reject) =>
    h.pool.getConnection((err, c) => (err ? reject(err) : resolve(c))),
  );
  const run = (text: string) =>
    new Promise<void>((resolve, reject) =>
      conn.query(text, (err) => (err ? reject(err) : resolve())),
    );
  try {
    await run(
      h.mariadb
        ? `set session max_statement_time = ${(readMs / 1000).toFixed(3)}`
        : `set session max_execution_time = ${Math.round(readMs)}`,
    );
    await run('start transaction read only, with consistent snapshot');
    const stream = conn
      .execute({
        sql: mysqlText(query.sql),
        values: [...query.parameters] as unknown[],
        rowsAsArray: true,
      })
      .stream({ objectMode: true, highWaterMark: n });
    let rows: unknown[][] = [];
    for await (const row of stream as AsyncIterable<unknown[]>) {
      rows.push(row);
      if (rows.length === n) {
        const full = rows;
        rows = [];
        await onSlice(full);
      }
    }
    if (rows.length) await onSlice(rows);
    await run('commit');
  } finally {
    // Its session settings were changed for the read: not handed to anyone else.
    conn.destroy();
  }
}
