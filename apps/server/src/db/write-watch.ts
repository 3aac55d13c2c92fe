import type {
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryResult,
  RawNode,
  RootOperationNode,
} from 'kysely';

/**
 * Counts writes per table where they are executed — on the connection, not where a query is
 * compiled (compiling a fragment for a cache key writes nothing). Every write is counted twice —
 * when it is sent and when it has run — and every commit once, so a reader that notes the
 * version before reading and finds it unchanged afterwards read committed data that no write in
 * this process has touched since (see `Db.writeVersion`).
 */
export class WriteWatch {
  private readonly counts = new Map<string, number>();
  /** Writes of unknown tables and commits: they count for every table. */
  private everything = 0;
  private readonly visibleFns = new Set<(tables: readonly string[] | null) => void>();
  private readonly externalFns = new Set<(tables: readonly string[] | null) => void>();

  /**
   * Calls `fn` with the tables of writes made through this process once other connections can
   * see them (a statement outside a transaction has run, a transaction has committed); null
   * when a write's tables are unknown. Returns the unsubscribe function.
   */
  onVisible(fn: (tables: readonly string[] | null) => void): () => void {
    this.visibleFns.add(fn);
    return () => this.visibleFns.delete(fn);
  }

  /** Calls `fn` when another process's writes are told (`external`). */
  onExternal(fn: (tables: readonly string[] | null) => void): () => void {
    this.externalFns.add(fn);
    return () => this.externalFns.delete(fn);
  }

  /**
   * Writes another process made to `tables` (null: unknown tables — everything) were committed:
   * their versions change as for writes of this process, and `onExternal` subscribers are told.
   */
  external(tables: readonly string[] | null): void {
    this.bump(tables ? [...tables] : null);
    for (const fn of [...this.externalFns]) fn(tables);
  }

  /** Writes of this process are visible to other connections now (see `onVisible`). */
  visible(tables: readonly string[] | null): void {
    for (const fn of [...this.visibleFns]) fn(tables);
  }

  /** Whether anyone is told of visible writes (else they are not collected). */
  get telling(): boolean {
    return this.visibleFns.size > 0;
  }

  version(tables: readonly string[]): number {
    let v = this.everything;
    for (const t of tables) v += this.counts.get(t) ?? 0;
    return v;
  }

  /**
   * A transaction that wrote `tables` (null: unknown tables — everything) was committed: their
   * versions change once more, since a reader on another connection (the SQLite reader, a lane
   * process, another pooled connection) may have read them between the write and the commit
   * and seen the rows before it. Tables the transaction did not write keep their versions.
   */
  committed(tables: readonly string[] | null): void {
    if (tables && !tables.length) return;
    this.bump(tables ? [...tables] : null);
  }

  bump(tables: string[] | null): void {
    if (!tables) {
      this.everything++;
      return;
    }
    for (const t of tables) this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
  }
}

/** Leading words of raw statements that only read: selects and the cursor statements of streaming reads. */
const READ_ONLY_START =
  /^\s*(\(?\s*select\b|values\b|fetch\b|close\b|declare\s+\w+\s+(no\s+)?(scroll\s+)?cursor\b)/i;
/** A statement with common table expressions reads unless it names a write anywhere. */
const WITH_START = /^\s*\(?\s*with\b/i;
const WRITE_WORD = /\b(insert|update|delete|replace|merge|upsert|truncate|create|alter|drop)\b/i;
/** Nested fragments looked into (a statement is never deeper; deeper counts as a write). */
const MAX_DEPTH = 32;

/**
 * The SQL text of a raw statement up to its first word, looking into the fragments it starts
 * with (`sql\`${where} …\`` begins with an embedded fragment, not with text). A value or
 * identifier in front of every word yields `?`; a query builder's select yields `select`.
 */
function leadingText(node: RawNode, depth = 0): string {
  let text = '';
  for (let i = 0; i < node.sqlFragments.length; i++) {
    text += node.sqlFragments[i];
    if (/\w/.test(text)) return text;
    const p = node.parameters[i];
    if (!p) break;
    if (p.kind === 'RawNode' && depth < MAX_DEPTH) text += leadingText(p as RawNode, depth + 1);
    else if (p.kind === 'SelectQueryNode') text += ' select';
    else return `${text}?`;
    if (/\w/.test(text)) return text;
  }
  return text;
}

/** Whether any fragment of a raw statement, nested ones included, names a write. */
function namesWrite(node: RawNode, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  if (node.sqlFragments.some((f) => WRITE_WORD.test(f))) return true;
  return node.parameters.some((p) => {
    if (p.kind === 'RawNode') return namesWrite(p as RawNode, depth + 1);
    return (
      p.kind === 'InsertQueryNode' ||
      p.kind === 'UpdateQueryNode' ||
      p.kind === 'DeleteQueryNode' ||
      p.kind === 'MergeQueryNode'
    );
  });
}

/**
 * Whether a raw statement only reads, judged by its first word wherever it stands — in the
 * text or in the fragment it starts with. `with …` reads unless a write is named in it.
 * Anything else (DDL, pragmas, transaction control, unknown words) counts as a write: caches
 * are dropped, never kept stale.
 */
export function rawReadsOnly(node: RawNode): boolean {
  const lead = leadingText(node);
  if (READ_ONLY_START.test(lead)) return true;
  return WITH_START.test(lead) && !namesWrite(node);
}

/** The first characters of a raw statement read for its target table. */
const TARGET_TEXT = 240;
/**
 * A statement that starts by naming the one table it writes. Data-modifying common table
 * expressions stand in front (`with …`) and so never match; triggers' tables are derived data
 * of the target, kept under its version.
 */
const TARGET =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:(?:"[^"]+"|\w+)\s*\.\s*)?(?:"([^"]+)"|(\w+))(?=[\s(;]|$)/i;
const targets = new Map<string, string[] | null>();
const MAX_TARGETS = 2000;

/** The SQL text of a raw statement's start, its identifiers and tables written in. */
function statementStart(node: RawNode, depth = 0): string {
  let text = '';
  for (let i = 0; i < node.sqlFragments.length && text.length < TARGET_TEXT; i++) {
    text += node.sqlFragments[i];
    const p = node.parameters[i] as
      (OperationNode & { name?: unknown; table?: { identifier?: { name?: unknown } } }) | undefined;
    if (!p) continue;
    if (p.kind === 'RawNode' && depth < MAX_DEPTH) text += statementStart(p as RawNode, depth + 1);
    else if (p.kind === 'IdentifierNode' && typeof p.name === 'string') text += `"${p.name}"`;
    else if (p.kind === 'TableNode' && typeof p.table?.identifier?.name === 'string')
      text += `"${p.table.identifier.name}"`;
    else text += '?';
  }
  return text;
}

/**
 * The table a raw write names as its target (`insert into t …`, `update t …`, `delete from t
 * …`); null when it names none that way (DDL, pragmas, `with …`): a write of unknown tables.
 */
function rawTarget(node: RawNode): string[] | null {
  const text = statementStart(node).slice(0, TARGET_TEXT);
  let found = targets.get(text);
  if (found !== undefined) return found;
  const m = TARGET.exec(text);
  const name = m?.[1] ?? m?.[2];
  found = name ? [name] : null;
  if (targets.size >= MAX_TARGETS) targets.clear();
  targets.set(text, found);
  return found;
}

/**
 * The tables a query writes: undefined for a read, null when a write's tables are unknown
 * (DDL, pragmas, raw SQL that does not start by naming its target), else the names of every
 * table the statement mentions.
 */
export function writtenTables(node: RootOperationNode): string[] | null | undefined {
  switch (node.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'RawNode':
      return rawReadsOnly(node) ? undefined : rawTarget(node);
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

/**
 * What a connection wrote since its writes were last visible to others: inside a transaction
 * they become visible on commit, outside one when the statement has run.
 */
interface Written {
  inTransaction: boolean;
  /** Tables written; null once a write of unknown tables was made. */
  tables: Set<string> | null;
}

/** Tells `watch` that a connection's writes are visible now. */
function flush(watch: WriteWatch, w: Written): void {
  const tables = w.tables;
  w.tables = new Set();
  if (tables && !tables.size) return;
  watch.visible(tables ? [...tables] : null);
}

/** A connection whose writes are counted by `watch`. */
function counting(conn: DatabaseConnection, watch: WriteWatch, w: Written): DatabaseConnection {
  return {
    async executeQuery<R>(compiled: Parameters<DatabaseConnection['executeQuery']>[0]) {
      const tables = writtenTables(compiled.query);
      if (tables === undefined) return conn.executeQuery<R>(compiled);
      watch.bump(tables);
      try {
        return await conn.executeQuery<R>(compiled);
      } finally {
        watch.bump(tables);
        // A transaction's tables are kept for its commit (their versions change again then);
        // a statement outside one is told at once when anyone listens.
        if (w.inTransaction || watch.telling) {
          if (!tables) w.tables = null;
          else if (w.tables) for (const t of tables) w.tables.add(t);
          if (!w.inTransaction) flush(watch, w);
        }
      }
    },
    streamQuery<R>(
      compiled: Parameters<DatabaseConnection['streamQuery']>[0],
      chunkSize?: number,
    ): AsyncIterableIterator<QueryResult<R>> {
      return conn.streamQuery<R>(compiled, chunkSize);
    },
  };
}

/**
 * The dialect with every statement's writes counted by `watch` (on the connections Kysely runs
 * queries on) and every commit told to it. Transaction control (begin, commit, savepoints) goes
 * to the driver's own connection and counts only as the commit.
 */
export function watchedDialect(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const written = new WeakMap<DatabaseConnection, Written>();
      const own = (c: DatabaseConnection) => inner.get(c) ?? c;
      const savepoints = driver.savepoint && driver.rollbackToSavepoint && driver.releaseSavepoint;
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const conn = await driver.acquireConnection();
          const w: Written = { inTransaction: false, tables: new Set() };
          const outer = counting(conn, watch, w);
          inner.set(outer, conn);
          written.set(outer, w);
          return outer;
        },
        beginTransaction: async (c, settings) => {
          await driver.beginTransaction(own(c), settings);
          const w = written.get(c);
          if (w) w.inTransaction = true;
        },
        commitTransaction: async (c) => {
          const w = written.get(c);
          try {
            await driver.commitTransaction(own(c));
          } finally {
            // A connection not acquired here (none is) would have written unknown tables.
            watch.committed(w ? (w.tables ? [...w.tables] : null) : null);
            if (w) {
              w.inTransaction = false;
              // A failed commit may still have committed: others are told either way.
              flush(watch, w);
            }
          }
        },
        rollbackTransaction: async (c) => {
          const w = written.get(c);
          if (w) {
            w.inTransaction = false;
            w.tables = new Set();
          }
          await driver.rollbackTransaction(own(c));
        },
        ...(savepoints
          ? {
              savepoint: (c, name, compile) =>
                (driver.savepoint as NonNullable<Driver['savepoint']>).call(
                  driver,
                  own(c),
                  name,
                  compile,
                ),
              rollbackToSavepoint: (c, name, compile) =>
                (driver.rollbackToSavepoint as NonNullable<Driver['rollbackToSavepoint']>).call(
                  driver,
                  own(c),
                  name,
                  compile,
                ),
              releaseSavepoint: (c, name, compile) =>
                (driver.releaseSavepoint as NonNullable<Driver['releaseSavepoint']>).call(
                  driver,
                  own(c),
                  name,
                  compile,
                ),
            }
          : {}),
        releaseConnection: (c) => driver.releaseConnection(own(c)),
        destroy: () => driver.destroy(),
      };
    },
  };
}
