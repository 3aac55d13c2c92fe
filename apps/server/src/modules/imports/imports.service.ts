import { readOnlyText } from '../../platform/computed.messages.js';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  importResultSchema,
  importSettingsSchema,
  textEncodingLabels,
  type Import,
  type ImportFormat,
  type ImportMapping,
  type ImportSettings,
  type ImportStatus,
  type OpOutput,
  type OpParsedInput,
} from '@fiscus/contracts';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';
import { findFile, storeFile, tempPath } from '../files/index.js';
import { assertWritable, loadObject, type ObjectMeta } from '../../platform/meta.js';
import { type OpContext } from '../../platform/context.js';
import { addError, invalid } from '../../platform/errors.js';
import { importsText } from './imports.messages.js';
import './imports.tables.js';
import {
  columnNames,
  detectType,
  formatOfType,
  normalizeName,
  readRows,
  type ReadInfo,
  type Row,
} from './reader.js';

type Errors = Record<string, string[]>;
const KEY_TYPES_REFUSED = new Set(['multiselect', 'longtext', 'boolean', 'attachment']);

function q(ctx: OpContext) {
  return ctx.db.kysely;
}

function notFound(ctx: OpContext): AppError {
  return new AppError('not_found', importsText(ctx.lang, 'imp.not_found'));
}

function baseQuery(ctx: OpContext) {
  return q(ctx)
    .selectFrom('pf_imports as i')
    .leftJoin('pf_objects as o', 'o.id', 'i.object_id')
    .leftJoin('pf_files as f', 'f.id', 'i.file_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .leftJoin('pf_jobs as j', 'j.id', 'i.job_id')
    .select([
      'i.id',
      'i.object_id',
      'i.file_id',
      'i.format',
      'i.settings',
      'i.created_by',
      'i.created_at',
      'o.name as object_name',
      'f.name as file_name',
      'f.size as file_size',
      'u.username',
      'j.status',
      'j.progress',
      'j.processed',
      'j.total',
      'j.result',
      'j.error',
      'j.started_at',
      'j.finished_at',
    ])
    .where('i.domain_id', '=', ctx.domainId);
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toImport(r: Joined): Import {
  const status = (r.status ?? 'draft') as ImportStatus;
  let result = null;
  if (r.result) {
    const parsed = importResultSchema.safeParse(JSON.parse(r.result));
    if (parsed.success) result = parsed.data;
  }
  return {
    id: r.id,
    objectId: r.object_id,
    objectName: r.object_name ?? '',
    fileId: r.file_id,
    fileName: r.file_name ?? '',
    fileSize: Number(r.file_size ?? 0),
    format: r.format as ImportFormat,
    status,
    settings: importSettingsSchema.parse(JSON.parse(r.settings)),
    progress: status === 'draft' ? 0 : Math.max(0, Math.min(1, Number(r.progress ?? 0))),
    processed: Number(r.processed ?? 0),
    // While running, `total` is an estimate (from the bytes read); once done it is exact.
    total:
      status === 'succeeded'
        ? Number(r.processed ?? 0)
        : r.total === null || r.total === undefined
          ? null
          : Number(r.total),
    result,
    error: r.error ?? null,
    createdBy: r.created_by,
    createdByName: r.username ?? null,
    createdAt: r.created_at,
    startedAt: r.started_at ?? null,
    finishedAt: r.finished_at ?? null,
  };
}

async function getOne(ctx: OpContext, id: string): Promise<Import> {
  const row = await baseQuery(ctx).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ctx);
  return toImport(row);
}

function isActive(status: ImportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** Suggests a field for each column by name or code (no accents, case or spaces). */
export function autoMapping(meta: ObjectMeta, names: string[]): ImportMapping[] {
  const used = new Set<string>();
  return names.map((name, column) => {
    const n = normalizeName(name);
    const f = n
      ? meta.fields.find(
          (x) =>
            !x.computed &&
            !used.has(x.id) &&
            (normalizeName(x.name) === n || normalizeName(x.code) === n),
        )
      : undefined;
    if (f) used.add(f.id);
    return { column, field: f ? f.code : null };
  });
}

interface Sample {
  info: ReadInfo;
  header: Row | undefined;
  rows: Row[];
  width: number;
}

/** The first rows of a file as the settings read it. */
async function sample(
  ctx: OpContext,
  path: string,
  format: ImportFormat,
  settings: ImportSettings,
  limit: number,
): Promise<Sample> {
  const rows: Row[] = [];
  const wanted = limit + (settings.header ? 1 : 0);
  const info = await readRows(
    path,
    format,
    settings,
    { batchSize: wanted, lang: ctx.lang, sample: wanted },
    (b) => {
      for (const r of b.rows) {
        if (rows.length >= wanted) break;
        rows.push(r);
      }
      return rows.length < wanted;
    },
  );
  const header = settings.header ? rows.shift() : undefined;
  const width = Math.max(header?.length ?? 0, ...rows.map((r) => r.length), 0);
  return { info, header, rows, width };
}

async function fileOf(ctx: OpContext, app: FastifyInstance, fileId: string) {
  const file = await findFile(ctx.db, app.config.dataDir, ctx.domainId, fileId);
  if (!file) throw new AppError('not_found', importsText(ctx.lang, 'imp.file_not_found'));
  return file;
}

async function rowOf(ctx: OpContext, id: string) {
  const row = await q(ctx)
    .selectFrom('pf_imports')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw notFound(ctx);
  return row;
}

/**
 * Settings checked against the object. `full` (before a run) also wants something mapped and
 * every required field without a default mapped when records are added.
 */
function checkSettings(ctx: OpContext, meta: ObjectMeta, s: ImportSettings, full: boolean): void {
  const errors: Errors = {};
  const seenFields = new Set<string>();
  const seenColumns = new Set<number>();
  s.mapping.forEach((m, i) => {
    if (seenColumns.has(m.column))
      addError(
        errors,
        `settings.mapping.${i}.column`,
        importsText(ctx.lang, 'imp.column_twice', { column: m.column + 1 }),
      );
    seenColumns.add(m.column);
    if (!m.field) return;
    const f = meta.fields.find((x) => x.code === m.field);
    if (!f) {
      addError(
        errors,
        `settings.mapping.${i}.field`,
        importsText(ctx.lang, 'imp.unknown_field', { field: m.field.slice(0, 60) }),
      );
      return;
    }
    if (f.computed) {
      addError(errors, `settings.mapping.${i}.field`, readOnlyText(ctx.lang, f));
      return;
    }
    if (seenFields.has(f.id))
      addError(
        errors,
        `settings.mapping.${i}.field`,
        importsText(ctx.lang, 'imp.field_twice', { field: f.name }),
      );
    seenFields.add(f.id);
  });
  if (s.mode === 'update') {
    if (!s.keyField)
      addError(errors, 'settings.keyField', importsText(ctx.lang, 'imp.key_required'));
    else {
      const f = meta.fields.find((x) => x.code === s.keyField);
      if (!f)
        addError(
          errors,
          'settings.keyField',
          importsText(ctx.lang, 'imp.unknown_field', { field: s.keyField.slice(0, 60) }),
        );
      else if (KEY_TYPES_REFUSED.has(f.type))
        addError(
          errors,
          'settings.keyField',
          importsText(ctx.lang, 'imp.key_type', { type: f.type }),
        );
      else if (!seenFields.has(f.id))
        addError(
          errors,
          'settings.keyField',
          importsText(ctx.lang, 'imp.key_not_mapped', { field: f.name }),
        );
    }
  }
  if (full) {
    if (!seenFields.size && !errors['settings.mapping'])
      addError(errors, 'settings.mapping', importsText(ctx.lang, 'imp.nothing_mapped'));
    const adds = s.mode !== 'update' || s.insertMissing;
    if (adds) {
      for (const f of meta.fields) {
        if (f.options.required && f.options.default === undefined && !seenFields.has(f.id))
          addError(
            errors,
            'settings.mapping',
            importsText(ctx.lang, 'imp.required_unmapped', { field: f.name }),
          );
      }
    }
  }
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
}

export async function importsList(
  ctx: OpContext,
  input: OpParsedInput<'imports.list'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.list'>> {
  let query = baseQuery(ctx);
  if (input.objectId) query = query.where('i.object_id', '=', input.objectId);
  if (input.status === 'draft') query = query.where('i.job_id', 'is', null);
  else if (input.status) query = query.where('j.status', '=', input.status);
  const [rows, count] = await Promise.all([
    query
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { items: rows.map(toImport), total: Number(count?.n ?? 0) };
}

export async function importsGet(
  ctx: OpContext,
  input: OpParsedInput<'imports.get'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.get'>> {
  return getOne(ctx, input.id);
}

export async function importsCreate(
  ctx: OpContext,
  input: OpParsedInput<'imports.create'>,
  app: FastifyInstance,
): Promise<OpOutput<'imports.create'>> {
  const meta = await loadObject(ctx, input.objectId);
  assertWritable(ctx.lang, meta);
  const file = await fileOf(ctx, app, input.fileId);
  const format = formatOfType(file.info.type);
  if (!format)
    throw new AppError('unsupported_media_type', importsText(ctx.lang, 'imp.unsupported_format'));
  const defaults = importSettingsSchema.parse({});
  // The first rows give the column names (and refuse a file that cannot be read at all).
  const first = await sample(ctx, file.path, format, defaults, 1);
  const names = columnNames(first.header, first.width);
  const settings: ImportSettings = {
    ...defaults,
    delimiter: first.info.delimiter,
    // An uncertain encoding stays `auto`: the preview asks the user to choose.
    encoding: (!first.info.encodingUncertain && first.info.encoding) || 'auto',
    sheet: first.info.sheets[0] ?? null,
    mapping: autoMapping(meta, names),
  };
  const now = isoNow();
  const id = randomKey();
  await q(ctx)
    .insertInto('pf_imports')
    .values({
      id,
      domain_id: ctx.domainId,
      object_id: meta.id,
      file_id: file.info.id,
      format,
      settings: JSON.stringify(settings),
      job_id: null,
      created_by: ctx.userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return getOne(ctx, id);
}

export async function importsPreview(
  ctx: OpContext,
  input: OpParsedInput<'imports.preview'>,
  app: FastifyInstance,
): Promise<OpOutput<'imports.preview'>> {
  const row = await rowOf(ctx, input.id);
  const meta = await loadObject(ctx, row.object_id);
  const file = await fileOf(ctx, app, row.file_id);
  const saved = importSettingsSchema.parse(JSON.parse(row.settings));
  const settings: ImportSettings = { ...saved, ...stripUndefined(input.settings ?? {}) };
  const format = row.format as ImportFormat;
  const s = await sample(ctx, file.path, format, settings, input.limit);
  const names = columnNames(s.header, s.width);
  return {
    columns: names.map((name, index) => ({
      index,
      name,
      type: detectType(s.rows.map((r) => r[index])),
    })),
    rows: s.rows.map((r) => {
      const out: (string | null)[] = [];
      for (let i = 0; i < s.width; i++) out.push(r[i] ?? null);
      return out;
    }),
    sheets: s.info.sheets,
    encoding: s.info.encoding,
    encodings: s.info.encodings,
    encodingUncertain: s.info.encodingUncertain,
    delimiter: s.info.delimiter,
    mapping: autoMapping(meta, names),
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function importsUpdate(
  ctx: OpContext,
  input: OpParsedInput<'imports.update'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.update'>> {
  const current = await getOne(ctx, input.id);
  if (isActive(current.status))
    throw new AppError('conflict', importsText(ctx.lang, 'imp.running'));
  const meta = await loadObject(ctx, current.objectId);
  const settings = importSettingsSchema.parse({
    ...current.settings,
    ...stripUndefined(input.settings),
  });
  checkSettings(ctx, meta, settings, false);
  await q(ctx)
    .updateTable('pf_imports')
    .set({ settings: JSON.stringify(settings), updated_at: isoNow() })
    .where('id', '=', input.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  return getOne(ctx, input.id);
}

export async function importsRun(
  ctx: OpContext,
  input: OpParsedInput<'imports.run'>,
  app: FastifyInstance,
): Promise<OpOutput<'imports.run'>> {
  const row = await rowOf(ctx, input.id);
  const current = await getOne(ctx, input.id);
  if (isActive(current.status))
    throw new AppError('conflict', importsText(ctx.lang, 'imp.running'));
  const meta = await loadObject(ctx, current.objectId);
  checkSettings(ctx, meta, current.settings, true);
  const file = await fileOf(ctx, app, current.fileId);
  if (current.format === 'csv' && current.settings.encoding === 'auto') {
    // Never a silent guess: an encoding the bytes leave open must be chosen first.
    const { info } = await sample(ctx, file.path, 'csv', current.settings, 1);
    if (info.encodingUncertain)
      throw invalid(ctx.lang, {
        'settings.encoding': [
          importsText(ctx.lang, 'imp.encoding_uncertain', {
            choices: info.encodings.map((e) => textEncodingLabels[e.encoding]).join(', '),
          }),
        ],
      });
  }
  const job = await app.jobs.enqueue({
    kind: 'import',
    domainId: ctx.domainId,
    userId: ctx.userId,
    lang: ctx.lang,
    params: { importId: row.id },
  });
  // Only one run at a time: the import takes the job unless another run took it meanwhile.
  let claim = q(ctx)
    .updateTable('pf_imports')
    .set({ job_id: job.id, updated_at: isoNow() })
    .where('id', '=', row.id);
  claim =
    row.job_id === null
      ? claim.where('job_id', 'is', null)
      : claim.where('job_id', '=', row.job_id);
  const res = await claim.executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    await app.jobs.cancel(ctx.domainId, job.id, ctx.lang);
    throw new AppError('conflict', importsText(ctx.lang, 'imp.running'));
  }
  return getOne(ctx, input.id);
}

export async function importsCancel(
  ctx: OpContext,
  input: OpParsedInput<'imports.cancel'>,
  app: FastifyInstance,
): Promise<OpOutput<'imports.cancel'>> {
  const row = await rowOf(ctx, input.id);
  if (row.job_id) await app.jobs.cancel(ctx.domainId, row.job_id, ctx.lang);
  return getOne(ctx, input.id);
}

export async function importsLog(
  ctx: OpContext,
  input: OpParsedInput<'imports.log'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.log'>> {
  const row = await rowOf(ctx, input.id);
  if (!row.job_id) return { items: [], total: 0 };
  const base = q(ctx)
    .selectFrom('pf_import_log')
    .where('import_id', '=', row.id)
    .where('job_id', '=', row.job_id);
  const [items, count] = await Promise.all([
    base
      .select(['row_no', 'column_name', 'field', 'value', 'message'])
      .orderBy('id')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return {
    items: items.map((r) => ({
      row: Number(r.row_no),
      column: r.column_name,
      field: r.field,
      value: r.value,
      message: r.message,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutralize(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export async function importsLogFile(
  ctx: OpContext,
  input: OpParsedInput<'imports.logFile'>,
  app: FastifyInstance,
): Promise<OpOutput<'imports.logFile'>> {
  const row = await rowOf(ctx, input.id);
  const current = await getOne(ctx, input.id);
  const dataDir = app.config.dataDir;
  const temp = await tempPath(dataDir);
  const out = createWriteStream(temp);
  const csv = stringify();
  csv.pipe(out);
  const write = async (cells: (string | number | null)[]) => {
    if (!csv.write(cells.map((c) => (typeof c === 'string' ? neutralize(c) : c))))
      await once(csv, 'drain');
  };
  try {
    out.write('\uFEFF');
    await write([
      importsText(ctx.lang, 'imp.log.row'),
      importsText(ctx.lang, 'imp.log.column'),
      importsText(ctx.lang, 'imp.log.field'),
      importsText(ctx.lang, 'imp.log.value'),
      importsText(ctx.lang, 'imp.log.message'),
    ]);
    if (row.job_id) {
      let after = 0;
      for (;;) {
        const page = await q(ctx)
          .selectFrom('pf_import_log')
          .select(['id', 'row_no', 'column_name', 'field', 'value', 'message'])
          .where('import_id', '=', row.id)
          .where('job_id', '=', row.job_id)
          .where('id', '>', after)
          .orderBy('id')
          .limit(2000)
          .execute();
        if (!page.length) break;
        for (const r of page)
          await write([Number(r.row_no), r.column_name, r.field, r.value, r.message]);
        after = Number(page[page.length - 1]?.id ?? after);
      }
    }
    csv.end();
    await once(out, 'close');
  } catch (err) {
    out.destroy();
    await rm(temp, { force: true });
    throw err;
  }
  const base = current.fileName.replace(/\.[^.]+$/, '') || 'import';
  const info = await storeFile(ctx.db, dataDir, {
    tempFile: temp,
    domainId: ctx.domainId,
    userId: ctx.userId,
    name: `${base}-log.csv`,
    type: 'text/csv',
    purpose: 'import-log',
  });
  return { fileId: info.id };
}

export async function importsDelete(
  ctx: OpContext,
  input: OpParsedInput<'imports.delete'>,
  _app: FastifyInstance,
): Promise<OpOutput<'imports.delete'>> {
  const ids = [...new Set(input.ids)];
  const rows = await baseQuery(ctx).where('i.id', 'in', ids).execute();
  if (rows.some((r) => isActive((r.status ?? 'draft') as ImportStatus)))
    throw new AppError('conflict', importsText(ctx.lang, 'imp.running'));
  if (!rows.length) return { affected: 0 };
  const found = rows.map((r) => r.id);
  await q(ctx)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('pf_import_log').where('import_id', 'in', found).execute();
      await trx
        .deleteFrom('pf_imports')
        .where('id', 'in', found)
        .where('domain_id', '=', ctx.domainId)
        .execute();
    });
  return { affected: found.length };
}
