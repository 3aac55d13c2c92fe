import type {
  FieldType,
  Job,
  Mount,
  MountProblem,
  mountsCreateInput,
  mountsInspectInput,
  mountsUpdateInput,
  SourceTable,
} from '@fiscus/contracts';
import { cleanNames } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { DialectName } from '../../db/dialect.js';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { deleteAuditOf } from '../../platform/audit.js';
import type { OpContext, Q } from '../../platform/context.js';
import { addColumn, createRecordTable, dropRecordTable, ensureIndex } from '../../platform/ddl.js';
import { invalid } from '../../platform/errors.js';
import { codeFromName, newColumnName, newTableName, shortId } from '../../platform/ident.js';
import type { Lang } from '../../platform/messages.js';
import { invalidateObject, loadObject, type ObjectMeta } from '../../platform/meta.js';
import {
  findTable,
  mountedScale,
  openSource,
  previewRows,
  sourceFailure,
  sourceRow,
  type PfMountsTable,
  type SourceDb,
} from '../../platform/sources/index.js';
import { isDecimalType, storageOf } from '../../platform/values.js';
import { mountsText } from './mounts.messages.js';

type CreateInput = z.output<typeof mountsCreateInput>;
type UpdateInput = z.output<typeof mountsUpdateInput>;
type InspectInput = z.output<typeof mountsInspectInput>;
type Errors = Record<string, string[]>;

/** Source classes a field type may show (see platform/relation.ts for how each is read). */
const COMPATIBLE: Record<string, readonly (FieldType | null)[]> = {
  integer: ['integer', 'decimal'],
  decimal: ['integer', 'decimal'],
  money: ['integer', 'decimal'],
  percent: ['integer', 'decimal'],
  boolean: ['boolean', 'integer'],
  date: ['date', 'datetime'],
  datetime: ['datetime', 'date'],
};

function compatible(type: FieldType, cls: FieldType | null, dialect: DialectName): boolean {
  if (cls === null) return false;
  // SQLite keeps dates and date-times as text (ISO-8601), whatever a column declares.
  if (dialect === 'sqlite' && cls === 'text' && (type === 'date' || type === 'datetime'))
    return true;
  return COMPATIBLE[type]?.includes(cls) ?? true;
}

export async function mountRow(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  objectId: string,
): Promise<PfMountsTable> {
  const row = await ctx.db.kysely
    .selectFrom('pf_mounts')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', mountsText(ctx.lang, 'mnt.not_found'));
  return row;
}

export function problemsText(lang: Lang, problems: MountProblem[]): string {
  return problems
    .map((p) =>
      p.problem === 'missing'
        ? mountsText(lang, 'mnt.column_missing', { column: p.column })
        : mountsText(lang, 'mnt.column_type', { column: p.column, was: p.was, now: p.now ?? '' }),
    )
    .join(' ');
}

async function outOf(ctx: OpContext, rows: PfMountsTable[]): Promise<Mount[]> {
  if (!rows.length) return [];
  const k = ctx.db.kysely;
  const sourceIds = [...new Set(rows.map((r) => r.source_id).filter((s): s is string => !!s))];
  const sources = sourceIds.length
    ? await k
        .selectFrom('pf_datasources')
        .select(['id', 'name'])
        .where('domain_id', '=', ctx.domainId)
        .where('id', 'in', sourceIds)
        .execute()
    : [];
  const fileIds = rows.map((r) => r.file_id).filter((s): s is string => !!s);
  const files = fileIds.length
    ? await k
        .selectFrom('pf_files')
        .select(['id', 'name'])
        .where('domain_id', '=', ctx.domainId)
        .where('id', 'in', fileIds)
        .execute()
    : [];
  const out: Mount[] = [];
  for (const r of rows) {
    const meta = await loadObject(ctx, r.object_id);
    const cols = JSON.parse(r.columns) as { fieldId: string; column: string; sourceType: string }[];
    const attention = r.attention ? (JSON.parse(r.attention) as MountProblem[]) : [];
    out.push({
      objectId: r.object_id,
      name: meta.name,
      sourceId: r.source_id,
      sourceName: sources.find((s) => s.id === r.source_id)?.name ?? null,
      fileId: r.file_id,
      fileName: files.find((f) => f.id === r.file_id)?.name ?? null,
      schema: r.source_schema,
      table: r.source_table,
      mode: r.mode === 'live' ? 'live' : 'synced',
      keyColumn: r.key_column,
      updatedColumn: r.updated_column,
      scheduleMinutes: r.schedule_minutes === null ? null : Number(r.schedule_minutes),
      columns: cols.flatMap((c) => {
        const f = meta.fields.find((x) => x.id === c.fieldId);
        return f
          ? [
              {
                fieldId: f.id,
                code: f.code,
                name: f.name,
                type: f.type,
                column: c.column,
                sourceType: c.sourceType,
              },
            ]
          : [];
      }),
      attention,
      attentionMessage: attention.length ? problemsText(ctx.lang, attention) : null,
      lastSyncAt: r.last_sync_at,
      lastSyncRows: r.last_sync_rows === null ? null : Number(r.last_sync_rows),
      lastSyncJobId: r.last_sync_job,
      nextSyncAt: r.next_sync_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    });
  }
  return out;
}

export async function listMounts(ctx: OpContext): Promise<{ items: Mount[] }> {
  const rows = await ctx.db.kysely
    .selectFrom('pf_mounts')
    .innerJoin('pf_objects', 'pf_objects.id', 'pf_mounts.object_id')
    .selectAll('pf_mounts')
    .where('pf_mounts.domain_id', '=', ctx.domainId)
    .orderBy('pf_objects.name')
    .execute();
  return { items: await outOf(ctx, rows) };
}

export async function getMount(ctx: OpContext, objectId: string): Promise<Mount> {
  return (await outOf(ctx, [await mountRow(ctx, objectId)]))[0] as Mount;
}

async function source(ctx: OpContext, sourceId: string): Promise<SourceDb> {
  await sourceRow(ctx, sourceId);
  try {
    return await openSource(ctx, sourceId);
  } catch (err) {
    throw sourceFailure(ctx.db, ctx.lang, err);
  }
}

async function catalogTable(
  ctx: OpContext,
  db: SourceDb,
  schema: string | null | undefined,
  table: string,
): Promise<SourceTable> {
  const found = await findTable(db, schema ?? null, table).catch((err: unknown) => {
    throw sourceFailure(ctx.db, ctx.lang, err);
  });
  if (!found)
    throw invalid(ctx.lang, {
      table: [mountsText(ctx.lang, 'mnt.table_missing', { table: table.slice(0, 120) })],
    });
  return found;
}

export async function inspectMount(ctx: OpContext, input: InspectInput) {
  if (!input.sourceId || !input.table)
    throw invalid(ctx.lang, { sourceId: [mountsText(ctx.lang, 'mnt.origin')] });
  const db = await source(ctx, input.sourceId);
  const t = await catalogTable(ctx, db, input.schema, input.table);
  const rows = await previewRows(db, ctx, t, 20).catch((err: unknown) => {
    throw sourceFailure(ctx.db, ctx.lang, err);
  });
  return { table: t.name, columns: t.columns, rows };
}

/** What the source's catalog says now against what the mount was made with. */
export function compareColumns(
  mounted: { column: string; sourceType: string }[],
  now: SourceTable | undefined,
): MountProblem[] {
  const problems: MountProblem[] = [];
  for (const c of mounted) {
    const found = now?.columns.find((x) => x.name === c.column);
    if (!found)
      problems.push({ column: c.column, problem: 'missing', was: c.sourceType, now: null });
    else if (found.type !== c.sourceType)
      problems.push({
        column: c.column,
        problem: 'type_changed',
        was: c.sourceType,
        now: found.type,
      });
  }
  return problems;
}

/** Re-reads the source's catalog and records what no longer matches (`attention`). */
export async function checkMount(ctx: OpContext, objectId: string): Promise<MountProblem[]> {
  const row = await mountRow(ctx, objectId);
  if (!row.source_id) return [];
  const db = await source(ctx, row.source_id);
  const now = await findTable(db, row.source_schema, row.source_table).catch((err: unknown) => {
    throw sourceFailure(ctx.db, ctx.lang, err);
  });
  const cols = JSON.parse(row.columns) as { column: string; sourceType: string }[];
  const extra = [row.key_column, row.updated_column].filter(
    (c): c is string => !!c && c !== 'rowid' && !cols.some((x) => x.column === c),
  );
  const problems = compareColumns(
    [
      ...cols,
      ...extra.map((column) => ({
        column,
        sourceType: now?.columns.find((x) => x.name === column)?.type ?? '?',
      })),
    ],
    now,
  );
  await ctx.db.kysely
    .updateTable('pf_mounts')
    .set({ attention: problems.length ? JSON.stringify(problems) : null })
    .where('object_id', '=', objectId)
    .execute();
  return problems;
}

function keyAllowed(t: SourceTable, column: string, dialect: DialectName): string | null {
  if (
    column === 'rowid' &&
    dialect === 'sqlite' &&
    t.kind === 'table' &&
    !t.columns.some((c) => c.name === 'rowid')
  )
    return null;
  const c = t.columns.find((x) => x.name === column);
  if (!c) return 'unknown';
  return c.proposed === 'integer' ? null : c.type;
}

/** The key a mount uses: the one given, else the table's whole-number primary key (or SQLite's rowid). */
function chooseKey(
  ctx: OpContext,
  t: SourceTable,
  dialect: DialectName,
  given: string | null | undefined,
  errors: Errors,
): string | null {
  if (given) {
    const bad = keyAllowed(t, given, dialect);
    if (bad === 'unknown')
      errors.keyColumn = [mountsText(ctx.lang, 'mnt.unknown_column', { column: given })];
    else if (bad)
      errors.keyColumn = [mountsText(ctx.lang, 'mnt.key_type', { column: given, type: bad })];
    return given;
  }
  if (given === null) return null;
  const pk = t.columns.find((c) => c.key && c.proposed === 'integer');
  if (pk) return pk.name;
  if (dialect === 'sqlite' && t.kind === 'table' && !t.columns.some((c) => c.name === 'rowid'))
    return 'rowid';
  return null;
}

function checkUpdated(
  ctx: OpContext,
  t: SourceTable,
  column: string | null | undefined,
  key: string | null,
  errors: Errors,
) {
  if (!column) return;
  const c = t.columns.find((x) => x.name === column);
  if (!c) errors.updatedColumn = [mountsText(ctx.lang, 'mnt.unknown_column', { column })];
  else if (!['date', 'datetime', 'integer', 'decimal'].includes(c.proposed ?? ''))
    errors.updatedColumn = [mountsText(ctx.lang, 'mnt.updated_type', { column, type: c.type })];
  else if (!key) errors.updatedColumn = [mountsText(ctx.lang, 'mnt.incremental_needs_key')];
}

async function freeCode(k: Q, domainId: string, base: string): Promise<string> {
  const taken = new Set(
    (
      await k
        .selectFrom('pf_objects')
        .select('code')
        .where('domain_id', '=', domainId)
        .where('code', 'like', `${base}%`)
        .execute()
    ).map((r) => r.code),
  );
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

function freeFieldCode(used: Set<string>, base: string): string {
  let code = base || 'column';
  for (let i = 2; used.has(code); i++) code = `${base}_${i}`;
  used.add(code);
  return code;
}

function nextSync(minutes: number | null | undefined): string | null {
  return minutes ? new Date(Date.now() + minutes * 60_000).toISOString() : null;
}

export async function createMount(
  ctx: OpContext,
  app: FastifyInstance,
  input: CreateInput,
): Promise<Mount> {
  if (!input.sourceId || !input.table)
    throw invalid(ctx.lang, { sourceId: [mountsText(ctx.lang, 'mnt.origin')] });
  const db = await source(ctx, input.sourceId);
  const t = await catalogTable(ctx, db, input.schema, input.table);
  const errors: Errors = {};
  const seen = new Set<string>();
  input.columns.forEach((c, i) => {
    const col = t.columns.find((x) => x.name === c.column);
    if (!col)
      return (errors[`columns.${i}.column`] = [
        mountsText(ctx.lang, 'mnt.unknown_column', { column: c.column }),
      ]);
    if (seen.has(c.column))
      errors[`columns.${i}.column`] = [
        mountsText(ctx.lang, 'mnt.duplicate_column', { column: c.column }),
      ];
    seen.add(c.column);
    if (col.proposed === null)
      errors[`columns.${i}.type`] = [
        mountsText(ctx.lang, 'mnt.not_mountable', { column: c.column, type: col.type }),
      ];
    else if (!compatible(c.type, col.proposed, db.dialect))
      errors[`columns.${i}.type`] = [
        mountsText(ctx.lang, 'mnt.type_mismatch', {
          column: c.column,
          source: col.type,
          type: c.type,
        }),
      ];
  });
  const key = chooseKey(ctx, t, db.dialect, input.keyColumn, errors);
  if (input.mode === 'live' && !key && !errors.keyColumn)
    errors.keyColumn = [mountsText(ctx.lang, 'mnt.live_needs_key')];
  checkUpdated(ctx, t, input.updatedColumn, key, errors);
  const k = ctx.db.kysely;
  if (
    input.code &&
    (await k
      .selectFrom('pf_objects')
      .select('id')
      .where('domain_id', '=', ctx.domainId)
      .where('code', '=', input.code)
      .executeTakeFirst())
  )
    errors.code = [mountsText(ctx.lang, 'mnt.code_taken', { code: input.code })];
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);

  const id = shortId();
  const now = isoNow();
  const table = newTableName();
  const used = new Set<string>();
  const fields = input.columns.map((c, i) => {
    const col = t.columns.find((x) => x.name === c.column);
    return {
      id: shortId(),
      column: newColumnName(),
      code: freeFieldCode(used, c.code ?? codeFromName(c.name)),
      name: c.name,
      type: c.type,
      // Decimals keep the places the source column declares (numeric(12,4) → 4, at most 6).
      options: isDecimalType(c.type) ? { scale: mountedScale(col ?? {}) } : {},
      source: c.column,
      sourceType: col?.type ?? '',
      notNull: col?.nullable === false,
      position: i,
    };
  });
  const display =
    fields.find((f) => f.source === input.displayColumn) ??
    fields.find((f) => f.type === 'text') ??
    fields[0];
  await k.transaction().execute(async (trx) => {
    const code = input.code ?? (await freeCode(trx, ctx.domainId, codeFromName(input.name)));
    await trx
      .insertInto('pf_objects')
      .values({
        id,
        domain_id: ctx.domainId,
        name: input.name,
        code,
        kind: 'mounted',
        description: input.description ?? '',
        descriptions: JSON.stringify(cleanNames(input.descriptions)),
        display_field_id: display?.id ?? null,
        table_name: table,
        created_by: ctx.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await createRecordTable(trx, ctx.db.dialect, table);
    for (const f of fields) {
      await trx
        .insertInto('pf_fields')
        .values({
          id: f.id,
          object_id: id,
          domain_id: ctx.domainId,
          name: f.name,
          code: f.code,
          type: f.type,
          options: JSON.stringify(f.options),
          column_name: f.column,
          position: f.position,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await addColumn(trx, ctx.db.dialect, table, f.column, storageOf(f.type, f.options));
    }
    await ensureIndex(trx, ctx.db.dialect, id, table, [{ column: 'id' }], { live: true });
    await trx
      .insertInto('pf_mounts')
      .values({
        object_id: id,
        domain_id: ctx.domainId,
        source_id: input.sourceId ?? null,
        file_id: null,
        source_schema: t.schema,
        source_table: t.name,
        mode: input.mode,
        key_column: key,
        updated_column: input.updatedColumn ?? null,
        schedule_minutes: input.scheduleMinutes ?? null,
        columns: JSON.stringify(
          fields.map((f) => ({
            fieldId: f.id,
            column: f.source,
            sourceType: f.sourceType,
            notNull: f.notNull,
          })),
        ),
        attention: null,
        last_sync_at: null,
        last_sync_rows: null,
        last_sync_job: null,
        watermark: null,
        next_sync_at: input.mode === 'synced' ? nextSync(input.scheduleMinutes) : null,
        created_by: ctx.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  if (input.mode === 'synced') await enqueueSync(ctx, app, id, true);
  return getMount(ctx, id);
}

export async function updateMount(
  ctx: OpContext,
  app: FastifyInstance,
  input: UpdateInput,
): Promise<Mount> {
  const row = await mountRow(ctx, input.objectId);
  const mode = input.mode ?? (row.mode as 'live' | 'synced');
  const patch: Partial<PfMountsTable> = { updated_at: isoNow() };
  const errors: Errors = {};
  let key = row.key_column;
  if (
    row.source_id &&
    (input.keyColumn !== undefined || input.updatedColumn !== undefined || mode !== row.mode)
  ) {
    const db = await source(ctx, row.source_id);
    const t = await catalogTable(ctx, db, row.source_schema, row.source_table);
    if (input.keyColumn !== undefined) key = chooseKey(ctx, t, db.dialect, input.keyColumn, errors);
    if (mode === 'live' && !key && !errors.keyColumn)
      errors.keyColumn = [mountsText(ctx.lang, 'mnt.live_needs_key')];
    checkUpdated(
      ctx,
      t,
      input.updatedColumn === undefined ? row.updated_column : input.updatedColumn,
      key,
      errors,
    );
  }
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  if (input.keyColumn !== undefined) patch.key_column = key;
  if (input.updatedColumn !== undefined) patch.updated_column = input.updatedColumn;
  if (input.keyColumn !== undefined || input.updatedColumn !== undefined) patch.watermark = null;
  if (input.scheduleMinutes !== undefined) patch.schedule_minutes = input.scheduleMinutes;
  patch.mode = mode;
  patch.next_sync_at =
    mode === 'synced'
      ? nextSync(input.scheduleMinutes === undefined ? row.schedule_minutes : input.scheduleMinutes)
      : null;
  const meta = await loadObject(ctx, input.objectId);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('pf_mounts').set(patch).where('object_id', '=', row.object_id).execute();
    // Live rows are read at the source: the copy of a synced mount goes, so that no stale rows stay.
    if (mode === 'live' && row.mode !== 'live') {
      await trx.deleteFrom(meta.table as never).execute();
      await trx
        .updateTable('pf_mounts')
        .set({ watermark: null })
        .where('object_id', '=', row.object_id)
        .execute();
    }
  });
  invalidateObject(ctx.db, row.object_id);
  if (mode === 'synced' && row.mode !== 'synced') await enqueueSync(ctx, app, row.object_id, true);
  return getMount(ctx, row.object_id);
}

export async function enqueueSync(
  ctx: Pick<OpContext, 'domainId' | 'userId' | 'lang'>,
  app: FastifyInstance,
  objectId: string,
  full: boolean,
): Promise<Job> {
  const job = await app.jobs.enqueue({
    kind: 'sync',
    domainId: ctx.domainId,
    userId: ctx.userId || null,
    lang: ctx.lang,
    params: { objectId, full },
  });
  await app.db.kysely
    .updateTable('pf_mounts')
    .set({ last_sync_job: job.id })
    .where('object_id', '=', objectId)
    .execute();
  return job;
}

export async function syncMount(
  ctx: OpContext,
  app: FastifyInstance,
  objectId: string,
  full: boolean,
): Promise<Job> {
  const row = await mountRow(ctx, objectId);
  if (row.mode === 'live') await updateMount(ctx, app, { objectId, mode: 'synced' });
  if (row.mode === 'live') {
    const fresh = await mountRow(ctx, objectId);
    if (fresh.last_sync_job) return app.jobs.get(ctx.domainId, fresh.last_sync_job, ctx.lang);
  }
  return enqueueSync(ctx, app, objectId, full);
}

export async function deleteMount(ctx: OpContext, objectId: string): Promise<{ ok: true }> {
  const row = await mountRow(ctx, objectId);
  const meta: ObjectMeta = await loadObject(ctx, row.object_id);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await dropRecordTable(trx, ctx.db.dialect, meta.id, meta.table);
    await trx.deleteFrom('pf_indexes').where('object_id', '=', meta.id).execute();
    await trx.deleteFrom('pf_views').where('object_id', '=', meta.id).execute();
    await trx.deleteFrom('pf_fields').where('object_id', '=', meta.id).execute();
    await trx.deleteFrom('pf_mounts').where('object_id', '=', meta.id).execute();
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
