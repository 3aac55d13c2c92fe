import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/dialect.js';
import { peek, remember, versionNow } from './cache.js';

/**
 * Keyset ("seek") reading of deep pages. A page at offset N makes the database produce and
 * throw away N rows first — a page half way down a million rows visits half a million. But
 * pages are read one after another (the grid scrolls, a client pages on): the page before ends
 * with a row whose sort values are known, and the next page is "the rows after that row", which
 * an index finds at once.
 *
 * So after every page the planner remembers its last row — its position and its values of the
 * order's columns — as an **anchor**, per query (filter, state, order) and data version, in the
 * cache of derived data (`platform/cache.ts`: dropped when the object's table is written; on
 * PostgreSQL also after 2 s, as other processes may write). A page at offset N with an anchor at
 * position P < N reads "after the anchor, offset N − P − 1" instead: the same rows.
 *
 * Orders are total (they end with `id`) and NULL is the smallest value in both databases' orders
 * of records (`asc nulls first`, `desc nulls last`; SQLite's own), so "after" is exact for every
 * column. The first column also bounds the read with a range an index can start from
 * (`c >= v` ascending); descending, that range (`c <= v`) leaves out the NULLs that come last, so
 * a page that runs short of rows is read again without the anchor.
 */
export const MAX_ANCHORS = 64;

export interface Anchor {
  /** Position of the row in the query's order (0-based). */
  pos: number;
  /** Its values of the order's columns. */
  values: unknown[];
}

export interface OrderColumn {
  column: string;
  desc: boolean;
}

/** The anchor nearest before `offset` of a query, if one is known for the current data. */
export function nearestAnchor(
  db: Db,
  key: string,
  tables: readonly string[],
  offset: number,
): Anchor | undefined {
  const list = peek<Anchor[]>(db, 'anchors', key, tables);
  let best: Anchor | undefined;
  for (const a of list ?? []) if (a.pos < offset && (!best || a.pos > best.pos)) best = a;
  return best;
}

/** The data version to pass to `keepAnchor` (taken before the page is read). */
export function anchorVersion(db: Db, tables: readonly string[]): number | undefined {
  return versionNow(db, tables);
}

/** Remembers a page's last row as an anchor (unless the table was written since `version`). */
export function keepAnchor(
  db: Db,
  key: string,
  tables: readonly string[],
  version: number | undefined,
  anchor: Anchor,
): void {
  if (version === undefined) return;
  const known = peek<Anchor[]>(db, 'anchors', key, tables) ?? [];
  const list = [...known.filter((a) => a.pos !== anchor.pos), anchor];
  if (list.length > MAX_ANCHORS) list.shift();
  remember(db, 'anchors', key, tables, version, list);
}

/**
 * The rows after an anchor in the order of `cols`: `exact` false when the condition leaves out
 * rows that come after (the NULLs of a descending first column, see above) — then a page that
 * runs short must be read without it.
 */
export function seekWhere(
  cols: OrderColumn[],
  values: unknown[],
): { where: RawBuilder<SqlBool>; exact: boolean } {
  const col = (i: number) => sql.id((cols[i] as OrderColumn).column);
  const eq = (i: number) =>
    values[i] === null ? sql<SqlBool>`${col(i)} is null` : sql<SqlBool>`${col(i)} = ${values[i]}`;
  const after = (i: number): RawBuilder<SqlBool> | undefined => {
    const v = values[i];
    if ((cols[i] as OrderColumn).desc)
      return v === null ? undefined : sql<SqlBool>`(${col(i)} < ${v} or ${col(i)} is null)`;
    return v === null ? sql<SqlBool>`${col(i)} is not null` : sql<SqlBool>`${col(i)} > ${v}`;
  };
  const branches: RawBuilder<SqlBool>[] = [];
  for (let i = 0; i < cols.length; i++) {
    const a = after(i);
    if (!a) continue;
    const prefix = Array.from({ length: i }, (_, j) => eq(j));
    branches.push(prefix.length ? sql<SqlBool>`(${sql.join([...prefix, a], sql` and `)})` : a);
  }
  const rest = branches.length
    ? sql<SqlBool>`(${sql.join(branches, sql` or `)})`
    : sql<SqlBool>`1 = 0`;
  const first = cols[0] as OrderColumn;
  const v = values[0];
  // `id` holds no NULL: its range leaves nothing out.
  if (first.column === 'id')
    return {
      where: sql<SqlBool>`${col(0)} ${first.desc ? sql`<=` : sql`>=`} ${v} and ${rest}`,
      exact: true,
    };
  if (v === null)
    return first.desc
      ? { where: sql<SqlBool>`${col(0)} is null and ${rest}`, exact: true }
      : { where: rest, exact: true };
  return first.desc
    ? { where: sql<SqlBool>`${col(0)} <= ${v} and ${rest}`, exact: false }
    : { where: sql<SqlBool>`${col(0)} >= ${v} and ${rest}`, exact: true };
}
