import type { RunResult, StepLog } from '@fiscus/contracts';
import { sql } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';
import type { OpContext, Q } from '../../platform/context.js';
import {
  analyze,
  emitOutput,
  issueMessage,
  readOutput,
  type TExpr,
} from '../../platform/expr/index.js';
import { findField, loadObject, type ObjectMeta } from '../../platform/meta.js';
import { currentRequestId } from '../../platform/request-context.js';
import { inLists } from '../../platform/rows.js';
import type { TriggerSource } from '../../platform/triggers.js';
import { objectLoader } from '../expressions/index.js';
import { execPlan, type ObjectChanges } from './procedures.exec.js';
import { proceduresText } from './procedures.messages.js';
import { paramValues, type Plan } from './procedures.plan.js';
import {
  parseDefinition,
  planAll,
  planEnv,
  recordChangeEvents,
  runTotals,
} from './procedures.service.js';

/**
 * Procedures that run when records change (docs/procedures.md, "Runs on a change"): a
 * procedure whose trigger names an object runs inside the transaction of every change a user
 * makes to that object's records in one of the trigger's fields — once per distinct set of
 * parameter values computed from the changed records. A run that fails or stops undoes the
 * change with it; each run is kept with its Log and Result like any other.
 */

interface Prepared {
  id: string;
  name: string;
  plan: Plan;
  plans: Map<string, Plan>;
  timeoutSeconds: number;
  object: ObjectMeta;
  /** Fields whose change starts a run (ids; empty: any). */
  fieldIds: Set<string>;
  params: [string, TExpr][];
}

async function prepare(ctx: OpContext, objectId: string): Promise<Prepared[]> {
  const rows = await ctx.db.kysely
    .selectFrom('pf_procedures')
    .select(['id', 'name', 'definition'])
    .where('domain_id', '=', ctx.domainId)
    .where('trigger_object_id', '=', objectId)
    .orderBy('name')
    .execute();
  if (!rows.length) return [];
  const object = await loadObject(ctx, objectId);
  const penv = planEnv(ctx);
  const out: Prepared[] = [];
  for (const row of rows) {
    const def = parseDefinition(row.definition);
    const trigger = def.trigger;
    if (!trigger) continue;
    const plans = await planAll(penv, row.id);
    const params: [string, TExpr][] = [];
    for (const [name, text] of Object.entries(trigger.params)) {
      const a = await analyze(text, {
        object,
        params: new Map(),
        loadObject: objectLoader(ctx),
      });
      if (!a.ok)
        throw new AppError(
          'unprocessable',
          `${row.name}: ${proceduresText(ctx.lang, 'proc.invalid')} ${a.issues[0] ? issueMessage(ctx.lang, a.issues[0]) : ''}`,
        );
      params.push([name, a.expr]);
    }
    const fieldIds = new Set<string>();
    for (const code of trigger.fields) {
      const f = findField(object, code);
      if (f) fieldIds.add(f.id);
    }
    out.push({
      id: row.id,
      name: row.name,
      plan: plans.get(row.id)!,
      plans,
      timeoutSeconds: def.timeoutSeconds,
      object,
      fieldIds,
      params,
    });
  }
  return out;
}

/** The distinct parameter values the changed records give. */
async function paramSets(
  ctx: OpContext,
  trx: Q,
  p: Prepared,
  ids: readonly number[],
): Promise<Record<string, unknown>[]> {
  if (!p.params.length) return [{}];
  const env = {
    dialect: ctx.db.dialect,
    alias: 'r',
    params: new Map(),
    today: isoNow().slice(0, 10),
    now: isoNow(),
  };
  const cols = sql.join(
    p.params.map(([, e], i) => sql`${emitOutput(e, env)} as ${sql.id(`p${i}`)}`),
  );
  const seen = new Map<string, Record<string, unknown>>();
  for (const cond of inLists(sql.ref('r.id'), [...ids])) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select distinct ${cols} from ${sql.id(p.object.table)} r where r.deleted_at is null and ${cond}`.execute(
      trx,
    );
    for (const r of rows) {
      const given: Record<string, unknown> = {};
      p.params.forEach(([name, e], i) => (given[name] = readOutput(e.type, r[`p${i}`], ctx.lang)));
      seen.set(JSON.stringify(given), given);
    }
  }
  return [...seen.values()];
}

async function runOne(
  ctx: OpContext,
  trx: Q,
  p: Prepared,
  given: Record<string, unknown>,
  count: number,
): Promise<void> {
  const { values, errors } = await paramValues(ctx, p.plan.params, given, trx);
  const first = Object.entries(errors)[0];
  const fail = (message: string) =>
    new AppError(
      'unprocessable',
      proceduresText(ctx.lang, 'proc.trigger_failed', { procedure: p.name, message }),
    );
  if (first) throw fail(`@${first[0]}: ${first[1][0] ?? ''}`);
  const started = nowMs();
  const now = new Date(started).toISOString();
  const log: StepLog[] = [];
  const changes = new Map<string, ObjectChanges>();
  try {
    await execPlan(
      {
        ctx,
        trx,
        deadline: started + p.timeoutSeconds * 1000,
        timeoutSeconds: p.timeoutSeconds,
        signal: new AbortController().signal,
        today: now.slice(0, 10),
        now,
        log,
        planOf: async (id) => {
          const plan = p.plans.get(id);
          if (!plan)
            throw new AppError('unprocessable', proceduresText(ctx.lang, 'proc.unknown_procedure'));
          return plan;
        },
        changes,
      },
      p.plan,
      values,
    );
  } catch (e) {
    throw fail(e instanceof AppError ? e.message : String(e));
  }
  const result: RunResult = runTotals(log, started);
  const id = randomKey();
  const at = isoNow();
  await trx
    .insertInto('pf_jobs')
    .values({
      id,
      domain_id: ctx.domainId,
      kind: 'procedure',
      status: 'succeeded',
      progress: 1,
      processed: p.plan.steps.length,
      total: p.plan.steps.length,
      params: JSON.stringify({ procedureId: p.id, dryRun: false, params: given }),
      result: JSON.stringify({ result }),
      error: null,
      file_id: null,
      lang: ctx.lang,
      created_by: ctx.userId || null,
      request_id: currentRequestId() ?? null,
      created_at: now,
      started_at: now,
      finished_at: at,
    })
    .execute();
  await trx
    .insertInto('pf_procedure_runs')
    .values({
      id,
      domain_id: ctx.domainId,
      procedure_id: p.id,
      procedure_name: p.name,
      action_id: null,
      dry_run: 0,
      params: JSON.stringify(given),
      log: JSON.stringify(log),
      result: JSON.stringify(result),
      created_at: now,
      trigger: JSON.stringify({ objectId: p.object.id, objectName: p.object.name, records: count }),
    })
    .execute();
  await recordChangeEvents(ctx, trx, { id: p.id, name: p.name }, id, changes);
}

/** The procedures that run when records of an object change (a source of platform/triggers). */
export const procedureTriggers: TriggerSource = async (ctx, objectId) => {
  const prepared = await prepare(ctx, objectId);
  if (!prepared.length) return null;
  return async (trx, change) => {
    for (const p of prepared) {
      if (p.fieldIds.size && !change.fieldIds.some((f) => p.fieldIds.has(f))) continue;
      for (const given of await paramSets(ctx, trx, p, change.ids))
        await runOne(ctx, trx, p, given, change.ids.length);
    }
  };
};
