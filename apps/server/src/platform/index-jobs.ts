import type { Db } from '../db/dialect.js';
import { AppError } from '../lib/app-error.js';
import type { Lang } from './messages.js';
import type { JobContext, JobKindHandler, Jobs } from './jobs.js';
import type { ViewDefinition } from '@fiscus/contracts';
import {
  adoptIndexes,
  dropIndex,
  type IndexInfo,
  ensureSearchIndex,
  ensureTextIndex,
  indexesOf,
  listIndexes,
} from './ddl.js';
import { isAggregateName } from './aggregates.js';
import {
  holdingRoom,
  indexedTextFields,
  indexView,
  MAX_VIEW_INDEXES,
  roomHeld,
  searchIndexFits,
  wantsSearchIndex,
} from './index-policy.js';
import { fieldFromRow, invalidateObject, loadObject, type ObjectMeta } from './meta.js';
import { dropTextIndex, searchIndexName, textIndexable, textIndexName } from './text-index.js';

/**
 * Index builds that take long run as jobs of kind `index`: trigram text indexes (they fill in
 * chunks, seconds on a large table). Params name fields by id, so a field converted or renamed
 * meanwhile is indexed under its current column; a field gone meanwhile is skipped. A build
 * interrupted by a crash leaves no half-filled index behind (`recover`).
 */
export interface IndexJobParams {
  objectId: string;
  /** Fields whose text gets a trigram index. */
  textFields: string[];
  /** Also the word-search index of the object's searched fields (text-index.ts). */
  search?: boolean;
  /**
   * Automatic indexes (auto-index.ts) for a shape of read users ran: its key, and its filter,
   * sort and search as a view definition without the values. The job builds what a view of that
   * definition gets, marked automatic, within the object's room. `groups`: the shape of a
   * group-by (records.groups), which also gets the view's maintained aggregate when that answers
   * it (index-policy.ts `automaticSummary`). `quick`: when it was queued, the object had every
   * text and search index the shape wants — the job builds B-tree indexes and an aggregate, one
   * statement each, and takes the job runner's quick slot (jobs.ts).
   */
  auto?: { key: string; definition: ViewDefinition; groups?: true; quick?: true };
}

async function currentFields(db: Db, objectId: string) {
  const o = await db.kysely
    .selectFrom('pf_objects')
    .select(['id', 'table_name'])
    .where('id', '=', objectId)
    .executeTakeFirst();
  if (!o) return undefined;
  const rows = await db.kysely
    .selectFrom('pf_fields')
    .selectAll()
    .where('object_id', '=', objectId)
    .execute();
  return { table: o.table_name, fields: rows.map(fieldFromRow) };
}

/**
 * Indexes of an object counted against its limit (not its maintained aggregates), and those
 * other automatic builds underway for it hold (index-policy.ts `holdingRoom`), `name` aside.
 */
async function indexCount(db: Db, objectId: string, name: string): Promise<number> {
  const recorded = (await listIndexes(db.kysely, objectId))
    .map((ix) => ix.name)
    .filter((n) => !isAggregateName(n));
  return recorded.length + roomHeld(db, objectId, recorded, name);
}

/**
 * The B-tree indexes of an automatic job's shape, as a view of it gets them (marked automatic;
 * on PostgreSQL built `concurrently`), and a group-by's maintained aggregate; answers the text indexes it wants. Nothing for an object
 * gone meanwhile or a shape that no longer compiles (a field of it deleted or changed).
 */
async function buildAutomatic(
  ctx: JobContext<IndexJobParams>,
  auto: NonNullable<IndexJobParams['auto']>,
): Promise<IndexJobParams> {
  const { db, params } = ctx;
  const none = { objectId: params.objectId, textFields: [], auto };
  const exists = await db.kysely
    .selectFrom('pf_objects')
    .select('id')
    .where('id', '=', params.objectId)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!exists) return none;
  try {
    const meta = await loadObject({ db, domainId: ctx.domainId, lang: ctx.lang }, params.objectId);
    await indexView({ db, lang: ctx.lang }, db.kysely, meta, auto.definition, {
      concurrently: true,
      automatic: true,
      ...(auto.groups ? { aggregate: true } : {}),
    });
    const search = !!auto.definition.search.trim();
    return {
      ...none,
      textFields: indexedTextFields(meta, auto.definition),
      ...(search ? { search } : {}),
    };
  } catch (err) {
    // Only a shape that no longer compiles is skipped; anything else fails the job.
    if (!(err instanceof AppError)) throw err;
    ctx.log.warn({ err, objectId: params.objectId }, 'automatic indexes: shape skipped');
    return none;
  }
}

async function runIndexJob(ctx: JobContext<IndexJobParams>) {
  const { db } = ctx;
  const params = ctx.params.auto ? await buildAutomatic(ctx, ctx.params.auto) : ctx.params;
  const automatic = !!params.auto;
  // Automatic text indexes stay within the object's room too (a view's are not counted here).
  const room = async (name: string) =>
    !automatic || (await indexCount(db, params.objectId, name)) < MAX_VIEW_INDEXES;
  // An automatic one holds its room while it is filled (a short job may build beside it).
  const held = <T>(name: string, build: () => Promise<T>) =>
    automatic ? holdingRoom(db, params.objectId, name, build) : build();
  let done = 0;
  ctx.progress(0, params.textFields.length);
  for (const fieldId of params.textFields) {
    ctx.signal.throwIfAborted();
    const now = await currentFields(db, params.objectId);
    const field = now?.fields.find((f) => f.id === fieldId);
    // Computed fields get no trigram index (a generated column's triggers would not follow it).
    const planned = now && field ? textIndexName(now.table, field.column) : '';
    if (now && field && !field.computed && textIndexable(field.type) && (await room(planned))) {
      const name = await held(planned, () =>
        ensureTextIndex(db, params.objectId, now.table, field.column, ctx.signal, automatic),
      );
      // The field may have changed while its index was filled: keep only a fitting index.
      const after = await currentFields(db, params.objectId);
      const still = after?.fields.find((f) => f.id === fieldId);
      if (name && (!still || still.column !== field.column || !textIndexable(still.type)))
        await dropIndex(db.kysely, db.dialect, name);
    }
    ctx.progress(++done, params.textFields.length);
  }
  if (params.search) {
    ctx.signal.throwIfAborted();
    const now = await currentFields(db, params.objectId);
    const searched = now?.fields.filter((f) => textIndexable(f.type)) ?? [];
    // Computed fields' values are not columns of the table: such an object keeps per-field search.
    if (
      now &&
      searched.length &&
      !searched.some((f) => f.computed) &&
      wantsSearchIndex(searched.length) &&
      (await room(
        searchIndexName(
          now.table,
          searched.map((f) => f.column),
          db.dialect,
        ),
      ))
    ) {
      const columns = searched.map((f) => f.column);
      const name = await held(searchIndexName(now.table, columns, db.dialect), () =>
        ensureSearchIndex(db, params.objectId, now.table, columns, ctx.signal, automatic),
      );
      // The searched fields may have changed while it was filled: keep only a fitting index.
      const after = (await currentFields(db, params.objectId))?.fields.filter((f) =>
        textIndexable(f.type),
      );
      const same =
        after?.length === columns.length && after.every((f) => columns.includes(f.column));
      if (name && !same) await dropIndex(db.kysely, db.dialect, name);
    }
  }
  return { processed: done };
}

export const indexJob: JobKindHandler<IndexJobParams> = {
  run: runIndexJob,
  // Fills no text index: short, it need not wait behind one that does.
  quick: (params) => params.auto?.quick === true,
  // Builds what is missing only: stopped by a shutdown, it runs again.
  resumable: true,
  async recover(db, job) {
    const now = await currentFields(db, job.params.objectId);
    if (!now || db.dialect !== 'sqlite') return;
    const known = new Set((await indexesOf(db, job.params.objectId)).map((ix) => ix.name));
    for (const f of now.fields) {
      const name = textIndexName(now.table, f.column);
      if (!known.has(name)) await dropTextIndex(db.kysely, db.dialect, name);
    }
    const searched = now.fields.filter((f) => textIndexable(f.type)).map((f) => f.column);
    const search = searchIndexName(now.table, searched);
    if (!known.has(search)) await dropTextIndex(db.kysely, db.dialect, search);
  },
};

/**
 * Queues trigram indexes for the given fields of an object, skipping fields that have one or
 * that a queued or running job already covers. Answers at once.
 */
export async function requestTextIndexes(
  jobs: Jobs,
  db: Db,
  who: { domainId: string; userId: string | null; lang: Lang },
  meta: ObjectMeta,
  fieldIds: readonly string[],
  opts: { search?: boolean } = {},
): Promise<void> {
  const trigrams = (await indexesOf(db, meta.id)).filter((ix) => ix.kind === 'trigram');
  // Automatic text indexes a view wants become the view's (never given way, auto-index.ts).
  const columns = new Set(meta.fields.filter((f) => fieldIds.includes(f.id)).map((f) => f.column));
  await adoptIndexes(
    db.kysely,
    trigrams
      .filter(
        (ix) =>
          ix.automatic &&
          (ix.columns.length > 1 ? !!opts.search : columns.has(ix.columns[0]?.column ?? '')),
      )
      .map((ix) => ix.name),
  );
  const have = new Set(trigrams.map((ix) => ix.name));
  const pending = new Set<string>();
  let pendingSearch = false;
  const rows = await db.kysely
    .selectFrom('pf_jobs')
    .select(['params'])
    .where('domain_id', '=', who.domainId)
    .where('kind', '=', 'index')
    .where('status', 'in', ['queued', 'running'])
    .execute();
  for (const r of rows) {
    const p = JSON.parse(r.params) as IndexJobParams;
    if (p.objectId === meta.id) for (const f of p.textFields) pending.add(f);
    if (p.objectId === meta.id && p.search) pendingSearch = true;
  }
  const wanted = [...new Set(fieldIds)].filter((id) => {
    const f = meta.fields.find((x) => x.id === id);
    return (
      f &&
      !f.computed &&
      textIndexable(f.type) &&
      !pending.has(f.id) &&
      !have.has(textIndexName(meta.table, f.column))
    );
  });
  // A view with a search also wants one index of all searched columns together.
  // (A search index of other columns, or of an earlier kind, is replaced: its name differs.)
  const searched = meta.fields.filter((f) => textIndexable(f.type));
  const current = searchIndexName(
    meta.table,
    searched.map((f) => f.column),
    db.dialect,
  );
  const search =
    opts.search &&
    wantsSearchIndex(searched.length) &&
    !searched.some((f) => f.computed) &&
    !pendingSearch &&
    !(await indexesOf(db, meta.id)).some((ix) => ix.name === current);
  if (!wanted.length && !search) return;
  await jobs.enqueue({
    kind: 'index',
    domainId: who.domainId,
    userId: who.userId,
    lang: who.lang,
    params: {
      objectId: meta.id,
      textFields: wanted,
      ...(search ? { search: true } : {}),
    } satisfies IndexJobParams,
  });
}

/**
 * After an object's searched fields changed — a text or select field added, deleted or
 * converted, a computed one added or removed — keeps a view's search reading an index: when the
 * object had a search index a view made (`had`: its indexes before the change; automatic ones
 * are asked for again by the reads that want them), queues the search index over the fields
 * searched now (the old one no longer matches, or went with a deleted column), or, when the
 * object can no longer have one (a computed text field), a trigram index per searched field.
 * Answers at once; the job builds in the background and search reads rows meanwhile.
 */
export async function requestSearchRebuild(
  jobs: Jobs,
  db: Db,
  who: { domainId: string; userId: string | null; lang: Lang },
  objectId: string,
  had: readonly IndexInfo[],
): Promise<void> {
  if (!had.some((ix) => ix.kind === 'trigram' && ix.columns.length > 1 && !ix.automatic)) return;
  invalidateObject(db, objectId);
  const meta = await loadObject({ db, domainId: who.domainId, lang: who.lang }, objectId);
  if (searchIndexFits(meta)) {
    await requestTextIndexes(jobs, db, who, meta, [], { search: true });
    return;
  }
  const searched = meta.fields.filter((f) => textIndexable(f.type)).map((f) => f.id);
  await requestTextIndexes(jobs, db, who, meta, searched);
}
