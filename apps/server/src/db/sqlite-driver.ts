import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type SQLite from './sqlite.js';
import { numbersExceptUnits, readUnitsExactly, toNumber } from './exact-integers.js';

/** Prepared statements kept per SQLite connection (most recently used first out). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A prepared statement kept for reuse. Reads whose column list is spelled out (no `*`, so a
 * schema change cannot shift the columns) fetch rows as arrays and build the row objects here:
 * better-sqlite3 makes objects more slowly than arrays. Reads of exact decimals get their units
 * as BigInt (see db/exact-integers.ts).
 */
class ReusedStatement implements SqliteStatement {
  readonly reader: boolean;
  /** Builds a row object from a row fetched as an array; null: plain objects. */
  private toRow: ((values: unknown[]) => unknown) | null | undefined;
  /** Result columns holding decimal units (the statement reads safe integers); null: none. */
  private unitNames: Set<string> | null = null;

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
    if (this.toRow === undefined) {
      if (this.reader) this.unitNames = readUnitsExactly(this.stmt);
      this.toRow = this.rowBuilder();
    }
    const toRow = this.toRow;
    if (!toRow) {
      const rows = this.stmt.all(parameters as unknown[]) as Record<string, unknown>[];
      const units = this.unitNames;
      if (units) for (const r of rows) numbersExceptUnits(r, units);
      return rows;
    }
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
    const units = this.unitNames;
    // With units in the row every integer arrives as BigInt: all but the units become numbers.
    const body = names
      .map((n, i) => `${JSON.stringify(n)}: ${!units || units.has(n) ? `v[${i}]` : `n(v[${i}])`}`)
      .join(', ');
    // The names are quoted with JSON.stringify: they can only ever be property keys.
    const build = new Function('n', `return (v) => ({ ${body} });`)(toNumber) as (
      values: unknown[],
    ) => unknown;
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
    const stmt = this.sqlite.prepare(this.sql);
    const units = readUnitsExactly(stmt);
    const rows = stmt.iterate(parameters as unknown[]) as IterableIterator<Record<string, unknown>>;
    if (!units) return rows;
    return (function* () {
      for (const r of rows) yield numbersExceptUnits(r, units);
    })();
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

/** Waits its turn for the one writing connection. */
class Mutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise<void>((r) => (this.release = r));
  }

  unlock(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

function execute<R>(db: SqliteDatabase, compiled: CompiledQuery): QueryResult<R> {
  const stmt = db.prepare(compiled.sql);
  if (stmt.reader) return { rows: stmt.all(compiled.parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(compiled.parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

/**
 * What Kysely gets for each query (or transaction): selects of the query builder outside a
 * transaction read on the read-only connection at once; everything else — raw SQL, writes,
 * DDL and every statement of a transaction — waits its turn for the writing connection.
 */
class RoutedConnection implements DatabaseConnection {
  /** In a transaction: holds the writer until commit or rollback. */
  inTransaction = false;

  constructor(private readonly driver: RoutingSqliteDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const d = this.driver;
    if (this.inTransaction) return execute<R>(d.writer, compiled);
    if (d.reader && compiled.query.kind === 'SelectQueryNode')
      return execute<R>(d.reader, compiled);
    await d.mutex.lock();
    try {
      return execute<R>(d.writer, compiled);
    } finally {
      d.mutex.unlock();
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (compiled.query.kind !== 'SelectQueryNode')
      throw new Error('SQLite streams only select queries');
    const d = this.driver;
    const own = !this.inTransaction;
    if (own) await d.mutex.lock();
    try {
      const stmt = d.writer.prepare(compiled.sql);
      for (const row of stmt.iterate(compiled.parameters)) yield { rows: [row as R] };
    } finally {
      if (own) d.mutex.unlock();
    }
  }
}

/**
 * SQLite with two connections to one file (WAL): the writer, taken in turn (one statement or
 * one transaction at a time, as SQLite allows one writer), and a read-only connection for the
 * query builder's selects outside a transaction — they never wait for a long transaction (an
 * import's apply) and see every committed write. Without a reader (in-memory databases) every
 * query takes the writer.
 */
class RoutingSqliteDriver implements Driver {
  readonly mutex = new Mutex();

  constructor(
    readonly writer: SqliteDatabase,
    readonly reader: SqliteDatabase | undefined,
  ) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new RoutedConnection(this));
  }

  private static routed(c: DatabaseConnection): RoutedConnection {
    if (!(c instanceof RoutedConnection)) throw new Error('not a connection of this driver');
    return c;
  }

  async beginTransaction(c: DatabaseConnection): Promise<void> {
    const conn = RoutingSqliteDriver.routed(c);
    await this.mutex.lock();
    try {
      execute(this.writer, CompiledQuery.raw('begin'));
    } catch (err) {
      this.mutex.unlock();
      throw err;
    }
    conn.inTransaction = true;
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const conn = RoutingSqliteDriver.routed(c);
    // A failed commit leaves the transaction open: Kysely rolls it back next.
    execute(this.writer, CompiledQuery.raw('commit'));
    this.end(conn);
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const conn = RoutingSqliteDriver.routed(c);
    try {
      execute(this.writer, CompiledQuery.raw('rollback'));
    } finally {
      this.end(conn);
    }
  }

  async savepoint(_c: DatabaseConnection, name: string): Promise<void> {
    execute(this.writer, CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(_c: DatabaseConnection, name: string): Promise<void> {
    execute(this.writer, CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(_c: DatabaseConnection, name: string): Promise<void> {
    execute(this.writer, CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  private end(conn: RoutedConnection): void {
    if (!conn.inTransaction) return;
    conn.inTransaction = false;
    this.mutex.unlock();
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    // A transaction is always ended by commit or rollback first; never keep the writer held.
    this.end(RoutingSqliteDriver.routed(c));
  }

  async destroy(): Promise<void> {
    this.writer.close();
    this.reader?.close();
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The Kysely dialect of `RoutingSqliteDriver` (see there). */
export function routingSqliteDialect(
  writer: SqliteDatabase,
  reader: SqliteDatabase | undefined,
): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new RoutingSqliteDriver(writer, reader),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
