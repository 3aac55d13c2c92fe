import { computedUsers, readsObject } from '../../platform/computed.js';
import { computedText } from '../../platform/computed.messages.js';
import {
  cleanNames,
  type ObjectSummary,
  type objectsCreateInput,
  type objectsUpdateInput,
  type PlatformObject,
} from '@fiscus/contracts';

import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { deleteAuditOf } from '../../platform/audit.js';
import { deleteRecordNamesOf } from '../../platform/record-names.js';
import { addColumn, createRecordTable, dropRecordTable, ensureIndex } from '../../platform/ddl.js';
import { codeFromName, newColumnName, newTableName, shortId } from '../../platform/ident.js';
import {
  assertWritable,
  invalidateObject,
  loadObject,
  objectOut,
  parseNames,
} from '../../platform/meta.js';
import { type OpContext, type Q } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { pfText } from '../../platform/platform.messages.js';
import { storageOf } from '../../platform/values.js';

export async function listObjects(
  ctx: OpContext,
  kind?: string,
): Promise<{ items: ObjectSummary[] }> {
  let query = ctx.db.kysely
    .selectFrom('pf_objects as o')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.code',
      'o.kind',
      'o.description',
      'o.descriptions',
      'o.display_field_id',
      'o.table_name',
      'o.names',
      'o.created_at',
      'o.updated_at',
      eb
        .selectFrom('pf_fields as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.object_id', '=', 'o.id')
        .as('field_count'),
    ])
    .where('o.domain_id', '=', ctx.domainId)
    .orderBy('o.name');
  if (kind) query = query.where('o.kind', '=', kind);
  const rows = await query.execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      kind: r.kind as ObjectSummary['kind'],
      description: r.description,
      descriptions: parseNames(r.descriptions),
      displayFieldId: r.display_field_id,
      tableName: r.table_name,
      fieldCount: Number(r.field_count ?? 0),
      names: parseNames(r.names),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  };
}

async function codeTaken(
  k: Q,
  domainId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> {
  let query = k
    .selectFrom('pf_objects')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('code', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/** A free code: the wanted one, else wanted_2, wanted_3, … */
async function freeObjectCode(k: Q, domainId: string, wanted: string): Promise<string> {
  let code = wanted;
  for (let i = 2; await codeTaken(k, domainId, code); i++) code = `${wanted.slice(0, 58)}_${i}`;
  return code;
}

type CreateInput = z.output<typeof objectsCreateInput>;

/** Creates an object, its table and a required text field "Name" as the display field. */
export async function createObject(ctx: OpContext, input: CreateInput): Promise<PlatformObject> {
  const k = ctx.db.kysely;
  if (input.code && (await codeTaken(k, ctx.domainId, input.code))) {
    throw new AppError('conflict', pfText(ctx.lang, 'pf.code_taken', { code: input.code }), {
      code: [pfText(ctx.lang, 'pf.code_taken', { code: input.code })],
    });
  }
  const id = shortId();
  await k.transaction().execute(async (trx) => {
    const code = input.code ?? (await freeObjectCode(trx, ctx.domainId, codeFromName(input.name)));
    const table = newTableName();
    const now = isoNow();
    const fieldId = shortId();
    const column = newColumnName();
    await trx
      .insertInto('pf_objects')
      .values({
        id,
        domain_id: ctx.domainId,
        name: input.name,
        code,
        kind: input.kind,
        description: input.description,
        descriptions: JSON.stringify(cleanNames(input.descriptions)),
        display_field_id: fieldId,
        table_name: table,
        names: JSON.stringify(cleanNames(input.names)),
        created_by: ctx.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('pf_fields')
      .values({
        id: fieldId,
        object_id: id,
        domain_id: ctx.domainId,
        name: 'Name',
        code: 'name',
        type: 'text',
        options: JSON.stringify({ required: true }),
        column_name: column,
        position: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await createRecordTable(trx, ctx.db.dialect, table);
    await addColumn(trx, ctx.db.dialect, table, column, storageOf('text'));
    // Live records in id order: first pages and counts read this instead of the table.
    await ensureIndex(trx, ctx.db.dialect, id, table, [{ column: 'id' }], { live: true });
  });
  return objectOut(await loadObject(ctx, id), ctx.lang);
}

export async function getObject(ctx: OpContext, id: string): Promise<PlatformObject> {
  return objectOut(await loadObject(ctx, id), ctx.lang);
}

type UpdateInput = z.output<typeof objectsUpdateInput>;

export async function updateObject(ctx: OpContext, input: UpdateInput): Promise<PlatformObject> {
  const meta = await loadObject(ctx, input.id);
  // A mounted object keeps its kind; its mount ends it (mounts.delete).
  if (input.kind !== undefined && input.kind !== meta.kind) assertWritable(ctx.lang, meta);
  const k = ctx.db.kysely;
  if (
    input.code &&
    input.code !== meta.code &&
    (await codeTaken(k, ctx.domainId, input.code, meta.id))
  ) {
    throw new AppError('conflict', pfText(ctx.lang, 'pf.code_taken', { code: input.code }), {
      code: [pfText(ctx.lang, 'pf.code_taken', { code: input.code })],
    });
  }
  if (input.displayFieldId && !meta.fields.some((f) => f.id === input.displayFieldId)) {
    throw invalid(ctx.lang, { displayFieldId: [pfText(ctx.lang, 'pf.display_field_own')] });
  }
  await k
    .updateTable('pf_objects')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.code !== undefined ? { code: input.code } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.descriptions !== undefined
        ? { descriptions: JSON.stringify(cleanNames(input.descriptions)) }
        : {}),
      ...(input.displayFieldId !== undefined ? { display_field_id: input.displayFieldId } : {}),
      ...(input.names !== undefined ? { names: JSON.stringify(cleanNames(input.names)) } : {}),
      updated_at: isoNow(),
    })
    .where('id', '=', meta.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  invalidateObject(ctx.db, meta.id);
  return objectOut(await loadObject(ctx, meta.id), ctx.lang);
}

/** Reference fields of other objects of the domain pointing at this one. */
export async function referencesTo(
  k: Q,
  domainId: string,
  objectId: string,
): Promise<{ field: string; object: string }[]> {
  const rows = await k
    .selectFrom('pf_fields as f')
    .innerJoin('pf_objects as o', 'o.id', 'f.object_id')
    .select(['f.name as field', 'f.options', 'o.name as object', 'o.id as oid'])
    .where('f.domain_id', '=', domainId)
    .where('f.type', '=', 'reference')
    .execute();
  return rows
    .filter(
      (r) =>
        r.oid !== objectId && (JSON.parse(r.options) as { target?: string }).target === objectId,
    )
    .map((r) => ({ field: r.field, object: r.object }));
}

export async function deleteObject(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const meta = await loadObject(ctx, id);
  assertWritable(ctx.lang, meta);
  const k = ctx.db.kysely;
  const refs = await referencesTo(k, ctx.domainId, meta.id);
  const first = refs[0];
  if (first) {
    throw new AppError(
      'conflict',
      pfText(ctx.lang, 'pf.object_referenced', { field: first.field, other: first.object }),
    );
  }
  // Computed fields of other objects that read this one (a rollup of its records, a lookup).
  const users = await computedUsers(ctx, (f, m) => readsObject(f, m, meta));
  if (users.length)
    throw new AppError(
      'conflict',
      computedText(ctx.lang, 'computed.object_used_by', { users: users.join(', ') }),
    );
  await k.transaction().execute(async (trx) => {
    await dropRecordTable(trx, ctx.db.dialect, meta.id, meta.table);
    await trx.deleteFrom('pf_indexes').where('object_id', '=', meta.id).execute();
    await trx.deleteFrom('pf_views').where('object_id', '=', meta.id).execute();
    await deleteRecordNamesOf(trx, meta.id);
    await trx.deleteFrom('pf_fields').where('object_id', '=', meta.id).execute();
    await trx
      .deleteFrom('pf_objects')
      .where('id', '=', meta.id)
      .where('domain_id', '=', ctx.domainId)
      .execute();
    await deleteAuditOf(trx, meta.id);
  });
  invalidateObject(ctx.db, meta.id);
  return { ok: true };
}
