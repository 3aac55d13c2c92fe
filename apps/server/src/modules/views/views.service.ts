import {
  type FilterNode,
  type SavedView,
  type ViewDefinition,
  type viewsSaveInput,
} from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { requestTextIndexes } from '../../platform/index-jobs.js';
import { indexView, indexedTextFields } from '../../platform/index-policy.js';
import { loadObject, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';
import { shortId } from '../../platform/ident.js';
import { type OpContext, type Q } from '../../platform/context.js';
import {
  compileSortKeys,
  compileWhere,
  resolveColumn,
  aggregateAllowed,
} from '../../platform/compiler.js';
import { addError, invalid, notFoundIn } from '../../platform/errors.js';
import { pfText } from '../../platform/platform.messages.js';
import type { Database } from '../../db/schema.js';

type ViewRow = Database['pf_views'];

function viewOut(ctx: OpContext, r: ViewRow): SavedView {
  return {
    id: r.id,
    objectId: r.object_id,
    name: r.name,
    shared: r.shared === 1,
    ownerId: r.owner_id,
    isOwn: r.owner_id === ctx.userId,
    definition: JSON.parse(r.definition) as ViewDefinition,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listViews(ctx: OpContext, objectId: string): Promise<{ items: SavedView[] }> {
  const meta = await loadObject(ctx, objectId);
  const rows = await ctx.db.kysely
    .selectFrom('pf_views')
    .selectAll()
    .where('object_id', '=', meta.id)
    .where('domain_id', '=', ctx.domainId)
    .where((eb) => eb.or([eb('shared', '=', 1), eb('owner_id', '=', ctx.userId)]))
    .orderBy('name')
    .execute();
  return { items: rows.map((r) => viewOut(ctx, r)) };
}

/** Checks that every field a view names exists and every operator fits; 400 otherwise. */
function checkDefinition(ctx: OpContext, meta: ObjectMeta, d: ViewDefinition): void {
  const errors: Record<string, string[]> = {};
  const prefix = (e: unknown) => {
    if (e instanceof AppError && e.fields) {
      for (const [k, v] of Object.entries(e.fields))
        for (const m of v) addError(errors, `definition.${k}`, m);
    } else throw e;
  };
  try {
    compileWhere(
      meta,
      { filter: { ...d.filter, isactive: true }, search: d.search },
      { dialect: ctx.db.dialect, lang: ctx.lang },
    );
  } catch (e) {
    prefix(e);
  }
  try {
    compileSortKeys(
      meta,
      { ...d.orderby, isActive: true },
      { ...d.groupby, isActive: true },
      ctx.lang,
    );
  } catch (e) {
    prefix(e);
  }
  d.groupby.groups.forEach((g, i) =>
    (g.aggregates ?? []).forEach((a, j) => {
      const c = resolveColumn(meta, a.field);
      const path = `definition.groupby.groups.${i}.aggregates.${j}`;
      if (!c)
        addError(
          errors,
          `${path}.field`,
          pfText(ctx.lang, 'pf.unknown_field', { field: a.field.slice(0, 60) }),
        );
      else if (!aggregateAllowed(c.kind, a.fn))
        addError(
          errors,
          `${path}.fn`,
          pfText(ctx.lang, 'pf.aggregate_not_allowed', { fn: a.fn, type: c.field?.type ?? c.kind }),
        );
    }),
  );
  d.columns.forEach((c, i) => {
    if (!resolveColumn(meta, c.field))
      addError(
        errors,
        `definition.columns.${i}.field`,
        pfText(ctx.lang, 'pf.unknown_field', { field: c.field.slice(0, 60) }),
      );
  });
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
}

type SaveInput = z.output<typeof viewsSaveInput>;

export async function saveView(
  ctx: OpContext,
  input: SaveInput,
  app: FastifyInstance,
): Promise<SavedView> {
  const meta = await loadObject(ctx, input.objectId);
  checkDefinition(ctx, meta, input.definition);
  const canShare = ctx.ability.can('update', 'View');
  const k = ctx.db.kysely;
  const now = isoNow();
  let id = input.id;
  if (id) {
    const row = await k
      .selectFrom('pf_views')
      .selectAll()
      .where('id', '=', id)
      .where('domain_id', '=', ctx.domainId)
      .executeTakeFirst();
    if (!row || row.object_id !== meta.id || (row.owner_id !== ctx.userId && row.shared !== 1))
      throw notFoundIn(ctx.lang, 'view');
    if (row.owner_id !== ctx.userId && !canShare)
      throw new AppError('forbidden', pfText(ctx.lang, 'pf.view_not_own'));
    if ((input.shared || row.shared === 1) && !canShare) {
      throw new AppError('forbidden', pfText(ctx.lang, 'pf.shared_view_forbidden'));
    }
    await k
      .updateTable('pf_views')
      .set({
        name: input.name,
        shared: input.shared ? 1 : 0,
        definition: JSON.stringify(input.definition),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  } else {
    if (input.shared && !canShare)
      throw new AppError('forbidden', pfText(ctx.lang, 'pf.shared_view_forbidden'));
    id = shortId();
    await k
      .insertInto('pf_views')
      .values({
        id,
        domain_id: ctx.domainId,
        object_id: meta.id,
        owner_id: ctx.userId,
        name: input.name,
        shared: input.shared ? 1 : 0,
        definition: JSON.stringify(input.definition),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await indexView(ctx, k, meta, input.definition);
  await requestTextIndexes(app.jobs, ctx.db, ctx, meta, indexedTextFields(meta, input.definition), {
    search: !!input.definition.search.trim(),
  });
  const row = await k
    .selectFrom('pf_views')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return viewOut(ctx, row);
}

export async function deleteView(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const k = ctx.db.kysely;
  const row = await k
    .selectFrom('pf_views')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row || (row.owner_id !== ctx.userId && row.shared !== 1)) throw notFoundIn(ctx.lang, 'view');
  if (row.owner_id !== ctx.userId && !ctx.ability.can('update', 'View'))
    throw new AppError('forbidden', pfText(ctx.lang, 'pf.view_not_own'));
  await k.deleteFrom('pf_views').where('id', '=', id).execute();
  return { ok: true };
}

/** Renames (newCode) or removes (null) a field in every saved view of its object. */
export async function pruneViewsOfField(
  k: Q,
  objectId: string,
  field: FieldMeta,
  newCode: string | null,
): Promise<void> {
  const rows = await k
    .selectFrom('pf_views')
    .selectAll()
    .where('object_id', '=', objectId)
    .execute();
  const hit = (key: string) => key === field.code || key === field.id;
  const fixNode = (n: FilterNode): FilterNode => ({
    ...n,
    conditions: n.conditions
      .filter((c) => newCode !== null || !hit(c.field))
      .map((c) => (hit(c.field) && newCode ? { ...c, field: newCode } : c)),
    children: n.children.map(fixNode),
  });
  for (const r of rows) {
    const d = JSON.parse(r.definition) as ViewDefinition;
    const map = <T extends { field: string }>(list: T[]): T[] =>
      list
        .filter((x) => newCode !== null || !hit(x.field))
        .map((x) => (hit(x.field) && newCode ? { ...x, field: newCode } : x));
    const next: ViewDefinition = {
      ...d,
      filter: fixNode(d.filter),
      orderby: { ...d.orderby, sorts: map(d.orderby.sorts) },
      groupby: {
        ...d.groupby,
        groups: map(d.groupby.groups).map((g) => ({
          ...g,
          ...(g.aggregates ? { aggregates: map(g.aggregates) } : {}),
        })),
      },
      columns: map(d.columns),
    };
    const json = JSON.stringify(next);
    if (json !== r.definition)
      await k.updateTable('pf_views').set({ definition: json }).where('id', '=', r.id).execute();
  }
}
