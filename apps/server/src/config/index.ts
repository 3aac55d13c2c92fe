import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root (apps/server/{src,dist}/config → ../../../..). */
export const repoRoot = path.resolve(here, '../../../..');

/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
export const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** An http(s) origin, its host optionally starting with `*.`, with an optional port: no path. */
const CSP_ORIGIN =
  /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fiscus <no-reply@fiscus.local>'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const url = URL.canParse(v) ? new URL(v) : null;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.search) {
        ctx.addIssue({
          code: 'custom',
          message: 'an http(s) address like https://fiscus.example.com',
        });
        return z.NEVER;
      }
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
    }),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const hosts = (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.find((h) => !HOST_PATTERN.test(h));
      if (bad) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not a host name (host or host:port)`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
  APP_NAME: z.string().default('Fiscus'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(3600).default(600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  UPLOAD_CHUNKED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 365)
    .default(24),
  UPLOAD_IDLE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const key = parseKey(v);
      if (!key) {
        ctx.addIssue({ code: 'custom', message: '32 bytes as 64 hex digits or base64' });
        return z.NEVER;
      }
      return key;
    }),
  SOURCE_CONNECT_TIMEOUT: z.coerce.number().min(1).max(120).default(10),
  SOURCE_STATEMENT_TIMEOUT: z.coerce.number().min(1).max(3600).default(30),
  SOURCE_DENY: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  // Extra image origins of the Content-Security-Policy (a map tile server for the console's maps).
  CSP_IMG_SOURCES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins = (v ?? '').split(/[\s,]+/).filter(Boolean);
      const bad = origins.find((o) => !CSP_ORIGIN.test(o));
      if (bad) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not an origin like https://tile.example.org (or https://*.example.org)`,
        });
        return z.NEVER;
      }
      return origins;
    }),
  // Query lanes (platform/lanes.ts), fair jobs and upload limits per domain.
  QUERY_TIME_LIMIT: z.coerce.number().min(0.001).max(3600).default(30),
  EXPORT_TIME_LIMIT: z.coerce
    .number()
    .min(1)
    .max(24 * 3600)
    .default(1800),
  READ_LANE_SLOTS: z.coerce.number().int().min(0).max(64).optional(),
  HEAVY_LANE_SLOTS: z.coerce.number().int().min(0).max(64).optional(),
  LANE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  LANE_DOMAIN_QUEUE: z.coerce.number().int().min(0).max(100_000).default(50),
  LANE_WAIT: z.coerce.number().min(0.001).max(3600).default(15),
  LANE_WINDOW: z.coerce.number().int().min(0).default(10_000),
  LANE_INLINE_ROWS: z.coerce.number().int().min(0).default(5_000),
  LANE_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  LANE_IDLE: z.coerce
    .number()
    .min(1)
    .max(24 * 3600)
    .default(300),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_QUEUED_PER_DOMAIN: z.coerce.number().int().min(1).max(100_000).default(20),
  EXPORTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  UPLOADS_OPEN_PER_DOMAIN: z.coerce.number().int().min(1).max(100_000).default(10),
  UPLOAD_OPEN_BYTES_PER_DOMAIN: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024 * 1024),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 16, 'at least 16 characters'),
  // Server processes sharing PORT on this machine (node:cluster); more than one needs PostgreSQL.
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // Seconds a stopping server gives requests in flight and running jobs (SIGTERM).
  SHUTDOWN_GRACE: z.coerce.number().min(0).max(3600).default(25),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Big bulk-write bodies read on a worker thread beside the event loop (modules/records/
  // bulk-bodies.ts); off by default: measured on idle cores it costs more than it overlaps.
  BULK_BODY_WORKER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Indexes built for the filters, sorts and searches users run without saving a view
  // (platform/auto-index.ts), for objects of at least AUTO_INDEX_MIN_ROWS records.
  AUTO_INDEXES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  AUTO_INDEX_MIN_ROWS: z.coerce.number().int().min(0).default(10_000),
});

/** The environment variables the server reads (deployment files are checked against them). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The console's address for links in mails (no trailing slash). */
  publicUrl: string | undefined;
  /**
   * Without `publicUrl`: the hosts (`host` or `host:port`, lower case) whose requests may have
   * mail links built from their `Host`; loopback names are always allowed.
   */
  allowedHosts: string[];
  appName: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  /**
   * The bearer token `GET /metrics` asks for (METRICS_TOKEN); unset, the metrics endpoint is
   * off (404).
   */
  metricsToken?: string | undefined;
  /** Largest file `/api/upload` takes. */
  uploadMaxBytes: number;
  /** Largest file a chunked upload may announce. */
  uploadChunkedMaxBytes: number;
  /** Incomplete chunked uploads are deleted after this many hours without a chunk. */
  uploadExpiryHours: number;
  /** An upload whose body sends nothing for this long is answered 408 and closed. */
  uploadIdleMs: number;
  /** AES-256 key sealing data sources' passwords (SECRETS_KEY, or generated into DATA_DIR). */
  secretsKey: Buffer;
  /** Data sources: connect time-out and statement time-out, in ms. */
  sourceConnectTimeoutMs: number;
  sourceStatementTimeoutMs: number;
  /** Data sources: address ranges (CIDR) refused besides the built-in ones (docs/mounts.md). */
  sourceDeny: string[];
  /** Origins added to the CSP's img-src (`CSP_IMG_SOURCES`), e.g. a map tile server. */
  cspImgSources?: string[];
  /** Data sources may point at the platform's own database (tests only). */
  sourceAllowOwnDatabase?: boolean;
  /** Query lanes: slots, time limits, queues (platform/lanes.ts, docs/execution.md). */
  lanes: LaneSettings;
  /** Background jobs: run at once, queued or running per domain, exports per domain an hour. */
  jobs: JobLimits;
  /** Unfinished chunked uploads per domain: how many, and the bytes they announce together. */
  uploadsOpenPerDomain: number;
  uploadOpenBytesPerDomain: number;
  /** A new installation (no account, no domain) seeds the Demo budget domain at its first start. */
  seedDemo: boolean;
  /** Big bulk-write bodies are read on the bulk-body worker thread (BULK_BODY_WORKER). */
  bulkBodyWorker: boolean;
  /**
   * Automatic indexes (AUTO_INDEXES, AUTO_INDEX_MIN_ROWS; platform/auto-index.ts): on, and the
   * records an object holds before its reads are noted.
   */
  autoIndexes: { enabled: boolean; minRows: number };
  /** Server processes sharing the port (`WORKERS`; more than one only on PostgreSQL). */
  workers: number;
  /**
   * On SIGTERM: how long requests in flight and running jobs are given before jobs are handed
   * back (queued again) and the process ends, in ms.
   */
  shutdownGraceMs: number;
}

export interface LaneLimits {
  /** Processes (SQLite) or connections (PostgreSQL); 0: run in the server's own process. */
  slots: number;
  /** Longest statement, in ms. */
  timeLimitMs: number;
}

export interface LaneSettings {
  /** Pages within the window. */
  read: LaneLimits;
  /** Counts, group-bys, deep pages, cube aggregations, export streams. */
  heavy: LaneLimits;
  /** Longest export stream (all of its rows), in ms. */
  streamTimeLimitMs: number;
  /** Queries waiting per lane at most. */
  queueMax: number;
  /** Queries of one domain waiting per lane at most. */
  domainQueueMax: number;
  /** Longest wait for a slot, in ms. */
  waitMs: number;
  /** Pages ending past this row (offset + limit) go to the heavy lane. */
  window: number;
  /**
   * SQLite: pages of a table of at most this many rows read on the app's read-only connection
   * (bounded work; no other process to wake). Unset or 0: every page in a lane.
   */
  inlineRows?: number;
  /**
   * PostgreSQL: parallel workers one lane statement may use (`max_parallel_workers_per_gather`
   * on the lanes' connections). Unset: 0 — a lane's slots are then all the processes its
   * statements run on, as the lane was sized.
   */
  parallelWorkers?: number;
  /** A lane process idle this long exits (it is started again when needed), in ms. */
  idleMs: number;
}

export interface JobLimits {
  /** Jobs running at once in this process. */
  concurrency: number;
  /** Jobs of one domain queued or running at most. */
  queuedPerDomain: number;
  /** Export jobs one domain may start in an hour. */
  exportsPerHour: number;
  /**
   * One more slot for short jobs (platform/jobs.ts): SQLite, whose builds take turns on one
   * writer slice by slice, so a short build runs between a long one's slices. Not PostgreSQL: a
   * second build of the same table waits for the first one's lock there (and writers queue
   * behind a waiting trigger's lock), so it would not start sooner and could hold writes.
   */
  quickSlot: boolean;
}

/** A 32-byte key from 64 hex digits or base64 / base64url text. */
function parseKey(text: string): Buffer | undefined {
  const t = text.trim();
  const buf = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return buf.length === 32 ? buf : undefined;
}

/**
 * The key sealing data sources' passwords: from env, or generated once into DATA_DIR (like the
 * JWT secret, but apart from it: a new JWT secret ends sessions, it must not lose passwords).
 */
function resolveSecretsKey(dataDir: string, fromEnv: Buffer | undefined): Buffer {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets-key');
  if (existsSync(file)) {
    const key = parseKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  }
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64url'), { mode: 0o600 });
  return key;
}

/** The JWT secret: from env, or generated once and kept in DATA_DIR so restarts keep sessions. */
function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Where data lives: the repository's `data` folder when DATA_DIR is unset, wherever the server
 * was started from; an explicit DATA_DIR is taken as given (a relative one from the working
 * directory, as a shell user expects).
 */
export function resolveDataDir(given: string | undefined, cwd = process.cwd()): string {
  return given ? path.resolve(cwd, given) : path.join(repoRoot, 'data');
}

/** A PostgreSQL connection URL (the platform's database is SQLite otherwise). */
export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** Databases SQLite attaches to one connection at most (its SQLITE_MAX_ATTACHED default). */
const SQLITE_ATTACHED_MAX = 10;

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const databaseUrl = overrides.databaseUrl ?? (e.DATABASE_URL || undefined);
  if (e.WORKERS > 1 && !isPostgresUrl(databaseUrl))
    throw new Error(
      `Invalid configuration:\n  WORKERS: ${e.WORKERS} server processes need PostgreSQL (DATABASE_URL=postgres://…); SQLite has one writer and serves one process — unset WORKERS or set DATABASE_URL`,
    );
  if (e.JOBS_CONCURRENCY > SQLITE_ATTACHED_MAX && !isPostgresUrl(databaseUrl))
    throw new Error(
      `Invalid configuration:\n  JOBS_CONCURRENCY: ${e.JOBS_CONCURRENCY} jobs at once need PostgreSQL (DATABASE_URL=postgres://…); with SQLite at most ${SQLITE_ATTACHED_MAX}, since every running import stages its rows in a database of its own attached to the one writing connection, and SQLite attaches at most ${SQLITE_ATTACHED_MAX}`,
    );
  const cores = os.availableParallelism();
  const dataDir = resolveDataDir(overrides.dataDir ?? (e.DATA_DIR || undefined));
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: overrides.jwtSecret ?? resolveJwtSecret(dataDir, e.JWT_SECRET),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: e.ALLOWED_HOSTS,
    appName: e.APP_NAME,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN || undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadChunkedMaxBytes: e.UPLOAD_CHUNKED_MAX_BYTES,
    uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    uploadIdleMs: e.UPLOAD_IDLE_SECONDS * 1000,
    secretsKey: overrides.secretsKey ?? resolveSecretsKey(dataDir, e.SECRETS_KEY),
    sourceConnectTimeoutMs: e.SOURCE_CONNECT_TIMEOUT * 1000,
    sourceStatementTimeoutMs: e.SOURCE_STATEMENT_TIMEOUT * 1000,
    sourceDeny: e.SOURCE_DENY,
    cspImgSources: e.CSP_IMG_SOURCES,
    lanes: {
      read: {
        // One domain may hold every slot but one (platform/lanes.ts): a slot more than the
        // cores, so that one domain's concurrent reads still use every core.
        slots: e.READ_LANE_SLOTS ?? Math.max(2, cores) + 1,
        timeLimitMs: e.QUERY_TIME_LIMIT * 1000,
      },
      heavy: {
        slots: e.HEAVY_LANE_SLOTS ?? Math.max(2, Math.floor(cores / 2)) + 1,
        timeLimitMs: e.QUERY_TIME_LIMIT * 1000,
      },
      streamTimeLimitMs: e.EXPORT_TIME_LIMIT * 1000,
      queueMax: e.LANE_QUEUE,
      domainQueueMax: e.LANE_DOMAIN_QUEUE,
      waitMs: e.LANE_WAIT * 1000,
      window: e.LANE_WINDOW,
      inlineRows: e.LANE_INLINE_ROWS,
      parallelWorkers: e.LANE_PARALLEL_WORKERS,
      idleMs: e.LANE_IDLE * 1000,
    },
    jobs: {
      concurrency: e.JOBS_CONCURRENCY,
      queuedPerDomain: e.JOBS_QUEUED_PER_DOMAIN,
      exportsPerHour: e.EXPORTS_PER_HOUR,
      quickSlot: !isPostgresUrl(databaseUrl),
    },
    uploadsOpenPerDomain: e.UPLOADS_OPEN_PER_DOMAIN,
    uploadOpenBytesPerDomain: e.UPLOAD_OPEN_BYTES_PER_DOMAIN,
    seedDemo: e.SEED_DEMO,
    bulkBodyWorker: e.BULK_BODY_WORKER,
    autoIndexes: { enabled: e.AUTO_INDEXES, minRows: e.AUTO_INDEX_MIN_ROWS },
    workers: e.WORKERS,
    shutdownGraceMs: e.SHUTDOWN_GRACE * 1000,
    ...overrides,
  };
}
