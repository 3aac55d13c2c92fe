import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from './sqlite.js';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';
import { NotOffThread, startIndexBuilder } from './index-builder.js';
import { cachingStatements, routingSqliteDialect } from './sqlite-driver.js';
import { registerBaseFunctions } from './sqlite-functions.js';
import { watchedDialect, WriteWatch } from './write-watch.js';

export { foldCase, gramToken } from './sqlite-functions.js';

/**
 * The SQL a handle speaks: the platform's own database is SQLite or PostgreSQL; `mysql` is only
 * ever a data source's (MySQL/MariaDB, platform/sources), read by live mounts.
 */
export type DialectName = 'sqlite' | 'postgres' | 'mysql';

export interface Db {
  /**
   * The database. SQLite: statements take the one writing connection in turn, except the query
   * builder's selects outside a transaction, which read on a read-only connection and so never
   * wait for a long transaction (an import's apply). PostgreSQL: the app's pool.
   */
  kysely: Kysely<Database>;
  /**
   * Every statement on the read-only connection (SQLite file): for raw reads that must never
   * wait for the writer. A write through it fails. PostgreSQL and in-memory SQLite: `kysely`.
   * Absent on handles made elsewhere (then: `kysely`).
   */
  read?: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: the database file (lane processes open it read-only, see platform/lanes.ts). */
  sqliteFile?: string;
  /**
   * A number that changes whenever one of `tables` may have changed through this process: any
   * insert/update/delete on them, any write whose tables are unknown (raw SQL, DDL) and the
   * commit of a transaction that wrote them. Caches of derived data keep the number they were filled under and
   * are stale once it differs. Absent on handles made elsewhere (then: do not cache).
   */
  writeVersion?: (tables: readonly string[]) => number;
  /**
   * The counter behind `writeVersion`: tells when this process's writes become visible to
   * others and takes the writes other processes tell of (PostgreSQL: platform/events/bus.ts
   * sends and receives them as notifications). Absent on handles made elsewhere.
   */
  writes?: WriteWatch;
  /**
   * SQLite: rows visited so far by queries that call `pf_visit()` (the query planner adds it
   * when tests and benchmarks ask it to count, see platform/planner.ts).
   */
  rowVisits?: () => number;
  /** SQLite: adds rows visited elsewhere (a lane process) to `rowVisits`. */
  addRowVisits?: (n: number) => void;
  /** PostgreSQL: the pool's connections now (for `/metrics`). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: calls `listener` with the seconds every statement or transaction of the app
   * waited for a connection of the pool (for `/metrics`); answers the undo.
   */
  onPoolWait?: (listener: (seconds: number) => void) => () => void;
  /**
   * Reads every row of a statement slice by slice (rows as arrays), when the handle streams its
   * own way (a MySQL/MariaDB data source, platform/sources/mysql.ts); absent: the platform's
   * own ways (platform/lanes.ts).
   */
  stream?: (
    compiled: CompiledQuery,
    slice: number,
    onSlice: (rows: unknown[][]) => Promise<void> | void,
  ) => Promise<void>;
  close(): Promise<void>;
}

type OffThread = (
  statements: readonly CompiledQuery[],
  opts?: { atomic?: boolean },
) => Promise<void>;
const offThreads = new WeakMap<object, OffThread>();

/**
 * SQLite file: runs statements that build an index — a `create index`, the rows a new text index
 * is filled with — on the index builder's connection in a worker thread (db/index-builder.ts),
 * the app's writer held meanwhile, so that the event loop goes on answering requests. Undefined
 * for any other handle (PostgreSQL, in-memory SQLite, a transaction): run them as usual. A
 * statement the builder's connection cannot run (a SQL function only the app's connection has)
 * runs on the app's writer instead (in the transaction that held it: `atomic` holds there too).
 */
export function offThreadBuild(q: object): OffThread | undefined {
  return offThreads.get(q);
}

/** How often SQLite refreshes the statistics of tables that changed much (`PRAGMA optimize`). */
const OPTIMIZE_EVERY_MS = 10 * 60_000;
/** The write-ahead log is moved into the database file this often (db/checkpointer.ts). */
const CHECKPOINT_EVERY_MS = 1000;

/** SQLite file in DATA_DIR by default (WAL); PostgreSQL when DATABASE_URL is a postgres URL. */
export function createDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Prepares a SQLite connection (SQL functions the platform adds). */
  setupSqlite?: (sqlite: SQLite.Database) => void;
  /**
   * SQLite file: how often the write-ahead log is moved into the database file, off the event
   * loop (db/checkpointer.ts), in ms; 0 lets SQLite do it at the end of the commits that grow it.
   */
  checkpointMs?: number;
}): Db {
  const url = opts.databaseUrl;
  const watch = new WriteWatch();
  const writeVersion = (tables: readonly string[]) => watch.version(tables);
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Keep BIGINT/NUMERIC as JS numbers where safe; timestamps stay strings (we store ISO text).
    pg.types.setTypeParser(20, (v) => Number(v));
    // Named, so that `pg_stat_activity` tells the app's connections from the lanes' (a name
    // in the URL wins).
    const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'fiscus' });
    const waits = new Set<(seconds: number) => void>();
    const timed = {
      connect: async () => {
        const t0 = performance.now();
        const client = await pool.connect();
        const seconds = (performance.now() - t0) / 1000;
        for (const listener of waits) listener(seconds);
        return client;
      },
      end: () => pool.end(),
    };
    const kysely = new Kysely<Database>({
      dialect: watchedDialect(new PostgresDialect({ pool: timed }), watch),
    });
    return {
      kysely,
      read: kysely,
      dialect: 'postgres',
      writeVersion,
      writes: watch,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      onPoolWait: (listener) => {
        waits.add(listener);
        return () => waits.delete(listener);
      },
      close: () => kysely.destroy(),
    };
  }
  const file = url?.startsWith('file:')
    ? url.slice(5)
    : url || path.join(opts.dataDir, 'fiscus.sqlite');
  let visits = 0;
  const onVisit = () => {
    visits++;
  };
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerBaseFunctions(sqlite, onVisit);
  // Planner statistics (see platform/stats.ts): ANALYZE reads at most this many rows per index,
  // and tables never analyzed or grown much since are analyzed now and every ten minutes.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  opts.setupSqlite?.(sqlite);
  // The reader: opened after the writer made the file a WAL database.
  const inMemory = file === ':memory:' || file === '';
  let reader: SQLite.Database | undefined;
  if (!inMemory) {
    reader = new SQLite(file, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    registerBaseFunctions(reader, onVisit);
    opts.setupSqlite?.(reader);
  }
  // The log is checkpointed by a worker thread, not at the end of a commit on this thread.
  let checkpointer: Checkpointer | undefined;
  const checkpointMs = opts.checkpointMs ?? CHECKPOINT_EVERY_MS;
  if (!inMemory && checkpointMs > 0) {
    sqlite.pragma('wal_autocheckpoint = 0');
    checkpointer = startCheckpointer(file, checkpointMs, () => {
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    });
  }
  const writerDb = cachingStatements(sqlite);
  const readerDb = reader ? cachingStatements(reader) : undefined;
  const kysely = new Kysely<Database>({
    dialect: watchedDialect(routingSqliteDialect(writerDb, readerDb), watch),
  });
  const builder = inMemory ? undefined : startIndexBuilder(file);
  if (builder)
    offThreads.set(kysely, (statements, opts) =>
      kysely.transaction().execute(async (trx) => {
        try {
          await builder.run(
            statements.map((c) => ({ sql: c.sql, parameters: c.parameters })),
            opts?.atomic,
          );
        } catch (e) {
          if (!(e instanceof NotOffThread)) throw e;
          for (const c of statements) await trx.executeQuery(c);
        }
      }),
    );
  const read = readerDb
    ? new Kysely<Database>({
        // Its own handle on the reader; closing it is left to `kysely` (which owns both).
        dialect: new SqliteDialect({
          database: { prepare: (s) => readerDb.prepare(s), close() {} },
        }),
      })
    : kysely;
  // Through Kysely, so it waits for a running transaction instead of joining it.
  const optimize = setInterval(() => {
    sql`pragma optimize`.execute(kysely).catch(() => undefined);
  }, OPTIMIZE_EVERY_MS);
  optimize.unref();
  return {
    kysely,
    read,
    dialect: 'sqlite',
    sqliteFile: file,
    writeVersion,
    writes: watch,
    rowVisits: () => visits,
    addRowVisits: (n) => {
      visits += n;
    },
    close: async () => {
      clearInterval(optimize);
      await builder?.stop();
      await checkpointer?.stop();
      if (read !== kysely) await read.destroy();
      await kysely.destroy();
    },
  };
}
