import type {
  CubeLayout,
  FilterNode,
  Report,
  ReportFormat,
  ReportLogLine,
  ReportResult,
  ReportRun,
  ReportSource,
  ViewDefinition,
  reportsCreateInput,
  reportsGenerateInput,
  reportsRunsInput,
  reportsUpdateInput,
} from '@fiscus/contracts';
import { cleanNames } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { newId, randomKey } from '../../lib/ids.js';
import { compileWhere } from '../../platform/compiler.js';
import type { OpContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { loadObject, parseNames, shownName, type ObjectMeta } from '../../platform/meta.js';
import { compileOptionsFor } from '../../platform/read.js';
import '../../platform/tables.js';
import { checkCubeLayout, getCube } from '../cubes/index.js';
import { reportsText } from './reports.messages.js';
import { describeFilter } from './reports.params.js';
import './reports.tables.js';

/**
 * Reports as platform objects (list, read, define, delete) and their runs: `generate` records a
 * run and queues its job (reports.run.ts writes the file). Every op resolves ids inside the
 * caller's domain (404 otherwise).
 */

type Row = {
  id: string;
  name: string;
  names: string;
  description: string;
  descriptions: string;
  source: string;
  object_id: string;
  view_id: string | null;
  cube_id: string | null;
  definition: string;
  format: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
};

interface Definition {
  layout: CubeLayout | null;
  parameters: FilterNode | null;
}

function parseDefinition(text: string): Definition {
  const d = JSON.parse(text) as Partial<Definition>;
  return { layout: d.layout ?? null, parameters: d.parameters ?? null };
}

async function reportRow(ctx: OpContext, id: string): Promise<Row> {
  const row = await ctx.db.kysely
    .selectFrom('pf_reports')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', reportsText(ctx.lang, 'report.not_found'));
  return row;
}

/** A report as stored, with what generating it needs. */
export interface ReportModel {
  id: string;
  name: string;
  source: ReportSource;
  objectId: string;
  viewId: string | null;
  cubeId: string | null;
  layout: CubeLayout | null;
  parameters: FilterNode | null;
  format: ReportFormat;
}

export async function loadReport(ctx: OpContext, id: string): Promise<ReportModel> {
  const r = await reportRow(ctx, id);
  const def = parseDefinition(r.definition);
  return {
    id: r.id,
    name: r.name,
    source: r.source as ReportSource,
    objectId: r.object_id,
    viewId: r.view_id,
    cubeId: r.cube_id,
    layout: def.layout,
    parameters: def.parameters,
    format: r.format as ReportFormat,
  };
}

/** A saved view of the object the caller may use (shared, or their own); else a 400. */
export async function viewOf(
  ctx: OpContext,
  meta: ObjectMeta,
  viewId: string,
  path = 'viewId',
): Promise<{ name: string; definition: ViewDefinition }> {
  const v = await ctx.db.kysely
    .selectFrom('pf_views')
    .select(['name', 'definition', 'shared', 'owner_id'])
    .where('id', '=', viewId)
    .where('object_id', '=', meta.id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!v || (Number(v.shared) !== 1 && v.owner_id !== ctx.userId))
    throw invalid(ctx.lang, {
      [path]: [
        reportsText(ctx.lang, 'report.view_not_found', { object: shownName(ctx.lang, meta) }),
      ],
    });
  return { name: v.name, definition: JSON.parse(v.definition) as ViewDefinition };
}

/** Parameters must compile against the object (fields and operators); 400 at `parameters.…`. */
export async function checkParameters(
  ctx: OpContext,
  meta: ObjectMeta,
  parameters: FilterNode | null,
): Promise<void> {
  if (!parameters) return;
  try {
    compileWhere(meta, { filter: parameters }, await compileOptionsFor(ctx, meta));
  } catch (e) {
    if (e instanceof AppError && e.fields) {
      const fields: Record<string, string[]> = {};
      for (const [k, v] of Object.entries(e.fields)) fields[k.replace(/^filter/, 'parameters')] = v;
      throw invalid(ctx.lang, fields);
    }
    throw e;
  }
}

type Resolved = Pick<Row, 'source' | 'object_id' | 'view_id' | 'cube_id'> & Definition;

/** Checks a definition (source, object or cube, view, layout, parameters) in the domain. */
async function resolveDefinition(
  ctx: OpContext,
  d: {
    source: ReportSource;
    objectId?: string;
    viewId?: string | null;
    cubeId?: string;
    layout?: CubeLayout | null;
    parameters?: FilterNode | null;
  },
): Promise<Resolved> {
  const { lang } = ctx;
  const parameters = d.parameters ?? null;
  if (d.source === 'view') {
    if (!d.objectId) throw invalid(lang, { objectId: [reportsText(lang, 'report.object_needed')] });
    const meta = await loadObject(ctx, d.objectId);
    if (d.viewId) await viewOf(ctx, meta, d.viewId);
    await checkParameters(ctx, meta, parameters);
    return {
      source: 'view',
      object_id: meta.id,
      view_id: d.viewId ?? null,
      cube_id: null,
      layout: null,
      parameters,
    };
  }
  if (!d.cubeId) throw invalid(lang, { cubeId: [reportsText(lang, 'report.cube_needed')] });
  const cube = await getCube(ctx, d.cubeId);
  const layout = d.layout ?? null;
  if (layout) await checkCubeLayout(ctx, cube.id, layout, 'layout');
  else if (!cube.defaultLayout)
    throw invalid(lang, { layout: [reportsText(lang, 'report.layout_needed')] });
  await checkParameters(ctx, await loadObject(ctx, cube.objectId), parameters);
  return {
    source: 'cube',
    object_id: cube.objectId,
    view_id: null,
    cube_id: cube.id,
    layout,
    parameters,
  };
}

// ---- runs ------------------------------------------------------------------------------------

function runsQuery(ctx: OpContext) {
  return ctx.db.kysely
    .selectFrom('pf_report_runs as r')
    .innerJoin('pf_jobs as j', 'j.id', 'r.id')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .select([
      'r.id',
      'r.report_id',
      'r.report_name',
      'r.format',
      'r.params',
      'r.params_text',
      'r.log',
      'r.result',
      'r.file_id',
      'r.file_name',
      'r.size',
      'r.duration_ms',
      'r.created_at',
      'j.status',
      'j.progress',
      'j.error',
      'j.created_by',
      'j.started_at',
      'j.finished_at',
      'u.full_name',
      'u.username',
    ])
    .where('r.domain_id', '=', ctx.domainId);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runsQuery>['execute']>>[number];

function runOut(r: RunRow): ReportRun {
  const status = r.status as ReportRun['status'];
  return {
    id: r.id,
    reportId: r.report_id,
    reportName: r.report_name,
    format: r.format as ReportFormat,
    status,
    progress: status === 'succeeded' ? 1 : Number(r.progress ?? 0),
    parameters: r.params ? (JSON.parse(r.params) as FilterNode) : null,
    parametersText: r.params_text,
    fileId: r.file_id,
    fileName: r.file_name,
    size: r.size === null ? null : Number(r.size),
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    result: r.result ? (JSON.parse(r.result) as ReportResult) : null,
    log: JSON.parse(r.log) as ReportLogLine[],
    error: r.error,
    createdAt: r.created_at,
    createdBy: r.created_by,
    createdByName: r.full_name || r.username || null,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export async function getRun(ctx: OpContext, id: string): Promise<ReportRun> {
  const row = await runsQuery(ctx).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', reportsText(ctx.lang, 'report.run_not_found'));
  return runOut(row);
}

export async function listRuns(ctx: OpContext, input: z.output<typeof reportsRunsInput>) {
  let q = runsQuery(ctx);
  if (input.reportId) q = q.where('r.report_id', '=', input.reportId);
  const rows = await q
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .offset(input.offset)
    .limit(input.limit + 1)
    .execute();
  return {
    items: rows.slice(0, input.limit).map((r) => {
      const { log: _log, ...rest } = runOut(r);
      void _log;
      return rest;
    }),
    hasMore: rows.length > input.limit,
  };
}

// ---- definitions -----------------------------------------------------------------------------

async function reportsOut(ctx: OpContext, rows: Row[]): Promise<Report[]> {
  if (!rows.length) return [];
  const k = ctx.db.kysely;
  const ids = rows.map((r) => r.id);
  const objects = new Map(
    (
      await k
        .selectFrom('pf_objects')
        .select(['id', 'name'])
        .where('domain_id', '=', ctx.domainId)
        .where('id', 'in', [...new Set(rows.map((r) => r.object_id))])
        .execute()
    ).map((o) => [o.id, o.name]),
  );
  const viewIds = rows.map((r) => r.view_id).filter((v): v is string => !!v);
  const views = new Map(
    viewIds.length
      ? (
          await k
            .selectFrom('pf_views')
            .select(['id', 'name'])
            .where('domain_id', '=', ctx.domainId)
            .where('id', 'in', viewIds)
            .execute()
        ).map((v) => [v.id, v.name])
      : [],
  );
  const cubeIds = rows.map((r) => r.cube_id).filter((v): v is string => !!v);
  const cubes = new Map(
    cubeIds.length
      ? (
          await k
            .selectFrom('pf_cubes')
            .select(['id', 'name'])
            .where('domain_id', '=', ctx.domainId)
            .where('id', 'in', cubeIds)
            .execute()
        ).map((c) => [c.id, c.name])
      : [],
  );
  const last = new Map<string, Report['lastRun']>();
  for (let i = 0; i < ids.length; i += 500) {
    const runs = await k
      .selectFrom('pf_report_runs as r')
      .innerJoin('pf_jobs as j', 'j.id', 'r.id')
      .select(['r.id', 'r.report_id', 'r.created_at', 'r.file_id', 'j.status', 'j.finished_at'])
      .where('r.domain_id', '=', ctx.domainId)
      .where('r.report_id', 'in', ids.slice(i, i + 500))
      .orderBy('r.created_at', 'desc')
      .execute();
    for (const r of runs) {
      if (last.has(r.report_id)) continue;
      last.set(r.report_id, {
        id: r.id,
        status: r.status as ReportRun['status'],
        createdAt: r.created_at,
        finishedAt: r.finished_at,
        fileId: r.file_id,
      });
    }
  }
  return rows.map((r) => {
    const def = parseDefinition(r.definition);
    return {
      id: r.id,
      name: r.name,
      names: parseNames(r.names),
      description: r.description,
      descriptions: parseNames(r.descriptions),
      source: r.source as ReportSource,
      objectId: r.object_id,
      objectName: objects.get(r.object_id) ?? '',
      viewId: r.view_id,
      viewName: r.view_id ? (views.get(r.view_id) ?? null) : null,
      cubeId: r.cube_id,
      cubeName: r.cube_id ? (cubes.get(r.cube_id) ?? null) : null,
      layout: def.layout,
      parameters: def.parameters,
      format: r.format as ReportFormat,
      createdAt: r.created_at,
      createdBy: r.created_by,
      updatedAt: r.updated_at,
      lastRun: last.get(r.id) ?? null,
    };
  });
}

export async function listReports(
  ctx: OpContext,
  input: { objectId?: string; cubeId?: string },
): Promise<{ items: Report[] }> {
  let q = ctx.db.kysely.selectFrom('pf_reports').selectAll().where('domain_id', '=', ctx.domainId);
  if (input.objectId) q = q.where('object_id', '=', input.objectId);
  if (input.cubeId) q = q.where('cube_id', '=', input.cubeId);
  const rows = await q.orderBy('name').orderBy('id').execute();
  return { items: await reportsOut(ctx, rows) };
}

export async function getReport(ctx: OpContext, id: string): Promise<Report> {
  return (await reportsOut(ctx, [await reportRow(ctx, id)]))[0] as Report;
}

export async function createReport(
  ctx: OpContext,
  input: z.output<typeof reportsCreateInput>,
): Promise<Report> {
  const d = await resolveDefinition(ctx, input);
  const id = newId();
  const now = isoNow();
  await ctx.db.kysely
    .insertInto('pf_reports')
    .values({
      id,
      domain_id: ctx.domainId,
      name: input.name,
      names: JSON.stringify(cleanNames(input.names)),
      description: input.description,
      descriptions: JSON.stringify(cleanNames(input.descriptions)),
      source: d.source,
      object_id: d.object_id,
      view_id: d.view_id,
      cube_id: d.cube_id,
      definition: JSON.stringify({ layout: d.layout, parameters: d.parameters }),
      format: input.format,
      created_at: now,
      created_by: ctx.userId,
      updated_at: now,
    })
    .execute();
  return getReport(ctx, id);
}

export async function updateReport(
  ctx: OpContext,
  input: z.output<typeof reportsUpdateInput>,
): Promise<Report> {
  const old = await loadReport(ctx, input.id);
  const row = await reportRow(ctx, input.id);
  const source = input.source ?? old.source;
  const cubeObject = source === 'cube' ? undefined : old.objectId;
  const d = await resolveDefinition(ctx, {
    source,
    objectId: input.objectId ?? cubeObject,
    viewId: input.viewId === undefined ? old.viewId : input.viewId,
    cubeId: input.cubeId ?? old.cubeId ?? undefined,
    layout: input.layout === undefined ? old.layout : input.layout,
    parameters: input.parameters === undefined ? old.parameters : input.parameters,
  });
  await ctx.db.kysely
    .updateTable('pf_reports')
    .set({
      name: input.name ?? row.name,
      ...(input.names !== undefined ? { names: JSON.stringify(cleanNames(input.names)) } : {}),
      description: input.description ?? row.description,
      ...(input.descriptions !== undefined
        ? { descriptions: JSON.stringify(cleanNames(input.descriptions)) }
        : {}),
      source: d.source,
      object_id: d.object_id,
      view_id: d.view_id,
      cube_id: d.cube_id,
      definition: JSON.stringify({ layout: d.layout, parameters: d.parameters }),
      format: input.format ?? old.format,
      updated_at: isoNow(),
    })
    .where('id', '=', old.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  return getReport(ctx, old.id);
}

export async function deleteReport(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const row = await reportRow(ctx, id);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('pf_report_runs')
      .where('report_id', '=', row.id)
      .where('domain_id', '=', ctx.domainId)
      .execute();
    await trx
      .deleteFrom('pf_reports')
      .where('id', '=', row.id)
      .where('domain_id', '=', ctx.domainId)
      .execute();
  });
  return { ok: true };
}

/** What a report job gets (the run's row holds the rest). */
export interface ReportJobParams {
  reportId: string;
  format: ReportFormat;
  parameters: FilterNode | null;
  timeZone?: string;
}

/** `reports.generate`: records a run and queues its job; answers the run. */
export async function generateReport(
  ctx: OpContext,
  app: FastifyInstance,
  input: z.output<typeof reportsGenerateInput>,
): Promise<ReportRun> {
  const report = await loadReport(ctx, input.id);
  const parameters = input.parameters === undefined ? report.parameters : input.parameters;
  const format = input.format ?? report.format;
  const meta = await loadObject(ctx, report.objectId);
  await checkParameters(ctx, meta, parameters);
  const text = await describeFilter(ctx, meta, [parameters]);
  const id = randomKey();
  const createdAt = isoNow();
  await ctx.db.kysely
    .insertInto('pf_report_runs')
    .values({
      id,
      domain_id: ctx.domainId,
      report_id: report.id,
      report_name: report.name,
      format,
      params: parameters ? JSON.stringify(parameters) : null,
      params_text: text,
      log: '[]',
      result: null,
      file_id: null,
      file_name: null,
      size: null,
      duration_ms: null,
      created_at: createdAt,
    })
    .execute();
  const user = await ctx.db.kysely
    .selectFrom('users')
    .select(['full_name', 'username'])
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  const job = await app.jobs.enqueue({
    id,
    kind: 'report',
    domainId: ctx.domainId,
    userId: ctx.userId,
    lang: ctx.lang,
    params: {
      reportId: report.id,
      format,
      parameters,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    } satisfies ReportJobParams,
  });
  // Answered from what is known: once queued the job may start at once and, on SQLite, hold
  // the connection while it reads.
  return {
    id,
    reportId: report.id,
    reportName: report.name,
    format,
    status: job.status,
    progress: 0,
    parameters,
    parametersText: text,
    fileId: null,
    fileName: null,
    size: null,
    durationMs: null,
    result: null,
    log: [],
    error: null,
    createdAt,
    createdBy: ctx.userId,
    createdByName: user?.full_name || user?.username || null,
    startedAt: null,
    finishedAt: null,
  };
}

/** `reports.cancel`: a queued or running run of the domain stops; a finished one stays. */
export async function cancelRun(
  ctx: OpContext,
  app: FastifyInstance,
  id: string,
): Promise<ReportRun> {
  await getRun(ctx, id);
  await app.jobs.cancel(ctx.domainId, id, ctx.lang, 'report');
  return getRun(ctx, id);
}
