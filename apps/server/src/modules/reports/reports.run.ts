import { rm as removeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AND,
  buildAbility,
  nameIn,
  rulesForRole,
  type CubeMeasureInfo,
  type CubesQueryOutput,
  type FilterNode,
  type ReportFormat,
  type ReportLogLine,
  type ReportResult,
  type ViewDefinition,
} from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import type { OpContext } from '../../platform/context.js';
import { recordEvent } from '../../platform/events/index.js';
import type { FinishedJob, JobContext, JobOutcome } from '../../platform/jobs.js';
import { findField, loadObject, shownName } from '../../platform/meta.js';
import type { Lang } from '../../platform/messages.js';
import { getCube, queryCube } from '../cubes/index.js';
import {
  CsvWriter,
  CSV_TYPE,
  streamRecords,
  XLSX_MAX_ROWS,
  XLSX_TYPE,
  XlsxWriter,
  ZipTooLargeError,
  sheetName,
  type Cell,
  type Convert,
  type ExportParams,
  type RecordsSink,
  type SheetColumn,
} from '../exports/index.js';
import { storeFile, tempPath } from '../files/index.js';
import {
  GridCsvWriter,
  type GridColumn,
  type GridHeading,
  type GridRow,
  type GridWriter,
} from './reports.grid.js';
import { reportsText } from './reports.messages.js';
import { GridPdfWriter } from './reports.pdf.js';
import { loadReport, type ReportJobParams, type ReportModel } from './reports.service.js';
import { GridXlsxWriter } from './reports.xlsx.js';
import './reports.tables.js';

/**
 * The `report` job: reads the report's view or cube with the run's parameters, writes the file
 * (CSV, XLSX or PDF) as it streams, stores it, and fills the run's log and result. The ribbon
 * hears of it when the job ends ("report generated" / "report failed").
 */

/** Rows a PDF takes at most (about 1,000 pages); beyond, XLSX or CSV. */
export const PDF_MAX_ROWS = 50_000;
/** Row and column windows read from a cube per query (the aggregation is cached between). */
const ROW_WINDOW = 2000;
const COL_WINDOW = 500;

const TYPES: Record<ReportFormat, string> = {
  csv: CSV_TYPE,
  xlsx: XLSX_TYPE,
  pdf: 'application/pdf',
};

const LOCALES: Record<Lang, string> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-PT',
  ru: 'ru-RU',
};

function zoned(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "27 Nov 2026, 14:05 (Europe/Berlin)" in the run's language. */
function generatedAt(lang: Lang, timeZone: string | undefined): string {
  const tz = zoned(timeZone);
  const at = new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: tz,
  }).format(new Date());
  return `${at} (${tz})`;
}

/** Today as YYYY-MM-DD in the zone (file names). */
function today(timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zoned(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

function both(
  a: FilterNode | null | undefined,
  b: FilterNode | null | undefined,
): FilterNode | undefined {
  const parts = [a, b].filter((x): x is FilterNode => !!x && x.isactive !== false);
  if (!parts.length) return undefined;
  if (parts.length === 1) return parts[0];
  return {
    isactive: true,
    isexpanded: true,
    name: 'report',
    operator: { ...AND },
    children: parts,
    conditions: [],
  };
}

/** Numbers as a person reads them in the PDF: grouped digits, the measure's decimals. */
function numberText(lang: Lang) {
  const cache = new Map<string, Intl.NumberFormat>();
  return (v: string | number, m: CubeMeasureInfo | undefined): string => {
    const ratio = m?.fn === 'ratio';
    const scale = m ? (ratio ? Math.max(0, m.scale - 2) : m.scale) : 0;
    if (m && (m.valueType === 'date' || m.valueType === 'datetime' || m.valueType === 'text'))
      return String(v);
    const key = `${ratio ? 'p' : 'n'}${scale}`;
    let f = cache.get(key);
    if (!f) {
      f = new Intl.NumberFormat(LOCALES[lang], {
        style: ratio ? 'percent' : 'decimal',
        minimumFractionDigits: m ? scale : 0,
        maximumFractionDigits: m ? scale : 10,
      });
      cache.set(key, f);
    }
    // Decimal strings keep every digit (Intl formats strings exactly).
    return f.format(v as unknown as number);
  };
}

class Cancelled extends Error {}

interface Output {
  rows: number;
  columns: number;
  pages: number | null;
}

/** A view's rows through exports' streaming into the PDF writer. */
class PdfRecords implements RecordsSink {
  private readonly kinds: SheetColumn['kind'][];
  constructor(
    private readonly pdf: GridPdfWriter,
    private readonly columns: SheetColumn[],
    private readonly lang: Lang,
  ) {
    this.kinds = columns.map((c) => c.kind);
  }
  pages: number | null = null;
  async start(): Promise<void> {
    await this.pdf.start(
      this.columns.map((c): GridColumn => ({
        header: [c.heading],
        role: c.kind === 'number' ? 'value' : 'label',
      })),
    );
  }
  async rows(rows: unknown[][], convert: Convert[]): Promise<void> {
    const num = numberText(this.lang);
    const out: GridRow[] = rows.map((r) => ({
      emphasis: 'none',
      depth: 0,
      cells: convert.map((c, i) => {
        const v: Cell = c(r[i]);
        if (v === null) return null;
        if (typeof v === 'boolean') return reportsText(this.lang, v ? 'report.yes' : 'report.no');
        if (typeof v === 'number' && this.kinds[i] === 'number') return num(v, undefined);
        return String(v);
      }),
    }));
    await this.pdf.rows(out);
  }
  async finish(): Promise<void> {
    this.pages = await this.pdf.finish();
  }
  async abort(): Promise<void> {
    await this.pdf.abort();
  }
}

async function viewReport(
  ctx: OpContext,
  report: ReportModel,
  p: ReportJobParams,
  file: string,
  heading: GridHeading,
  job: JobContext<ReportJobParams>,
): Promise<Output> {
  const meta = await loadObject(ctx, report.objectId);
  let view: ViewDefinition | undefined;
  if (report.viewId) {
    // The report refers to the view (checked when it was defined): it is read as it is now.
    const v = await ctx.db.kysely
      .selectFrom('pf_views')
      .select('definition')
      .where('id', '=', report.viewId)
      .where('object_id', '=', meta.id)
      .where('domain_id', '=', ctx.domainId)
      .executeTakeFirst();
    if (v) view = JSON.parse(v.definition) as ViewDefinition;
  }
  const visible = view?.columns.filter((c) => !c.hidden).map((c) => c.field) ?? [];
  const params: ExportParams = {
    objectId: meta.id,
    format: p.format === 'csv' ? 'csv' : 'xlsx',
    filter: both(view?.filter, p.parameters),
    search: view?.search || undefined,
    state: 'active',
    timeZone: p.timeZone,
    orderby: view?.orderby?.isActive
      ? view.orderby
      : { isActive: true, sorts: [{ field: 'id', dir: 'desc' }] },
    fields: visible.length ? visible : undefined,
    headings: 'names',
    csvStyle: 'comma',
  };
  let pdf: PdfRecords | undefined;
  const out = await streamRecords(
    ctx,
    params,
    (columns, m, total) => {
      if (p.format === 'pdf') {
        if (total > PDF_MAX_ROWS)
          throw new AppError(
            'unprocessable',
            reportsText(ctx.lang, 'report.pdf_too_many_rows', { rows: total, max: PDF_MAX_ROWS }),
          );
        const writer = new GridPdfWriter(file, heading, (page) =>
          reportsText(ctx.lang, 'report.page', { page }),
        );
        return (pdf = new PdfRecords(writer, columns, ctx.lang));
      }
      if (p.format === 'csv') return new CsvWriter(file, columns, 'comma');
      if (total > XLSX_MAX_ROWS - 1)
        throw new AppError(
          'unprocessable',
          reportsText(ctx.lang, 'report.too_many_rows', { rows: total, max: XLSX_MAX_ROWS - 1 }),
        );
      return new XlsxWriter(file, columns, sheetName(report.name, m.name), p.timeZone);
    },
    job,
  );
  return { rows: out.rows, columns: out.columns.length, pages: pdf?.pages ?? null };
}

async function cubeReport(
  ctx: OpContext,
  report: ReportModel,
  p: ReportJobParams,
  file: string,
  heading: GridHeading,
  job: JobContext<ReportJobParams>,
): Promise<Output> {
  const { lang } = ctx;
  const cube = await getCube(ctx, report.cubeId as string);
  const layout = report.layout ?? cube.defaultLayout;
  if (!layout) throw new AppError('unprocessable', reportsText(lang, 'report.layout_needed'));
  const meta = await loadObject(ctx, cube.objectId);
  const base = {
    cubeId: cube.id,
    rows: layout.rows,
    cols: layout.cols,
    measures: layout.measures,
    filter: both(layout.filter, p.parameters),
    rowSort: layout.rowSort,
    colSort: layout.colSort,
    collapsedRows: [],
    collapsedCols: [],
    rowTotals: true,
    colTotals: true,
    timeZone: p.timeZone,
  };
  const query = (rowOffset: number, rowLimit: number, colOffset: number) =>
    queryCube(ctx, { ...base, rowOffset, rowLimit, colOffset, colLimit: COL_WINDOW });
  const first = await query(0, ROW_WINDOW, 0);
  const totalRows = first.rows.total;
  if (p.format === 'pdf' && totalRows > PDF_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      reportsText(lang, 'report.pdf_too_many_rows', { rows: totalRows, max: PDF_MAX_ROWS }),
    );
  if (p.format === 'xlsx' && totalRows > XLSX_MAX_ROWS - 20)
    throw new AppError(
      'unprocessable',
      reportsText(lang, 'report.too_many_rows', { rows: totalRows, max: XLSX_MAX_ROWS - 20 }),
    );
  // Every column item (more than one window when there are many).
  const colItems = [...first.cols.items];
  for (let off = COL_WINDOW; off < first.cols.total; off += COL_WINDOW)
    colItems.push(...(await query(0, 1, off)).cols.items);

  const total = reportsText(lang, 'report.total');
  const dimLabel = (key: string) => {
    const d = cube.dimensions.find((x) => x.key === key);
    if (!d) return key;
    if (d.label) return nameIn(lang, { name: d.label, names: d.names });
    const f = findField(meta, d.field);
    const name = f ? shownName(lang, f) : d.field;
    return f && (f.type === 'date' || f.type === 'datetime')
      ? `${name} (${d.grain ?? 'month'})`
      : name;
  };
  const measures = first.measures;
  const nc = layout.cols.length;
  const lines = nc + 1;
  const columns: GridColumn[] = [];
  const labelCount = Math.max(1, layout.rows.length);
  for (let i = 0; i < labelCount; i++) {
    const header = Array.from({ length: lines }, () => '');
    header[lines - 1] = layout.rows[i] ? dimLabel(layout.rows[i] as string) : '';
    columns.push({ header, role: 'label' });
  }
  for (const c of colItems) {
    for (const m of measures) {
      const header = Array.from({ length: lines }, (_, l) => {
        if (l === nc) return m.label;
        if (l < c.path.length) return c.labels[l] ?? '';
        return l === c.path.length ? total : '';
      });
      // The members of a column item head all its measures (one merged header).
      const groups = Array.from({ length: lines }, (_, l) =>
        l < nc ? JSON.stringify([c.path.slice(0, l + 1), c.kind, c.path.length]) : null,
      );
      columns.push({ header, role: 'value', measure: m, groups });
    }
  }

  const writer: GridWriter =
    p.format === 'pdf'
      ? new GridPdfWriter(file, heading, (page) => reportsText(lang, 'report.page', { page }))
      : p.format === 'csv'
        ? new GridCsvWriter(file)
        : new GridXlsxWriter(file, heading, report.name);
  const pretty = p.format === 'pdf' ? numberText(lang) : undefined;
  const nr = layout.rows.length;
  const toRows = (answers: CubesQueryOutput[]): GridRow[] =>
    (answers[0] as CubesQueryOutput).rows.items.map((item, r) => {
      const cells: GridRow['cells'] = Array.from({ length: labelCount }, () => null);
      let emphasis: GridRow['emphasis'] = 'none';
      let depth = 0;
      if (item.kind === 'total') {
        cells[0] = total;
        emphasis = 'total';
      } else if (p.format === 'csv') {
        // CSV: the whole path on every line (a program reads it without the outline).
        item.labels.forEach((l, i) => (cells[i] = l));
        if (item.kind === 'subtotal' && item.path.length < nr) cells[item.path.length] = total;
        emphasis = item.kind === 'subtotal' ? 'subtotal' : 'none';
      } else {
        depth = item.path.length - 1;
        cells[depth] = item.labels[depth] ?? '';
        emphasis = item.kind === 'subtotal' && item.path.length < nr ? 'subtotal' : 'none';
      }
      for (const a of answers) {
        const row = a.cells[r] ?? [];
        for (const col of row) {
          col.forEach((v, k) => {
            if (v === null) return cells.push(null);
            cells.push(pretty ? pretty(v, measures[k]) : v);
          });
        }
      }
      return { cells, emphasis, depth };
    });

  try {
    await writer.start(columns);
    let done = 0;
    job.progress(0, totalRows);
    for (let off = 0; off < totalRows || off === 0; off += ROW_WINDOW) {
      if (job.signal.aborted) throw new Cancelled('cancelled');
      const answers: CubesQueryOutput[] = off === 0 ? [first] : [await query(off, ROW_WINDOW, 0)];
      for (let c = COL_WINDOW; c < first.cols.total; c += COL_WINDOW)
        answers.push(await query(off, ROW_WINDOW, c));
      const rows = toRows(answers);
      await writer.rows(rows);
      done += rows.length;
      job.progress(done, totalRows);
      await nextTurn();
      if (off + ROW_WINDOW >= totalRows) break;
    }
    const pages = await writer.finish();
    return { rows: done, columns: columns.length, pages };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** Appends a line to the run's log (kept in the run's row as it goes). */
/** The run's log; `lines`: what it holds already (a run handed back and started again). */
function logger(db: OpContext['db'], runId: string, lines: ReportLogLine[] = []) {
  return {
    lines,
    async add(level: ReportLogLine['level'], message: string): Promise<void> {
      lines.push({ at: isoNow(), level, message });
      await db.kysely
        .updateTable('pf_report_runs')
        .set({ log: JSON.stringify(lines) })
        .where('id', '=', runId)
        .execute();
    },
  };
}

export async function runReportJob(
  app: FastifyInstance,
  job: JobContext<ReportJobParams>,
): Promise<JobOutcome> {
  const p = job.params;
  const ctx: OpContext = {
    db: job.db,
    domainId: job.domainId,
    userId: job.userId ?? '',
    ability: buildAbility(rulesForRole('viewer')),
    lang: job.lang,
  };
  const { lang } = ctx;
  const started = performance.now();
  const run = await ctx.db.kysely
    .selectFrom('pf_report_runs')
    .select(['params_text', 'log'])
    .where('id', '=', job.id)
    .executeTakeFirstOrThrow();
  const log = logger(ctx.db, job.id, JSON.parse(run.log || '[]') as ReportLogLine[]);
  const report = await loadReport(ctx, p.reportId);
  const paramsText = run.params_text || reportsText(lang, 'report.no_parameters');
  await log.add(
    'info',
    reportsText(lang, 'report.log.start', {
      name: report.name,
      format: p.format.toUpperCase(),
      source:
        report.source === 'cube'
          ? (await getCube(ctx, report.cubeId as string)).name
          : shownName(lang, await loadObject(ctx, report.objectId)),
    }),
  );
  await log.add('info', reportsText(lang, 'report.log.params', { text: paramsText }));
  const heading: GridHeading = {
    title: report.name,
    parameters: reportsText(lang, 'report.parameters', { text: paramsText }),
    generated: reportsText(lang, 'report.generated', { at: generatedAt(lang, p.timeZone) }),
  };
  const temp = await tempPath(app.config.dataDir, job.id);
  let out: Output;
  try {
    out =
      report.source === 'cube'
        ? await cubeReport(ctx, report, p, temp, heading, job)
        : await viewReport(ctx, report, p, temp, heading, job);
  } catch (err) {
    await removeFile(temp, { force: true });
    if (err instanceof ZipTooLargeError)
      throw new AppError('unprocessable', reportsText(lang, 'report.too_large'));
    if (!job.signal.aborted && typeof (err as NodeJS.ErrnoException).syscall === 'string') {
      job.log.error({ err }, 'report file not written');
      throw new AppError('internal', reportsText(lang, 'report.write_failed'));
    }
    throw err;
  }
  const name = `${report.name} ${today(p.timeZone)}.${p.format}`;
  const stored = await storeFile(ctx.db, app.config.dataDir, {
    tempFile: temp,
    domainId: ctx.domainId,
    userId: job.userId,
    name,
    type: TYPES[p.format],
    purpose: 'report',
  });
  const ms = Math.round(performance.now() - started);
  const result: ReportResult = {
    rows: out.rows,
    columns: out.columns,
    pages: out.pages,
    bytes: stored.size,
  };
  await log.add(
    'info',
    reportsText(lang, 'report.log.rows', { rows: out.rows, columns: out.columns }),
  );
  if (out.pages !== null)
    await log.add('info', reportsText(lang, 'report.log.pages', { pages: out.pages }));
  await log.add(
    'info',
    reportsText(lang, 'report.log.stored', { file: stored.name, size: stored.size, ms }),
  );
  await ctx.db.kysely
    .updateTable('pf_report_runs')
    .set({
      file_id: stored.id,
      file_name: stored.name,
      size: stored.size,
      duration_ms: ms,
      result: JSON.stringify(result),
    })
    .where('id', '=', job.id)
    .execute();
  return { fileId: stored.id, processed: out.rows, result };
}

/** After a crash: the half-written file of an interrupted run goes. */
export async function recoverReport(app: FastifyInstance, jobId: string): Promise<void> {
  await removeFile(await tempPath(app.config.dataDir, jobId), { force: true });
}

/**
 * A run stopped by a server shutdown and queued again (its half-written file is gone): its log
 * says so, and the lines of the run that follows come after.
 */
export async function reportHandedBack(
  db: OpContext['db'],
  job: { id: string; lang: Lang },
): Promise<void> {
  const run = await db.kysely
    .selectFrom('pf_report_runs')
    .select('log')
    .where('id', '=', job.id)
    .executeTakeFirst();
  if (!run) return;
  const lines = JSON.parse(run.log || '[]') as ReportLogLine[];
  lines.push({
    at: isoNow(),
    level: 'warn',
    message: reportsText(job.lang, 'report.log.restarted'),
  });
  await db.kysely
    .updateTable('pf_report_runs')
    .set({ log: JSON.stringify(lines) })
    .where('id', '=', job.id)
    .execute();
}

/** When the job has ended: the log's last line and the ribbon's event. */
export async function reportEnded(
  db: OpContext['db'],
  job: FinishedJob<ReportJobParams>,
): Promise<void> {
  const run = await db.kysely
    .selectFrom('pf_report_runs')
    .select(['report_id', 'report_name', 'log', 'file_id', 'format', 'size'])
    .where('id', '=', job.id)
    .executeTakeFirst();
  if (!run) return;
  if (job.status !== 'succeeded') {
    const lines = JSON.parse(run.log) as ReportLogLine[];
    lines.push({
      at: isoNow(),
      level: job.status === 'cancelled' ? 'warn' : 'error',
      message:
        job.status === 'cancelled'
          ? reportsText(job.lang, 'report.log.cancelled')
          : reportsText(job.lang, 'report.log.failed', { reason: job.error ?? '' }),
    });
    await db.kysely
      .updateTable('pf_report_runs')
      .set({ log: JSON.stringify(lines) })
      .where('id', '=', job.id)
      .execute();
  }
  if (job.status === 'cancelled') return;
  const ok = job.status === 'succeeded';
  await recordEvent(db, db.kysely, {
    kind: ok ? 'report.generated' : 'report.failed',
    domainId: job.domainId,
    userId: job.userId,
    data: {
      name: run.report_name,
      format: run.format,
      ...(ok ? { size: Number(run.size ?? 0) } : { message: job.error ?? '' }),
    },
    links: {
      reportId: run.report_id,
      runId: job.id,
      jobId: job.id,
      ...(ok && run.file_id ? { fileId: run.file_id } : {}),
    },
  });
}

/** The report's name, for lists of jobs. */
export async function describeReportRun(db: OpContext['db'], id: string): Promise<string | null> {
  const r = await db.kysely
    .selectFrom('pf_report_runs')
    .select('report_name')
    .where('id', '=', id)
    .executeTakeFirst();
  return r?.report_name ?? null;
}
