import type { BulkOnError, BulkRowError, RecordsWriteManyOutput } from '@fiscus/contracts';
import { sql } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { recordEvent } from '../../platform/events/index.js';
import type { OpContext, Q } from '../../platform/context.js';
import { addError, invalid, notFoundIn } from '../../platform/errors.js';
import { loadObject, storedFields, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';
import { readOnlyText } from '../../platform/computed.messages.js';
import { commonText } from '../../platform/messages.js';
import { pfText } from '../../platform/platform.messages.js';
import { selectList, type Raw } from '../../platform/read.js';
import { inLists, insertRows, updateRows } from '../../platform/rows.js';
import {
  checkRules,
  columnType,
  decode,
  encode,
  isEmptyValue,
  parseValue,
  storageOf,
} from '../../platform/values.js';
import { recordsText } from './records.messages.js';

/**
 * Every write of record values — one record from the console or thousands from a client's sync —
 * takes this one path: parse and check each row with the fields' rules, find the records rows
 * update, check references, unique values and keys for all rows at once (a few queries per
 * call, never one per row), then write new records in multi-row INSERTs, changes in multi-row
 * UPDATEs and their audit entries in multi-row INSERTs, all in ONE transaction.
 */

type Errors = Record<string, string[]>;

/** How rows find their records: all rows are new, or rows match by id or by a unique field. */
export type WriteKey = { kind: 'create' } | { kind: 'id' } | { kind: 'field'; field: FieldMeta };

/** One row: values keyed by field code (or id); with key `id`, the id of the record it updates. */
export interface WriteRow {
  id?: unknown;
  values: Record<string, unknown>;
}

interface RowState {
  index: number;
  /** Field id → parsed value, for the fields the row gives. */
  given: Map<string, unknown>;
  /** Problems by field code (`id`, `_`: the row); null while there are none. */
  errors: Errors | null;
  /** Kinds of its problems: a wrong value, a clash with stored data, a missing or deleted record. */
  invalid: boolean;
  conflict: boolean;
  missing: boolean;
  deleted: boolean;
  /** The id the row names (key `id`) or the canonical text of its key value. */
  key?: string;
  id?: number;
  /** The record the row updates and that record's values (field id → value) before. */
  target?: number;
  current?: Record<string, unknown>;
  /** Field id → value it writes: every field of a new record, the changed fields of an update. */
  write?: Map<string, unknown>;
}

type Kind = 'invalid' | 'conflict' | 'missing' | 'deleted';

function problem(s: RowState, path: string, text: string, kind: Kind = 'invalid'): void {
  s.errors ??= {};
  addError(s.errors, path, text);
  s[kind] = true;
}

function hasError(s: RowState, path: string): boolean {
  return s.errors !== null && Object.hasOwn(s.errors, path);
}

/** Whether two values (API form) are the same. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Values of a stored record, field id → value (API form). */
export function snapshot(meta: ObjectMeta, raw: Raw): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of meta.fields) out[f.id] = decode(f, raw[f.column]);
  return out;
}

/** A value as a map key: equal values (API form) have equal texts. */
function keyText(v: unknown): string {
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `n${String(v)}`;
  return `j${JSON.stringify(v)}`;
}

function fieldIndex(meta: ObjectMeta): Map<string, FieldMeta> {
  const byKey = new Map<string, FieldMeta>();
  for (const f of meta.fields) byKey.set(f.id, f);
  // Codes win over ids, as in findField.
  for (const f of meta.fields) byKey.set(f.code, f);
  return byKey;
}

/** Parses each row's values with its fields' types and rules (no database). */
function parseRows(ctx: OpContext, meta: ObjectMeta, rows: WriteRow[], key: WriteKey) {
  const { lang } = ctx;
  const byKey = fieldIndex(meta);
  return rows.map((row, index): RowState => {
    const s: RowState = {
      index,
      given: new Map(),
      errors: null,
      invalid: false,
      conflict: false,
      missing: false,
      deleted: false,
    };
    for (const [name, v] of Object.entries(row.values)) {
      const f = byKey.get(name);
      if (!f) {
        problem(s, name, pfText(lang, 'pf.unknown_field', { field: name.slice(0, 60) }));
        continue;
      }
      if (f.computed) {
        problem(s, f.code, readOnlyText(lang, f));
        continue;
      }
      const p = parseValue(f.type, f.options, v, lang);
      if (!p.ok) {
        problem(s, f.code, p.error);
        continue;
      }
      const ruleError = checkRules(f.type, f.options, p.value, lang);
      if (ruleError) problem(s, f.code, ruleError);
      s.given.set(f.id, p.value);
    }
    if (key.kind === 'id' && row.id !== undefined && row.id !== null) {
      if (typeof row.id === 'number' && Number.isSafeInteger(row.id) && row.id > 0) {
        s.id = row.id;
        s.key = keyText(row.id);
      } else problem(s, 'id', pfText(lang, 'pf.expected_record_id'));
    } else if (key.kind === 'field' && !hasError(s, key.field.code)) {
      const v = s.given.get(key.field.id);
      if (isEmptyValue(v))
        problem(
          s,
          key.field.code,
          recordsText(lang, 'records.key_empty', { field: key.field.name }),
        );
      else s.key = keyText(v);
    }
    return s;
  });
}

/** Finds the records that rows with a key update (one query per 1,024 keys). */
async function resolveTargets(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  states: RowState[],
  key: WriteKey,
): Promise<void> {
  if (key.kind === 'create') return;
  const { lang } = ctx;
  const path = key.kind === 'id' ? 'id' : key.field.code;
  const first = new Map<string, RowState>();
  const keyed: RowState[] = [];
  for (const s of states) {
    if (s.key === undefined) continue;
    const earlier = first.get(s.key);
    if (earlier) {
      problem(s, path, recordsText(lang, 'records.key_twice', { row: earlier.index }));
      continue;
    }
    first.set(s.key, s);
    keyed.push(s);
  }
  if (!keyed.length) return;
  const column = key.kind === 'id' ? 'id' : key.field.column;
  const values =
    key.kind === 'id'
      ? keyed.map((s) => s.id)
      : keyed.map((s) => encode(key.field, s.given.get(key.field.id), ctx.db.dialect));
  const found = new Map<string, Raw>();
  // PostgreSQL: the rows are locked until the write commits (in id order, so two writes of the
  // same records never deadlock), so concurrent changes of one record run one after the other and
  // each audit entry's "before" is exactly the previous entry's "after". SQLite's write
  // transactions are serial already.
  const lock = ctx.db.dialect === 'postgres' ? sql` order by id for update` : sql``;
  for (const cond of inLists(sql.id(column), values)) {
    const { rows } =
      await sql<Raw>`select ${selectList(meta.fields)} from ${sql.id(meta.table)} where ${cond}${lock}`.execute(
        trx,
      );
    for (const raw of rows) {
      const k =
        key.kind === 'id'
          ? keyText(Number(raw.id))
          : keyText(decode(key.field, raw[key.field.column]));
      found.set(k, raw);
    }
  }
  for (const s of keyed) {
    const raw = found.get(s.key as string);
    if (!raw) {
      if (key.kind === 'id') problem(s, path, pfText(lang, 'pf.not_found.record'), 'missing');
      continue;
    }
    if (raw.deleted_at) {
      problem(s, path, pfText(lang, 'pf.record_deleted'), 'deleted');
      continue;
    }
    s.target = Number(raw.id);
    s.current = snapshot(meta, raw);
  }
}

/** New rows get defaults and every required field; updates keep what did not change. */
function completeRows(ctx: OpContext, meta: ObjectMeta, states: RowState[]): void {
  const { lang } = ctx;
  const defaults = new Map<string, unknown>();
  for (const f of meta.fields) {
    if (f.options.default === undefined) continue;
    const p = parseValue(f.type, f.options, f.options.default, lang);
    if (p.ok) defaults.set(f.id, p.value);
  }
  const required = meta.fields.filter((f) => f.options.required);
  for (const s of states) {
    if (s.missing || s.deleted) continue;
    const write = new Map<string, unknown>();
    if (s.target === undefined) {
      for (const f of meta.fields) {
        let v = s.given.get(f.id);
        if (v === undefined && !s.given.has(f.id) && !hasError(s, f.code)) v = defaults.get(f.id);
        write.set(f.id, v ?? null);
      }
      for (const f of required) {
        if (!hasError(s, f.code) && isEmptyValue(write.get(f.id)))
          problem(s, f.code, commonText(lang, 'field.required'));
      }
    } else {
      const current = s.current ?? {};
      for (const f of required) {
        if (s.given.has(f.id) && !hasError(s, f.code) && isEmptyValue(s.given.get(f.id)))
          problem(s, f.code, commonText(lang, 'field.required'));
      }
      for (const [fid, v] of s.given) {
        if (!same(current[fid], v)) write.set(fid, v ?? null);
      }
    }
    s.write = write;
  }
}

/** Whether a row's value of `f` is to be written and may be checked. */
function writes(s: RowState, f: FieldMeta, onError: BulkOnError): boolean {
  if (!s.write?.has(f.id) || hasError(s, f.code)) return false;
  return onError === 'abort' || s.errors === null;
}

/**
 * The objects reference fields point to, read before the transaction opens (SQLite has one
 * connection: a read outside the transaction would wait for it to end). Undefined: gone.
 */
async function referenceTargets(
  ctx: OpContext,
  meta: ObjectMeta,
): Promise<Map<string, ObjectMeta | undefined>> {
  const out = new Map<string, ObjectMeta | undefined>();
  for (const f of meta.fields) {
    if (f.type !== 'reference') continue;
    try {
      out.set(f.id, f.options.target ? await loadObject(ctx, f.options.target) : undefined);
    } catch {
      out.set(f.id, undefined);
    }
  }
  return out;
}

/** Referenced records must exist: one query per reference field and 1,024 ids. */
async function checkReferences(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  targets: Map<string, ObjectMeta | undefined>,
  states: RowState[],
  onError: BulkOnError,
): Promise<void> {
  for (const f of meta.fields) {
    if (f.type !== 'reference') continue;
    const rows = states.filter((s) => writes(s, f, onError) && s.write?.get(f.id) !== null);
    if (!rows.length) continue;
    const ids = [...new Set(rows.map((s) => s.write?.get(f.id)))];
    const existing = new Set<number>();
    const target = targets.get(f.id);
    if (target) {
      for (const cond of inLists(sql.id('id'), ids)) {
        const { rows: found } = await sql<{
          id: number | string;
        }>`select id from ${sql.id(target.table)} where ${cond}`.execute(trx);
        for (const r of found) existing.add(Number(r.id));
      }
    }
    for (const s of rows) {
      if (!existing.has(Number(s.write?.get(f.id))))
        problem(s, f.code, pfText(ctx.lang, 'pf.reference_missing'));
    }
  }
}

/** Unique fields: no two rows with one value, and no other record holding it already. */
async function checkUnique(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  states: RowState[],
  onError: BulkOnError,
): Promise<void> {
  const { lang } = ctx;
  for (const f of meta.fields) {
    if (!f.options.unique) continue;
    const first = new Map<string, RowState>();
    const rows: RowState[] = [];
    for (const s of states) {
      if (!writes(s, f, onError)) continue;
      const v = s.write?.get(f.id);
      if (isEmptyValue(v)) continue;
      const k = keyText(v);
      const earlier = first.get(k);
      if (earlier) {
        problem(
          s,
          f.code,
          recordsText(lang, 'records.unique_in_rows', { row: earlier.index }),
          'conflict',
        );
        continue;
      }
      first.set(k, s);
      rows.push(s);
    }
    if (!rows.length) continue;
    const holders = new Map<string, number>();
    const values = rows.map((s) => encode(f, s.write?.get(f.id), ctx.db.dialect));
    for (const cond of inLists(sql.id(f.column), values)) {
      const { rows: found } = await sql<{
        id: number | string;
        v: unknown;
      }>`select id, ${sql.id(f.column)} as v from ${sql.id(meta.table)} where ${cond}`.execute(trx);
      for (const r of found) holders.set(keyText(decode(f, r.v)), Number(r.id));
    }
    for (const s of rows) {
      const holder = holders.get(keyText(s.write?.get(f.id)));
      if (holder !== undefined && holder !== s.target)
        problem(s, f.code, pfText(lang, 'pf.unique'), 'conflict');
    }
  }
}

/** A unique index violation that slipped past the checks (a race) is still a 409. */
function mapUniqueViolation(ctx: OpContext, meta: ObjectMeta, e: unknown): never {
  const err = e as { code?: string; message?: string };
  const text = String(err.message ?? '');
  if (
    err.code === '23505' ||
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(text)
  ) {
    const f = meta.fields.find((x) => x.options.unique && text.includes(x.column));
    const fields = f ? { [f.code]: [pfText(ctx.lang, 'pf.unique')] } : undefined;
    throw new AppError('conflict', pfText(ctx.lang, 'pf.unique'), fields);
  }
  throw e;
}

/** Writes the good rows: new records, changed records, their audit entries. */
async function writeGood(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  good: RowState[],
  ids: (number | null)[],
): Promise<{ created: number; updated: number; unchanged: number }> {
  const dialect = ctx.db.dialect;
  const now = isoNow();
  const user = ctx.userId;
  const audit: AuditEntry[] = [];
  const fresh = good.filter((s) => s.target === undefined);
  if (fresh.length) {
    // Only the columns some new row fills: narrower statements hold more rows.
    const used = meta.fields.filter((f) => fresh.some((s) => s.write?.get(f.id) !== null));
    const columns = ['created_at', 'created_by', 'updated_at', 'updated_by'];
    const types = ['text', 'text', 'text', 'text'];
    for (const f of used) {
      columns.push(f.column);
      types.push(columnType(storageOf(f.type, f.options), 'postgres'));
    }
    const values: unknown[] = [];
    for (const s of fresh) {
      values.push(now, user, now, user);
      for (const f of used) values.push(encode(f, s.write?.get(f.id), ctx.db.dialect));
    }
    const made = await insertRows(trx, dialect, meta.table, columns, values, {
      returningId: true,
      types,
    });
    if (made.length !== fresh.length) throw new Error('insert answered fewer ids than rows');
    fresh.forEach((s, i) => {
      const id = made[i] as number;
      ids[s.index] = id;
      audit.push({
        domainId: ctx.domainId,
        objectId: meta.id,
        recordId: id,
        action: 'create',
        userId: user,
        before: null,
        after: Object.fromEntries(s.write ?? []),
      });
    });
  }
  let updated = 0;
  let unchanged = 0;
  const shapes = new Map<string, RowState[]>();
  for (const s of good) {
    if (s.target === undefined) continue;
    ids[s.index] = s.target;
    if (!s.write?.size) {
      unchanged++;
      continue;
    }
    updated++;
    const shape = [...s.write.keys()].sort().join(',');
    let list = shapes.get(shape);
    if (!list) shapes.set(shape, (list = []));
    list.push(s);
    const before: Record<string, unknown> = {};
    for (const fid of s.write.keys()) before[fid] = s.current?.[fid] ?? null;
    audit.push({
      domainId: ctx.domainId,
      objectId: meta.id,
      recordId: s.target,
      action: 'update',
      userId: user,
      before,
      after: Object.fromEntries(s.write),
    });
  }
  const byId = new Map(meta.fields.map((f) => [f.id, f]));
  for (const [shape, list] of shapes) {
    const fields = shape.split(',').map((fid) => byId.get(fid) as FieldMeta);
    const values: unknown[] = [];
    for (const s of list) {
      values.push(s.target);
      for (const f of fields) values.push(encode(f, s.write?.get(f.id), ctx.db.dialect));
    }
    await updateRows(
      trx,
      dialect,
      meta.table,
      fields.map((f) => f.column),
      fields.map((f) => columnType(storageOf(f.type, f.options), 'postgres')),
      values,
      { updated_at: now, updated_by: user },
    );
  }
  await writeAudit(trx, ctx.db.dialect, audit);
  await recordWriteEvents(ctx, trx, meta, audit);
  return { created: fresh.length, updated, unchanged };
}

/** One event for the records a write created and one for those it changed, however many. */
async function recordWriteEvents(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  audit: AuditEntry[],
): Promise<void> {
  for (const action of ['create', 'update'] as const) {
    const entries = audit.filter((a) => a.action === action);
    if (!entries.length) continue;
    const ids = entries.map((a) => a.recordId);
    const changed = new Set(entries.flatMap((a) => Object.keys(a.after ?? {})));
    await recordEvent(ctx.db, trx, {
      kind: action === 'create' ? 'record.created' : 'record.updated',
      domainId: ctx.domainId,
      userId: ctx.userId,
      objectId: meta.id,
      objectName: meta.name,
      recordIds: ids,
      count: ids.length,
      ...(action === 'update'
        ? { data: { fields: meta.fields.filter((f) => changed.has(f.id)).map((f) => f.name) } }
        : {}),
      links:
        ids.length === 1
          ? { objectId: meta.id, recordId: ids[0] as number }
          : { objectId: meta.id },
    });
  }
}

interface Outcome {
  result: RecordsWriteManyOutput;
  /** Rows with problems, in row order. With `abort`, nothing was written when there is one. */
  bad: RowState[];
}

/** Parses, checks and (unless `abort` meets a bad row) writes rows in one transaction. */
async function run(
  ctx: OpContext,
  meta: ObjectMeta,
  rows: WriteRow[],
  key: WriteKey,
  onError: BulkOnError,
): Promise<Outcome> {
  const states = parseRows(ctx, meta, rows, key);
  // Computed fields are read, never written: the write sees the stored ones only.
  if (meta.fields.some((f) => f.computed)) meta = { ...meta, fields: storedFields(meta) };
  const targets = await referenceTargets(ctx, meta);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await resolveTargets(ctx, trx, meta, states, key);
    completeRows(ctx, meta, states);
    await checkReferences(ctx, trx, meta, targets, states, onError);
    await checkUnique(ctx, trx, meta, states, onError);
    const bad = states.filter((s) => s.errors !== null);
    const ids: (number | null)[] = new Array<number | null>(states.length).fill(null);
    const result: RecordsWriteManyOutput = {
      created: 0,
      updated: 0,
      unchanged: 0,
      ids,
      errors: [],
    };
    if (bad.length && onError === 'abort') return { result, bad };
    const good = bad.length ? states.filter((s) => s.errors === null) : states;
    if (
      key.kind !== 'create' &&
      good.some((s) => s.target === undefined) &&
      !ctx.ability.can('create', 'Record')
    )
      throw new AppError('forbidden', commonText(ctx.lang, 'error.forbidden'));
    try {
      Object.assign(result, await writeGood(ctx, trx, meta, good, ids));
    } catch (e) {
      mapUniqueViolation(ctx, meta, e);
    }
    result.errors = reportRows(ctx, bad);
    return { result, bad };
  });
}

/** Messages an answer lists at most; later bad rows are named with one summary message. */
const MAX_MESSAGES = 10_000;

function reportRows(ctx: OpContext, bad: RowState[]): BulkRowError[] {
  let room = MAX_MESSAGES;
  return bad.map((s) => {
    const errors = s.errors ?? {};
    const count = Object.values(errors).reduce((n, list) => n + list.length, 0);
    if (count > room) {
      room = 0;
      return {
        index: s.index,
        fields: { _: [recordsText(ctx.lang, 'records.more_problems', { max: MAX_MESSAGES })] },
      };
    }
    room -= count;
    return { index: s.index, fields: errors };
  });
}

/**
 * Bulk write (`records.createMany`, `records.upsertMany`). With `abort`, a bad row means nothing
 * is written and the answer is an error (409 when every problem is a clash with stored data or
 * between rows, else 400) whose fields are keyed `rows.<index>.<field>`.
 */
export async function writeMany(
  ctx: OpContext,
  meta: ObjectMeta,
  rows: WriteRow[],
  key: WriteKey,
  onError: BulkOnError,
): Promise<RecordsWriteManyOutput> {
  const { result, bad } = await run(ctx, meta, rows, key, onError);
  if (!bad.length || onError === 'skip') return result;
  const fields: Errors = {};
  for (const r of reportRows(ctx, bad)) {
    for (const [path, texts] of Object.entries(r.fields)) {
      for (const text of texts) addError(fields, `rows.${r.index}.${path}`, text);
    }
  }
  const conflictsOnly = bad.every((s) => !s.invalid && !s.missing);
  throw new AppError(
    conflictsOnly ? 'conflict' : 'validation_failed',
    recordsText(ctx.lang, 'records.bulk_rejected', { bad: bad.length, total: rows.length }),
    fields,
  );
}

/** The error of a single-record write, as records.create and records.update answer it. */
function singleError(ctx: OpContext, s: RowState): AppError {
  if (s.missing) return notFoundIn(ctx.lang, 'record');
  if (s.deleted) return new AppError('conflict', pfText(ctx.lang, 'pf.record_deleted'));
  if (s.invalid) return invalid(ctx.lang, s.errors ?? {});
  return new AppError('conflict', pfText(ctx.lang, 'pf.unique'), s.errors ?? undefined);
}

/** records.create: one new record; answers its id. */
export async function createOne(
  ctx: OpContext,
  meta: ObjectMeta,
  values: Record<string, unknown>,
): Promise<number> {
  const { result, bad } = await run(ctx, meta, [{ values }], { kind: 'create' }, 'abort');
  if (bad[0]) throw singleError(ctx, bad[0]);
  return result.ids[0] as number;
}

/** records.update: the given fields of one record. */
export async function updateOne(
  ctx: OpContext,
  meta: ObjectMeta,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  const { bad } = await run(ctx, meta, [{ id, values }], { kind: 'id' }, 'abort');
  if (bad[0]) throw singleError(ctx, bad[0]);
}
