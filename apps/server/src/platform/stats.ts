import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../db/dialect.js';
import type { Q } from './context.js';
import { safeIdent } from './ident.js';

/**
 * Planner statistics. The database picks an index for a query from what it knows of the data:
 * without statistics SQLite guesses (and may walk a sort index testing every row where a filter
 * index would read a hundred), PostgreSQL waits for autovacuum. The platform refreshes a record
 * table's statistics when the data or the indexes change in bulk:
 * - after an index is created (`analyzeTable`; on SQLite the index builder also analyzes the
 *   new index alone in the transaction that creates it, `analyzeIndexStatement`, so that no
 *   connection plans it without statistics);
 * - after an import that wrote rows (`refreshStatistics`);
 * - SQLite: `PRAGMA optimize` when the database is opened and every ten minutes (it analyzes
 *   the tables whose size changed much since they were), with `analysis_limit` bounding the
 *   rows ANALYZE reads per index (see `createDb`).
 * A SQLite table with fewer than `ANALYZE_MIN_ROWS` records is not analyzed: the statistics of a
 * nearly empty table say that scanning any of its indexes is free, and the planner would then
 * scan one and sort, long after the table has grown.
 */
export const ANALYZE_MIN_ROWS = 1000;

async function bigEnough(q: Q, table: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 from ${sql.id(safeIdent(table))} limit ${ANALYZE_MIN_ROWS})`.execute(
    q,
  );
  return Number(rows[0]?.n ?? 0) >= ANALYZE_MIN_ROWS;
}

/** Statistics of a record table and all its indexes (after one was created). */
export async function analyzeTable(q: Q, dialect: DialectName, table: string): Promise<void> {
  if (dialect === 'sqlite' && !(await bigEnough(q, table))) return;
  await sql`analyze ${sql.id(safeIdent(table))}`.execute(q);
}

/**
 * SQLite: the `analyze` of one new index of a record table, for the index builder to run in
 * the transaction of its `create index` (ddl.ts) — none when the table is too small to analyze.
 */
export async function analyzeIndexStatement(
  q: Q,
  table: string,
  index: string,
): Promise<RawBuilder<unknown> | undefined> {
  return (await bigEnough(q, table)) ? sql`analyze ${sql.id(safeIdent(index))}` : undefined;
}

/** Statistics of one record table after its data changed in bulk (imports). */
export async function refreshStatistics(db: Db, table: string): Promise<void> {
  await analyzeTable(db.kysely, db.dialect, table);
}
