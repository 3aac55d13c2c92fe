import type { CompiledQuery, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/dialect.js';
import type { Lang } from '../messages.js';
import { laneRows, streamRows, TooSlowError, type LaneName } from '../lanes.js';
import { SourceError, type SourceDb } from './connect.js';

/** A source's lane stopped a statement at the statement time-out: the source's own reason. */
function timedOut(err: unknown): unknown {
  return err instanceof TooSlowError
    ? new SourceError('statement_timeout', 'statement time-out')
    : err;
}

/**
 * Runs a read on a source: on a SQLite source in its lanes (a statement past the statement
 * time-out is stopped: `statement_timeout`), on PostgreSQL on its pool (the source cancels).
 */
export async function sourceRows<R>(
  db: Db,
  caller: { domainId: string; lang: Lang },
  lane: LaneName,
  query: RawBuilder<R> | CompiledQuery<R>,
): Promise<R[]> {
  try {
    return await laneRows<R>({ db, domainId: caller.domainId, lang: caller.lang }, lane, query);
  } catch (err) {
    throw timedOut(err);
  }
}

/**
 * Reads every row of a query on a source, slice by slice (rows as arrays in select order),
 * waiting for `onSlice` before it hands over the next slice — how a sync copies a table.
 *
 * - **PostgreSQL**: a cursor in a read-only, repeatable-read transaction (one consistent
 *   snapshot, however long the copy takes) on a connection of the source's pool; rows come as
 *   arrays (no object per row), and the next `FETCH` is sent before the current slice is
 *   handed over, so the source reads the next slice while the platform writes this one. Every
 *   `FETCH` is a statement of its own under the source's statement time-out.
 * - **MySQL/MariaDB**: one prepared statement streamed in a read-only transaction with a
 *   consistent snapshot (mysql.ts), paused while a slice is written; the read as a whole may
 *   take as long as a SQLite source's.
 * - **SQLite**: one statement iterated in a lane process of the source (platform/lanes.ts),
 *   the whole read within `SQLITE_SYNC_READ_MS`.
 */
export async function streamSource(
  db: SourceDb,
  caller: { domainId: string; lang: Lang },
  query: CompiledQuery,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void> | void,
): Promise<void> {
  if (db.pool) return streamPostgres(db.pool, query, slice, onSlice);
  if (db.stream) return db.stream(query, slice, onSlice);
  const { domainId, lang } = caller;
  try {
    await streamRows({ db, domainId, lang }, query, slice, async (rows) => onSlice(rows));
  } catch (err) {
    throw timedOut(err);
  }
}

async function streamPostgres(
  pool: pg.Pool,
  query: CompiledQuery,
  slice: number,
  onSlice: (rows: unknown[][]) => Promise<void> | void,
): Promise<void> {
  const n = Math.max(1, Math.floor(slice));
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // The session's settings, whatever opened this connection: dates and times in UTC.
    await client.query("set local time zone 'UTC'");
    await client.query(`declare fiscus_rows no scroll cursor for ${query.sql}`, [
      ...query.parameters,
    ]);
    const fetch = () => {
      const p = client.query<unknown[]>({ text: `fetch ${n} from fiscus_rows`, rowMode: 'array' });
      // Awaited below, unless a slice failed first (then the rollback reports the connection).
      p.catch(() => undefined);
      return p;
    };
    let next: Promise<pg.QueryResult<unknown[]>> | undefined = fetch();
    while (next) {
      const rows: unknown[][] = (await next).rows;
      next = rows.length === n ? fetch() : undefined;
      if (rows.length) await onSlice(rows);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
