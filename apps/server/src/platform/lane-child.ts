/**
 * A lane process (see platform/lanes.ts): one read-only SQLite connection that runs the
 * statements the server sends, one at a time, and answers their rows. The server ends it with
 * SIGKILL when a statement passes its time limit — the one way to stop SQLite in the middle of
 * a statement from outside (docs/execution.md).
 *
 * Messages in: `{ t: 'all', id, sql, params }`, `{ t: 'stream', id, sql, params, slice }`,
 * `{ t: 'next', id }` (send the next slice), `{ t: 'stop', id }` (end a stream early).
 * Messages out: `{ t: 'ready' }`, `{ t: 'rows', id, columns, rows, visits }`,
 * `{ t: 'slice', id, rows }`, `{ t: 'end', id, visits }`, `{ t: 'error', id, message, code }`.
 */
import { Worker } from 'node:worker_threads';
import SQLite from '../db/sqlite.js';
import { registerBaseFunctions } from '../db/sqlite-functions.js';
import { arrayNumbersExceptUnits, unitsColumns } from '../db/exact-integers.js';
import { registerExprRuntime } from './expr/runtime.js';

type In =
  | { t: 'all'; id: number; sql: string; params: unknown[] }
  | { t: 'stream'; id: number; sql: string; params: unknown[]; slice: number }
  | { t: 'next'; id: number }
  | { t: 'stop'; id: number };

const file = process.argv[2];
if (!file || !process.send) {
  process.stderr.write('lane-child: started without a database file or an IPC channel\n');
  process.exit(2);
}
const send = (m: unknown) => process.send?.(m);

const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
let visits = 0;
// The same functions as the server's connections (db/dialect.ts and plugins/db.ts).
registerBaseFunctions(db, () => {
  visits++;
});
registerExprRuntime(db);

/** Prepared statements by SQL text (most recently used last). */
const statements = new Map<string, SQLite.Statement>();
/**
 * Per statement that reads exact decimals' units: which columns hold them. Those statements read
 * integers as BigInt (units keep every digit across the IPC channel, whose serialization carries
 * BigInt), and every other integer is turned back into a number (db/exact-integers.ts).
 */
const unitsOf = new WeakMap<SQLite.Statement, boolean[]>();

/** A statement for reading, with units read exactly (see above). */
function reading(stmt: SQLite.Statement): SQLite.Statement {
  const units = unitsColumns(stmt);
  if (units) {
    stmt.safeIntegers(true);
    unitsOf.set(stmt, units);
  }
  return stmt.raw(true);
}

/** Rows of a statement made by `reading`, integers as the app reads them. */
function exact(stmt: SQLite.Statement, rows: unknown[][]): unknown[][] {
  const units = unitsOf.get(stmt);
  if (units) for (const r of rows) arrayNumbersExceptUnits(r, units);
  return rows;
}
const STATEMENTS = 200;

function prepare(sql: string): SQLite.Statement {
  let stmt = statements.get(sql);
  if (stmt && !stmt.busy) {
    statements.delete(sql);
    statements.set(sql, stmt);
    return stmt;
  }
  stmt = db.prepare(sql);
  if (!stmt.reader) throw Object.assign(new Error('a lane only reads'), { code: 'LANE_WRITE' });
  reading(stmt);
  // `*` may name other columns after a schema change: such statements are not kept.
  if (!sql.includes('*') && !statements.has(sql)) {
    statements.set(sql, stmt);
    if (statements.size > STATEMENTS) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
  }
  return stmt;
}

/** Values as better-sqlite3 binds them (blobs arrive as Uint8Array). */
function bindable(params: unknown[]): unknown[] {
  return params.map((p) =>
    p instanceof Uint8Array && !Buffer.isBuffer(p)
      ? Buffer.from(p.buffer, p.byteOffset, p.byteLength)
      : p,
  );
}

function fail(id: number, err: unknown): void {
  const e = err as { message?: unknown; code?: unknown };
  send({
    t: 'error',
    id,
    message: String(e.message ?? err),
    code: typeof e.code === 'string' ? e.code : undefined,
  });
}

/** The open stream: its iterator and whether the server asked for the next slice. */
let stream:
  | {
      id: number;
      stmt: SQLite.Statement;
      iter: IterableIterator<unknown[]>;
      slice: number;
      done: boolean;
    }
  | undefined;

function sendSlice(): void {
  const s = stream;
  if (!s) return;
  const rows: unknown[][] = [];
  try {
    while (rows.length < s.slice) {
      const next = s.iter.next();
      if (next.done) {
        s.done = true;
        break;
      }
      rows.push(next.value);
    }
  } catch (err) {
    stream = undefined;
    fail(s.id, err);
    return;
  }
  if (rows.length) send({ t: 'slice', id: s.id, rows: exact(s.stmt, rows) });
  if (s.done) {
    stream = undefined;
    send({ t: 'end', id: s.id, visits: takeVisits() });
  }
}

function takeVisits(): number {
  const n = visits;
  visits = 0;
  return n;
}

process.on('message', (m: In) => {
  switch (m.t) {
    case 'all': {
      try {
        const stmt = prepare(m.sql);
        const rows = exact(stmt, stmt.all(...bindable(m.params)) as unknown[][]);
        const columns = stmt.columns().map((c) => c.name);
        send({ t: 'rows', id: m.id, columns, rows, visits: takeVisits() });
      } catch (err) {
        fail(m.id, err);
      }
      return;
    }
    case 'stream': {
      try {
        const stmt = db.prepare(m.sql);
        if (!stmt.reader) throw new Error('a lane only reads');
        reading(stmt);
        const iter = stmt.iterate(...bindable(m.params)) as IterableIterator<unknown[]>;
        stream = { id: m.id, stmt, iter, slice: Math.max(1, m.slice), done: false };
      } catch (err) {
        fail(m.id, err);
        return;
      }
      sendSlice();
      return;
    }
    case 'next':
      if (stream?.id === m.id) sendSlice();
      return;
    case 'stop':
      if (stream?.id === m.id) {
        stream.iter.return?.();
        stream = undefined;
        send({ t: 'end', id: m.id, visits: takeVisits() });
      }
      return;
  }
});
// The server went away: so does the lane — at once when idle; while a statement runs (this
// thread is inside SQLite), a watchdog thread sees the parent change and kills the process.
process.on('disconnect', () => process.exit(0));
const watchdog = new Worker(
  `const parent = process.ppid;
   setInterval(() => { if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL'); }, 1000);`,
  { eval: true },
);
watchdog.unref();
send({ t: 'ready' });
