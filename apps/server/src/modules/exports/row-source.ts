import SQLite from '../../db/sqlite.js';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/dialect.js';

/**
 * Reads the rows of a query slice by slice without holding the result in memory, calling
 * `onSlice` for each slice (rows as arrays in select order) and waiting for it before reading
 * on. The query must select its columns as `c0`, `c1`, ….
 *
 * - SQLite: a second, read-only connection on the database file iterates one statement
 *   (WAL lets it read a consistent snapshot while the app keeps writing).
 * - PostgreSQL: a server-side cursor (`DECLARE … CURSOR`, `FETCH n`) in a read-only,
 *   repeatable-read transaction on one pooled connection.
 * - SQLite without a file (in-memory): LIMIT/OFFSET windows on the app's connection.
 */
export async function forEachSlice(
  db: Db,
  query: RawBuilder<unknown>,
  width: number,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  if (db.dialect === 'postgres') return postgresSlices(db, query, width, slice, onSlice);
  if (db.sqliteFile && db.sqliteFile !== ':memory:')
    return sqliteSlices(db.sqliteFile, db, query, slice, onSlice);
  return windowSlices(db, query, width, slice, onSlice);
}

async function sqliteSlices(
  file: string,
  db: Db,
  query: RawBuilder<unknown>,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  const compiled = query.compile(db.kysely);
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    conn.pragma('busy_timeout = 5000');
    const stmt = conn.prepare(compiled.sql).raw(true);
    let batch: unknown[][] = [];
    for (const row of stmt.iterate(...(compiled.parameters as unknown[]))) {
      batch.push(row as unknown[]);
      if (batch.length >= slice) {
        await onSlice(batch);
        batch = [];
      }
    }
    if (batch.length) await onSlice(batch);
  } finally {
    conn.close();
  }
}

function toArrays(rows: Record<string, unknown>[], width: number): unknown[][] {
  return rows.map((r) => {
    const out = new Array<unknown>(width);
    for (let i = 0; i < width; i++) out[i] = r[`c${i}`];
    return out;
  });
}

async function postgresSlices(
  db: Db,
  query: RawBuilder<unknown>,
  width: number,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  await db.kysely
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`declare export_rows no scroll cursor for ${query}`.execute(trx);
      for (;;) {
        const { rows } = await sql<Record<string, unknown>>`fetch ${sql.raw(
          String(Math.max(1, Math.floor(slice))),
        )} from export_rows`.execute(trx);
        if (!rows.length) break;
        await onSlice(toArrays(rows, width));
        if (rows.length < slice) break;
      }
      await sql`close export_rows`.execute(trx);
    });
}

async function windowSlices(
  db: Db,
  query: RawBuilder<unknown>,
  width: number,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void>,
): Promise<void> {
  for (let offset = 0; ; offset += slice) {
    const { rows } = await sql<
      Record<string, unknown>
    >`${query} limit ${slice} offset ${offset}`.execute(db.kysely);
    if (rows.length) await onSlice(toArrays(rows, width));
    if (rows.length < slice) break;
  }
}
