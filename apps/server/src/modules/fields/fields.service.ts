import {
  cleanNames,
  numericTypes,
  textualTypes,
  type FieldOptions,
  type FieldType,
  type fieldsCreateInput,
  type fieldsCheckInput,
  type fieldsUpdateInput,
} from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { DialectName } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import {
  addColumn,
  dropColumn,
  dropIndex,
  dropUniqueIndexOf,
  ensureColumnRoom,
  ensureIndex,
  listIndexes,
  MAX_FIELDS,
} from '../../platform/ddl.js';
import { textIndexable } from '../../platform/text-index.js';
import { codeFromName, newColumnName, shortId } from '../../platform/ident.js';
import {
  assertWritable,
  findField,
  invalidateObject,
  loadObject,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { type OpContext, type Q } from '../../platform/context.js';
import { fieldOut } from '../../platform/meta.js';
import { addError, invalid, notFoundIn } from '../../platform/errors.js';
import { pfText } from '../../platform/platform.messages.js';
import { commonText } from '../../platform/messages.js';
import { pruneViewsOfField } from '../views/index.js';
import { checkCode, freeFieldCode } from './fields.codes.js';
import { renameInFormulas } from '../../platform/computed.js';
import {
  assertUnused,
  createComputedField,
  deleteComputedField,
  updateComputedField,
  valuesChange,
} from './fields.computed.js';
import {
  checkRules,
  columnType,
  compilePattern,
  decimalOf,
  decode,
  encode,
  isDecimalType,
  isValidDate,
  normalizeDatetime,
  parseValue,
  scaleOf,
  storageOf,
} from '../../platform/values.js';
import { compareDec, parseDecimal } from '../../platform/decimal.js';

type Errors = Record<string, string[]>;

const UNIQUE_TYPES: readonly FieldType[] = [
  'text',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'datetime',
  'select',
  'reference',
  'email',
  'url',
  'phone',
];

/** Checks a field's options against its type; returns them without empty keys. */
async function checkOptions(
  ctx: OpContext,
  type: FieldType,
  options: FieldOptions,
  errors: Errors,
): Promise<FieldOptions> {
  const lang = ctx.lang;
  const na = (key: string) =>
    addError(errors, `options.${key}`, pfText(lang, 'pf.option_not_applicable', { type }));
  const out: FieldOptions = Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined),
  );
  if (out.pattern !== undefined) {
    if (![...textualTypes].includes(type)) na('pattern');
    else if (!compilePattern(out.pattern))
      addError(errors, 'options.pattern', pfText(lang, 'pf.invalid_pattern'));
  }
  const isDate = type === 'date' || type === 'datetime';
  for (const key of ['min', 'max'] as const) {
    const v = out[key];
    if (v === undefined) continue;
    if (isDate) {
      if (typeof v !== 'string' || !(isValidDate(v) || normalizeDatetime(v)))
        addError(errors, `options.${key}`, pfText(lang, 'pf.expected_date'));
    } else if (isDecimalType(type)) {
      // A bound of a decimal field may be written as a decimal text (exact beyond 2^53).
      if (!decimalOf(v)) addError(errors, `options.${key}`, pfText(lang, 'pf.expected_number'));
    } else if (numericTypes.includes(type) || textualTypes.includes(type)) {
      if (typeof v !== 'number')
        addError(errors, `options.${key}`, pfText(lang, 'pf.expected_number'));
    } else na(key);
  }
  const lo = isDecimalType(type) && out.min !== undefined ? decimalOf(out.min) : undefined;
  const hi = isDecimalType(type) && out.max !== undefined ? decimalOf(out.max) : undefined;
  if (
    lo && hi
      ? compareDec(lo, hi) > 0
      : out.min !== undefined &&
        out.max !== undefined &&
        typeof out.min === typeof out.max &&
        out.min > out.max
  ) {
    addError(errors, 'options.min', pfText(lang, 'pf.min_above_max'));
  }
  if (out.choices !== undefined) {
    if (type !== 'select' && type !== 'multiselect') na('choices');
    else {
      const seen = new Set<string>();
      // Labels in other languages as stored: only the languages that have one.
      out.choices = out.choices.map(({ labels, ...c }) => {
        const kept = cleanNames(labels);
        return Object.keys(kept).length ? { ...c, labels: kept } : c;
      });
      out.choices.forEach((c, i) => {
        if (seen.has(c.value))
          addError(
            errors,
            `options.choices.${i}.value`,
            pfText(lang, 'pf.code_taken', { code: c.value.slice(0, 60) }),
          );
        seen.add(c.value);
      });
    }
  }
  if (out.scale !== undefined && !isDecimalType(type)) na('scale');
  if (out.currency !== undefined && type !== 'money') na('currency');
  // The scale is part of how values are stored: written down once, never implied.
  if (isDecimalType(type)) out.scale = scaleOf(type, out);
  if (out.unique && !UNIQUE_TYPES.includes(type)) na('unique');
  if (type === 'reference') {
    if (!out.target) addError(errors, 'options.target', pfText(lang, 'pf.reference_target'));
    else {
      let target: ObjectMeta | undefined;
      try {
        target = await loadObject(ctx, out.target);
      } catch {
        addError(errors, 'options.target', pfText(lang, 'pf.reference_target'));
      }
      if (target && out.displayField) {
        const df = findField(target, out.displayField);
        if (!df) addError(errors, 'options.displayField', pfText(lang, 'pf.display_field'));
        else out.displayField = df.id;
      }
    }
  } else {
    if (out.target !== undefined) na('target');
    if (out.displayField !== undefined) na('displayField');
  }
  if (out.default !== undefined && out.default !== null) {
    const p = parseValue(type, out, out.default, lang);
    if (!p.ok) addError(errors, 'options.default', p.error);
    else {
      const r = checkRules(type, out, p.value, lang);
      if (r) addError(errors, 'options.default', r);
      else out.default = p.value as FieldOptions['default'];
    }
  }
  return out;
}

async function assertNoDuplicates(
  ctx: OpContext,
  k: Q,
  meta: ObjectMeta,
  field: FieldMeta,
  column: string,
): Promise<void> {
  const { rows } = await sql<{
    v: unknown;
  }>`select ${sql.id(column)} as v from ${sql.id(meta.table)} where ${sql.id(
    column,
  )} is not null group by ${sql.id(column)} having count(*) > 1 limit 1`.execute(k);
  const dup = rows[0];
  if (dup) {
    const m = pfText(ctx.lang, 'pf.unique_duplicates', {
      field: field.name,
      example: JSON.stringify(decode(field, dup.v)).slice(0, 60),
    });
    throw new AppError('conflict', m, { 'options.unique': [m] });
  }
}

type CreateInput = z.output<typeof fieldsCreateInput>;

export async function createField(ctx: OpContext, input: CreateInput) {
  const meta = await loadObject(ctx, input.objectId);
  // A mounted object's fields are its mount's columns (mounts.*).
  assertWritable(ctx.lang, meta);
  if (meta.fields.length >= MAX_FIELDS)
    throw new AppError(
      'unprocessable',
      pfText(ctx.lang, 'pf.too_many_fields', { max: MAX_FIELDS }),
    );
  if (input.computed) return createComputedField(ctx, meta, input);
  const type = input.type;
  if (!type) throw invalid(ctx.lang, { type: [commonText(ctx.lang, 'field.required')] });
  const errors: Errors = {};
  const options = await checkOptions(ctx, type, input.options, errors);
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  const code = input.code ?? freeFieldCode(meta, codeFromName(input.name));
  checkCode(ctx, meta, code);
  const id = shortId();
  const column = newColumnName();
  const now = isoNow();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('pf_fields')
      .values({
        id,
        object_id: meta.id,
        domain_id: ctx.domainId,
        name: input.name,
        code,
        type: type,
        options: JSON.stringify(options),
        column_name: column,
        position: input.position ?? (meta.fields.at(-1)?.position ?? -1) + 1,
        names: JSON.stringify(cleanNames(input.names)),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await ensureColumnRoom(trx, ctx.db.dialect, meta.id, meta.table);
    await addColumn(trx, ctx.db.dialect, meta.table, column, storageOf(type, options));
    if (options.unique)
      await ensureIndex(trx, ctx.db.dialect, meta.id, meta.table, [{ column }], { unique: true });
    if (type === 'reference')
      await ensureIndex(trx, ctx.db.dialect, meta.id, meta.table, [{ column }]);
    if (!meta.displayFieldId && type === 'text') {
      await trx
        .updateTable('pf_objects')
        .set({ display_field_id: id })
        .where('id', '=', meta.id)
        .execute();
    }
    await trx
      .updateTable('pf_objects')
      .set({ updated_at: now })
      .where('id', '=', meta.id)
      .execute();
  });
  invalidateObject(ctx.db, meta.id);
  const fresh = await loadObject(ctx, meta.id);
  return fieldOut(fresh.fields.find((f) => f.id === id) as FieldMeta, ctx.lang);
}

/** The object a field of the caller's domain belongs to (404 when there is no such field). */
export async function fieldObjectId(ctx: OpContext, id: string): Promise<string> {
  const row = await ctx.db.kysely
    .selectFrom('pf_fields')
    .select(['object_id'])
    .where('id', '=', id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!row) throw notFoundIn(ctx.lang, 'field');
  return row.object_id;
}

async function loadFieldOwner(
  ctx: OpContext,
  id: string,
): Promise<{ meta: ObjectMeta; field: FieldMeta }> {
  const objectId = await fieldObjectId(ctx, id);
  invalidateObject(ctx.db, objectId);
  const meta = await loadObject(ctx, objectId);
  const field = meta.fields.find((f) => f.id === id);
  if (!field) throw notFoundIn(ctx.lang, 'field');
  assertWritable(ctx.lang, meta);
  return { meta, field };
}

// ---- type changes ----------------------------------------------------------------------------

function canon(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.join(', ');
  return String(v).trim();
}

/**
 * Whether a converted value is the value it came from: numbers by their exact value (`"12.50"`
 * at scale 2 is `"12.5000"` at scale 4 and the whole number 12.5 is not), the rest by text.
 */
function sameValue(before: unknown, after: unknown, to: FieldType): boolean {
  if ((to === 'integer' || isDecimalType(to)) && before !== null && after !== null) {
    const a = typeof before === 'number' ? decimalOf(before) : parseDecimal(String(before));
    const b = typeof after === 'number' ? decimalOf(after) : parseDecimal(String(after));
    if (a && b) return compareDec(a, b) === 0;
  }
  return canon(before) === canon(after);
}

/** A stored value in the shape the target type expects, before parsing. */
function adapt(v: unknown, from: FieldType, to: FieldType): unknown {
  if (v === null) return null;
  if (Array.isArray(v)) {
    if (to === 'multiselect') return v;
    if (to === 'select' && v.length === 1) return v[0];
    return v.join(', ');
  }
  if (typeof v === 'boolean' && (numericTypes.includes(to) || to === 'integer')) return v ? 1 : 0;
  if (to === 'multiselect') return [String(v)];
  if (from === 'date' && to === 'datetime' && typeof v === 'string') return `${v}T00:00:00.000Z`;
  if (from === 'datetime' && to === 'date' && typeof v === 'string' && v.endsWith('T00:00:00.000Z'))
    return v.slice(0, 10);
  return v;
}

async function batchWrite(
  k: Q,
  dialect: DialectName,
  table: string,
  column: string,
  type: FieldType,
  options: FieldOptions,
  updates: [number, unknown][],
): Promise<void> {
  const ct = sql.raw(columnType(storageOf(type, options), dialect));
  for (let i = 0; i < updates.length; i += 500) {
    const chunk = updates.slice(i, i + 500);
    const cases: RawBuilder<unknown>[] = chunk.map(
      ([id, v]) => sql`when ${id} then cast(${v} as ${ct})`,
    );
    await sql`update ${sql.id(table)} set ${sql.id(column)} = case id ${sql.join(cases, sql` `)} end where id in (${sql.join(
      chunk.map(([id]) => id),
    )})`.execute(k);
  }
}

/**
 * Converts the stored values of a field to a new type (or new choices / target). Refuses with
 * 422 naming the field when any value would be lost or become invalid; otherwise rewrites the
 * values, moving them to a new column when the storage class changes. Returns the column.
 */
async function convertField(
  ctx: OpContext,
  k: Q,
  meta: ObjectMeta,
  field: FieldMeta,
  to: FieldType,
  options: FieldOptions,
  errorKey: string,
): Promise<string> {
  const fromStorage = storageOf(field.type, field.options);
  const toStorage = storageOf(to, options);
  const moving = fromStorage !== toStorage;
  const updates: [number, unknown][] = [];
  const refIds = new Map<number, number[]>();
  let failures = 0;
  const examples: string[] = [];
  const fail = (v: unknown) => {
    failures += 1;
    if (examples.length < 3) examples.push(JSON.stringify(v).slice(0, 40));
  };
  let last = 0;
  for (;;) {
    const { rows } = await sql<{
      id: number;
      v: unknown;
    }>`select id, ${sql.id(field.column)} as v from ${sql.id(meta.table)} where ${sql.id(
      field.column,
    )} is not null and id > ${last} order by id limit 2000`.execute(k);
    if (!rows.length) break;
    for (const r of rows) {
      const id = Number(r.id);
      last = id;
      const api = decode(field, r.v);
      const adapted = adapt(api, field.type, to);
      const p = parseValue(to, options, adapted, ctx.lang);
      const lossy =
        !p.ok ||
        (to === 'attachment' && field.type !== 'attachment') ||
        (p.value === null && adapted !== null) ||
        (to !== 'boolean' && to !== 'datetime' && !sameValue(adapted, p.value, to));
      if (lossy) {
        fail(api);
        continue;
      }
      const dbv = encode({ type: to, options }, p.value, ctx.db.dialect);
      if (to === 'reference' && typeof p.value === 'number') {
        const list = refIds.get(p.value) ?? [];
        list.push(id);
        refIds.set(p.value, list);
      }
      if (moving || dbv !== r.v) updates.push([id, dbv]);
    }
  }
  if (to === 'reference' && refIds.size && options.target) {
    const target = await loadObject(ctx, options.target);
    const ids = [...refIds.keys()];
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += 500) {
      const { rows } = await sql<{
        id: number;
      }>`select id from ${sql.id(target.table)} where id in (${sql.join(ids.slice(i, i + 500))})`.execute(
        k,
      );
      for (const r of rows) found.add(Number(r.id));
    }
    for (const v of ids)
      if (!found.has(v)) for (let n = 0; n < (refIds.get(v)?.length ?? 0); n++) fail(v);
  }
  if (failures) {
    const m = pfText(ctx.lang, 'pf.type_change_lossy', {
      field: field.name,
      type: to,
      count: failures,
      examples: examples.join(', '),
    });
    throw new AppError('unprocessable', m, { [errorKey]: [m] });
  }
  if (!moving) {
    await batchWrite(k, ctx.db.dialect, meta.table, field.column, to, options, updates);
    return field.column;
  }
  const column = newColumnName();
  await ensureColumnRoom(k, ctx.db.dialect, meta.id, meta.table);
  await addColumn(k, ctx.db.dialect, meta.table, column, toStorage);
  await batchWrite(k, ctx.db.dialect, meta.table, column, to, options, updates);
  // Trigram indexes go with the old column: every text type keeps its column (see updateField).
  const indexes = (await listIndexes(k, meta.id)).filter(
    (ix) => ix.columns.some((c) => c.column === field.column) && !ix.unique && ix.kind === 'btree',
  );
  await dropColumn(k, ctx.db.dialect, meta.id, meta.table, field.column);
  for (const ix of indexes) {
    await ensureIndex(
      k,
      ctx.db.dialect,
      meta.id,
      meta.table,
      ix.columns.map((c) => (c.column === field.column ? { ...c, column } : c)),
      { live: ix.live },
    );
  }
  return column;
}

type UpdateInput = z.output<typeof fieldsUpdateInput>;

/**
 * `fields.check`: a computed field's definition run through create's (or, with `id`, update's)
 * checks without saving — what the field designer shows as the user types. A refusal a client
 * can cause answers as `valid: false` with its messages by input key.
 */
export async function checkComputedField(ctx: OpContext, input: z.output<typeof fieldsCheckInput>) {
  const name = input.name ?? 'field';
  try {
    const { field: f, stored } = input.id
      ? await (async () => {
          const { meta, field } = await loadFieldOwner(ctx, input.id as string);
          if (field.objectId !== input.objectId) throw notFoundIn(ctx.lang, 'field');
          return updateComputedField(
            ctx,
            meta,
            field,
            { id: field.id, type: input.type, options: input.options, computed: input.computed },
            true,
          );
        })()
      : await (async () => {
          const meta = await loadObject(ctx, input.objectId);
          assertWritable(ctx.lang, meta);
          return createComputedField(
            ctx,
            meta,
            { ...input, name, objectId: meta.id, code: undefined, position: undefined },
            true,
          );
        })();
    return { valid: true, type: f.type, options: f.options, stored, errors: {} };
  } catch (e) {
    if (!(e instanceof AppError) || ![400, 409, 422].includes(e.status)) throw e;
    const errors = e.fields ?? { computed: [e.message] };
    return { valid: false, type: null, options: null, stored: false, errors };
  }
}

/**
 * A field's options kept through a type change that sends none: those the new type has (a
 * decimal's scale does not follow it to text, nor a money field's currency to decimal).
 */
function applicableOptions(options: FieldOptions, to: FieldType): FieldOptions {
  const out = { ...options };
  if (!isDecimalType(to)) delete out.scale;
  if (to !== 'money') delete out.currency;
  return out;
}

export async function updateField(ctx: OpContext, input: UpdateInput) {
  const { meta, field } = await loadFieldOwner(ctx, input.id);
  if (field.computed || input.computed) return updateComputedField(ctx, meta, field, input);
  const textIndex = (await listIndexes(ctx.db.kysely, meta.id)).find(
    (ix) => ix.kind === 'trigram' && ix.columns[0]?.column === field.column,
  );
  const to = input.type ?? field.type;
  const errors: Errors = {};
  const options = await checkOptions(
    ctx,
    to,
    input.options ?? applicableOptions(field.options, to),
    errors,
  );
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  if (input.code && input.code !== field.code) checkCode(ctx, meta, input.code, field.id);
  const choicesChanged =
    (to === 'select' || to === 'multiselect') &&
    JSON.stringify(options.choices ?? []) !== JSON.stringify(field.options.choices ?? []);
  const targetChanged =
    to === 'reference' && field.type === 'reference' && options.target !== field.options.target;
  // Computed fields that read this one rely on what its values are.
  if (valuesChange(field, to, options)) await assertUnused(ctx, field);
  const renamed: string[] = [];
  // A new scale is a new way of storing the values: they are converted (or refused if digits
  // would be lost), as for a type change.
  const scaleChanged =
    to === field.type && storageOf(to, options) !== storageOf(field.type, field.options);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let column = field.column;
    if (to !== field.type || choicesChanged || targetChanged || scaleChanged) {
      column = await convertField(
        ctx,
        trx,
        meta,
        field,
        to,
        options,
        to !== field.type
          ? 'type'
          : choicesChanged
            ? 'options.choices'
            : targetChanged
              ? 'options.target'
              : 'options.scale',
      );
    }
    if (options.unique) {
      if (!field.options.unique || column !== field.column) {
        await assertNoDuplicates(ctx, trx, meta, field, column);
        await ensureIndex(trx, ctx.db.dialect, meta.id, meta.table, [{ column }], { unique: true });
      }
    } else if (field.options.unique && column === field.column) {
      await dropUniqueIndexOf(trx, ctx.db.dialect, meta.id, column);
    }
    if (to === 'reference')
      await ensureIndex(trx, ctx.db.dialect, meta.id, meta.table, [{ column }]);
    // Text types convert in place (their triggers kept the index in step); a trigram index
    // stays only while the field is text. A moved column lost its indexes with the old one.
    if (textIndex && column === field.column && !textIndexable(to))
      await dropIndex(trx, ctx.db.dialect, textIndex.name);
    const now = isoNow();
    // Formulas naming the field follow a new code or name (before the change: they name the old).
    if ((input.code && input.code !== field.code) || (input.name && input.name !== field.name))
      renamed.push(...(await renameInFormulas(ctx, trx, field, input.code ?? field.code)));
    await trx
      .updateTable('pf_fields')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.names !== undefined ? { names: JSON.stringify(cleanNames(input.names)) } : {}),
        type: to,
        options: JSON.stringify(options),
        column_name: column,
        updated_at: now,
      })
      .where('id', '=', field.id)
      .execute();
    if (input.code && input.code !== field.code)
      await pruneViewsOfField(trx, meta.id, field, input.code);
    await trx
      .updateTable('pf_objects')
      .set({ updated_at: now })
      .where('id', '=', meta.id)
      .execute();
  });
  invalidateObject(ctx.db, meta.id);
  for (const id of renamed) invalidateObject(ctx.db, id);
  const fresh = await loadObject(ctx, meta.id);
  return fieldOut(fresh.fields.find((f) => f.id === field.id) as FieldMeta, ctx.lang);
}

export async function deleteField(ctx: OpContext, id: string): Promise<{ ok: true }> {
  const { meta, field } = await loadFieldOwner(ctx, id);
  if (field.computed) {
    await deleteComputedField(ctx, meta, field);
    return { ok: true };
  }
  await assertUnused(ctx, field);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await dropColumn(trx, ctx.db.dialect, meta.id, meta.table, field.column);
    await trx.deleteFrom('pf_fields').where('id', '=', field.id).execute();
    if (meta.displayFieldId === field.id) {
      const next = meta.fields.find((f) => f.id !== field.id && f.type === 'text');
      await trx
        .updateTable('pf_objects')
        .set({ display_field_id: next?.id ?? null })
        .where('id', '=', meta.id)
        .execute();
    }
    // Reference fields elsewhere that showed this field fall back to the target's display field.
    const refs = await trx
      .selectFrom('pf_fields')
      .select(['id', 'options', 'object_id'])
      .where('domain_id', '=', ctx.domainId)
      .where('type', '=', 'reference')
      .execute();
    for (const r of refs) {
      const o = JSON.parse(r.options) as FieldOptions;
      if (o.displayField === field.id) {
        delete o.displayField;
        await trx
          .updateTable('pf_fields')
          .set({ options: JSON.stringify(o) })
          .where('id', '=', r.id)
          .execute();
        invalidateObject(ctx.db, r.object_id);
      }
    }
    await pruneViewsOfField(trx, meta.id, field, null);
    await trx
      .updateTable('pf_objects')
      .set({ updated_at: isoNow() })
      .where('id', '=', meta.id)
      .execute();
  });
  invalidateObject(ctx.db, meta.id);
  return { ok: true };
}
