import type { BulkOnError, BulkRowError, RecordsWriteManyOutput } from '@fiscus/contracts';
import { CompiledQuery, type ControlledTransaction } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import type { Database } from '../../db/schema.js';
import { isoNow } from '../../lib/clock.js';
import { writeAuditRun, writeCreateAuditOfRows } from '../../platform/audit.js';
import { recordEvent } from '../../platform/events/index.js';
import { awaitWriteTurn } from '../../platform/write-order.js';
import { prepareTriggers, type TriggerRun } from '../../platform/triggers.js';
import type { OpContext, Q } from '../../platform/context.js';
import { addError, invalid, notFoundIn } from '../../platform/errors.js';
import { loadObject, storedFields, type FieldMeta, type ObjectMeta } from '../../platform/meta.js';
import { commonText } from '../../platform/messages.js';
import { pfText } from '../../platform/platform.messages.js';
import type { Raw } from '../../platform/read.js';
import { insertRows, selectIn, updateRows } from '../../platform/rows.js';
import {
  columnType,
  decode,
  encode,
  isEmptyValue,
  parseValue,
  storageOf,
} from '../../platform/values.js';
import { recordsText } from './records.messages.js';
import {
  ABSENT,
  hasError,
  keyText,
  parseRows,
  problem,
  type Errors,
  type RowState,
  type WriteKey,
  type WriteRow,
} from './records.parse.js';
import { OffloadedRows, requestOf } from './records.offload.js';

export type { WriteKey, WriteRow } from './records.parse.js';

/**
 * Every write of record values — one record from the console or thousands from a client's sync —
 * takes this one path: parse and check each row with the fields' rules, find the records rows
 * update, check references, unique values and keys for all rows at once (a few queries per
 * call, never one per row), then write new records in multi-row INSERTs, changes in multi-row
 * UPDATEs and their audit entries in multi-row INSERTs, all in ONE transaction.
 *
 * A row's values are kept in arrays by the position of the object's stored fields (no map or
 * object per row): `ABSENT` marks a field the row does not give or write. Usual values are read
 * by the fast readers of platform/coerce.ts, the rest by `parseValue`; audit texts are written
 * field by field as the rows are, without an object per entry.
 */

/** Rows from which a write lets the event loop run between its statements. */
const YIELD_ROWS = 1000;

/**
 * Lets the event loop run (I/O, timers) between two statements of a big write: SQLite's
 * statements run on the event loop and answer at once, so a call of thousands of rows would
 * otherwise hold it from its first statement to its commit. Meanwhile the next call's body is
 * read and handed to the bulk-body worker, other requests are answered (reads on the read
 * connection; writes wait for the writer as before), and the transaction goes on after.
 */
async function breathe(rows: number): Promise<void> {
  if (rows >= YIELD_ROWS) await new Promise<void>((resolve) => setImmediate(resolve));
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

/** A stored record's values at the stored field positions `at` (API form; others unset). */
function snapshotAt(fields: readonly FieldMeta[], raw: Raw, at: readonly number[]): unknown[] {
  const out = new Array<unknown>(fields.length);
  for (const i of at) {
    const f = fields[i] as FieldMeta;
    out[i] = decode(f, raw[f.column]);
  }
  return out;
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
  const keyAt = key.kind === 'field' ? meta.fields.indexOf(key.field) : -1;
  // Only the fields some row gives are compared and audited: the others are not read.
  const given = new Array<boolean>(meta.fields.length).fill(false);
  if (keyAt >= 0) given[keyAt] = true;
  for (const s of keyed) {
    for (let i = 0; i < given.length; i++) if (s.given[i] !== ABSENT) given[i] = true;
  }
  const read: number[] = [];
  given.forEach((g, i) => g && read.push(i));
  const columns = ['id', 'deleted_at', ...read.map((i) => (meta.fields[i] as FieldMeta).column)];
  const values =
    key.kind === 'id'
      ? keyed.map((s) => s.id)
      : keyed.map((s) => encode(key.field, s.given[keyAt], ctx.db.dialect));
  const found = new Map<string, Raw>();
  // PostgreSQL: the rows are locked until the write commits (in id order, so two writes of the
  // same records never deadlock), so concurrent changes of one record run one after the other and
  // each audit entry's "before" is exactly the previous entry's "after". SQLite's write
  // transactions are serial already.
  const rows = await selectIn<Raw>(
    trx,
    ctx.db.dialect,
    meta.table,
    columns,
    column,
    values,
    ctx.db.dialect === 'postgres' ? ' order by id for update' : '',
  );
  for (const raw of rows) {
    const k =
      key.kind === 'id'
        ? keyText(Number(raw.id))
        : keyText(decode(key.field, raw[key.field.column]));
    found.set(k, raw);
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
    s.current = snapshotAt(meta.fields, raw, read);
  }
}

/** New rows get defaults and every required field; updates keep what did not change. */
function completeRows(ctx: OpContext, meta: ObjectMeta, states: RowState[]): void {
  const { lang } = ctx;
  const fields = meta.fields;
  const width = fields.length;
  const defaults = new Array<unknown>(width).fill(null);
  fields.forEach((f, i) => {
    if (f.options.default === undefined) return;
    const p = parseValue(f.type, f.options, f.options.default, lang);
    if (p.ok) defaults[i] = p.value;
  });
  const required: number[] = [];
  fields.forEach((f, i) => {
    if (f.options.required) required.push(i);
  });
  for (const s of states) {
    if (s.missing || s.deleted) continue;
    const given = s.given;
    if (s.target === undefined) {
      // A new record writes every field: the row's array becomes what it writes.
      for (let i = 0; i < width; i++) {
        const v = given[i];
        if (v === ABSENT)
          given[i] =
            s.errors !== null && hasError(s, (fields[i] as FieldMeta).code) ? null : defaults[i];
        else if (v === undefined) given[i] = null;
      }
      for (const i of required) {
        const f = fields[i] as FieldMeta;
        if (isEmptyValue(given[i]) && !hasError(s, f.code))
          problem(s, f.code, commonText(lang, 'field.required'));
      }
      s.write = given;
      s.writes = width;
    } else {
      const current = s.current ?? [];
      for (const i of required) {
        const f = fields[i] as FieldMeta;
        if (given[i] !== ABSENT && !hasError(s, f.code) && isEmptyValue(given[i]))
          problem(s, f.code, commonText(lang, 'field.required'));
      }
      const write = new Array<unknown>(width).fill(ABSENT);
      let n = 0;
      for (let i = 0; i < width; i++) {
        const v = given[i];
        if (v === ABSENT || same(current[i], v)) continue;
        write[i] = v ?? null;
        n++;
      }
      s.write = write;
      s.writes = n;
    }
  }
}

/** Whether a row's value of the field at `i` is to be written and may be checked. */
function writes(s: RowState, f: FieldMeta, i: number, onError: BulkOnError): boolean {
  if (!s.write || s.write[i] === ABSENT || hasError(s, f.code)) return false;
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
  for (const [i, f] of meta.fields.entries()) {
    if (f.type !== 'reference') continue;
    const rows = states.filter((s) => writes(s, f, i, onError) && s.write?.[i] !== null);
    if (!rows.length) continue;
    const ids = [...new Set(rows.map((s) => s.write?.[i]))];
    const existing = new Set<number>();
    const target = targets.get(f.id);
    if (target) {
      const found = await selectIn<{ id: number | string }>(
        trx,
        ctx.db.dialect,
        target.table,
        ['id'],
        'id',
        ids,
      );
      for (const r of found) existing.add(Number(r.id));
    }
    for (const s of rows) {
      if (!existing.has(Number(s.write?.[i])))
        problem(s, f.code, pfText(ctx.lang, 'pf.reference_missing'));
    }
  }
}

/** The rows of a call that write a value of a unique field (other than empty), by field. */
interface UniqueWrites {
  f: FieldMeta;
  i: number;
  rows: RowState[];
}

/**
 * Unique fields, among the rows: no two rows with one value (the later row is refused, naming
 * the earlier). Answers, per unique field, the rows that write a value of it, for the check
 * against stored records (`uniqueInStore`).
 */
function uniqueAmongRows(
  ctx: OpContext,
  meta: ObjectMeta,
  states: RowState[],
  onError: BulkOnError,
): UniqueWrites[] {
  const { lang } = ctx;
  const out: UniqueWrites[] = [];
  for (const [i, f] of meta.fields.entries()) {
    if (!f.options.unique) continue;
    const first = new Map<string, RowState>();
    const rows: RowState[] = [];
    for (const s of states) {
      if (!writes(s, f, i, onError)) continue;
      const v = s.write?.[i];
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
    if (rows.length) out.push({ f, i, rows });
  }
  return out;
}

/** Unique fields, against stored data: no other record holding the row's value already. */
async function uniqueInStore(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  unique: UniqueWrites[],
  only?: (s: RowState) => boolean,
): Promise<void> {
  for (const { f, i, rows: all } of unique) {
    const rows = only ? all.filter(only) : all;
    if (!rows.length) continue;
    const holders = new Map<string, number>();
    const values = rows.map((s) => encode(f, s.write?.[i], ctx.db.dialect));
    const found = await selectIn<{ id: number | string; [column: string]: unknown }>(
      trx,
      ctx.db.dialect,
      meta.table,
      ['id', f.column],
      f.column,
      values,
    );
    for (const r of found) holders.set(keyText(decode(f, r[f.column])), Number(r.id));
    for (const s of rows) {
      const holder = holders.get(keyText(s.write?.[i]));
      if (holder !== undefined && holder !== s.target)
        problem(s, f.code, pfText(ctx.lang, 'pf.unique'), 'conflict');
    }
  }
}

/**
 * SQLite: whether each of these unique fields has the unique index SQLite enforces (one column,
 * whole table) — then an INSERT clashing with a stored record fails instead of writing.
 */
async function enforcedBySqlite(trx: Q, meta: ObjectMeta, unique: UniqueWrites[]) {
  for (const { f } of unique) {
    const { rows } = await trx.executeQuery<{ n: number }>(
      CompiledQuery.raw(
        `select count(*) as n from pragma_index_list(?) as l where l."unique" = 1 and ` +
          `l.partial = 0 and (select count(*) from pragma_index_info(l.name)) = 1 and ` +
          `(select name from pragma_index_info(l.name)) = ?`,
        [meta.table, f.column],
      ),
    );
    if (!Number(rows[0]?.n)) return false;
  }
  return true;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err.code === '23505' ||
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(String(err.message ?? ''))
  );
}

/** A unique index violation that slipped past the checks (a race) is still a 409. */
function mapUniqueViolation(ctx: OpContext, meta: ObjectMeta, e: unknown): never {
  if (isUniqueViolation(e)) {
    const text = String((e as { message?: string }).message ?? '');
    const f = meta.fields.find((x) => x.options.unique && text.includes(x.column));
    const fields = f ? { [f.code]: [pfText(ctx.lang, 'pf.unique')] } : undefined;
    throw new AppError('conflict', pfText(ctx.lang, 'pf.unique'), fields);
  }
  throw e;
}

/** A value as JSON text (API form: text, number, boolean, list or null). */
function json(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return JSON.stringify(v);
}

/**
 * The audit text (field id → value) of the fields at `at` of `values`, written as text: what
 * `JSON.stringify` of the entry's object gives, without the object.
 */
function auditText(heads: readonly string[], values: readonly unknown[], at: readonly number[]) {
  let text = '{';
  for (let k = 0; k < at.length; k++) {
    const i = at[k] as number;
    text += (k ? ',' : '') + (heads[i] as string) + json(values[i]);
  }
  return `${text}}`;
}

/** Writes the good rows: new records, changed records, their audit entries. */
async function writeGood(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  good: RowState[],
  ids: (number | null)[],
  triggers: TriggerRun | null,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const dialect = ctx.db.dialect;
  const now = isoNow();
  const user = ctx.userId;
  const fields = meta.fields;
  const width = fields.length;
  // `"<field id>":` of each field, the audit texts' keys.
  const heads = fields.map((f) => `${JSON.stringify(f.id)}:`);
  const everyField = fields.map((_, i) => i);
  const head = { domainId: ctx.domainId, objectId: meta.id, userId: user };
  const fresh = good.filter((s) => s.target === undefined);
  const createdIds: number[] = [];
  if (fresh.length) {
    // Only the columns some new row fills: narrower statements hold more rows.
    const used: number[] = [];
    for (let i = 0; i < width; i++) {
      if (fresh.some((s) => s.write?.[i] !== null)) used.push(i);
    }
    // Who and when are the same for every row: bound once per statement rather than per row
    // (rows of nothing but nulls still give them per row: a statement needs a value per row).
    const who = { created_at: now, created_by: user, updated_at: now, updated_by: user };
    const columns = used.length ? [] : Object.keys(who);
    const types = columns.map(() => 'text');
    for (const i of used) {
      const f = fields[i] as FieldMeta;
      columns.push(f.column);
      types.push(columnType(storageOf(f.type, f.options), 'postgres'));
    }
    const values = new Array<unknown>(fresh.length * columns.length);
    let k = 0;
    for (const s of fresh) {
      const w = s.write as unknown[];
      if (!used.length) {
        values[k++] = now;
        values[k++] = user;
        values[k++] = now;
        values[k++] = user;
      }
      for (const i of used) values[k++] = encode(fields[i] as FieldMeta, w[i], dialect);
    }
    const made = await insertRows(trx, dialect, meta.table, columns, values, {
      returningId: true,
      types,
      ...(used.length ? { constants: who } : {}),
    });
    if (made.length !== fresh.length) throw new Error('insert answered fewer ids than rows');
    await breathe(fresh.length);
    fresh.forEach((s, r) => {
      const id = made[r] as number;
      ids[s.index] = id;
      createdIds.push(id);
    });
    // The audit: every field of each new record (nulls too), as records.create writes it. On
    // SQLite, when the new ids are one run (SQLite gives them row after row; checked here),
    // SQLite writes the texts from the rows it just stored.
    const first = made[0] as number;
    const last = made[made.length - 1] as number;
    const byDatabase =
      dialect === 'sqlite' &&
      last - first === made.length - 1 &&
      (await writeCreateAuditOfRows(trx, head, meta.table, fields, first, last, now));
    if (!byDatabase) {
      const audit = new Array<unknown>(fresh.length * 3);
      fresh.forEach((s, r) => {
        audit[r * 3] = made[r];
        audit[r * 3 + 1] = null;
        audit[r * 3 + 2] = auditText(heads, s.write as unknown[], everyField);
      });
      await writeAuditRun(trx, dialect, { ...head, action: 'create' }, audit, now);
    }
    await breathe(fresh.length);
  }
  let unchanged = 0;
  const updatedIds: number[] = [];
  const changed = new Array<boolean>(width).fill(false);
  const audit: unknown[] = [];
  const shapes = new Map<string, { at: number[]; rows: RowState[] }>();
  for (const s of good) {
    if (s.target === undefined) continue;
    ids[s.index] = s.target;
    if (!s.writes) {
      unchanged++;
      continue;
    }
    updatedIds.push(s.target);
    const w = s.write as unknown[];
    const at: number[] = [];
    for (let i = 0; i < width; i++) {
      if (w[i] === ABSENT) continue;
      at.push(i);
      changed[i] = true;
    }
    const shape = at.join(',');
    let group = shapes.get(shape);
    if (!group) shapes.set(shape, (group = { at, rows: [] }));
    group.rows.push(s);
    audit.push(s.target, auditText(heads, s.current ?? [], at), auditText(heads, w, at));
  }
  for (const { at, rows } of shapes.values()) {
    const set = at.map((i) => fields[i] as FieldMeta);
    const values = new Array<unknown>(rows.length * (set.length + 1));
    let k = 0;
    for (const s of rows) {
      const w = s.write as unknown[];
      values[k++] = s.target;
      for (const i of at) values[k++] = encode(fields[i] as FieldMeta, w[i], dialect);
    }
    await updateRows(
      trx,
      dialect,
      meta.table,
      set.map((f) => f.column),
      set.map((f) => columnType(storageOf(f.type, f.options), 'postgres')),
      values,
      { updated_at: now, updated_by: user },
    );
  }
  await breathe(updatedIds.length);
  await writeAuditRun(trx, dialect, { ...head, action: 'update' }, audit, now);
  await breathe(updatedIds.length);
  await recordWriteEvents(
    ctx,
    trx,
    meta,
    createdIds,
    updatedIds,
    fields.filter((_, i) => changed[i]).map((f) => f.name),
  );
  // What runs when records of the object change (platform/triggers), with the change.
  if (triggers && updatedIds.length)
    await triggers(trx, {
      ids: updatedIds,
      fieldIds: fields.filter((_, i) => changed[i]).map((f) => f.id),
    });
  return { created: fresh.length, updated: updatedIds.length, unchanged };
}

/** One event for the records a write created and one for those it changed, however many. */
async function recordWriteEvents(
  ctx: OpContext,
  trx: Q,
  meta: ObjectMeta,
  createdIds: number[],
  updatedIds: number[],
  changedFields: string[],
): Promise<void> {
  for (const action of ['create', 'update'] as const) {
    const ids = action === 'create' ? createdIds : updatedIds;
    if (!ids.length) continue;
    await recordEvent(ctx.db, trx, {
      kind: action === 'create' ? 'record.created' : 'record.updated',
      domainId: ctx.domainId,
      userId: ctx.userId,
      objectId: meta.id,
      objectName: meta.name,
      recordIds: ids,
      count: ids.length,
      ...(action === 'update' ? { data: { fields: changedFields } } : {}),
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
  rows: WriteRow[] | OffloadedRows,
  key: WriteKey,
  onError: BulkOnError,
): Promise<Outcome> {
  // Computed fields are read, never written: the write sees the stored ones only.
  const stored = meta.fields.some((f) => f.computed) ? storedFields(meta) : meta.fields;
  const states =
    rows instanceof OffloadedRows
      ? await rows.states(requestOf(ctx.lang, meta.fields, stored, key))
      : parseRows(ctx.lang, meta.fields, stored, rows, key);
  if (stored !== meta.fields) meta = { ...meta, fields: stored };
  const targets = await referenceTargets(ctx, meta);
  const triggers = await prepareTriggers(ctx, meta.id);
  // Bulk calls in flight together apply in the order they arrived (platform/write-order.ts).
  await awaitWriteTurn();
  const trx = await ctx.db.kysely.startTransaction().execute();
  try {
    const outcome = await checkAndWrite(ctx, trx, meta, states, key, onError, targets, triggers);
    await trx.commit().execute();
    return outcome;
  } catch (e) {
    if (!trx.isCommitted) await trx.rollback().execute();
    throw e;
  }
}

/** The part of `run` in its transaction: checks against stored data, then the writes. */
async function checkAndWrite(
  ctx: OpContext,
  trx: ControlledTransaction<Database>,
  meta: ObjectMeta,
  states: RowState[],
  key: WriteKey,
  onError: BulkOnError,
  targets: Map<string, ObjectMeta | undefined>,
  triggers: TriggerRun | null,
): Promise<Outcome> {
  await resolveTargets(ctx, trx, meta, states, key);
  if (key.kind !== 'create') await breathe(states.length);
  completeRows(ctx, meta, states);
  await checkReferences(ctx, trx, meta, targets, states, onError);
  const unique = uniqueAmongRows(ctx, meta, states, onError);
  // SQLite, when no row has a problem: the values of new records are left to the unique
  // index, which refuses a clash with a stored record as the lookup would find it (inserts
  // run before updates, so against the records as they were). On a clash the write is undone
  // to its savepoint and the rows are checked by the lookup, as always.
  const byIndex =
    ctx.db.dialect === 'sqlite' &&
    unique.length > 0 &&
    states.every((s) => s.errors === null) &&
    (key.kind === 'create' || ctx.ability.can('create', 'Record')) &&
    (await enforcedBySqlite(trx, meta, unique));
  await uniqueInStore(ctx, trx, meta, unique, byIndex ? isUpdate : undefined);
  await breathe(states.length);
  let bad = states.filter((s) => s.errors !== null);
  const ids: (number | null)[] = new Array<number | null>(states.length).fill(null);
  const result: RecordsWriteManyOutput = {
    created: 0,
    updated: 0,
    unchanged: 0,
    ids,
    errors: [],
  };
  if (bad.length && onError === 'abort') return { result, bad };
  let good = bad.length ? states.filter((s) => s.errors === null) : states;
  if (
    key.kind !== 'create' &&
    good.some((s) => s.target === undefined) &&
    !ctx.ability.can('create', 'Record')
  )
    throw new AppError('forbidden', commonText(ctx.lang, 'error.forbidden'));
  if (byIndex && !bad.length) {
    const saved = await trx.savepoint('bulk_write').execute();
    try {
      Object.assign(result, await writeGood(ctx, saved, meta, good, ids, triggers));
      await saved.releaseSavepoint('bulk_write').execute();
      return { result, bad };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      await saved.rollbackToSavepoint('bulk_write').execute();
      await saved.releaseSavepoint('bulk_write').execute();
    }
    ids.fill(null);
    await uniqueInStore(ctx, trx, meta, unique, (s) => !isUpdate(s));
    bad = states.filter((s) => s.errors !== null);
    if (bad.length && onError === 'abort') return { result, bad };
    good = bad.length ? states.filter((s) => s.errors === null) : states;
  }
  try {
    Object.assign(result, await writeGood(ctx, trx, meta, good, ids, triggers));
  } catch (e) {
    mapUniqueViolation(ctx, meta, e);
  }
  result.errors = reportRows(ctx, bad);
  return { result, bad };
}

function isUpdate(s: RowState): boolean {
  return s.target !== undefined;
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
  rows: WriteRow[] | OffloadedRows,
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
