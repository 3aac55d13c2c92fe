import type { RecordRow } from '@fiscus/contracts';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../lib/app-error.js';
import { resolveColumn, type CompileOptions } from './compiler.js';
import { indexesOf, searchOptions, textIndexMap } from './ddl.js';
import type { OpContext } from './context.js';
import { addError, invalid } from './errors.js';
import {
  displayFieldOf,
  findField,
  isLive,
  isVirtual,
  loadObject,
  type FieldMeta,
  type ObjectMeta,
} from './meta.js';
import { computedFrom } from './computed.js';
import { relationOf } from './relation.js';
import { pfText } from './platform.messages.js';
import { hasRecordNames, nameLanguageOf } from './record-names.js';
import { decode } from './values.js';

/**
 * Reading records for a page: the columns a query returns, rows as the contracts show them,
 * display texts of referenced records. The records ops and exports share these; every reader
 * of records (lists, exports, reports) builds on them.
 */
const SYS_COLS = [
  'id',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'deleted_at',
] as const;
/** A row as the database returns it. */
export type Raw = Record<string, unknown>;
type Errors = Record<string, string[]>;

const selectLists = new Map<string, RawBuilder<unknown>>();

/**
 * The column list of a records query, kept per set of columns: one quoted fragment costs the
 * query compiler less than a list of identifiers, on every page of every list.
 */
export function selectList(fields: FieldMeta[]): RawBuilder<unknown> {
  const columns = [...SYS_COLS, ...fields.map((f) => f.column)];
  const key = columns.join(',');
  let list = selectLists.get(key);
  if (!list) {
    // Column names come from metadata; quoted like sql.id (double quotes, doubled inside).
    list = sql.raw(columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', '));
    if (selectLists.size >= 1000) selectLists.clear();
    selectLists.set(key, list);
  }
  return list;
}

/** The fields a query returns: the given codes/ids, else every field that is not hidden. */
export function pickFields(
  ctx: OpContext,
  meta: ObjectMeta,
  keys: string[] | undefined,
): FieldMeta[] {
  if (!keys) return meta.fields.filter((f) => !f.options.hidden);
  const errors: Errors = {};
  const out: FieldMeta[] = [];
  keys.forEach((k, i) => {
    const f = findField(meta, k);
    if (!f) {
      if (!resolveColumn(meta, k))
        addError(
          errors,
          `fields.${i}`,
          pfText(ctx.lang, 'pf.unknown_field', { field: k.slice(0, 60) }),
        );
    } else if (!out.includes(f)) out.push(f);
  });
  if (Object.keys(errors).length) throw invalid(ctx.lang, errors);
  return out;
}

/**
 * How to compile a query over an object: the dialect of where its rows are (the platform's
 * database, or a live mount's source), the language and the object's text indexes.
 */
export async function compileOptionsFor(ctx: OpContext, meta: ObjectMeta): Promise<CompileOptions> {
  if (isLive(meta)) {
    const rel = await relationOf(ctx, meta);
    return { dialect: rel.db.dialect, lang: ctx.lang, castIntegers: rel.db.dialect === 'postgres' };
  }
  const indexes = await indexesOf(ctx.db, meta.id);
  return {
    dialect: ctx.db.dialect,
    lang: ctx.lang,
    textIndexes: textIndexMap(indexes),
    ...searchOptions(indexes, meta.table, ctx.db.dialect),
  };
}

/** A database row as a record of the contracts (display texts still empty). */
export function toRecord(fields: FieldMeta[], raw: Raw): RecordRow {
  const values: Record<string, unknown> = {};
  for (const f of fields) values[f.code] = decode(f, raw[f.column]);
  return {
    id: Number(raw.id),
    values,
    display: {},
    createdAt: String(raw.created_at),
    createdBy: (raw.created_by as string | null) ?? null,
    updatedAt: String(raw.updated_at),
    updatedBy: (raw.updated_by as string | null) ?? null,
    deletedAt: (raw.deleted_at as string | null) ?? null,
  };
}

interface LabelRequest {
  field: FieldMeta;
  ids: number[];
}

/**
 * Display texts of referenced records: one UNION ALL query for every reference field of a
 * page, whatever the number of rows. Returns field id → (record id → text).
 */
export async function resolveLabels(
  ctx: OpContext,
  requests: LabelRequest[],
): Promise<Map<string, Map<number, string | null>>> {
  const out = new Map<string, Map<number, string | null>>();
  const parts: RawBuilder<unknown>[] = [];
  const keyOf: string[] = [];
  for (const r of requests) {
    const ids = [...new Set(r.ids)].filter((n) => Number.isSafeInteger(n));
    const targetId = r.field.options.target;
    if (!ids.length || !targetId) continue;
    let target: ObjectMeta;
    try {
      target = await loadObject(ctx, targetId);
    } catch {
      continue;
    }
    const df =
      (r.field.options.displayField
        ? findField(target, r.field.options.displayField)
        : undefined) ?? displayFieldOf(target);
    const value = df ? sql`cast(${sql.id(df.column)} as text)` : sql`cast(id as text)`;
    // A catalog's record by its name in the caller's language, where it has one. (`id` is the
    // record's: the names table has no column of that name.)
    const lang = nameLanguageOf(ctx.lang);
    const label =
      lang && hasRecordNames(target)
        ? sql`coalesce((select n.label from pf_record_names n where n.object_id = ${target.id} and n.record_id = id and n.lang = ${lang}), ${value})`
        : value;
    // A computed display field is read from the target's relation.
    const from =
      (df && isVirtual(df) && computedFrom(target, ctx.db.dialect)) || sql.id(target.table);
    keyOf.push(r.field.id);
    parts.push(
      sql`select ${sql.lit(keyOf.length - 1)} as k, id, ${label} as label from ${from} where id in (${sql.join(ids)})`,
    );
  }
  if (!parts.length) return out;
  const { rows } = await sql<{
    k: number;
    id: number;
    label: string | null;
  }>`${sql.join(parts, sql` union all `)}`.execute(ctx.db.read ?? ctx.db.kysely);
  for (const row of rows) {
    const key = keyOf[Number(row.k)];
    if (key === undefined) continue;
    let m = out.get(key);
    if (!m) out.set(key, (m = new Map()));
    m.set(Number(row.id), row.label ?? null);
  }
  return out;
}

/** Fills `display` of a page of records with the texts of their referenced records. */
export async function attachDisplay(
  ctx: OpContext,
  fields: FieldMeta[],
  records: RecordRow[],
): Promise<void> {
  const refs = fields.filter((f) => f.type === 'reference');
  if (!refs.length || !records.length) return;
  const labels = await resolveLabels(
    ctx,
    refs.map((f) => ({
      field: f,
      ids: records.map((r) => r.values[f.code]).filter((v): v is number => typeof v === 'number'),
    })),
  );
  for (const r of records) {
    for (const f of refs) {
      const v = r.values[f.code];
      r.display[f.code] = typeof v === 'number' ? (labels.get(f.id)?.get(v) ?? null) : null;
    }
  }
}

/**
 * Runs a read with the object's (cached) metadata. When it fails because a field change
 * committed meanwhile (the cached column is gone), it runs once more with fresh metadata.
 */
export async function withMeta<T>(
  ctx: OpContext,
  objectId: string,
  run: (meta: ObjectMeta) => Promise<T>,
): Promise<T> {
  const meta = await loadObject(ctx, objectId);
  try {
    return await run(meta);
  } catch (e) {
    if (e instanceof AppError) throw e;
    const fresh = await loadObject(ctx, objectId);
    if (fresh === meta) throw e;
    return run(fresh);
  }
}
