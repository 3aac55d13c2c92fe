import type { PhysicalTable } from '@fiscus/contracts';
import { sql } from 'kysely';
import { cached } from '../../platform/cache.js';
import { listIndexes } from '../../platform/ddl.js';
import { heavyRows } from '../../platform/lanes.js';
import type { OpContext } from '../../platform/context.js';

let dbstat: boolean | undefined;

/** Bytes of a table and its indexes, where the database reports it. */
async function sizeOf(ctx: OpContext, table: string, indexes: string[]): Promise<number | null> {
  const k = ctx.db.read ?? ctx.db.kysely;
  if (ctx.db.dialect === 'postgres') {
    const { rows } = await sql<{
      n: string | number | null;
    }>`select pg_total_relation_size(to_regclass(${table})) as n`.execute(k);
    return rows[0]?.n == null ? null : Number(rows[0].n);
  }
  if (dbstat === false) return null;
  try {
    const names = [table, ...indexes];
    // Walks every page of the table: in the heavy lane, once per data version.
    const rows = await cached(ctx.db, 'dbstat', names.join('\u0000'), [table], () =>
      heavyRows<{
        n: number | null;
      }>(ctx, sql`select sum(pgsize) as n from dbstat where name in (${sql.join(names)})`),
    );
    dbstat = true;
    return rows[0]?.n == null ? 0 : Number(rows[0].n);
  } catch {
    dbstat = false;
    return null;
  }
}

/** The physical tables behind the domain's objects with row counts, size, columns and indexes. */
export async function listTables(ctx: OpContext): Promise<{ items: PhysicalTable[] }> {
  const k = ctx.db.kysely;
  const objects = await k
    .selectFrom('pf_objects as o')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.kind',
      'o.table_name',
      eb
        .selectFrom('pf_fields as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.object_id', '=', 'o.id')
        // Computed fields have a column only when stored (a generated column).
        .where((w) =>
          w.or([w('f.computed', 'is', null), w('f.computed', 'like', '%"stored":true%')]),
        )
        .as('fields'),
    ])
    .where('o.domain_id', '=', ctx.domainId)
    .orderBy('o.name')
    .execute();
  const items: PhysicalTable[] = [];
  for (const o of objects) {
    // A scan of the table: in the heavy lane, once per data version.
    const rows = await cached(ctx.db, 'tablecount', o.table_name, [o.table_name], () =>
      heavyRows<{
        n: number;
        d: number | null;
      }>(
        ctx,
        sql`select count(*) as n, sum(case when deleted_at is not null then 1 else 0 end) as d from ${sql.id(
          o.table_name,
        )}`,
      ),
    );
    const total = Number(rows[0]?.n ?? 0);
    const deleted = Number(rows[0]?.d ?? 0);
    const indexes = (await listIndexes(k, o.id)).map((ix) => ix.name);
    items.push({
      objectId: o.id,
      objectName: o.name,
      kind: o.kind,
      tableName: o.table_name,
      rows: total - deleted,
      deletedRows: deleted,
      sizeBytes: await sizeOf(ctx, o.table_name, indexes),
      columns: 7 + Number(o.fields ?? 0),
      indexes,
    });
  }
  return { items };
}
