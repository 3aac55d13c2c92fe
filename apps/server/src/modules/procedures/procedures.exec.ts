import type { StepLog } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import type { OpContext, Q } from '../../platform/context.js';
import {
  emit,
  emitAssign,
  emitCondition,
  emitOutput,
  readOutput,
  runtimeError,
  type TExpr,
  type Value,
} from '../../platform/expr/index.js';
import { scaleOf } from '../../platform/values.js';
import { proceduresText } from './procedures.messages.js';
import {
  MAX_DEPTH,
  paramValues,
  type Assign,
  type Plan,
  type PlannedStep,
} from './procedures.plan.js';

/**
 * Runs a checked plan inside one transaction, one set-based statement per step (no row is read
 * into the server). The caller owns the transaction: a failing step, a time-out, a cancel or a
 * dry run roll everything back.
 */

export interface ExecEnv {
  ctx: OpContext;
  trx: Q;
  deadline: number;
  timeoutSeconds: number;
  signal: AbortSignal;
  today: string;
  now: string;
  log: StepLog[];
  /** Plans of procedures run by `run` steps. */
  planOf: (id: string) => Promise<Plan>;
  /** Called after each step of the top procedure (progress). */
  stepDone?: (done: number, total: number) => void;
  /** Records written per object (the run's ribbon events summarise them). */
  changes?: Map<string, ObjectChanges>;
}

/** What a run did to one object's records. */
export interface ObjectChanges {
  name: string;
  inserted: number;
  updated: number;
  deleted: number;
}

/** Counts a step's written records against the object it wrote (a `run` step's own steps count themselves). */
function countChanges(env: ExecEnv, step: PlannedStep, entry: StepLog): void {
  if (!env.changes) return;
  const object =
    step.type === 'copy' || step.type === 'aggregate'
      ? step.target
      : step.type === 'update' || step.type === 'delete'
        ? step.object
        : undefined;
  if (!object || entry.inserted + entry.updated + entry.deleted === 0) return;
  const c = env.changes.get(object.id) ?? {
    name: object.name,
    inserted: 0,
    updated: 0,
    deleted: 0,
  };
  c.inserted += entry.inserted;
  c.updated += entry.updated;
  c.deleted += entry.deleted;
  env.changes.set(object.id, c);
}

type Sql = RawBuilder<unknown>;

const ref = (a: Assign) =>
  a.refTable
    ? { table: a.refTable, ...(a.refDisplay ? { display: a.refDisplay } : {}) }
    : undefined;

const affected = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0n);

function checkTime(env: ExecEnv): void {
  if (env.signal.aborted)
    throw new AppError('conflict', String(env.signal.reason?.message ?? 'cancelled'));
  if (nowMs() > env.deadline)
    throw new AppError(
      'unprocessable',
      proceduresText(env.ctx.lang, 'proc.timeout', { seconds: env.timeoutSeconds }),
    );
}

export async function execPlan(
  env: ExecEnv,
  plan: Plan,
  values: Map<string, Value>,
  prefix = '',
  depth = 0,
): Promise<void> {
  if (depth >= MAX_DEPTH)
    throw new AppError(
      'unprocessable',
      proceduresText(env.ctx.lang, 'proc.depth', { max: MAX_DEPTH }),
    );
  for (const [i, step] of plan.steps.entries()) {
    // Let the server answer between steps (SQLite runs statements synchronously): a cancel is
    // seen before the next step starts.
    await new Promise((r) => setImmediate(r));
    checkTime(env);
    const started = nowMs();
    const entry: StepLog = {
      path: prefix ? `${prefix}.${i + 1}` : String(i + 1),
      type: step.type,
      title: step.title,
      status: 'done',
      rowsRead: 0,
      rowsWritten: 0,
      inserted: 0,
      updated: 0,
      deleted: 0,
      ms: 0,
      message: null,
    };
    env.log.push(entry);
    try {
      if (env.ctx.db.dialect === 'postgres') {
        const left = Math.max(1, env.deadline - nowMs());
        await sql`select set_config('statement_timeout', ${String(left)}, true)`.execute(env.trx);
      }
      await execStep(env, step, values, entry, depth);
      entry.rowsWritten = entry.inserted + entry.updated + entry.deleted;
      countChanges(env, step, entry);
    } catch (e) {
      entry.status = e instanceof StopRun ? 'stopped' : 'failed';
      entry.message = errorText(env, e, step);
      entry.ms = nowMs() - started;
      throw new AppError(
        'unprocessable',
        proceduresText(env.ctx.lang, 'proc.step_failed', {
          step: entry.path,
          title: step.title,
          message: entry.message,
        }),
      );
    }
    entry.ms = nowMs() - started;
    if (!prefix) env.stepDone?.(i + 1, plan.steps.length);
  }
}

/** A whole-number expression as the series function takes it (bigint on PostgreSQL). */
function emitOutputInt(e: TExpr, env: Parameters<typeof emitCondition>[1]): Sql {
  return env.dialect === 'postgres' ? sql`cast(${emit(e, env)} as bigint)` : emit(e, env);
}

/** A check step's stop: its message is the user's own. */
class StopRun extends Error {}

function errorText(env: ExecEnv, e: unknown, step: PlannedStep): string {
  if (e instanceof StopRun || e instanceof AppError) return e.message;
  const fields =
    'target' in step
      ? step.target.fields
      : 'object' in step && step.object
        ? step.object.fields
        : [];
  const nameOf = (code: string) => fields.find((f) => f.code === code)?.name;
  const mapped = runtimeError(e, env.ctx.lang, nameOf);
  if (mapped) return mapped.message;
  const text = String((e as { message?: unknown })?.message ?? '');
  const code = (e as { code?: unknown })?.code;
  if (code === '57014' || /statement timeout/i.test(text))
    return proceduresText(env.ctx.lang, 'proc.timeout', { seconds: env.timeoutSeconds });
  if (code === '23505' || /UNIQUE constraint failed/.test(text)) {
    const detail = `${text} ${String((e as { detail?: unknown })?.detail ?? '')}`;
    const f = fields.find((x) => detail.includes(x.column));
    return proceduresText(env.ctx.lang, 'proc.unique', { field: f?.name ?? '' });
  }
  throw e;
}

async function execStep(
  env: ExecEnv,
  step: PlannedStep,
  values: Map<string, Value>,
  entry: StepLog,
  depth: number,
): Promise<void> {
  const { ctx, trx } = env;
  const d = ctx.db.dialect;
  const sqlEnv = (alias: string | null) => ({
    dialect: d,
    alias,
    params: values,
    today: env.today,
    now: env.now,
  });
  const stamp = isoNow();
  const cond = (e: TExpr | undefined, alias: string): Sql =>
    e ? sql` and ${emitCondition(e, sqlEnv(alias))}` : sql``;
  switch (step.type) {
    case 'copy': {
      // With a series, the source row is joined with the numbers of its series (`s.n`).
      const member = step.series ? new Map([[step.series.name, sql.ref('s.n')]]) : undefined;
      const rowEnv = () => ({ ...sqlEnv('r'), ...(member ? { columns: member } : {}) });
      const from = step.series
        ? d === 'postgres'
          ? sql`${sql.id(step.source.table)} r cross join lateral fx_series(${emitOutputInt(step.series.from, sqlEnv('r'))}, ${emitOutputInt(step.series.to, sqlEnv('r'))}) as s(n)`
          : sql`${sql.id(step.source.table)} r join fx_series(${emitOutputInt(step.series.from, sqlEnv('r'))}, ${emitOutputInt(step.series.to, sqlEnv('r'))}) s`
        : sql`${sql.id(step.source.table)} r`;
      const cols: Sql[] = [
        sql.id('created_at'),
        sql.id('created_by'),
        sql.id('updated_at'),
        sql.id('updated_by'),
      ];
      const vals: Sql[] = [sql`${stamp}`, sql`${ctx.userId}`, sql`${stamp}`, sql`${ctx.userId}`];
      for (const a of step.assigns) {
        cols.push(sql.id(a.field.column));
        vals.push(emitAssign(a.expr, a.field, rowEnv(), a.field.code, ref(a)));
      }
      for (const s of step.same) {
        cols.push(sql.id(s.target.column));
        vals.push(sql.ref(`r.${s.source.column}`));
      }
      const r =
        await sql`insert into ${sql.id(step.target.table)} (${sql.join(cols)}) select ${sql.join(vals)} from ${from} where r.deleted_at is null${step.where ? sql` and ${emitCondition(step.where, rowEnv())}` : sql``}`.execute(
          trx,
        );
      entry.rowsRead = entry.inserted = affected(r);
      return;
    }
    case 'update': {
      if (!step.assigns.length) return;
      const sets: Sql[] = step.assigns.map(
        (a) =>
          sql`${sql.id(a.field.column)} = ${emitAssign(a.expr, a.field, sqlEnv('r'), a.field.code, ref(a))}`,
      );
      sets.push(sql`updated_at = ${stamp}`, sql`updated_by = ${ctx.userId}`);
      const r =
        await sql`update ${sql.id(step.object.table)} as r set ${sql.join(sets)} where r.deleted_at is null${cond(step.where, 'r')}`.execute(
          trx,
        );
      entry.rowsRead = entry.updated = affected(r);
      return;
    }
    case 'delete': {
      const r =
        await sql`update ${sql.id(step.object.table)} as r set deleted_at = ${stamp}, deleted_by = ${ctx.userId} where r.deleted_at is null${cond(step.where, 'r')}`.execute(
          trx,
        );
      entry.rowsRead = entry.deleted = affected(r);
      return;
    }
    case 'check': {
      const hit = step.object
        ? await sql<{
            x: number;
          }>`select 1 as x from ${sql.id(step.object.table)} r where r.deleted_at is null${cond(step.condition, 'r')} limit 1`.execute(
            trx,
          )
        : await sql<{
            x: number;
          }>`select 1 as x where ${emitCondition(step.condition, sqlEnv(null))}`.execute(trx);
      if (step.object) {
        const n = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.id(step.object.table)} r where r.deleted_at is null`.execute(
          trx,
        );
        entry.rowsRead = Number(n.rows[0]?.n ?? 0);
      }
      if (hit.rows.length) throw new StopRun(step.message);
      return;
    }
    case 'run': {
      const plan = await env.planOf(step.procedureId);
      const given: Record<string, unknown> = {};
      for (const [name, e] of step.params) {
        const { rows } = await sql<{
          v: unknown;
        }>`select ${emitOutput(e, sqlEnv(null))} as v`.execute(trx);
        given[name] = readOutput(e.type, rows[0]?.v, ctx.lang);
      }
      const { values: inner, errors } = await paramValues(ctx, plan.params, given, trx);
      const first = Object.entries(errors)[0];
      if (first) throw new AppError('unprocessable', `@${first[0]}: ${first[1][0] ?? ''}`);
      const before = env.log.length;
      await execPlan(env, plan, inner, entry.path, depth + 1);
      for (const l of env.log.slice(before)) {
        entry.rowsRead += l.rowsRead;
        entry.inserted += l.inserted;
        entry.updated += l.updated;
        entry.deleted += l.deleted;
      }
      return;
    }
    case 'aggregate':
      await execAggregate(env, step, values, entry);
      return;
  }
}

/**
 * Aggregate: the groups are computed once into a common table expression; target records whose
 * key fields equal a group's keys are updated, the groups without one are inserted.
 */
async function execAggregate(
  env: ExecEnv,
  step: Extract<PlannedStep, { type: 'aggregate' }>,
  values: Map<string, Value>,
  entry: StepLog,
): Promise<void> {
  const { ctx, trx } = env;
  const d = ctx.db.dialect;
  const e = (alias: string | null) => ({
    dialect: d,
    alias,
    params: values,
    today: env.today,
    now: env.now,
  });
  const stamp = isoNow();
  const where = step.where ? sql` and ${emitCondition(step.where, e('r'))}` : sql``;
  // Keys and values in the target's stored form, computed per source row then grouped.
  const keyCols = step.keys.map((k, i) => ({
    name: `k${i}`,
    field: k.field,
    value: emitAssign(k.expr, k.field, e('r'), k.field.code, ref(k)),
  }));
  const valCols = step.values.map((v, i) => {
    const name = `v${i}`;
    if (v.fn === 'count') return { name, field: v.field, value: sql`count(*)` };
    const x = emitAssign(v.expr as TExpr, v.field, e('r'), v.field.code);
    // An average is the exact sum over the count, rounded half-even to the target field's scale
    // (SQLite: in the field's integer units; never the database's floating-point avg()).
    const agg =
      v.fn === 'avg'
        ? sql`fx_div(sum(${x}), count(${x}), ${sql.lit(d === 'sqlite' ? 0 : scaleOf(v.field.type, v.field.options))})`
        : sql`${sql.raw(v.fn)}(${x})`;
    return { name, field: v.field, value: agg };
  });
  const groups = sql`select ${sql.join([
    ...keyCols.map((k) => sql`${k.value} as ${sql.id(k.name)}`),
    ...valCols.map((v) => sql`${v.value} as ${sql.id(v.name)}`),
  ])} from ${sql.id(step.source.table)} r where r.deleted_at is null${where} group by ${sql.join(
    keyCols.map((_, i) => sql.lit(i + 1)),
  )}`;
  const same = (a: Sql, b: Sql) =>
    d === 'postgres' ? sql`${a} is not distinct from ${b}` : sql`${a} is ${b}`;
  const match = (t: string) =>
    sql.join(
      keyCols.map((k) => same(sql.ref(`${t}.${k.field.column}`), sql.ref(`g.${k.name}`))),
      sql` and `,
    );
  const stored = (v: (typeof valCols)[number]) =>
    v.field.type === 'integer' || v.field.type === 'reference'
      ? sql`round(${sql.ref(`g.${v.name}`)})`
      : sql.ref(`g.${v.name}`);
  const count = await sql<{ n: number }>`with g as (${groups}) select count(*) as n from g`.execute(
    trx,
  );
  entry.rowsRead = Number(count.rows[0]?.n ?? 0);
  if (valCols.length) {
    const sets = valCols.map((v) => {
      const fresh = sql`(select ${stored(v)} from g where ${match('t')})`;
      const value =
        step.mode === 'add' && v.field.type !== 'text'
          ? sql`coalesce(${sql.ref(`t.${v.field.column}`)}, 0) + coalesce(${fresh}, 0)`
          : fresh;
      return sql`${sql.id(v.field.column)} = ${value}`;
    });
    sets.push(sql`updated_at = ${stamp}`, sql`updated_by = ${ctx.userId}`);
    const u =
      await sql`with g as (${groups}) update ${sql.id(step.target.table)} as t set ${sql.join(sets)} where t.deleted_at is null and exists (select 1 from g where ${match('t')})`.execute(
        trx,
      );
    entry.updated = affected(u);
  }
  const cols = [
    sql.id('created_at'),
    sql.id('created_by'),
    sql.id('updated_at'),
    sql.id('updated_by'),
    ...keyCols.map((k) => sql.id(k.field.column)),
    ...valCols.map((v) => sql.id(v.field.column)),
  ];
  const vals = [
    sql`${stamp}`,
    sql`${ctx.userId}`,
    sql`${stamp}`,
    sql`${ctx.userId}`,
    ...keyCols.map((k) => sql.ref(`g.${k.name}`)),
    ...valCols.map((v) => stored(v)),
  ];
  const ins =
    await sql`with g as (${groups}) insert into ${sql.id(step.target.table)} (${sql.join(cols)}) select ${sql.join(vals)} from g where not exists (select 1 from ${sql.id(step.target.table)} t where t.deleted_at is null and ${match('t')})`.execute(
      trx,
    );
  entry.inserted = affected(ins);
}
