import type {
  ActionDef,
  actionsCreateInput,
  actionsListInput,
  actionsRunInput,
  actionsUpdateInput,
  Procedure,
  ProcedureRun,
  Role,
} from '@fiscus/contracts';
import { cleanNames } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { OpContext } from '../../platform/context.js';
import { addError, invalid } from '../../platform/errors.js';
import { loadObject, parseNames } from '../../platform/meta.js';
import { getProcedure, paramValues, startRun } from '../procedures/index.js';
import { actionsText } from './actions.messages.js';
import './actions.tables.js';

type Fields = z.output<typeof actionsCreateInput>;

function baseQuery(ctx: OpContext) {
  // An action whose procedure or object is gone is not shown and cannot run.
  return ctx.db.kysely
    .selectFrom('pf_actions as a')
    .innerJoin('pf_procedures as p', 'p.id', 'a.procedure_id')
    .innerJoin('pf_objects as o', 'o.id', 'a.object_id')
    .selectAll('a')
    .select(['p.name as procedure_name', 'o.name as object_name'])
    .where('a.domain_id', '=', ctx.domainId)
    .where('p.domain_id', '=', ctx.domainId)
    .where('o.domain_id', '=', ctx.domainId);
}
type ActionRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function actionOut(r: ActionRow): ActionDef {
  return {
    id: r.id,
    name: r.name,
    names: parseNames(r.names),
    icon: r.icon as ActionDef['icon'],
    procedureId: r.procedure_id,
    procedureName: r.procedure_name,
    objectId: r.object_id,
    objectName: r.object_name,
    placement: JSON.parse(r.placement) as ActionDef['placement'],
    recordParam: r.record_param,
    preset: JSON.parse(r.preset) as ActionDef['preset'],
    ask: JSON.parse(r.ask) as string[],
    confirm: r.confirm,
    confirms: parseNames(r.confirms),
    roles: JSON.parse(r.roles) as Role[],
    position: Number(r.position),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function callerRole(ctx: OpContext): Promise<Role | undefined> {
  const m = await ctx.db.kysely
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', ctx.userId)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  return m?.role;
}

export async function listActions(
  ctx: OpContext,
  input: z.output<typeof actionsListInput>,
): Promise<{ items: ActionDef[] }> {
  let q = baseQuery(ctx);
  if (input.objectId) q = q.where('a.object_id', '=', input.objectId);
  const rows = await q.orderBy('a.object_id').orderBy('a.position').orderBy('a.name').execute();
  let items = rows.map(actionOut);
  if (input.mine) {
    const role = await callerRole(ctx);
    items = items.filter((a) => role !== undefined && a.roles.includes(role));
  }
  return { items };
}

export async function getAction(ctx: OpContext, id: string): Promise<ActionDef> {
  const row = await baseQuery(ctx).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', actionsText(ctx.lang, 'action.not_found'));
  return actionOut(row);
}

/** Checks an action against its procedure and object; field errors name the input's fields. */
async function checkFields(ctx: OpContext, f: Fields): Promise<Procedure> {
  const errors: Record<string, string[]> = {};
  const proc = await getProcedure(ctx, f.procedureId).catch(() => undefined);
  if (!proc) addError(errors, 'procedureId', actionsText(ctx.lang, 'action.not_found'));
  const object = await loadObject(ctx, f.objectId).catch(() => undefined);
  if (!object) addError(errors, 'objectId', actionsText(ctx.lang, 'action.not_found'));
  if (!proc || !object) {
    // The precise texts: the procedure's and the object's own "not in this domain".
    if (!proc) await getProcedure(ctx, f.procedureId);
    await loadObject(ctx, f.objectId);
  }
  const params = new Map(proc!.params.map((p) => [p.name, p]));
  const lang = ctx.lang;
  if (f.recordParam !== null) {
    const p = params.get(f.recordParam);
    if (!p)
      addError(
        errors,
        'recordParam',
        actionsText(lang, 'action.param_unknown', { name: f.recordParam }),
      );
    else if (p.type !== 'record' || p.objectId !== f.objectId)
      addError(
        errors,
        'recordParam',
        actionsText(lang, 'action.param_not_record', { name: f.recordParam, object: object!.name }),
      );
    if (f.placement.includes('toolbar'))
      addError(errors, 'placement', actionsText(lang, 'action.record_on_card'));
  }
  const presetNames = Object.keys(f.preset);
  for (const name of presetNames)
    if (!params.has(name))
      addError(errors, `preset.${name}`, actionsText(lang, 'action.param_unknown', { name }));
  const known = proc!.params.filter((p) => presetNames.includes(p.name));
  const { errors: valueErrors } = await paramValues(
    ctx,
    known.map((p) => ({ ...p, required: false })),
    Object.fromEntries(presetNames.filter((n) => params.has(n)).map((n) => [n, f.preset[n]])),
  );
  for (const [name, msgs] of Object.entries(valueErrors))
    for (const m of msgs) addError(errors, `preset.${name}`, m);
  f.ask.forEach((name, i) => {
    if (!params.has(name))
      addError(errors, `ask.${i}`, actionsText(lang, 'action.param_unknown', { name }));
    else if (name in f.preset || name === f.recordParam)
      addError(errors, `ask.${i}`, actionsText(lang, 'action.ask_preset', { name }));
  });
  for (const p of proc!.params) {
    const covered =
      p.name in f.preset ||
      f.ask.includes(p.name) ||
      p.name === f.recordParam ||
      (p.default !== null && p.default !== '');
    if (p.required && !covered)
      addError(errors, 'ask', actionsText(lang, 'action.missing_param', { name: p.name }));
  }
  if (Object.keys(errors).length) throw invalid(lang, errors);
  return proc!;
}

function columns(f: Fields) {
  return {
    name: f.name,
    ...(f.names !== undefined ? { names: JSON.stringify(cleanNames(f.names)) } : {}),
    icon: f.icon,
    procedure_id: f.procedureId,
    object_id: f.objectId,
    placement: JSON.stringify([...new Set(f.placement)]),
    record_param: f.recordParam,
    preset: JSON.stringify(f.preset),
    ask: JSON.stringify([...new Set(f.ask)]),
    confirm: f.confirm,
    ...(f.confirms !== undefined ? { confirms: JSON.stringify(cleanNames(f.confirms)) } : {}),
    roles: JSON.stringify([...new Set(f.roles)]),
    position: f.position,
  };
}

export async function createAction(ctx: OpContext, input: Fields): Promise<ActionDef> {
  await checkFields(ctx, input);
  const id = newId();
  const now = isoNow();
  await ctx.db.kysely
    .insertInto('pf_actions')
    .values({
      id,
      domain_id: ctx.domainId,
      ...columns(input),
      created_at: now,
      created_by: ctx.userId,
      updated_at: now,
    })
    .execute();
  return getAction(ctx, id);
}

export async function updateAction(
  ctx: OpContext,
  input: z.output<typeof actionsUpdateInput>,
): Promise<ActionDef> {
  const old = await getAction(ctx, input.id);
  const merged: Fields = {
    name: input.name ?? old.name,
    names: input.names ?? old.names,
    icon: input.icon ?? old.icon,
    procedureId: input.procedureId ?? old.procedureId,
    objectId: input.objectId ?? old.objectId,
    placement: input.placement ?? old.placement,
    recordParam: input.recordParam !== undefined ? input.recordParam : old.recordParam,
    preset: input.preset ?? old.preset,
    ask: input.ask ?? old.ask,
    confirm: input.confirm ?? old.confirm,
    confirms: input.confirms ?? old.confirms,
    roles: input.roles ?? old.roles,
    position: input.position ?? old.position,
  };
  await checkFields(ctx, merged);
  await ctx.db.kysely
    .updateTable('pf_actions')
    .set({ ...columns(merged), updated_at: isoNow() })
    .where('id', '=', input.id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  return getAction(ctx, input.id);
}

export async function deleteAction(ctx: OpContext, id: string): Promise<{ ok: true }> {
  await ctx.db.kysely
    .deleteFrom('pf_actions')
    .where('id', '=', (await getAction(ctx, id)).id)
    .where('domain_id', '=', ctx.domainId)
    .execute();
  return { ok: true };
}

/**
 * Runs the action's procedure: its preset values, the asked ones the caller gives, and on a
 * record card the card's record. Only the roles the action lists may press it — the action is
 * the administrator's grant to run this procedure with these presets.
 */
export async function runAction(
  ctx: OpContext,
  app: FastifyInstance,
  input: z.output<typeof actionsRunInput>,
): Promise<ProcedureRun> {
  const action = await getAction(ctx, input.id);
  const role = await callerRole(ctx);
  if (!role || !action.roles.includes(role))
    throw new AppError('forbidden', actionsText(ctx.lang, 'action.not_allowed'));
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(input.params))
    if (!action.ask.includes(name))
      addError(errors, `params.${name}`, actionsText(ctx.lang, 'action.not_asked', { name }));
  if (action.recordParam !== null && input.recordId === undefined)
    addError(errors, 'recordId', actionsText(ctx.lang, 'action.record_required'));
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  const params: Record<string, string | number | boolean | null> = {
    ...input.params,
    ...action.preset,
  };
  if (action.recordParam !== null && input.recordId !== undefined)
    params[action.recordParam] = input.recordId;
  return startRun(ctx, app, {
    id: action.procedureId,
    params,
    dryRun: false,
    actionId: action.id,
  });
}
