import path from 'node:path';
import SQLite from './sqlite.js';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Dialect,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type SqliteStatement,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The case folding of case-insensitive text matching: Unicode lower case ("МОСКВА" → "москва",
 * "ÄRGER" → "ärger"). PostgreSQL's ILIKE folds the same way in a UTF-8 database; SQLite gets it
 * as the SQL function `fold` on every connection.
 */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: the database file (a second, read-only connection may stream long reads). */
  sqliteFile?: string;
  /**
   * A number that changes whenever one of `tables` may have changed through this process: any
   * insert/update/delete on them, any write whose tables are unknown (raw SQL, DDL) and any
   * committed transaction. Caches of derived data keep the number they were filled under and
   * are stale once it differs. Absent on handles made elsewhere (then: do not cache).
   */
  writeVersion?: (tables: readonly string[]) => number;
  /**
   * SQLite: rows visited so far by queries that call `pf_visit()` (the query planner adds it
   * when tests and benchmarks ask it to count, see platform/planner.ts).
   */
  rowVisits?: () => number;
  close(): Promise<void>;
}

/** How often SQLite refreshes the statistics of tables that changed much (`PRAGMA optimize`). */
const OPTIMIZE_EVERY_MS = 10 * 60_000;

/** Prepared statements kept per SQLite connection (most recently used first out). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Counts writes per table as they pass through Kysely (see `Db.writeVersion`). Every write is
 * counted twice — when it is sent and when it has run — and every commit once, so a reader that
 * notes the version before reading and finds it unchanged afterwards read committed data that no
 * write in this process has touched since.
 */
export class WriteWatch implements KyselyPlugin {
  private readonly counts = new Map<string, number>();
  /** Writes of unknown tables and commits: they count for every table. */
  private everything = 0;
  private readonly pending = new WeakMap<object, string[] | null>();

  version(tables: readonly string[]): number {
    let v = this.everything;
    for (const t of tables) v += this.counts.get(t) ?? 0;
    return v;
  }

  /** A transaction was committed (its writes are now visible to other connections). */
  committed(): void {
    this.everything++;
  }

  private bump(tables: string[] | null): void {
    if (!tables) {
      this.everything++;
      return;
    }
    for (const t of tables) this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables !== undefined) {
      this.bump(tables);
      this.pending.set(args.queryId, tables);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(args.queryId);
    if (tables !== undefined) {
      this.pending.delete(args.queryId);
      this.bump(tables);
    }
    return Promise.resolve(args.result);
  }
}

/** Raw statements that only read: selects and the cursor statements of streaming reads. */
const READ_ONLY_SQL =
  /^\s*(\(?\s*select\b|fetch\b|close\b|declare\s+\w+\s+(no\s+)?(scroll\s+)?cursor\b)/i;

/**
 * The tables a query writes: undefined for a read, null when a write's tables are unknown
 * (raw SQL, DDL), else the names of every table the statement mentions.
 */
function writtenTables(node: RootOperationNode): string[] | null | undefined {
  switch (node.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'RawNode':
      return READ_ONLY_SQL.test(node.sqlFragments[0] ?? '') ? undefined : null;
    case 'InsertQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'MergeQueryNode': {
      const names = new Set<string>();
      collectTables(node, names, 0);
      return names.size ? [...names] : null;
    }
    default:
      return null;
  }
}

function collectTables(value: unknown, into: Set<string>, depth: number): void {
  if (!value || typeof value !== 'object' || depth > 64) return;
  if (Array.isArray(value)) {
    for (const v of value) collectTables(v, into, depth + 1);
    return;
  }
  const node = value as OperationNode & { table?: { identifier?: { name?: unknown } } };
  if (node.kind === 'TableNode' && typeof node.table?.identifier?.name === 'string') {
    into.add(node.table.identifier.name);
    return;
  }
  for (const v of Object.values(value)) collectTables(v, into, depth + 1);
}

/** The dialect with `onCommit` called after every committed transaction. */
function watchCommits(dialect: Dialect, onCommit: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      const commit = driver.commitTransaction.bind(driver);
      driver.commitTransaction = async (connection) => {
        await commit(connection);
        onCommit();
      };
      return driver;
    },
  };
}

/**
 * A prepared statement kept for reuse. Reads whose column list is spelled out (no `*`, so a
 * schema change cannot shift the columns) fetch rows as arrays and build the row objects here:
 * better-sqlite3 makes objects more slowly than arrays.
 */
class ReusedStatement implements SqliteStatement {
  readonly reader: boolean;
  /** Builds a row object from a row fetched as an array; null: plain objects. */
  private toRow: ((values: unknown[]) => unknown) | null | undefined;

  constructor(
    private readonly sqlite: SQLite.Database,
    readonly sql: string,
    readonly stmt: SQLite.Statement,
  ) {
    this.reader = stmt.reader;
  }

  get busy(): boolean {
    return this.stmt.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    if (this.toRow === undefined) this.toRow = this.rowBuilder();
    const toRow = this.toRow;
    if (!toRow) return this.stmt.all(parameters as unknown[]);
    const rows = this.stmt.all(parameters as unknown[]) as unknown[][];
    const out = new Array<unknown>(rows.length);
    for (let r = 0; r < rows.length; r++) out[r] = toRow(rows[r] as unknown[]);
    return out;
  }

  /**
   * A function making the row object from the array of a row, with the column names as literal
   * keys (objects of one shape, built as fast as the engine can). Null: keep better-sqlite3's
   * objects (`*` in the SQL, duplicate or odd names, statements that return no rows).
   */
  private rowBuilder(): ((values: unknown[]) => unknown) | null {
    if (!this.reader || this.sql.includes('*')) return null;
    const names = this.stmt.columns().map((c) => c.name);
    if (
      !names.length ||
      new Set(names).size !== names.length ||
      names.some((n) => n === '__proto__' || n === 'constructor')
    )
      return null;
    const body = names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ');
    // The names are quoted with JSON.stringify: they can only ever be property keys.
    const build = new Function('v', `return { ${body} };`) as (values: unknown[]) => unknown;
    this.stmt.raw(true);
    return build;
  }

  run(parameters: ReadonlyArray<unknown>): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  } {
    return this.stmt.run(parameters as unknown[]);
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    // Streams get a statement of their own (objects, and free to stay open while iterating).
    return this.sqlite.prepare(this.sql).iterate(parameters as unknown[]);
  }
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * The SQLite connection as Kysely sees it, with prepared statements reused per SQL text
 * (bounded LRU): preparing costs more than running a small indexed query. A statement still
 * busy is never handed out twice; a schema change through this connection empties the cache.
 */
export function cachingStatements(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const cache = new Map<string, ReusedStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Most recently used last: the first entry is the one to drop when full.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      if (SCHEMA_CHANGE.test(sql)) {
        cache.clear();
        return sqlite.prepare(sql);
      }
      const stmt = new ReusedStatement(sqlite, sql, sqlite.prepare(sql));
      if (hit) return stmt;
      cache.set(sql, stmt);
      if (cache.size > size) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return stmt;
    },
  };
}

/** SQLite file in DATA_DIR by default (WAL); PostgreSQL when DATABASE_URL is a postgres URL. */
export function createDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Prepares a SQLite connection (SQL functions the platform adds). */
  setupSqlite?: (sqlite: SQLite.Database) => void;
}): Db {
  const url = opts.databaseUrl;
  const watch = new WriteWatch();
  const writeVersion = (tables: readonly string[]) => watch.version(tables);
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Keep BIGINT/NUMERIC as JS numbers where safe; timestamps stay strings (we store ISO text).
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const kysely = new Kysely<Database>({
      dialect: watchCommits(new PostgresDialect({ pool }), () => watch.committed()),
      plugins: [watch],
    });
    return { kysely, dialect: 'postgres', writeVersion, close: () => kysely.destroy() };
  }
  const file = url?.startsWith('file:')
    ? url.slice(5)
    : url || path.join(opts.dataDir, 'fiscus.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's LIKE and lower() fold ASCII letters only; the query compiler folds other letters
  // with this (see foldedMatch in platform/compiler.ts).
  sqlite.function('fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldCase(text) : text,
  );
  let visits = 0;
  sqlite.function('pf_visit', { deterministic: false }, () => {
    visits++;
    return 1;
  });
  // Planner statistics (see platform/stats.ts): ANALYZE reads at most this many rows per index,
  // and tables never analyzed or grown much since are analyzed now and every ten minutes.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  opts.setupSqlite?.(sqlite);
  const kysely = new Kysely<Database>({
    dialect: watchCommits(new SqliteDialect({ database: cachingStatements(sqlite) }), () =>
      watch.committed(),
    ),
    plugins: [watch],
  });
  // Through Kysely, so it waits for a running transaction instead of joining it.
  const optimize = setInterval(() => {
    sql`pragma optimize`.execute(kysely).catch(() => undefined);
  }, OPTIMIZE_EVERY_MS);
  optimize.unref();
  return {
    kysely,
    dialect: 'sqlite',
    sqliteFile: file,
    writeVersion,
    rowVisits: () => visits,
    close: () => {
      clearInterval(optimize);
      return kysely.destroy();
    },
  };
}
