import { CompiledQuery } from 'kysely';
import { listIndexes } from '../../apps/server/src/platform/ddl.js';
import { lastGroupsStatement } from '../../apps/server/src/modules/records/records.service.js';
import type { benchApp } from './app.js';

type App = Awaited<ReturnType<typeof benchApp>>['app'];

/** The object's indexes as `kind (automatic): field, field desc, …`, by field code. */
export async function describedIndexes(app: App, objectId: string): Promise<string[]> {
  const fields = await app.db.kysely
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', objectId)
    .execute();
  const codeOf = (c: string) => fields.find((f) => f.column_name === c)?.code ?? c;
  return (await listIndexes(app.db.kysely, objectId)).map(
    (ix) =>
      `${ix.kind}${ix.automatic ? ' (automatic)' : ''}: ${ix.columns
        .map((c) => `${codeOf(c.column)}${c.desc ? ' desc' : ''}`)
        .join(', ')}`,
  );
}

/**
 * How the database plans the statement the last group-by read the records with (PostgreSQL:
 * run, with its times).
 */
export async function lastGroupsPlan(app: App): Promise<string[]> {
  const explain =
    app.db.dialect === 'postgres' ? 'explain (analyze, costs off)' : 'explain query plan';
  const { rows } = await app.db.kysely.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain} ${lastGroupsStatement.sql ?? ''}`, [
      ...(lastGroupsStatement.parameters ?? []),
    ]),
  );
  return rows.map((r) => String(r['QUERY PLAN'] ?? r.detail));
}
