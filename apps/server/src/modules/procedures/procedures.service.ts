import type {
  DefinitionIssue,
  Procedure,
  ProcedureRun,
  ProcedureSummary,
  proceduresRunInput,
  proceduresRunsInput,
  proceduresUpdateInput,
  RunResult,
  StepLog,
} from '@fiscus/contracts';
import { cleanNames } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import { newId, randomKey } from '../../lib/ids.js';
import type { OpContext, Q } from '../../platform/context.js';
import { parseNames } from '../../platform/meta.js';
import { invalid } from '../../platform/errors.js';
import { recordEvent } from '../../platform/events/index.js';
import { isShutdown, type JobContext } from '../../platform/jobs.js';
import { execPlan, type ObjectChanges } from './procedures.exec.js';
import { proceduresText } from './procedures.messages.js';
import {
  paramValues,
  planDefinition,
  type Definition,
  type Plan,
  type PlanEnv,
} from './procedures.plan.js';
import './procedures.tables.js';

type Row = {
  id: string;
  name: string;
  description: string;
  descriptions: string;
  definition: string;
  trigger_object_id: string | null;
  names: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
};

export function parseDefinition(text: string): Definition {
  const def = JSON.parse(text) as Definition;
  // Definitions stored before procedures could run on a change have no trigger.
  return { ...def, trigger: def.trigger ?? null };
}

function procedureOut(r: Row): Procedure {
  const def = parseDefinition(r.definition);
  return {
    id: r.id,
    name: r.name,
    names: parseNames(r.names),
    description: r.description,
    descriptions: parseNames(r.descriptions),
    params: def.params,
    steps: def.steps,
    timeoutSeconds: def.timeoutSeconds,
    trigger: def.trigger,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    createdBy: r.created_by,
  };
}

async function procedureRow(ctx: OpContext, id: string): Promise<Row> {
  const row = await ctx.db.kysely
    .selectFrom('pf_procedures')
    .selectAll()
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', proceduresText(ctx.lang, 'proc.not_found'));
  return row;
}

export function planEnv(ctx: OpContext): PlanEnv {
  return {
    ctx,
    procedure: async (id) => {
      const row = await ctx.db.kysely
        .selectFrom('pf_procedures')
        .select(['id', 'name', 'definition'])
        .where('id', '=', id)
        .where('domain_id', '=', ctx.domainId)
        .executeTakeFirst();
      return row
        ? { id: row.id, name: row.name, definition: parseDefinition(row.definition) }
        : undefined;
    },
  };
}

/** Definition problems as field errors (`steps.0.where`: message) for a 400. */
function issuesError(ctx: OpContext, issues: DefinitionIssue[]): AppError {
  const fields: Record<string, string[]> = {};
  for (const i of issues) (fields[i.path] ??= []).push(i.message);
  return invalid(ctx.lang, fields);
}

function definitionOf(input: Definition): string {
  return JSON.stringify({
    params: input.params,
    steps: input.steps,
    timeoutSeconds: input.timeoutSeconds,
    trigger: input.trigger,
  });
}

export async function listProcedures(ctx: OpContext): Promise<{ items: ProcedureSummary[] }> {
  const rows = await ctx.db.kysely
    .selectFrom('pf_procedures')
    .selectAll()
    .where('domain_id', '=', ctx.domainId)
    .orderBy('name')
    .execute();
  const last = await ctx.db.kysely
    .selectFrom('pf_procedure_runs as r')
    .innerJoin('pf_jobs as j', 'j.id', 'r.id')
    .select(['r.procedure_id', 'j.status', 'r.created_at'])
    .where('r.domain_id', '=', ctx.domainId)
    .orderBy('r.created_at', 'desc')
    .limit(1000)
    .execute();
  const lastOf = new Map<string, { status: string; at: string }>();
  for (const l of last)
    if (!lastOf.has(l.procedure_id))
      lastOf.set(l.procedure_id, { status: l.status, at: l.created_at });
  return {
    items: rows.map((r) => {
      const def = parseDefinition(r.definition);
      const l = lastOf.get(r.id);
      return {
        id: r.id,
        name: r.name,
        names: parseNames(r.names),
        description: r.description,
        descriptions: parseNames(r.descriptions),
        stepCount: def.steps.length,
        paramCount: def.params.length,
        triggerObjectId: r.trigger_object_id,
        lastRunStatus: (l?.status as ProcedureSummary['lastRunStatus']) ?? null,
        lastRunAt: l?.at ?? null,
        updatedAt: r.updated_at,
      };
    }),
  };
}

export async function getProcedure(ctx: OpContext, id: string): Promise<Procedure> {
  return procedureOut(await procedureRow(ctx, id));
}

export async function validateDefinition(
  ctx: OpContext,
  def: Definition,
  id?: string,
): Promise<{ issues: DefinitionIssue[] }> {
  const { issues } = await planDefinition(planEnv(ctx), def, id);
  return { issues };
}

export async function createProcedure(
  ctx: OpContext,
  input: Definition & { name: string; description: string },
): Promise<Procedure> {
  const { issues } = await planDefinition(planEnv(ctx), input, undefined);
  if (issues.length) throw issuesError(ctx, issues);
  const now = isoNow();
  const id = newId();
  await ctx.db.kysely
    .insertInto('pf_procedures')
    .values({
      id,
      domain_id: ctx.domainId,
      name: input.name,
      names: JSON.stringify(cleanNames(input.names)),
      description: input.description,
      descriptions: JSON.stringify(cleanNames(input.descriptions)),
      definition: definitionOf(input),
      trigger_object_id: input.trigger?.objectId ?? null,
      created_at: now,
      created_by: ctx.userId,
      updated_at: now,
    })
    .execute();
  return getProcedure(ctx, id);
}

export async function updateProcedure(
  ctx: OpContext,
  input: z.output<typeof proceduresUpdateInput>,
): Promise<Procedure> {
  const row = await procedureRow(ctx, input.id);
  const old = procedureOut(row);
  const def: Definition = {
    name: input.name ?? old.name,
    description: input.description ?? old.description,
    params: input.params ?? old.params,
    steps: input.steps ?? old.steps,
    timeoutSeconds: input.timeoutSeconds ?? old.timeoutSeconds,
    trigger: input.trigger !== undefined ? input.trigger : old.trigger,
  };
  const { issues } = await planDefinition(planEnv(ctx), def, input.id);
  if (issues.length) throw issuesError(ctx, issues);
  await ctx.db.kysely
    .updateTable('pf_procedures')
    .set({
      name: def.name,
      ...(input.names !== undefined ? { names: JSON.stringify(cleanNames(input.names)) } : {}),
      description: def.description,
      ...(input.descriptions !== undefined
        ? { descriptions: JSON.stringify(cleanNames(input.descriptions)) }
        : {}),
      definition: definitionOf(def),
      trigger_object_id: def.trigger?.objectId ?? null,
      updated_at: isoNow(),
    })
    .where('id', '=', input.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  return getProcedure(ctx, input.id);
}

export async function deleteProcedure(ctx: OpContext, id: string): Promise<{ ok: true }> {
  await procedureRow(ctx, id);
  await ctx.db.kysely
    .deleteFrom('pf_procedures')
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  return { ok: true };
}

// ---- runs ----------------------------------------------------------------------------------------

/** What a `procedure` job carries. */
export interface ProcedureJobParams {
  procedureId: string;
  dryRun: boolean;
  params: Record<string, unknown>;
}

export async function startRun(
  ctx: OpContext,
  app: FastifyInstance,
  input: z.output<typeof proceduresRunInput> & { actionId?: string },
): Promise<ProcedureRun> {
  const row = await procedureRow(ctx, input.id);
  const def = parseDefinition(row.definition);
  const { errors } = await paramValues(ctx, def.params, input.params);
  if (Object.keys(errors).length) {
    const fields: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(errors)) fields[`params.${k}`] = v;
    throw invalid(ctx.lang, fields);
  }
  // The run's row exists before its job can start (the job writes its log into it).
  const id = randomKey();
  const createdAt = isoNow();
  await ctx.db.kysely
    .insertInto('pf_procedure_runs')
    .values({
      id,
      domain_id: ctx.domainId,
      procedure_id: row.id,
      procedure_name: row.name,
      action_id: input.actionId ?? null,
      dry_run: input.dryRun ? 1 : 0,
      params: JSON.stringify(input.params),
      log: '[]',
      result: null,
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
    kind: 'procedure',
    domainId: ctx.domainId,
    userId: ctx.userId,
    lang: ctx.lang,
    params: {
      procedureId: row.id,
      dryRun: input.dryRun,
      params: input.params,
    } satisfies ProcedureJobParams,
  });
  // Answered from what is known, without reading: once queued, the run may start at once and,
  // on SQLite, hold the connection until it ends.
  return {
    id: job.id,
    procedureId: row.id,
    procedureName: row.name,
    actionId: input.actionId ?? null,
    trigger: null,
    jobId: job.id,
    status: job.status,
    dryRun: input.dryRun,
    params: input.params,
    progress: 0,
    log: [],
    result: null,
    error: null,
    createdAt,
    createdBy: ctx.userId,
    createdByName: user?.full_name || user?.username || null,
    startedAt: null,
    finishedAt: null,
  };
}

function runsQuery(ctx: OpContext) {
  return ctx.db.kysely
    .selectFrom('pf_procedure_runs as r')
    .innerJoin('pf_jobs as j', 'j.id', 'r.id')
    .leftJoin('users as u', 'u.id', 'j.created_by')
    .select([
      'r.id',
      'r.procedure_id',
      'r.procedure_name',
      'r.action_id',
      'r.trigger',
      'r.dry_run',
      'r.params',
      'r.log',
      'r.result',
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

function runOut(r: RunRow): ProcedureRun {
  return {
    id: r.id,
    procedureId: r.procedure_id,
    procedureName: r.procedure_name,
    actionId: r.action_id,
    trigger: r.trigger ? (JSON.parse(r.trigger) as ProcedureRun['trigger']) : null,
    jobId: r.id,
    status: r.status as ProcedureRun['status'],
    dryRun: Number(r.dry_run) === 1,
    params: JSON.parse(r.params) as Record<string, unknown>,
    progress: Number(r.progress ?? 0),
    log: JSON.parse(r.log) as StepLog[],
    result: r.result ? (JSON.parse(r.result) as RunResult) : null,
    error: r.error,
    createdAt: r.created_at,
    createdBy: r.created_by,
    createdByName: r.full_name || r.username || null,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export async function getRun(ctx: OpContext, id: string): Promise<ProcedureRun> {
  const row = await runsQuery(ctx).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', proceduresText(ctx.lang, 'proc.run_not_found'));
  return runOut(row);
}

export async function listRuns(ctx: OpContext, input: z.output<typeof proceduresRunsInput>) {
  let q = runsQuery(ctx);
  if (input.procedureId) q = q.where('r.procedure_id', '=', input.procedureId);
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

export async function cancelRun(
  ctx: OpContext,
  app: FastifyInstance,
  id: string,
): Promise<ProcedureRun> {
  // No read before the cancel: on SQLite the run's transaction holds the connection.
  await app.jobs.cancel(ctx.domainId, id, ctx.lang, 'procedure');
  return getRun(ctx, id);
}

// ---- the job ---------------------------------------------------------------------------------------

/**
 * The plans of a procedure and of every procedure its `run` steps run, by id — made before a
 * run's transaction opens.
 */
export async function planAll(penv: PlanEnv, rootId: string): Promise<Map<string, Plan>> {
  const plans = new Map<string, Plan>();
  const lang = penv.ctx.lang;
  const makePlan = async (id: string): Promise<void> => {
    if (plans.has(id)) return;
    const p = await penv.procedure(id);
    if (!p) throw new AppError('unprocessable', proceduresText(lang, 'proc.unknown_procedure'));
    const { plan, issues } = await planDefinition(penv, p.definition, p.id);
    if (!plan)
      throw new AppError(
        'unprocessable',
        `${proceduresText(lang, 'proc.invalid')} ${issues[0]?.message ?? ''}`,
      );
    plans.set(id, plan);
    for (const s of plan.steps) if (s.type === 'run') await makePlan(s.procedureId);
  };
  await makePlan(rootId);
  return plans;
}

/** A run's totals: its top steps' counts (a `run` step counts its procedure's). */
export function runTotals(log: StepLog[], started: number): RunResult {
  const top = log.filter((l) => !l.path.includes('.'));
  const sum = (k: 'rowsRead' | 'inserted' | 'updated' | 'deleted') =>
    top.reduce((a, l) => a + l[k], 0);
  const inserted = sum('inserted');
  const updated = sum('updated');
  const deleted = sum('deleted');
  return {
    rowsRead: sum('rowsRead'),
    rowsWritten: inserted + updated + deleted,
    inserted,
    updated,
    deleted,
    ms: nowMs() - started,
  };
}

/**
 * The records a run wrote, summarised per object and kind (never one per row), so the ribbon of
 * an object shows what a procedure did to it.
 */
export async function recordChangeEvents(
  ctx: OpContext,
  trx: Q,
  procedure: { id: string; name: string },
  runId: string,
  changes: Map<string, ObjectChanges>,
): Promise<void> {
  const kinds = [
    ['inserted', 'record.created'],
    ['updated', 'record.updated'],
    ['deleted', 'record.deleted'],
  ] as const;
  for (const [objectId, c] of changes)
    for (const [key, kind] of kinds)
      if (c[key] > 0)
        await recordEvent(ctx.db, trx, {
          kind,
          domainId: ctx.domainId,
          userId: ctx.userId || null,
          objectId,
          objectName: c.name,
          count: c[key],
          data: { procedure: procedure.name },
          links: { objectId, procedureId: procedure.id, runId, jobId: runId },
        });
}

/** A dry run ends by rolling its transaction back. */
class DryRunDone extends Error {}

/** Runs a procedure: one transaction, a time limit, a log per step; a dry run keeps nothing. */
export async function runProcedureJob(
  ctx: JobContext<ProcedureJobParams>,
): Promise<{ result: RunResult }> {
  const opCtx = {
    db: ctx.db,
    domainId: ctx.domainId,
    userId: ctx.userId ?? '',
    lang: ctx.lang,
  } as OpContext;
  const row = await procedureRow(opCtx, ctx.params.procedureId);
  const def = parseDefinition(row.definition);
  // Every plan this run may need is made before its transaction: on SQLite the transaction
  // holds the one connection, so nothing may read outside it meanwhile.
  let plans = new Map<string, Plan>();
  const planOf = async (id: string): Promise<Plan> => {
    const plan = plans.get(id);
    if (!plan)
      throw new AppError('unprocessable', proceduresText(ctx.lang, 'proc.unknown_procedure'));
    return plan;
  };
  const log: StepLog[] = [];
  const started = nowMs();
  const saveLog = (result: RunResult | null) =>
    ctx.db.kysely
      .updateTable('pf_procedure_runs')
      .set({ log: JSON.stringify(log), result: result ? JSON.stringify(result) : null })
      .where('id', '=', ctx.id)
      .execute();
  const totals = (): RunResult => runTotals(log, started);
  let result: RunResult;
  try {
    plans = await planAll(planEnv(opCtx), row.id);
    const plan = await planOf(row.id);
    const { values, errors } = await paramValues(opCtx, plan.params, ctx.params.params);
    const first = Object.entries(errors)[0];
    if (first) throw new AppError('unprocessable', `@${first[0]}: ${first[1][0] ?? ''}`);
    const now = new Date(nowMs()).toISOString();
    const changes = new Map<string, ObjectChanges>();
    try {
      await ctx.db.kysely.transaction().execute(async (trx) => {
        await execPlan(
          {
            ctx: opCtx,
            trx,
            deadline: started + def.timeoutSeconds * 1000,
            timeoutSeconds: def.timeoutSeconds,
            signal: ctx.signal,
            today: now.slice(0, 10),
            now,
            log,
            planOf,
            stepDone: (done, total) => ctx.progress(done, total),
            changes,
          },
          plan,
          values,
        );
        result = totals();
        if (!ctx.params.dryRun) {
          await recordChangeEvents(opCtx, trx, row, ctx.id, changes);
          await recordEvent(ctx.db, trx, {
            kind: 'procedure.finished',
            domainId: ctx.domainId,
            userId: ctx.userId,
            count: result.rowsWritten,
            data: { procedure: row.name, ...result },
            links: { procedureId: row.id, runId: ctx.id, jobId: ctx.id },
          });
        }
        if (ctx.params.dryRun) throw new DryRunDone();
      });
    } catch (e) {
      if (!(e instanceof DryRunDone)) throw e;
    }
    result = totals();
    await saveLog(result);
    return { result };
  } catch (e) {
    await saveLog(null);
    // Stopped by a server shutdown: handed back and run again from its start, not failed.
    if (!ctx.params.dryRun && !isShutdown(ctx.signal)) {
      const message = e instanceof AppError ? e.message : String(e);
      await recordEvent(ctx.db, ctx.db.kysely, {
        kind: 'procedure.failed',
        domainId: ctx.domainId,
        userId: ctx.userId,
        data: { procedure: row.name, error: ctx.signal.aborted ? null : message },
        links: { procedureId: row.id, runId: ctx.id, jobId: ctx.id },
      });
    }
    throw e;
  }
}

/** "Copy scenario" for lists of jobs. */
export async function describeRun(
  ctx: { db: OpContext['db'] },
  id: string,
): Promise<string | null> {
  const r = await ctx.db.kysely
    .selectFrom('pf_procedure_runs')
    .select('procedure_name')
    .where('id', '=', id)
    .executeTakeFirst();
  return r?.procedure_name ?? null;
}
