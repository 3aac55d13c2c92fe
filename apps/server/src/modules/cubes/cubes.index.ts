import type { CubeLayout } from '@fiscus/contracts';
import type { OpContext } from '../../platform/context.js';
import { ensureIndex, type IndexColumn } from '../../platform/ddl.js';
import type { CubeModel } from './cubes.model.js';
import { summarizeCube } from './cubes.summary.js';

/** Columns a cube's index holds at most (its dimensions first, then the measures' fields). */
const MAX_COLUMNS = 12;

/**
 * The covering index of a cube's default layout: the row and column dimensions' columns in
 * layout order, then the fields its measures read, over live records only. With it SQLite
 * aggregates the layout reading the index in order — no sort of the records, no table reads —
 * (see cubes.sql.ts), and PostgreSQL can scan it alone. Made when the cube is saved, like the
 * indexes of saved views, together with the layout's maintained aggregate (cubes.summary.ts),
 * which answers the layout without reading the records at all.
 */
export async function indexCube(
  ctx: OpContext,
  cube: CubeModel,
  layout: CubeLayout | null,
): Promise<void> {
  // Only the platform's own tables (a mounted table's rows live elsewhere).
  if (!layout || (cube.meta.kind !== 'table' && cube.meta.kind !== 'reference')) return;
  await summarizeCube(ctx, cube, layout);
  const cols: IndexColumn[] = [];
  const add = (column: string) => {
    if (!cols.some((c) => c.column === column)) cols.push({ column });
  };
  for (const key of [...layout.rows, ...layout.cols]) {
    const d = cube.dims.find((x) => x.key === key);
    if (d) add(d.field.column);
  }
  if (!cols.length) return;
  const seen = new Set<string>();
  const visit = (key: string, depth: number) => {
    if (depth > 20 || seen.has(key)) return;
    seen.add(key);
    const m = cube.measures.find((x) => x.key === key);
    if (m?.field) add(m.field.column);
    const c = cube.calcs.find((x) => x.key === key);
    if (c) {
      visit(c.left, depth + 1);
      visit(c.right, depth + 1);
    }
  };
  for (const key of layout.measures) visit(key, 0);
  await ensureIndex(
    ctx.db.kysely,
    ctx.db.dialect,
    cube.meta.id,
    cube.meta.table,
    cols.slice(0, MAX_COLUMNS),
    { live: true },
  );
}
