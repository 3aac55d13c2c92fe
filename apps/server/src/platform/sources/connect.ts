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

/**
 * Connections to external databases (data sources). A source is opened as a `Db` — the same
 * handle the platform's own database is — so the query compiler's SQL runs on it unchanged:
 *
 * - **PostgreSQL**: a small pool per source (at most 4 connections, closed after a minute
 *   idle). Every session is read-only (`SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY`)
 *   in UTC, with a statement time-out enforced by the source (it cancels the statement) and a
 *   connect time-out. The host is resolved once and checked against the deny list (guard.ts);
 *   the connection goes to that address (TLS still verifies the name for `verify-full`).
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
  kind: 'postgres' | 'sqlite';
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
}

// ---- value forms -----------------------------------------------------------------------------

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const DIGIT_0 = 48;
const DIGIT_9 = 57;

function digitAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/**
 * What a UTC session sends nearly always — `YYYY-MM-DD HH:MM:SS`, a fraction of up to six
 * digits, `+00` for time-zone-aware types — as ISO-8601 in milliseconds without a Date or a
 * regular expression (a synced million rows pass here once per timestamp); undefined for
 * anything else, and where rounding to the millisecond would carry into the seconds.
 */
function fastTimestamp(text: string): string | undefined {
  const n = text.length;
  if (n < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return undefined;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18])
    if (!digitAt(text, i)) return undefined;
  let end = n;
  if (text.endsWith('+00')) end -= 3;
  let ms = '000';
  if (end > 19) {
    if (text.charCodeAt(19) !== 46 || end === 20) return undefined;
    for (let i = 20; i < end; i++) if (!digitAt(text, i)) return undefined;
    const frac = text.slice(20, end);
    if (frac.length <= 3) ms = frac.padEnd(3, '0');
    else {
      let v = Number(frac.slice(0, 3));
      if (text.charCodeAt(23) >= 53) v++;
      if (v === 1000) return undefined;
      ms = String(v).padStart(3, '0');
    }
  } else if (end !== 19) return undefined;
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

/** PostgreSQL timestamp text (session in UTC) → ISO-8601 UTC; infinity and BC stay as text. */
export function pgTimestampToIso(text: string): string {
  const fast = fastTimestamp(text);
  if (fast !== undefined) return fast;
  const m =
    /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/.exec(
      text,
    );
  if (!m) return text;
  const ms = m[7] ? Number(`0${m[7]}`) * 1000 : 0;
  let t = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
  if (m[8]) {
    const off = (Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0)) * 1000;
    t -= m[8] === '+' ? off : -off;
  }
  const d = new Date(t + Math.round(ms));
  if (Number.isNaN(d.getTime())) return text;
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`;
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
  message?: string;
}

/** The reason of a driver error (a connection or a statement). */
export function reasonOf(err: unknown): SourceReason {
  if (err instanceof SourceError) return err.reason;
  const e = (err ?? {}) as PgLikeError;
  const code = e.code ?? '';
  const text = String(e.message ?? '');
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
    spec.kind === 'sqlite' ? openSqlite(spec, { limits, log }) : openPostgres(spec, limits);
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
