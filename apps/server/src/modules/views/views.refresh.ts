import type { ViewDefinition } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../../lib/clock.js';
import { dropIndex, listIndexes, type IndexInfo } from '../../platform/ddl.js';
import { indexJob, type IndexJobParams } from '../../platform/index-jobs.js';
import type { JobContext, JobKindHandler } from '../../platform/jobs.js';
import { loadObject, type ObjectMeta } from '../../platform/meta.js';
import { indexView, indexedTextFields } from '../../platform/index-policy.js';
import { searchIndexName, textIndexable, textIndexName } from '../../platform/text-index.js';

/**
 * Bringing the indexes of views saved under an earlier index policy up to date.
 *
 * Saving a view creates the indexes the policy of that day asked for (`indexView`,
 * `indexedTextFields`); when the policy grows (the filter's columns in the sort index, the search
 * index, maintained aggregates), views saved before keep their old indexes until someone saves
 * them again. `VIEW_INDEX_POLICY` numbers the policy, and the database keeps the number its views
 * were last indexed under (`app_meta`, key `view_index_policy`). At start, when it is behind, one
 * server process claims the refresh (a conditional write of the number, so of several processes
 * on one PostgreSQL database only one does) and queues one background job of kind `index` per
 * object with saved views: the start-up itself does nothing long and locks nothing. Each job
 * applies today's policy to every view of its object — the same `indexView` as saving it, with
 * PostgreSQL's B-tree indexes built `concurrently` (writes go on) — drops the view indexes a
 * longer one now makes redundant (a strict prefix of another, same order and records), and
 * builds the trigram and search indexes the views' text conditions and searches want, then drops
 * the searched fields' own trigram indexes the search index made needless (policy 3). Policy 4:
 * on PostgreSQL too, the columns a filter compares follow the sort keys (`indexView`). Policy 5:
 * a grouped view's equality index holds its aggregated fields too. Jobs run
 * one at a time beside users' work; a shutdown hands a job back and it runs again at the next
 * start (every step makes only what is missing). See docs/decisions.md.
 */
export const VIEW_INDEX_POLICY = 5;
const POLICY_KEY = 'view_index_policy';

/** Params of an `index` job that refreshes an object's view indexes. */
type RefreshParams = IndexJobParams & { views?: boolean };

/**
 * Claims the refresh when the database's views were indexed under an earlier policy and queues
 * a job per object with views. Returns the number of jobs queued (0 when up to date or claimed
 * by another process).
 */
export async function queueViewRefresh(app: FastifyInstance): Promise<number> {
  const k = app.db.kysely;
  const row = await k
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', POLICY_KEY)
    .executeTakeFirst();
  if (row && Number(row.value) >= VIEW_INDEX_POLICY) return 0;
  const value = String(VIEW_INDEX_POLICY);
  const claimed = row
    ? (
        await k
          .updateTable('app_meta')
          .set({ value, updated_at: isoNow() })
          .where('key', '=', POLICY_KEY)
          .where('value', '=', row.value)
          .executeTakeFirst()
      ).numUpdatedRows
    : ((
        await k
          .insertInto('app_meta')
          .values({ key: POLICY_KEY, value, updated_at: isoNow() })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst()
      ).numInsertedOrUpdatedRows ?? 0n);
  if (Number(claimed) === 0) return 0;
  const objects = await k
    .selectFrom('pf_views')
    .innerJoin('pf_objects', 'pf_objects.id', 'pf_views.object_id')
    .select(['pf_views.object_id as objectId', 'pf_views.domain_id as domainId'])
    .distinct()
    .orderBy('pf_views.object_id')
    .execute();
  for (const o of objects)
    await app.jobs.enqueue({
      kind: 'index',
      domainId: o.domainId,
      userId: null,
      lang: 'en',
      params: {
        objectId: o.objectId,
        textFields: [],
        views: true,
      } satisfies RefreshParams,
    });
  if (objects.length) app.log.info({ objects: objects.length }, 'view indexes: refresh queued');
  return objects.length;
}

/** A live view index (`vx_…`) that another one of the object starts with, in the same order. */
function redundant(ix: IndexInfo, all: IndexInfo[]): boolean {
  if (ix.kind !== 'btree' || !ix.live || ix.unique) return false;
  return all.some(
    (o) =>
      o !== ix &&
      o.kind === 'btree' &&
      o.live &&
      o.columns.length > ix.columns.length &&
      ix.columns.every(
        (c, i) => o.columns[i]?.column === c.column && !!o.columns[i]?.desc === !!c.desc,
      ),
  );
}

/** The job's object, or undefined when it was deleted meanwhile. */
async function jobObject(ctx: JobContext<RefreshParams>): Promise<ObjectMeta | undefined> {
  const { db, params } = ctx;
  const exists = await db.kysely
    .selectFrom('pf_objects')
    .select('id')
    .where('id', '=', params.objectId)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!exists) return undefined;
  return loadObject({ db, domainId: ctx.domainId, lang: ctx.lang }, params.objectId);
}

async function refreshObject(ctx: JobContext<RefreshParams>): Promise<RefreshParams> {
  const { db, params } = ctx;
  const k = db.kysely;
  const meta = await jobObject(ctx);
  if (!meta) return { objectId: params.objectId, textFields: [] };
  const views = await k
    .selectFrom('pf_views')
    .select(['id', 'definition'])
    .where('object_id', '=', meta.id)
    .orderBy('id')
    .execute();
  const textFields = new Set<string>();
  let search = false;
  for (const v of views) {
    ctx.signal.throwIfAborted();
    const d = JSON.parse(v.definition) as ViewDefinition;
    try {
      await indexView({ db, lang: ctx.lang }, k, meta, d, {
        concurrently: true,
      });
      for (const id of indexedTextFields(meta, d)) textFields.add(id);
      if (d.search.trim()) search = true;
    } catch (err) {
      // A view that no longer compiles (it names what was changed since) keeps what it has.
      ctx.log.warn({ err, view: v.id }, 'view indexes: view skipped');
    }
  }
  const indexes = await listIndexes(k, meta.id);
  for (const ix of indexes) if (redundant(ix, indexes)) await dropIndex(k, db.dialect, ix.name);
  return {
    objectId: meta.id,
    textFields: [...textFields],
    ...(search ? { search } : {}),
  };
}

/**
 * The `index` job kind with the refresh: a job with `views` first applies today's policy to the
 * object's views, then builds their text indexes as any `index` job does.
 */
export const indexJobWithViews: JobKindHandler<RefreshParams> = {
  ...indexJob,
  async run(ctx) {
    if (!ctx.params.views) return indexJob.run(ctx);
    const params = await refreshObject(ctx);
    const out = await indexJob.run({ ...ctx, params });
    await dropSearchedFieldsIndexes(ctx, params.textFields);
    return out;
  },
};

/**
 * Views saved before policy 3 gave every searched field its own trigram index beside the
 * object's search index, which search reads alone: once the search index is built, the views'
 * trigram indexes of fields no view's `contains`/`starts_with` names (`wanted`) are dropped —
 * each cost every write of the object. Automatic ones are left to their sweep.
 */
async function dropSearchedFieldsIndexes(
  ctx: JobContext<RefreshParams>,
  wanted: readonly string[],
): Promise<void> {
  const { db } = ctx;
  const k = db.kysely;
  const meta = await jobObject(ctx);
  if (!meta) return;
  const indexes = await listIndexes(k, meta.id);
  const searched = meta.fields.filter((f) => textIndexable(f.type)).map((f) => f.column);
  const search = searchIndexName(meta.table, searched, db.dialect);
  if (!indexes.some((ix) => ix.name === search)) return;
  const keep = new Set(
    meta.fields
      .filter((f) => wanted.includes(f.id))
      .map((f) => textIndexName(meta.table, f.column)),
  );
  for (const ix of indexes)
    if (ix.kind === 'trigram' && ix.columns.length === 1 && !ix.automatic && !keep.has(ix.name))
      await dropIndex(k, db.dialect, ix.name);
}
