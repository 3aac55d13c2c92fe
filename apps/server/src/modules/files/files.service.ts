import type { OpOutput, OpParsedInput } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { OpContext } from '../../platform/context.js';
import { fileInfoOf } from './files.storage.js';

/**
 * `files.get`: what the server knows of the given files, in the order asked. Files of other
 * domains and unknown ids are simply absent.
 */
export async function getFiles(
  ctx: OpContext,
  input: OpParsedInput<'files.get'>,
  _app: FastifyInstance,
): Promise<OpOutput<'files.get'>> {
  const ids = [...new Set(input.ids)];
  const rows = await ctx.db.kysely
    .selectFrom('pf_files')
    .selectAll()
    .where('domain_id', '=', ctx.domainId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [fileInfoOf(row)] : [];
  });
  return { items };
}
