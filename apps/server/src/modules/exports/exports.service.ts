import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  buildAbility,
  choiceLabel,
  rulesForRole,
  type OpOutput,
  type OpParsedInput,
  type recordsExportInput,
} from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import '../../platform/tables.js'; // the users, domains and memberships tables
import { AppError } from '../../lib/app-error.js';
import { jobFromRow, type JobContext, type JobOutcome } from '../../platform/jobs.js';
import { streamRows } from '../../platform/lanes.js';
import { commonText } from '../../platform/messages.js';
import { storeFile, tempPath } from '../files/index.js';
import { loadObject, shownName, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';
import { relationOf, relRows, type Relation } from '../../platform/relation.js';
import { sourceFailure } from '../../platform/sources/index.js';
import { type OpContext } from '../../platform/context.js';
import {
  compileOrderBy,
  compileSortKeys,
  compileWhere,
  resolveColumn,
} from '../../platform/compiler.js';
import { invalid } from '../../platform/errors.js';
import { compileOptionsFor, pickFields, resolveLabels } from '../../platform/read.js';
import { decodeDecimal, scaleOf } from '../../platform/values.js';
import type { Cell, CellKind, Convert, SheetColumn } from './cells.js';
import { CsvWriter } from './csv-writer.js';
import { exportsText } from './exports.messages.js';
import { sheetName, XLSX_MAX_ROWS, XlsxWriter } from './xlsx-writer.js';
import { ZipTooLargeError } from './zip-writer.js';

export type ExportParams = z.output<typeof recordsExportInput>;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';

/**
 * Rows read and written per slice (a few milliseconds of work each); between slices the event
 * loop serves other requests. XLSX rows cost more to write than CSV rows.
 */
const SLICE = { csv: 5000, xlsx: 2000 } as const;
/** Bound values a slice's label query may use (SQLite allows 32,766). */
const LABEL_PARAMS = 30_000;

type SystemColumn = 'id' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by';

/** One column of an export: where it comes from and how it is written. */
interface OutColumn extends SheetColumn {
  column: string;
  field?: FieldMeta;
  system?: SystemColumn;
}

function kindOfField(f: FieldMeta): CellKind {
  switch (f.type) {
    case 'integer':
      return 'number';
    case 'decimal':
    case 'money':
    case 'percent':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'text';
  }
}

const SYSTEM_KINDS: Record<SystemColumn, CellKind> = {
  id: 'number',
  created_at: 'datetime',
  updated_at: 'datetime',
  created_by: 'text',
  updated_by: 'text',
};

/**
 * The columns of an export, checked like `records.list` checks them: the given field codes
 * (or ids, or system columns) in that order, else every field that is not hidden.
 */
function planColumns(ctx: OpContext, meta: ObjectMeta, input: ExportParams): OutColumn[] {
  const fields = pickFields(ctx, meta, input.fields);
  const byCode = input.headings === 'codes';
  const cols: OutColumn[] = [];
  const fieldColumn = (f: FieldMeta): OutColumn => ({
    heading: byCode ? f.code : shownName(ctx.lang, f),
    kind: kindOfField(f),
    scale: scaleOf(f.type, f.options),
    column: f.column,
    field: f,
  });
  if (!input.fields) cols.push(...fields.map(fieldColumn));
  else {
    for (const key of input.fields) {
      const c = resolveColumn(meta, key);
      if (!c || cols.some((x) => x.column === c.column)) continue;
      if (c.field) cols.push(fieldColumn(c.field));
      else {
        const system = c.column as SystemColumn;
        cols.push({
          heading: byCode ? system : exportsText(ctx.lang, `export.col.${system}`),
          kind: SYSTEM_KINDS[system],
          column: system,
          system,
        });
      }
    }
  }
  if (!cols.length)
    throw invalid(ctx.lang, { fields: [exportsText(ctx.lang, 'export.no_columns')] });
  return cols;
}

/** Everything a run needs, compiled from the input; throws 400s with field paths. */
async function compile(ctx: OpContext, meta: ObjectMeta, input: ExportParams) {
  const columns = planColumns(ctx, meta, input);
  const where = compileWhere(meta, input, await compileOptionsFor(ctx, meta));
  const keys = compileSortKeys(meta, input.orderby, undefined, ctx.lang);
  const rel = await relationOf(ctx, meta);
  const order = compileOrderBy(keys, rel.db.dialect);
  return { columns, where, order, rel };
}

/** `records.export`: checks the view, then queues the export job and answers it. */
export async function exportRecords(
  ctx: OpContext,
  input: OpParsedInput<'records.export'>,
  app: FastifyInstance,
): Promise<OpOutput<'records.export'>> {
  const meta = await loadObject(ctx, input.objectId);
  await compile(ctx, meta, input);
  return app.jobs.enqueue({
    kind: 'export',
    domainId: ctx.domainId,
    userId: ctx.userId,
    lang: ctx.lang,
    params: input,
  });
}

/** `exports.get`: an export job of the caller's domain (404 for anything else). */
export async function getExport(
  ctx: OpContext,
  input: OpParsedInput<'exports.get'>,
  app: FastifyInstance,
): Promise<OpOutput<'exports.get'>> {
  const row = await app.jobs.row(ctx.domainId, input.id);
  if (!row || row.kind !== 'export')
    throw new AppError('not_found', commonText(ctx.lang, 'error.not_found'));
  return jobFromRow(row);
}

/** Today's date (YYYY-MM-DD) in the given time zone, UTC when none or unknown. */
function today(timeZone: string | undefined): string {
  const fmt = (tz: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  try {
    return fmt(timeZone || 'UTC');
  } catch {
    return fmt('UTC');
  }
}

/**
 * Display texts looked up by id once per export: users (created by / updated by) and the names
 * of attached files.
 */
class Names {
  private readonly names = new Map<string, string>();
  constructor(private readonly lookup: (ids: string[]) => Promise<[string, string][]>) {}

  async load(ids: unknown[]): Promise<void> {
    const missing = [
      ...new Set(ids.filter((v): v is string => typeof v === 'string' && !this.names.has(v))),
    ];
    for (let i = 0; i < missing.length; i += 1000) {
      const part = missing.slice(i, i + 1000);
      for (const id of part) this.names.set(id, id);
      for (const [id, name] of await this.lookup(part)) this.names.set(id, name);
    }
  }

  get(id: unknown): Cell {
    return typeof id === 'string' ? (this.names.get(id) ?? id) : null;
  }
}

function userNames(ctx: OpContext): Names {
  return new Names(async (ids) =>
    (
      await ctx.db.kysely
        .selectFrom('users')
        .select(['id', 'username', 'full_name'])
        .where('id', 'in', ids)
        .execute()
    ).map((r): [string, string] => [r.id, r.full_name || r.username]),
  );
}

function fileNames(ctx: OpContext): Names {
  return new Names(async (ids) =>
    (
      await ctx.db.kysely
        .selectFrom('pf_files')
        .select(['id', 'name'])
        .where('domain_id', '=', ctx.domainId)
        .where('id', 'in', ids)
        .execute()
    ).map((r): [string, string] => [r.id, r.name]),
  );
}

function numberOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : String(v);
}

/** How a stored value of a column becomes what a user sees (labels, names, numbers). */
function converter(
  lang: string,
  c: OutColumn,
  labels: Map<string, Map<number, string | null>>,
  users: Names,
  files: Names,
): Convert {
  if (c.system) {
    if (c.system === 'id') return numberOf;
    if (c.system === 'created_by' || c.system === 'updated_by') return (v) => users.get(v);
    return (v) => (v === null || v === undefined ? null : String(v));
  }
  const f = c.field as FieldMeta;
  switch (f.type) {
    case 'integer':
      return numberOf;
    case 'decimal':
    case 'money':
    case 'percent': {
      const scale = scaleOf(f.type, f.options);
      return (v) => (v === null || v === undefined ? null : decodeDecimal(v, scale));
    }
    case 'boolean':
      return (v) => (v === null || v === undefined ? null : Number(v) !== 0);
    case 'attachment':
      return (v) => files.get(v);
    case 'reference': {
      const m = labels.get(f.id);
      return (v) => {
        if (v === null || v === undefined) return null;
        const id = Number(v);
        return m?.get(id) ?? String(id);
      };
    }
    case 'select': {
      const byValue = new Map(
        (f.options.choices ?? []).map((ch) => [ch.value, choiceLabel(lang, ch)]),
      );
      return (v) => (v === null || v === undefined ? null : (byValue.get(String(v)) ?? String(v)));
    }
    case 'multiselect': {
      const byValue = new Map(
        (f.options.choices ?? []).map((ch) => [ch.value, choiceLabel(lang, ch)]),
      );
      return (v) => {
        if (v === null || v === undefined) return null;
        let list: unknown;
        try {
          list = JSON.parse(String(v));
        } catch {
          list = [String(v)];
        }
        if (!Array.isArray(list)) list = [String(v)];
        return (list as unknown[]).map((x) => byValue.get(String(x)) ?? String(x)).join(', ');
      };
    }
    default:
      return (v) => (v === null || v === undefined ? null : String(v));
  }
}

class Cancelled extends Error {}

/** Rows the export will write (for progress): one count in the heavy lane. */
async function countRows(
  ctx: OpContext,
  rel: Relation,
  where: RawBuilder<SqlBool>,
): Promise<number> {
  const rows = await relRows<{ n: number | string }>(
    ctx,
    rel,
    'heavy',
    sql`select count(*) as n from ${rel.from} where ${where}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Where the rows of a view go: a CSV or XLSX writer here, or another module's writer (a report's
 * PDF). Rows arrive as stored values in column order with their columns' converters.
 */
export interface RecordsSink {
  start(): Promise<void>;
  rows(rows: unknown[][], convert: Convert[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** The job a stream of records belongs to: cancellation and progress. */
export interface RecordsRun {
  signal: AbortSignal;
  progress(processed: number, total: number): void;
}

/**
 * Streams the rows of a view (`records.export`'s input: filter, search, order, fields) into the
 * sink that `open` makes from the columns (headings and kinds) and the number of rows (it may
 * refuse too many). Slices of rows are read without holding the result in memory; the event
 * loop runs between slices. Answers the rows written; a failure aborts the sink.
 */
export async function streamRecords(
  ctx: OpContext,
  p: ExportParams,
  open: (columns: SheetColumn[], meta: ObjectMeta, total: number) => RecordsSink,
  run: RecordsRun,
): Promise<{ rows: number; meta: ObjectMeta; columns: SheetColumn[] }> {
  const meta = await loadObject(ctx, p.objectId);
  const { columns, where, order, rel } = await compile(ctx, meta, p);
  // The job's cancel (or the server's stop) ends its lane statements at once.
  const lane = { ...ctx, signal: run.signal };
  const total = await countRows(lane, rel, where);
  const sink = open(columns, meta, total);
  run.progress(0, total);

  const select = sql.join(columns.map((c, i) => sql`${sql.id(c.column)} as ${sql.id(`c${i}`)}`));
  const query = sql`select ${select} from ${rel.from} where ${where} order by ${order}`;
  const refs = columns.map((c, i) => ({ c, i })).filter(({ c }) => c.field?.type === 'reference');
  const userCols = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.system === 'created_by' || c.system === 'updated_by');
  const slice = refs.length
    ? Math.max(100, Math.min(SLICE[p.format], Math.floor(LABEL_PARAMS / refs.length)))
    : SLICE[p.format];
  const fileCols = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.field?.type === 'attachment');
  const users = userNames(ctx);
  const files = fileNames(ctx);
  const noLabels = new Map<string, Map<number, string | null>>();
  const plain = columns.map((c) => converter(ctx.lang, c, noLabels, users, files));
  let processed = 0;
  try {
    await sink.start();
    // A live mount's rows stream from its source (a source has no lanes of its own).
    const caller = rel.local
      ? lane
      : { db: rel.db, domainId: ctx.domainId, lang: ctx.lang, signal: run.signal };
    await streamRows(caller, query, slice, async (raw) => {
      if (run.signal.aborted) throw new Cancelled('cancelled');
      let convert = plain;
      if (refs.length) {
        const labels = await resolveLabels(
          ctx,
          refs.map(({ c, i }) => ({
            field: c.field as FieldMeta,
            ids: raw.map((r) => Number(r[i])).filter((n) => Number.isSafeInteger(n)),
          })),
        );
        convert = columns.map((c) => converter(ctx.lang, c, labels, users, files));
      }
      for (const { i } of userCols) await users.load(raw.map((r) => r[i]));
      for (const { i } of fileCols) await files.load(raw.map((r) => r[i]));
      await sink.rows(raw, convert);
      processed += raw.length;
      run.progress(processed, Math.max(total, processed));
      await nextTurn();
    });
    if (run.signal.aborted) throw new Cancelled('cancelled');
    await sink.finish();
  } catch (err) {
    await sink.abort();
    // A live mount's source failing mid-way (down, too slow): its reason, not "internal error".
    if (!rel.local && !(err instanceof AppError) && !(err instanceof Cancelled))
      throw sourceFailure(ctx.db, ctx.lang, err);
    throw err;
  }
  return { rows: processed, meta, columns };
}

/** The export job: streams the view's rows into a CSV or XLSX file and stores it. */
export async function runExport(
  app: FastifyInstance,
  job: JobContext<ExportParams>,
): Promise<JobOutcome> {
  const p = job.params;
  const ctx: OpContext = {
    db: job.db,
    domainId: job.domainId,
    userId: job.userId ?? '',
    ability: buildAbility(rulesForRole('viewer')),
    lang: job.lang,
  };
  const started = performance.now();
  const temp = await tempPath(app.config.dataDir, job.id);
  let csv: CsvWriter | undefined;
  let out: Awaited<ReturnType<typeof streamRecords>>;
  try {
    out = await streamRecords(
      ctx,
      p,
      (columns, meta, total) => {
        if (p.format === 'xlsx' && total > XLSX_MAX_ROWS - 1) {
          throw new AppError(
            'unprocessable',
            exportsText(ctx.lang, 'export.too_many_rows', { rows: total, max: XLSX_MAX_ROWS - 1 }),
          );
        }
        if (p.format === 'csv') return (csv = new CsvWriter(temp, columns, p.csvStyle));
        return new XlsxWriter(
          temp,
          columns,
          sheetName(shownName(ctx.lang, meta), exportsText(ctx.lang, 'export.sheet')),
          p.timeZone,
        );
      },
      job,
    );
  } catch (err) {
    await rm(temp, { force: true });
    if (err instanceof ZipTooLargeError)
      throw new AppError('unprocessable', exportsText(ctx.lang, 'export.too_large'));
    if (!job.signal.aborted && typeof (err as NodeJS.ErrnoException).syscall === 'string') {
      // The disk (full, not writable): say so rather than "internal error".
      job.log.error({ err }, 'export file not written');
      throw new AppError('internal', exportsText(ctx.lang, 'export.write_failed'));
    }
    throw err;
  }
  const { meta, rows: processed } = out;
  const ext = p.format === 'csv' ? 'csv' : 'xlsx';
  const file = await storeFile(ctx.db, app.config.dataDir, {
    tempFile: temp,
    domainId: ctx.domainId,
    userId: job.userId,
    name: `${shownName(ctx.lang, meta)} ${today(p.timeZone)}.${ext}`,
    type: p.format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    purpose: 'export',
    ...(csv ? { sha256: csv.sha256() } : {}),
  });
  job.log.info(
    {
      rows: processed,
      bytes: file.size,
      format: p.format,
      ms: Math.round(performance.now() - started),
    },
    'export written',
  );
  return { fileId: file.id, processed, result: { rows: processed } };
}

/** After a crash: the half-written file of an interrupted export goes. */
export async function recoverExport(app: FastifyInstance, jobId: string): Promise<void> {
  await rm(await tempPath(app.config.dataDir, jobId), { force: true });
}
