import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { SourceReason } from '@fiscus/contracts';
import type { LaneSettings } from '../../config/index.js';
import type { Db } from '../../db/dialect.js';
import { foldCase } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import SQLite from '../../db/sqlite.js';
import { attachLanes, closeLanes } from '../lanes.js';
import { denyList, resolveHost } from './guard.js';
import {
  openMysql,
  probeMysql,
  streamMysql,
  versionText,
  type MysqlHandle,
  type MysqlSettings,
} from './mysql.js';
import { pgTimestampToIso } from './timestamps.js';

/**
 * Connections to external databases (data sources). A source is opened as a `Db` — the same
 * handle the platform's own database is — so the query compiler's SQL runs on it unchanged:
 *
 * - **PostgreSQL**: a small pool per source (at most 4 connections, closed after a minute
 *   idle). Every session is read-only (`SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY`)
 *   in UTC, with a statement time-out enforced by the source (it cancels the statement) and a
 *   connect time-out. The host is resolved once and checked against the deny list (guard.ts);
 *   the connection goes to that address (TLS still verifies the name for `verify-full`).
 * - **MySQL/MariaDB**: the same, through mysql2 (mysql.ts): a pool of at most 4 read-only
 *   sessions in UTC, every statement a prepared statement, a statement time-out the server
 *   enforces, a connect time-out, the host resolved and checked once.
 * - **SQLite**: the uploaded file opened read-only (`readonly`, `query_only`), with the `fold`
 *   function the compiler's text matching needs, for the catalog. Queries on its rows (pages,
 *   counts, groups, previews, a sync's read) run in lanes of the source's own (platform/lanes.ts):
 *   child processes with a read-only connection each, killed when a statement passes the
 *   statement time-out (better-sqlite3 cannot interrupt a statement; ending its process can),
 *   so a slow query on a source never stalls the server.
 *
 * Values come back in the platform's forms: dates as `YYYY-MM-DD`, date-times as ISO-8601 UTC
 * text, numerics as exact text, 64-bit integers as numbers when safe.
 */
export interface SourceSpec {
  kind: 'postgres' | 'mysql' | 'sqlite';
  host?: string | null;
  port?: number | null;
  database?: string | null;
  user?: string | null;
  password?: string | null;
  sslMode?: 'disable' | 'prefer' | 'require' | 'verify-full' | null;
  /** SQLite: the database file on this server (an uploaded file's stored path). */
  file?: string | null;
}

export interface SourceLimits {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  deny: readonly string[];
}

/** The longest read of a whole SQLite source by a sync (one statement, slice by slice). */
export const SQLITE_SYNC_READ_MS = 60 * 60_000;

/**
 * The lanes of a SQLite source: two processes for pages and previews, one for counts, groups
 * and a sync's read; every statement under the statement time-out. A source belongs to one
 * domain, so its queues need no more room than a domain's.
 */
function sqliteLanes(limits: SourceLimits): LaneSettings {
  return {
    read: { slots: 2, timeLimitMs: limits.statementTimeoutMs },
    heavy: { slots: 1, timeLimitMs: limits.statementTimeoutMs },
    streamTimeLimitMs: Math.max(SQLITE_SYNC_READ_MS, limits.statementTimeoutMs),
    queueMax: 40,
    domainQueueMax: 40,
    waitMs: limits.statementTimeoutMs,
    window: Number.MAX_SAFE_INTEGER,
    idleMs: 60_000,
  };
}

/** A failure talking to a source, with the reason the console shows. */
export class SourceError extends Error {
  constructor(
    readonly reason: SourceReason,
    message: string,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** A source opened as a database handle (`version`: the server's version text). */
export interface SourceDb extends Db {
  version: string;
  /** PostgreSQL: the pool under `kysely`, for reads that stream (stream.ts). */
  pool?: pg.Pool;
  /** MySQL/MariaDB: the pool under `kysely` and what the server is (mysql.ts, stream.ts). */
  mysql?: MysqlHandle;
}

const INT2 = 21;
const INT4 = 23;
const INT8 = 20;
const FLOAT4 = 700;
const FLOAT8 = 701;
const OID = 26;
const BOOL = 16;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** Type parsers of source connections: text for everything but numbers and timestamps. */
const sourceTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) => {
    switch (oid) {
      case INT2:
      case INT4:
      case OID:
        return (v: string) => Number(v);
      case INT8:
        return (v: string) => {
          const n = Number(v);
          return Number.isSafeInteger(n) ? n : v;
        };
      case FLOAT4:
      case FLOAT8:
        return (v: string) => Number(v);
      case TIMESTAMP:
      case TIMESTAMPTZ:
        return pgTimestampToIso;
      case BOOL:
        return (v: string) => v === 't';
      default:
        return (v: string) => v;
    }
  }) as pg.CustomTypesConfig['getTypeParser'],
};

// ---- errors ----------------------------------------------------------------------------------

interface PgLikeError {
  code?: string;
  /** MySQL/MariaDB: the server's error number. */
  errno?: number;
  message?: string;
}

/** The reason of a driver error (a connection or a statement). */
export function reasonOf(err: unknown): SourceReason {
  if (err instanceof SourceError) return err.reason;
  const e = (err ?? {}) as PgLikeError;
  const code = e.code ?? '';
  const text = String(e.message ?? '');
  // MariaDB's "max_statement_time exceeded" (1969) has no name in mysql2's table.
  if (e.errno === 1969) return 'statement_timeout';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'host_not_found';
    case 'ECONNREFUSED':
      return 'refused';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return 'unreachable';
    case 'ETIMEDOUT':
      return 'timeout';
    case '28P01':
      return 'auth_failed';
    case '28000':
      return /no encryption/i.test(text) ? 'ssl_required' : 'auth_failed';
    case '3D000':
      return 'database_missing';
    case '57014':
      return 'statement_timeout';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'CERT_HAS_EXPIRED':
      return 'ssl_invalid';
    case '42703':
    case '42P01':
      return 'source_changed';
    // MySQL/MariaDB (mysql2's codes).
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_HOST_NOT_PRIVILEGED':
    case 'ER_NOT_SUPPORTED_AUTH_MODE':
      return 'auth_failed';
    case 'ER_BAD_DB_ERROR':
      return 'database_missing';
    case 'ER_SECURE_TRANSPORT_REQUIRED':
      return 'ssl_required';
    case 'HANDSHAKE_NO_SSL_SUPPORT':
      return 'ssl_unsupported';
    case 'ER_STATEMENT_TIMEOUT':
    case 'ER_QUERY_TIMEOUT':
    case 'ER_QUERY_INTERRUPTED':
      return 'statement_timeout';
    case 'ER_NO_SUCH_TABLE':
    case 'ER_BAD_FIELD_ERROR':
      return 'source_changed';
    case 'SQLITE_NOTADB':
      return 'not_sqlite';
    case 'SQLITE_CANTOPEN':
      return 'file_missing';
  }
  if (/does not support SSL/i.test(text)) return 'ssl_unsupported';
  if (/no such (column|table)/i.test(text)) return 'source_changed';
  // Something answered that is not a PostgreSQL server.
  if (/error establishing an SSL connection/i.test(text)) return 'failed';
  if (/timeout|timed out/i.test(text)) return 'timeout';
  if (/password authentication failed|SASL|password must be/i.test(text)) return 'auth_failed';
  if (/SSL|certificate/i.test(text)) return 'ssl_invalid';
  return 'failed';
}

// ---- opening ---------------------------------------------------------------------------------

function specKey(spec: SourceSpec, limits: SourceLimits): string {
  return createHash('sha256')
    .update(JSON.stringify([spec, limits.statementTimeoutMs, limits.connectTimeoutMs]))
    .digest('hex');
}

function sslOptions(
  mode: SourceSpec['sslMode'],
  servername: string,
): pg.ClientConfig['ssl'] | undefined {
  switch (mode ?? 'prefer') {
    case 'disable':
      return false;
    case 'verify-full':
      return { rejectUnauthorized: true, servername };
    default:
      return { rejectUnauthorized: false, servername };
  }
}

/** The connection settings of a MySQL/MariaDB source (host resolved and checked). */
async function mysqlSettings(spec: SourceSpec, limits: SourceLimits): Promise<MysqlSettings> {
  const host = spec.host?.trim();
  if (!host) throw new SourceError('host_not_found', 'no host');
  const resolved = await resolveHost(host, denyList(limits.deny), limits.connectTimeoutMs);
  if (!resolved.ok) throw new SourceError(resolved.reason, resolved.reason);
  const servername = host.replace(/^\[(.*)\]$/, '$1');
  const mode = spec.sslMode ?? 'prefer';
  const base: MysqlSettings = {
    address: resolved.address,
    port: spec.port ?? 3306,
    database: spec.database ?? undefined,
    user: spec.user ?? undefined,
    password: spec.password ?? '',
    ssl:
      mode === 'disable'
        ? false
        : mode === 'verify-full'
          ? { rejectUnauthorized: true, servername }
          : { rejectUnauthorized: false, servername },
    connectTimeoutMs: limits.connectTimeoutMs,
    statementTimeoutMs: limits.statementTimeoutMs,
  };
  return base;
}

/**
 * The settings that connect, and the server's version: `prefer` tries TLS and falls back to a
 * plain connection when the server offers none (as libpq's `prefer` does).
 */
async function probeMysqlSpec(
  spec: SourceSpec,
  limits: SourceLimits,
): Promise<{ settings: MysqlSettings; version: string }> {
  const settings = await mysqlSettings(spec, limits);
  try {
    return { settings, version: await probeMysql(settings) };
  } catch (err) {
    if ((spec.sslMode ?? 'prefer') !== 'prefer' || reasonOf(err) !== 'ssl_unsupported') throw err;
    const plain = { ...settings, ssl: false as const };
    return { settings: plain, version: await probeMysql(plain) };
  }
}

async function openMysqlSource(spec: SourceSpec, limits: SourceLimits): Promise<SourceDb> {
  const { settings, version } = await probeMysqlSpec(spec, limits);
  const h = openMysql(settings, version);
  return {
    kysely: h.kysely,
    dialect: 'mysql',
    version: h.version,
    mysql: h,
    stream: (compiled, slice, onSlice) =>
      streamMysql(h, compiled, slice, SQLITE_SYNC_READ_MS, onSlice),
    close: () => h.kysely.destroy(),
  };
}

async function postgresConfig(spec: SourceSpec, limits: SourceLimits): Promise<pg.PoolConfig> {
  const host = spec.host?.trim();
  if (!host) throw new SourceError('host_not_found', 'no host');
  const resolved = await resolveHost(host, denyList(limits.deny), limits.connectTimeoutMs);
  if (!resolved.ok) throw new SourceError(resolved.reason, resolved.reason);
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const base: pg.PoolConfig = {
    host: resolved.address,
    port: spec.port ?? 5432,
    database: spec.database ?? undefined,
    user: spec.user ?? undefined,
    password: spec.password ?? '',
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    // The source cancels a statement at its time-out; this bounds a source that stops answering.
    query_timeout: limits.statementTimeoutMs + limits.connectTimeoutMs,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs * 2,
    application_name: 'fiscus',
    types: sourceTypes,
    max: 4,
    idleTimeoutMillis: 60_000,
    allowExitOnIdle: true,
  };
  const ssl = sslOptions(spec.sslMode, bare);
  if (!ssl) return { ...base, ssl: false };
  // `prefer`: TLS when the server offers it, else plain (libpq's default); the others insist.
  if ((spec.sslMode ?? 'prefer') !== 'prefer') return { ...base, ssl };
  try {
    await probe({ ...base, ssl });
    return { ...base, ssl };
  } catch (err) {
    if (reasonOf(err) === 'ssl_unsupported') return { ...base, ssl: false };
    throw err;
  }
}

async function probe(config: pg.ClientConfig): Promise<string> {
  const client = new pg.Client(config);
  // A failed connection may still emit an error afterwards; it is reported through connect().
  client.on('error', () => undefined);
  try {
    await client.connect();
    const r = await client.query<{ v: string }>('select version() as v');
    return String(r.rows[0]?.v ?? '');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function openPostgres(spec: SourceSpec, limits: SourceLimits): Promise<SourceDb> {
  const config = await postgresConfig(spec, limits);
  const version = await probe(config);
  const pool = new pg.Pool(config);
  pool.on('error', () => undefined);
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (conn) => {
        await conn.executeQuery(
          CompiledQuery.raw(
            "set session characteristics as transaction read only; set time zone 'UTC'",
          ),
        );
      },
    }),
  });
  return { kysely, dialect: 'postgres', version, pool, close: () => kysely.destroy() };
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\u0000', 'latin1');

async function openSqlite(
  spec: SourceSpec,
  lanes?: { limits: SourceLimits; log: FastifyBaseLogger },
): Promise<SourceDb> {
  const file = spec.file;
  if (!file) throw new SourceError('file_missing', 'no file');
  let head: Buffer;
  try {
    head = (await readFile(file)).subarray(0, 16);
  } catch {
    throw new SourceError('file_missing', 'file missing');
  }
  if (!head.equals(SQLITE_HEADER)) throw new SourceError('not_sqlite', 'not a SQLite file');
  let conn: InstanceType<typeof SQLite>;
  try {
    conn = new SQLite(file, { readonly: true, fileMustExist: true });
    conn.pragma('query_only = 1');
    conn.function('fold', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? foldCase(text) : text,
    );
    conn.prepare('select count(*) from sqlite_schema').get();
  } catch (err) {
    throw new SourceError(reasonOf(err) === 'failed' ? 'not_sqlite' : reasonOf(err), 'not sqlite');
  }
  const version = String(
    (conn.prepare('select sqlite_version() as v').get() as { v: string } | undefined)?.v ?? '',
  );
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: conn }) });
  const db: SourceDb = {
    kysely,
    dialect: 'sqlite',
    sqliteFile: file,
    version: `SQLite ${version}`,
    close: async () => {
      await closeLanes(db);
      await kysely.destroy();
    },
  };
  if (lanes) attachLanes(db, sqliteLanes(lanes.limits), lanes.log);
  return db;
}

/** Opens a source once (no pool kept): Test connection. Closes it before answering. */
export async function testSource(spec: SourceSpec, limits: SourceLimits): Promise<string> {
  if (spec.kind === 'sqlite') {
    const db = await openSqlite(spec);
    await db.close();
    return db.version;
  }
  if (spec.kind === 'mysql') return versionText((await probeMysqlSpec(spec, limits)).version);
  const config = await postgresConfig(spec, limits);
  return probe(config);
}

interface PoolEntry {
  key: string;
  db: Promise<SourceDb>;
  used: number;
}

/** Open sources per platform database handle (each app its own), by source id. */
const registries = new WeakMap<object, Map<string, PoolEntry>>();
const IDLE_MS = 5 * 60_000;

function registryOf(owner: Db): Map<string, PoolEntry> {
  let r = registries.get(owner.kysely);
  if (!r) registries.set(owner.kysely, (r = new Map()));
  return r;
}

/**
 * The pooled handle of a source (opened on first use; reopened when its settings change).
 * `owner` is the platform's database: pools belong to the app using it.
 */
export async function sourceDb(
  owner: Db,
  sourceId: string,
  spec: SourceSpec,
  limits: SourceLimits,
  log: FastifyBaseLogger,
): Promise<SourceDb> {
  const reg = registryOf(owner);
  const key = specKey(spec, limits);
  const hit = reg.get(sourceId);
  if (hit && hit.key === key) {
    hit.used = Date.now();
    return hit.db;
  }
  if (hit) void hit.db.then((d) => d.close()).catch(() => undefined);
  const db =
    spec.kind === 'sqlite'
      ? openSqlite(spec, { limits, log })
      : spec.kind === 'mysql'
        ? openMysqlSource(spec, limits)
        : openPostgres(spec, limits);
  const entry: PoolEntry = { key, db, used: Date.now() };
  reg.set(sourceId, entry);
  db.catch(() => {
    if (reg.get(sourceId) === entry) reg.delete(sourceId);
  });
  sweep(reg);
  return db;
}

function sweep(reg: Map<string, PoolEntry>): void {
  const now = Date.now();
  for (const [id, e] of reg) {
    if (now - e.used > IDLE_MS) {
      reg.delete(id);
      void e.db.then((d) => d.close()).catch(() => undefined);
    }
  }
}

/** Closes a source's pool (its settings changed, or it was deleted). */
export async function closeSource(owner: Db, sourceId: string): Promise<void> {
  const reg = registryOf(owner);
  const e = reg.get(sourceId);
  reg.delete(sourceId);
  if (e) await e.db.then((d) => d.close()).catch(() => undefined);
}

/** Closes every source opened for an app (at shutdown). */
export async function closeSources(owner: Db): Promise<void> {
  const reg = registryOf(owner);
  const all = [...reg.values()];
  reg.clear();
  await Promise.all(all.map((e) => e.db.then((d) => d.close()).catch(() => undefined)));
}
