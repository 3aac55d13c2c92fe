import type {
  DefinitionIssue,
  ProcedureParam,
  ProcedureStep,
  proceduresCreateInput,
} from '@fiscus/contracts';
import type { z } from 'zod';
import type { OpContext, Q } from '../../platform/context.js';
import {
  analyze,
  checkAssign,
  issueMessage,
  issueText,
  isIsoDate,
  T,
  type ExprType,
  type TExpr,
  type Value,
} from '../../platform/expr/index.js';
import {
  displayFieldOf,
  findField,
  isLive,
  loadObject,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { srcT } from '../../platform/sources/index.js';
import { scaleOf } from '../../platform/values.js';
import { objectLoader, paramType } from '../expressions/index.js';
import { proceduresText } from './procedures.messages.js';

/**
 * A procedure's definition checked against the domain's metadata: every expression parsed and
 * typed, every field and object resolved. Problems come back with their path in the definition
 * (`steps.2.assignments.0.expr`) and, for expressions, their position in the text.
 */

export type Definition = z.output<typeof proceduresCreateInput>;

export interface Assign {
  field: FieldMeta;
  expr: TExpr;
  /** A reference field: the table of its target (the written id must exist there). */
  refTable?: string;
  /** … and the column of the target's display field (a text names the record by it). */
  refDisplay?: string;
}

export type PlannedStep = { path: string; title: string; type: ProcedureStep['type'] } & (
  | {
      type: 'copy';
      source: ObjectMeta;
      target: ObjectMeta;
      where?: TExpr;
      assigns: Assign[];
      /** Target field ← source field of the same code and kind. */
      same: { target: FieldMeta; source: FieldMeta }[];
      /** One copy per whole number from `from` to `to`, seen as `@name`. */
      series?: { name: string; from: TExpr; to: TExpr };
    }
  | { type: 'update'; object: ObjectMeta; where?: TExpr; assigns: Assign[] }
  | { type: 'delete'; object: ObjectMeta; where?: TExpr }
  | {
      type: 'aggregate';
      source: ObjectMeta;
      target: ObjectMeta;
      where?: TExpr;
      keys: Assign[];
      values: { field: FieldMeta; fn: 'sum' | 'count' | 'min' | 'max' | 'avg'; expr?: TExpr }[];
      mode: 'replace' | 'add';
    }
  | {
      type: 'run';
      procedureId: string;
      procedureName: string;
      params: Map<string, TExpr>;
    }
  | { type: 'check'; object?: ObjectMeta; condition: TExpr; message: string }
);

export interface Plan {
  params: ProcedureParam[];
  paramTypes: Map<string, ExprType>;
  steps: PlannedStep[];
}

/** Display fields a text can name a record by (reference assignments by name). */
const NAME_TYPES: readonly string[] = ['text', 'longtext', 'email', 'url', 'phone', 'select'];

/** Levels of procedures running procedures. */
export const MAX_DEPTH = 5;

export interface PlanEnv {
  ctx: OpContext;
  /** Loads another procedure's definition of the domain (run steps); undefined when unknown. */
  procedure: (
    id: string,
  ) => Promise<{ id: string; name: string; definition: Definition } | undefined>;
}

export async function planDefinition(
  env: PlanEnv,
  def: Definition,
  selfId: string | undefined,
): Promise<{ plan?: Plan; issues: DefinitionIssue[] }> {
  const { ctx } = env;
  const lang = ctx.lang;
  const issues: DefinitionIssue[] = [];
  const problem = (path: string, message: string) =>
    issues.push({ path, message, start: null, end: null });
  const paramTypes = new Map<string, ExprType>();
  for (const [i, p] of def.params.entries()) {
    if (paramTypes.has(p.name))
      problem(`params.${i}.name`, proceduresText(lang, 'proc.param_twice', { name: p.name }));
    if (p.type === 'record' && !p.objectId)
      problem(`params.${i}.objectId`, proceduresText(lang, 'proc.param_object'));
    if (p.type === 'select' && !p.choices.length)
      problem(`params.${i}.choices`, proceduresText(lang, 'proc.param_choices'));
    if (p.type === 'record' && p.objectId && !(await tryObject(ctx, p.objectId)))
      problem(`params.${i}.objectId`, proceduresText(lang, 'proc.unknown_object'));
    paramTypes.set(p.name, await paramType(ctx, p));
  }

  // Steps write into `write` objects and read `read` ones. Mounted objects are read-only; a
  // live mount's rows are at its source, out of reach of a procedure's transaction.
  const object = async (
    path: string,
    id: string | null | undefined,
    use: 'read' | 'write' = 'write',
  ) => {
    if (!id) return undefined;
    const o = await tryObject(ctx, id);
    if (!o) problem(path, proceduresText(lang, 'proc.unknown_object'));
    else if (o.kind === 'mounted' && (use === 'write' || isLive(o)))
      problem(
        path,
        srcT(lang, use === 'write' ? 'src.read_only' : 'src.live_elsewhere', { name: o.name }),
      );
    return o;
  };
  const expr = async (
    path: string,
    text: string,
    obj: ObjectMeta | undefined,
    condition: boolean,
    extra?: ReadonlyMap<string, ExprType>,
  ): Promise<TExpr | undefined> => {
    const a = await analyze(text, {
      object: obj,
      params: extra ? new Map([...paramTypes, ...extra]) : paramTypes,
      loadObject: objectLoader(ctx),
      ...(condition ? { expect: 'bool' as const } : {}),
    });
    if (a.ok) return a.expr;
    for (const i of a.issues)
      issues.push({ path, message: issueMessage(lang, i), start: i.start, end: i.end });
    return undefined;
  };
  const where = async (
    path: string,
    text: string,
    obj: ObjectMeta | undefined,
    extra?: ReadonlyMap<string, ExprType>,
  ) => (text.trim() && obj ? expr(path, text, obj, true, extra) : undefined);
  const assignments = async (
    path: string,
    list: { field: string; expr: string }[],
    from: ObjectMeta | undefined,
    into: ObjectMeta | undefined,
    extra?: ReadonlyMap<string, ExprType>,
  ): Promise<Assign[]> => {
    const out: Assign[] = [];
    const seen = new Set<string>();
    for (const [i, a] of list.entries()) {
      if (!into) continue;
      const field = findField(into, a.field);
      if (!field) {
        problem(
          `${path}.${i}.field`,
          proceduresText(lang, 'proc.unknown_field', {
            field: a.field.slice(0, 60),
            object: into.name,
          }),
        );
        continue;
      }
      if (seen.has(field.id))
        problem(
          `${path}.${i}.field`,
          proceduresText(lang, 'proc.assigned_twice', { field: field.name }),
        );
      seen.add(field.id);
      const e = await expr(`${path}.${i}.expr`, a.expr, from, false, extra);
      if (!e) continue;
      const fit = checkAssign(e, field, lang);
      if (fit.issue) problem(`${path}.${i}.expr`, issueText(lang, fit.issue));
      else if (fit.expr) {
        const target = field.type === 'reference' && field.options.target;
        const refObj = target ? await tryObject(ctx, target) : undefined;
        const display = refObj ? displayFieldOf(refObj) : undefined;
        const byName = fit.expr.k === 'op' && fit.expr.op === 'refbyname';
        if (byName && (!display || !NAME_TYPES.includes(display.type))) {
          problem(
            `${path}.${i}.expr`,
            proceduresText(lang, 'proc.reference_by_name', {
              field: field.name,
              object: refObj?.name ?? '',
            }),
          );
          continue;
        }
        out.push({
          field,
          expr: fit.expr,
          ...(refObj ? { refTable: refObj.table } : {}),
          ...(byName && display ? { refDisplay: display.column } : {}),
        });
      }
    }
    return out;
  };

  const steps: PlannedStep[] = [];
  for (const [i, s] of def.steps.entries()) {
    const path = `steps.${i}`;
    const base = {
      path: String(i + 1),
      title: s.title || proceduresText(lang, `proc.type.${s.type}`),
    };
    switch (s.type) {
      case 'copy': {
        const source = await object(`${path}.source`, s.source, 'read');
        const target = await object(`${path}.target`, s.target);
        let series: { name: string; from: TExpr; to: TExpr } | undefined;
        let extra: Map<string, ExprType> | undefined;
        if (s.series) {
          const name = s.series.name;
          if ([...paramTypes.keys()].some((p) => p.toLowerCase() === name.toLowerCase()))
            problem(`${path}.series.name`, proceduresText(lang, 'proc.series_name', { name }));
          const bound = async (key: 'from' | 'to') => {
            const e = await expr(`${path}.series.${key}`, s.series![key], source, false);
            if (e && e.type.t !== 'int' && e.type.t !== 'null') {
              problem(`${path}.series.${key}`, proceduresText(lang, 'proc.series_whole'));
              return undefined;
            }
            return e;
          };
          const from = await bound('from');
          const to = await bound('to');
          extra = new Map([[name, T.int]]);
          if (from && to) series = { name, from, to };
        }
        const w = await where(`${path}.where`, s.where, source, extra);
        const assigns = await assignments(
          `${path}.assignments`,
          s.assignments,
          source,
          target,
          extra,
        );
        const same: { target: FieldMeta; source: FieldMeta }[] = [];
        if (s.copySameFields && source && target) {
          const assigned = new Set(assigns.map((a) => a.field.id));
          for (const tf of target.fields) {
            if (
              tf.computed ||
              assigned.has(tf.id) ||
              s.assignments.some((a) => findField(target, a.field)?.id === tf.id)
            )
              continue;
            const sf = source.fields.find((f) => f.code === tf.code);
            // A computed source field's value is not a column of its table.
            if (sf && !sf.computed && sameKind(sf, tf)) same.push({ target: tf, source: sf });
          }
        }
        if (source && target)
          steps.push({
            ...base,
            type: 'copy',
            source,
            target,
            ...(w ? { where: w } : {}),
            assigns,
            same,
            ...(series ? { series } : {}),
          });
        break;
      }
      case 'update': {
        const obj = await object(`${path}.object`, s.object);
        const w = await where(`${path}.where`, s.where, obj);
        const assigns = await assignments(`${path}.assignments`, s.assignments, obj, obj);
        if (obj)
          steps.push({ ...base, type: 'update', object: obj, ...(w ? { where: w } : {}), assigns });
        break;
      }
      case 'delete': {
        const obj = await object(`${path}.object`, s.object);
        const w = await where(`${path}.where`, s.where, obj);
        if (obj) steps.push({ ...base, type: 'delete', object: obj, ...(w ? { where: w } : {}) });
        break;
      }
      case 'aggregate': {
        const source = await object(`${path}.source`, s.source, 'read');
        const target = await object(`${path}.target`, s.target);
        const w = await where(`${path}.where`, s.where, source);
        const keys = await assignments(`${path}.groupBy`, s.groupBy, source, target);
        const values: Extract<PlannedStep, { type: 'aggregate' }>['values'] = [];
        for (const [j, v] of s.values.entries()) {
          if (!target) break;
          const field = findField(target, v.field);
          if (!field) {
            problem(
              `${path}.values.${j}.field`,
              proceduresText(lang, 'proc.unknown_field', {
                field: v.field.slice(0, 60),
                object: target.name,
              }),
            );
            continue;
          }
          if (v.fn === 'count') {
            const fit = checkAssign(
              { k: 'lit', value: 0n, type: T.int, span: { start: 0, end: 0 } },
              field,
              lang,
            );
            if (fit.issue) problem(`${path}.values.${j}.field`, issueText(lang, fit.issue));
            else values.push({ field, fn: 'count' });
            continue;
          }
          if (!v.expr.trim()) {
            problem(
              `${path}.values.${j}.expr`,
              proceduresText(lang, 'proc.aggregate_expr', { fn: v.fn }),
            );
            continue;
          }
          const e = await expr(`${path}.values.${j}.expr`, v.expr, source, false);
          if (!e) continue;
          const numeric = e.type.t === 'int' || e.type.t === 'dec';
          const ordered =
            numeric || e.type.t === 'date' || e.type.t === 'datetime' || e.type.t === 'text';
          if ((v.fn === 'sum' || v.fn === 'avg') && !numeric) {
            problem(
              `${path}.values.${j}.expr`,
              proceduresText(lang, 'proc.aggregate_type', { fn: v.fn, type: e.type.t }),
            );
            continue;
          }
          if (!ordered) {
            problem(
              `${path}.values.${j}.expr`,
              proceduresText(lang, 'proc.aggregate_type', { fn: v.fn, type: e.type.t }),
            );
            continue;
          }
          // Each row's value is first fitted to the target field (a decimal rounded half-even to
          // its scale), then aggregated: a sum is the exact sum of what each row would store.
          const fit = checkAssign(e, field, lang);
          if (fit.issue) problem(`${path}.values.${j}.expr`, issueText(lang, fit.issue));
          else values.push({ field, fn: v.fn, expr: fit.expr ?? e });
        }
        if (source && target)
          steps.push({
            ...base,
            type: 'aggregate',
            source,
            target,
            ...(w ? { where: w } : {}),
            keys,
            values,
            mode: s.mode,
          });
        break;
      }
      case 'run': {
        const callee = await env.procedure(s.procedure);
        if (!callee) {
          problem(`${path}.procedure`, proceduresText(lang, 'proc.unknown_procedure'));
          break;
        }
        if (await reaches(env, callee.id, selfId, new Set())) {
          problem(`${path}.procedure`, proceduresText(lang, 'proc.cycle'));
          break;
        }
        const params = new Map<string, TExpr>();
        for (const [name, text] of Object.entries(s.params)) {
          const p = callee.definition.params.find((x) => x.name === name);
          if (!p) {
            problem(`${path}.params.${name}`, proceduresText(lang, 'proc.param_unknown', { name }));
            continue;
          }
          const e = await expr(`${path}.params.${name}`, text, undefined, false);
          if (e) params.set(name, e);
        }
        steps.push({
          ...base,
          type: 'run',
          procedureId: callee.id,
          procedureName: callee.name,
          params,
        });
        break;
      }
      case 'check': {
        const obj = await object(`${path}.object`, s.object, 'read');
        if (s.object && !obj) break;
        const c = await expr(`${path}.condition`, s.condition, obj, true);
        if (c)
          steps.push({
            ...base,
            type: 'check',
            ...(obj ? { object: obj } : {}),
            condition: c,
            message: s.message,
          });
        break;
      }
    }
  }
  if (def.trigger) {
    // Runs on a change: the fields exist, the parameters are the procedure's and every one a
    // run needs is computed from the changed record.
    const t = def.trigger;
    const obj = await object('trigger.objectId', t.objectId);
    for (const [i, code] of t.fields.entries())
      if (obj && !findField(obj, code))
        problem(
          `trigger.fields.${i}`,
          proceduresText(lang, 'proc.unknown_field', {
            field: code.slice(0, 60),
            object: obj.name,
          }),
        );
    for (const [name, text] of Object.entries(t.params)) {
      if (!def.params.some((p) => p.name === name)) {
        problem(`trigger.params.${name}`, proceduresText(lang, 'proc.param_unknown', { name }));
        continue;
      }
      if (obj) await expr(`trigger.params.${name}`, text, obj, false, new Map());
    }
    for (const p of def.params)
      if (p.required && p.default === null && t.params[p.name] === undefined)
        problem(
          `trigger.params.${p.name}`,
          proceduresText(lang, 'proc.trigger_param', { name: p.name }),
        );
  }
  return issues.length ? { issues } : { plan: { params: def.params, paramTypes, steps }, issues };
}

/** Whether procedure `from` runs `target` (or itself), directly or through others. */
async function reaches(
  env: PlanEnv,
  from: string,
  target: string | undefined,
  seen: Set<string>,
): Promise<boolean> {
  if (target && from === target) return true;
  if (seen.has(from) || seen.size > 50) return seen.has(from);
  seen.add(from);
  const p = await env.procedure(from);
  if (!p) return false;
  for (const s of p.definition.steps)
    if (s.type === 'run' && (await reaches(env, s.procedure, target ?? from, seen))) return true;
  return false;
}

async function tryObject(ctx: OpContext, id: string): Promise<ObjectMeta | undefined> {
  try {
    return await loadObject(ctx, id);
  } catch {
    return undefined;
  }
}

/** A source field whose values a target field takes as they are. */
function sameKind(s: FieldMeta, t: FieldMeta): boolean {
  // A required target takes only a required source; a unique one is never copied as it is.
  if (s.type !== t.type || (t.options.required && !s.options.required) || t.options.unique)
    return false;
  if (s.type === 'reference') return s.options.target === t.options.target;
  if (s.type === 'select' || s.type === 'multiselect') {
    const have = new Set((t.options.choices ?? []).map((c) => c.value));
    return (s.options.choices ?? []).every((c) => have.has(c.value));
  }
  if (s.type === 'decimal' || s.type === 'money' || s.type === 'percent')
    return (
      scaleOf(s.type, s.options) === scaleOf(t.type, t.options) &&
      t.options.min === undefined &&
      t.options.max === undefined
    );
  if (s.type === 'longtext' && t.type !== 'longtext') return false;
  return t.options.min === undefined && t.options.max === undefined && !t.options.pattern;
}

// ---- parameter values ------------------------------------------------------------------------

const NUMBER = /^-?\d{1,18}(?:\.(\d{1,6}))?$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/**
 * A run's parameter values in the expressions' internal form, or the errors by parameter name.
 * Record parameters must name a live record of their object in the caller's domain.
 */
export async function paramValues(
  ctx: OpContext,
  params: ProcedureParam[],
  given: Record<string, unknown>,
  /** Where record parameters are looked up (a run's own transaction). */
  q: Q = ctx.db.kysely,
): Promise<{ values: Map<string, Value>; errors: Record<string, string[]> }> {
  const lang = ctx.lang;
  const values = new Map<string, Value>();
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(given))
    if (!params.some((p) => p.name === name))
      errors[name] = [proceduresText(lang, 'proc.param_unknown', { name })];
  for (const p of params) {
    const raw = given[p.name] !== undefined ? given[p.name] : p.default;
    const fail = (m: string) => (errors[p.name] = [m]);
    if (raw === null || raw === undefined || raw === '') {
      if (p.required) fail(proceduresText(lang, 'proc.param_required'));
      values.set(p.name, null);
      continue;
    }
    switch (p.type) {
      case 'number': {
        const text =
          typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
        const m = NUMBER.exec(text);
        if (!m || (m[1]?.length ?? 0) > p.scale) {
          fail(proceduresText(lang, 'proc.param_number', { scale: p.scale }));
          break;
        }
        const [whole = '0', frac = ''] = text.replace('-', '').split('.');
        const units = BigInt(whole + frac.padEnd(p.scale, '0'));
        values.set(p.name, text.startsWith('-') ? -units : units);
        break;
      }
      case 'date':
        if (typeof raw === 'string' && isIsoDate(raw)) values.set(p.name, raw);
        else fail(proceduresText(lang, 'proc.param_date'));
        break;
      case 'month': {
        const m = typeof raw === 'string' ? MONTH.exec(raw) : null;
        if (m && isIsoDate(`${raw as string}-01`)) values.set(p.name, `${raw as string}-01`);
        else if (typeof raw === 'string' && isIsoDate(raw))
          values.set(p.name, `${raw.slice(0, 7)}-01`);
        else fail(proceduresText(lang, 'proc.param_month'));
        break;
      }
      case 'boolean':
        if (typeof raw === 'boolean') values.set(p.name, raw);
        else fail(proceduresText(lang, 'proc.param_boolean'));
        break;
      case 'select':
        if (typeof raw === 'string' && p.choices.includes(raw)) values.set(p.name, raw);
        else
          fail(
            proceduresText(lang, 'proc.param_choice', {
              choices: p.choices.join(', ').slice(0, 200),
            }),
          );
        break;
      case 'record': {
        const id = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
        const obj = p.objectId ? await tryObject(ctx, p.objectId) : undefined;
        const found =
          obj && Number.isSafeInteger(id) && id > 0
            ? await q
                .selectFrom(obj.table as never)
                .select('id' as never)
                .where('id' as never, '=', id as never)
                .where('deleted_at' as never, 'is', null as never)
                .executeTakeFirst()
            : undefined;
        if (found) values.set(p.name, String(id));
        else fail(proceduresText(lang, 'proc.param_record', { object: obj?.name ?? '' }));
        break;
      }
      default:
        if (typeof raw === 'string' && raw.length <= 1000) values.set(p.name, raw);
        else fail(proceduresText(lang, 'proc.param_text'));
    }
  }
  return { values, errors };
}
