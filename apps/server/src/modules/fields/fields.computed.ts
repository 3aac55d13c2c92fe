import {
  cleanNames,
  type ComputedDefinition,
  type FieldOptions,
  type FieldType,
  type fieldsCreateInput,
  type fieldsUpdateInput,
} from '@fiscus/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import {
  checkDraft,
  computedUsers,
  normalizeDefinition,
  readsField,
  renameInFormulas,
  Resolver,
  storable,
  syncStoredFormulas,
} from '../../platform/computed.js';
import {
  computedText,
  problemReason,
  type ComputedProblem,
} from '../../platform/computed.messages.js';
import type { OpContext } from '../../platform/context.js';
import { dropColumn } from '../../platform/ddl.js';
import { addError, invalid } from '../../platform/errors.js';
import { runtimeError } from '../../platform/expr/index.js';
import { fieldScale } from '../../platform/expr/types.js';
import { codeFromName, newColumnName, shortId } from '../../platform/ident.js';
import {
  fieldOut,
  invalidateObject,
  loadObject,
  loadObjectRows,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import type { Lang } from '../../platform/messages.js';
import { pruneViewsOfField } from '../views/index.js';
import { checkCode, freeFieldCode } from './fields.codes.js';

/**
 * Making, changing and removing computed fields (formula, lookup, rollup; platform/computed.ts).
 * A change is checked by resolving the field as it would be — afresh, so a change that closes a
 * circle of fields using each other is refused — and a field other computed fields use keeps
 * its type. Stored formulas' generated columns follow in the same transaction.
 */

type Errors = Record<string, string[]>;
type CreateInput = z.output<typeof fieldsCreateInput>;
type UpdateInput = z.output<typeof fieldsUpdateInput>;

/** Types a formula may be given (else its type is inferred from its value). */
const DECLARED_TYPES: readonly FieldType[] = [
  'text',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'datetime',
  'boolean',
];

const DECIMALS: readonly FieldType[] = ['decimal', 'money', 'percent'];

/**
 * The options a computed field takes: `hidden`; a formula of a declared decimal type its
 * `scale`, of money its `currency`. Any rule (required, unique, default, min, max, …) is refused:
 * nobody types its values.
 */
function computedOptions(
  lang: Lang,
  kind: ComputedDefinition['kind'],
  type: FieldType | undefined,
  options: FieldOptions,
  errors: Errors,
): FieldOptions {
  const out: FieldOptions = {};
  for (const [key, v] of Object.entries(options)) {
    if (v === undefined) continue;
    if (key === 'hidden') out.hidden = v as boolean;
    else if (key === 'scale' && kind === 'formula' && type && DECIMALS.includes(type))
      out.scale = v as number;
    else if (key === 'currency' && kind === 'formula' && type === 'money')
      out.currency = v as string;
    else addError(errors, `options.${key}`, computedText(lang, 'computed.option', { option: key }));
  }
  return out;
}

/** Where a definition's problem is reported: a formula's text, or the definition. */
function problemKey(def: ComputedDefinition): string {
  return def.kind === 'formula' ? 'computed.formula' : 'computed';
}

function refuse(lang: Lang, def: ComputedDefinition, p: ComputedProblem): AppError {
  return invalid(lang, { [problemKey(def)]: [problemReason(lang, p)] });
}

/** A field with a declared type, as resolving expects it (a decimal's scale made explicit). */
function declared(type: FieldType, options: FieldOptions): FieldOptions {
  return DECIMALS.includes(type) ? { ...options, scale: fieldScale(type, options) } : options;
}

/**
 * The row of a computed field: its values' type and options, and its definition — with what its
 * stored version recorded (`stored`, `generated`), which syncStoredFormulas then compares.
 */
function storedRow(field: FieldMeta, hidden: boolean | undefined, before?: string | null) {
  const c = field.computed;
  const kept = before ? (JSON.parse(before) as { stored?: boolean; generated?: string }) : {};
  return {
    type: field.type,
    options: JSON.stringify({ ...field.options, ...(hidden ? { hidden: true } : {}) }),
    computed: JSON.stringify({
      ...c?.def,
      ...(c?.infer ? { inferred: true } : {}),
      ...(kept.stored ? { stored: true, generated: kept.generated } : {}),
    }),
  };
}

/** The field as answers show it, read afresh after a change. */
async function answer(ctx: OpContext, objectId: string, fieldId: string) {
  invalidateObject(ctx.db, objectId);
  const fresh = await loadObject(ctx, objectId);
  return fieldOut(fresh.fields.find((f) => f.id === fieldId) as FieldMeta, ctx.lang);
}

/** A failure of the generated column's SQL (a value out of range in a stored row): 422. */
function ddlError(ctx: OpContext, e: unknown): unknown {
  return runtimeError(e, ctx.lang) ?? e;
}

/** What a dry run answers: the field as it would be, not saved. */
export interface Checked {
  field: FieldMeta;
  stored: boolean;
}

const checked = (field: FieldMeta): Checked => {
  const c = field.computed;
  return { field, stored: c?.def.kind === 'formula' && !!c.value && storable(c.value) };
};

/** `fields.create` with `computed` (`dry`: checked only, nothing saved). */
export async function createComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  input: CreateInput,
  dry: true,
): Promise<Checked>;
export async function createComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  input: CreateInput,
): Promise<ReturnType<typeof fieldOut>>;
export async function createComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  input: CreateInput,
  dry = false,
) {
  const lang = ctx.lang;
  const given = input.computed as ComputedDefinition;
  const errors: Errors = {};
  if (input.type !== undefined) {
    if (given.kind === 'formula' && !DECLARED_TYPES.includes(input.type))
      addError(errors, 'type', computedText(lang, 'computed.formula_type'));
  }
  const options = computedOptions(lang, given.kind, input.type, input.options, errors);
  if (Object.keys(errors).length) throw invalid(lang, errors);
  const code = input.code ?? freeFieldCode(meta, codeFromName(input.name));
  checkCode(ctx, meta, code);
  const now = isoNow();
  const rows = await loadObjectRows(ctx, meta.id);
  const def = await normalizeDefinition(new Resolver(ctx, { fresh: true }), rows, given);
  const type = given.kind === 'formula' ? input.type : undefined;
  const draft: FieldMeta = {
    id: shortId(),
    objectId: meta.id,
    name: input.name,
    code,
    type: type ?? 'text',
    options: type ? declared(type, options) : {},
    column: newColumnName(),
    position: input.position ?? (meta.fields.at(-1)?.position ?? -1) + 1,
    names: cleanNames(input.names),
    computed: { def, stored: false, ...(given.kind === 'formula' && !type ? { infer: true } : {}) },
    createdAt: now,
    updatedAt: now,
  };
  const { field } = await checkDraft(ctx, meta.id, draft);
  const c = field.computed;
  if (c?.problem) throw refuse(lang, def, c.problem);
  if (given.kind !== 'formula' && input.type !== undefined && input.type !== field.type)
    throw invalid(lang, {
      type: [computedText(lang, 'computed.type_fixed', { type: field.type })],
    });
  if (dry) return checked(field);
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('pf_fields')
        .values({
          id: field.id,
          object_id: meta.id,
          domain_id: ctx.domainId,
          name: field.name,
          code,
          ...storedRow(field, options.hidden),
          column_name: field.column,
          position: field.position,
          names: JSON.stringify(field.names),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await syncStoredFormulas(ctx, trx, meta.id);
      await trx
        .updateTable('pf_objects')
        .set({ updated_at: now })
        .where('id', '=', meta.id)
        .execute();
    });
  } catch (e) {
    throw ddlError(ctx, e);
  } finally {
    invalidateObject(ctx.db, meta.id);
  }
  return answer(ctx, meta.id, field.id);
}

/** Names of the computed fields that read a field, for the refusal of a change. */
async function usersOf(ctx: OpContext, field: FieldMeta): Promise<string[]> {
  return computedUsers(ctx, (f) => readsField(f, field.id));
}

/** A 409 naming the computed fields that use a field. */
export function usedBy(lang: Lang, field: FieldMeta, users: string[]): AppError {
  const m =
    users.length === 1
      ? computedText(lang, 'computed.used_by', { field: field.name, users: users[0] ?? '' })
      : computedText(lang, 'computed.used_by_many', { field: field.name, users: users.join(', ') });
  return new AppError('conflict', m, { id: [m] });
}

/** Refuses removing a field, or changing what its values are, while computed fields use it. */
export async function assertUnused(ctx: OpContext, field: FieldMeta): Promise<void> {
  const users = await usersOf(ctx, field);
  if (users.length) throw usedBy(ctx.lang, field, users);
}

/** Whether a change of type or options changes what a field's values are for its users. */
export function valuesChange(field: FieldMeta, type: FieldType, options: FieldOptions): boolean {
  if (type !== field.type) return true;
  if (DECIMALS.includes(type) && fieldScale(type, options) !== fieldScale(type, field.options))
    return true;
  return type === 'reference' && options.target !== field.options.target;
}

/** `fields.update` of a computed field (or one asking to become computed: refused). */
export async function updateComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  field: FieldMeta,
  input: UpdateInput,
  dry: true,
): Promise<Checked>;
export async function updateComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  field: FieldMeta,
  input: UpdateInput,
): Promise<ReturnType<typeof fieldOut>>;
export async function updateComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  field: FieldMeta,
  input: UpdateInput,
  dry = false,
) {
  const lang = ctx.lang;
  if (!field.computed) {
    const m = computedText(lang, 'computed.no_switch');
    throw new AppError('unprocessable', m, { computed: [m] });
  }
  const given = input.computed ?? field.computed.def;
  const errors: Errors = {};
  const formula = given.kind === 'formula';
  // A formula keeps its declared type unless another is given; an inferred one is inferred again.
  const wasDeclared = field.computed.def.kind === 'formula' && !field.computed.inferred;
  const type = formula ? (input.type ?? (wasDeclared ? field.type : undefined)) : undefined;
  if (input.type !== undefined && formula && !DECLARED_TYPES.includes(input.type))
    addError(errors, 'type', computedText(lang, 'computed.formula_type'));
  const ownOptions = input.options ?? {
    ...(field.options.hidden ? { hidden: true } : {}),
    ...(type && field.options.scale !== undefined ? { scale: field.options.scale } : {}),
    ...(type === 'money' && field.options.currency ? { currency: field.options.currency } : {}),
  };
  const options = computedOptions(lang, given.kind, type, ownOptions, errors);
  if (Object.keys(errors).length) throw invalid(lang, errors);
  if (input.code && input.code !== field.code) checkCode(ctx, meta, input.code, field.id);
  const rows = await loadObjectRows(ctx, meta.id);
  const def = await normalizeDefinition(new Resolver(ctx, { fresh: true }), rows, given);
  const now = isoNow();
  const draft: FieldMeta = {
    ...field,
    name: input.name ?? field.name,
    code: input.code ?? field.code,
    position: input.position ?? field.position,
    names: input.names !== undefined ? cleanNames(input.names) : field.names,
    type: type ?? 'text',
    options: type ? declared(type, options) : {},
    computed: { def, stored: field.computed.stored, ...(formula && !type ? { infer: true } : {}) },
  };
  const { field: next } = await checkDraft(ctx, meta.id, draft);
  if (next.computed?.problem) throw refuse(lang, def, next.computed.problem);
  if (!formula && input.type !== undefined && input.type !== next.type)
    throw invalid(lang, { type: [computedText(lang, 'computed.type_fixed', { type: next.type })] });
  if (valuesChange(field, next.type, next.options)) await assertUnused(ctx, field);
  if (dry) return checked(next);
  try {
    const renamed: string[] = [];
    await ctx.db.kysely.transaction().execute(async (trx) => {
      if (next.code !== field.code || next.name !== field.name)
        renamed.push(...(await renameInFormulas(ctx, trx, field, next.code)));
      const before = await trx
        .selectFrom('pf_fields')
        .select('computed')
        .where('id', '=', field.id)
        .executeTakeFirst();
      await trx
        .updateTable('pf_fields')
        .set({
          name: next.name,
          code: next.code,
          position: next.position,
          names: JSON.stringify(next.names),
          ...storedRow(next, options.hidden, before?.computed),
          updated_at: now,
        })
        .where('id', '=', field.id)
        .execute();
      await syncStoredFormulas(ctx, trx, meta.id);
      if (input.code && input.code !== field.code)
        await pruneViewsOfField(trx, meta.id, field, input.code);
      await trx
        .updateTable('pf_objects')
        .set({ updated_at: now })
        .where('id', '=', meta.id)
        .execute();
    });
    for (const id of renamed) invalidateObject(ctx.db, id);
  } catch (e) {
    throw ddlError(ctx, e);
  } finally {
    invalidateObject(ctx.db, meta.id);
  }
  return answer(ctx, meta.id, field.id);
}

/** `fields.delete` of a computed field: its generated column, if any, goes with it. */
export async function deleteComputedField(
  ctx: OpContext,
  meta: ObjectMeta,
  field: FieldMeta,
): Promise<void> {
  await assertUnused(ctx, field);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (field.computed?.stored)
      await dropColumn(trx, ctx.db.dialect, meta.id, meta.table, field.column);
    await trx.deleteFrom('pf_fields').where('id', '=', field.id).execute();
    await pruneViewsOfField(trx, meta.id, field, null);
    await syncStoredFormulas(ctx, trx, meta.id);
    await trx
      .updateTable('pf_objects')
      .set({ updated_at: isoNow() })
      .where('id', '=', meta.id)
      .execute();
  });
  invalidateObject(ctx.db, meta.id);
}
