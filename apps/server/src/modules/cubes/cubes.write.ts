import type {
  CubesUndoOutput,
  CubesWriteOutput,
  cubesUndoInput,
  cubesWriteInput,
} from '@fiscus/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isoAt, isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { compileWhere } from '../../platform/compiler.js';
import type { OpContext, Q } from '../../platform/context.js';
import { formatUnits } from '../../platform/decimal.js';
import { addError, invalid } from '../../platform/errors.js';
import { recordEvent } from '../../platform/events/index.js';
import {
  assertWritable,
  choiceText,
  displayFieldOf,
  isVirtual,
  loadObject,
  storedFields,
  type FieldMeta,
  type ObjectMeta,
} from '../../platform/meta.js';
import { relationOf } from '../../platform/relation.js';
import { prepareTriggers } from '../../platform/triggers.js';
import { commonText } from '../../platform/messages.js';
import { pfText } from '../../platform/platform.messages.js';
import { compileOptionsFor, resolveLabels, selectList, type Raw } from '../../platform/read.js';
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
import { cellFilterTree, periodBounds, resolveCoords, type ResolvedCoord } from './cubes.cells.js';
import { cubesText } from './cubes.messages.js';
import type { CubeModel, DimModel, MeasureModel } from './cubes.model.js';
import { fieldScale, maxUnits, parseExact, unitsFromDb, unitsToDb } from './cubes.numbers.js';
import { lockedMembers } from './cubes.query.js';
import { loadCube } from './cubes.service.js';
import { PERCENT_SCALE, spread } from './cubes.spread.js';
import './cubes.tables.js';

/**
 * Write-back: a value typed into a cell — a leaf, a subtotal or the grand total — is spread over
 * the records below it (see cubes.spread.ts), in ONE transaction: the records' new values in
 * multi-row UPDATEs, their audit entries, one ribbon event, and the write itself with every
 * previous value (`pf_cube_writes`), so that the user's last write can be undone exactly.
 * A leaf without records gets a new record when the cube's key dimensions are all fixed by the
 * cell. Cells on a locked member are refused (409 naming the member).
 */

type WriteInput = z.output<typeof cubesWriteInput>;
type UndoInput = z.output<typeof cubesUndoInput>;

/** What a write changed, in the API's value form (JSON in pf_cube_writes.changes). */
interface StoredChanges {
  /** The field written (id). */
  field: string;
  /** [record id, value before, value after]. */
  updated: [number, unknown, unknown][];
  /** Records the write created. */
  created: number[];
}

const unprocessable = (text: string, fields?: Record<string, string[]>) =>
  new AppError('unprocessable', text, fields);

function writableMeasure(ctx: OpContext, cube: CubeModel, key: string): MeasureModel {
  const m = cube.measures.find((x) => x.key === key);
  if (!m) {
    const calc = cube.calcs.find((c) => c.key === key);
    if (calc)
      throw invalid(ctx.lang, {
        measure: [cubesText(ctx.lang, 'cube.not_writable', { measure: calc.label })],
      });
    throw invalid(ctx.lang, { measure: [cubesText(ctx.lang, 'cube.unknown_measure', { key })] });
  }
  if (!m.info.writable || !m.field)
    throw invalid(ctx.lang, {
      measure: [cubesText(ctx.lang, 'cube.not_writable', { measure: m.label })],
    });
  return m;
}

/** The typed amount in units at `scale`; more fraction digits than that are refused. */
function parseAmount(ctx: OpContext, value: number | string, scale: number): bigint {
  const text = typeof value === 'number' ? String(value) : value;
  const units = parseExact(text, scale);
  if (units === undefined)
    throw invalid(ctx.lang, { value: [cubesText(ctx.lang, 'cube.value', { scale })] });
  return units;
}

function lockedError(ctx: OpContext, dim: DimModel, member: string): AppError {
  return new AppError(
    'conflict',
    cubesText(ctx.lang, 'cube.locked', { member, dimension: dim.label }),
  );
}

/** The value a new record gets from a coordinate (dates: the period's first day). */
function memberValue(dim: DimModel, member: string | number | boolean): unknown {
  if (dim.kind !== 'date') return member;
  const [from] = periodBounds(dim.grain ?? 'month', String(member)) as [string, string];
  return dim.field.type === 'date' ? from : `${from}T00:00:00.000Z`;
}

/** The values of the record a leaf without records gets, checked; field id → API value. */
function newRecordValues(
  ctx: OpContext,
  cube: CubeModel,
  coords: ResolvedCoord[],
  measure: FieldMeta,
  amount: unknown,
  title: string,
): Map<string, unknown> {
  const { lang } = ctx;
  const keyLabels = cube.keyDims.map((d) => d.label).join(', ');
  if (!cube.keyDims.length) throw unprocessable(cubesText(lang, 'cube.no_records'));
  for (const d of cube.keyDims) {
    const c = coords.find((x) => x.dim === d);
    if (!c || c.member === null)
      throw unprocessable(cubesText(lang, 'cube.new_leaf', { dimensions: keyLabels }));
  }
  const given = new Map<string, unknown>();
  const errors: Record<string, string[]> = {};
  coords.forEach((c, i) => {
    if (c.member === null) return;
    const f = c.dim.field;
    const raw = memberValue(c.dim, c.member);
    const p = parseValue(f.type, f.options, raw, lang);
    if (!p.ok) return addError(errors, `coords.${i}.member`, p.error);
    const rule = checkRules(f.type, f.options, p.value, lang);
    if (rule) return addError(errors, `coords.${i}.member`, rule);
    const earlier = given.get(f.id);
    // A date fixed at two grains (year and month): the finer period starts later.
    if (earlier === undefined || String(p.value) > String(earlier)) given.set(f.id, p.value);
  });
  const rule = checkRules(measure.type, measure.options, amount, lang);
  if (rule) addError(errors, 'value', rule);
  if (Object.keys(errors).length) throw invalid(lang, errors);
  given.set(measure.id, amount);
  const values = new Map<string, unknown>();
  const display = displayFieldOf(cube.meta);
  for (const f of storedFields(cube.meta)) {
    let v = given.get(f.id);
    if (v === undefined && f.options.default !== undefined) {
      const p = parseValue(f.type, f.options, f.options.default, lang);
      if (p.ok) v = p.value;
    }
    // The record's title (a required name) is made of the cell's members.
    if (isEmptyValue(v) && f === display && f.type === 'text') {
      const p = parseValue(f.type, f.options, title.slice(0, 200), lang);
      if (p.ok && !checkRules(f.type, f.options, p.value, lang)) v = p.value;
    }
    if (f.options.required && isEmptyValue(v))
      throw unprocessable(cubesText(lang, 'cube.new_required', { field: f.name }));
    values.set(f.id, v ?? null);
  }
  return values;
}

/** The cell's members as a user reads them (`EAST · plums · 2026-03 · Plan`). */
async function memberTitle(ctx: OpContext, coords: ResolvedCoord[]): Promise<string> {
  const refs = coords.filter((c) => c.dim.kind === 'reference' && typeof c.member === 'number');
  const labels = refs.length
    ? await resolveLabels(
        ctx,
        refs.map((c) => ({ field: c.dim.field, ids: [c.member as number] })),
      )
    : new Map<string, Map<number, string | null>>();
  return coords
    .filter((c) => c.member !== null)
    .map((c) => {
      const m = c.member as string | number | boolean;
      switch (c.dim.kind) {
        case 'reference':
          return labels.get(c.dim.field.id)?.get(m as number) ?? `#${String(m)}`;
        case 'select':
          return choiceText(ctx.lang, c.dim.field, m);
        case 'boolean':
          return cubesText(ctx.lang, m ? 'cube.yes' : 'cube.no');
        default:
          return String(m);
      }
    })
    .join(' · ');
}

/**
 * The objects reference fields of a new record point to, read before the transaction opens
 * (SQLite has one connection).
 */
async function referenceTargets(
  ctx: OpContext,
  meta: ObjectMeta,
  values: Map<string, unknown>,
): Promise<Map<FieldMeta, ObjectMeta | undefined>> {
  const out = new Map<FieldMeta, ObjectMeta | undefined>();
  for (const f of meta.fields) {
    if (f.type !== 'reference' || values.get(f.id) === null) continue;
    try {
      out.set(f, f.options.target ? await loadObject(ctx, f.options.target) : undefined);
    } catch {
      out.set(f, undefined);
    }
  }
  return out;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err.code === '23505' ||
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(String(err.message ?? ''))
  );
}

/**
 * `created_at` of a write: now, or just after the user's previous write of the cube when that
 * has the same millisecond — the last write is the one with the greatest `created_at`.
 */
async function writeTime(ctx: OpContext, trx: Q, cubeId: string): Promise<string> {
  const last = await trx
    .selectFrom('pf_cube_writes')
    .select('created_at')
    .where('domain_id', '=', ctx.domainId)
    .where('cube_id', '=', cubeId)
    .where('user_id', '=', ctx.userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const now = isoNow();
  if (!last || last.created_at < now) return now;
  return isoAt(Date.parse(last.created_at) + 1);
}

async function saveWrite(
  ctx: OpContext,
  trx: Q,
  cube: CubeModel,
  changes: StoredChanges,
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('pf_cube_writes')
    .values({
      id,
      domain_id: ctx.domainId,
      cube_id: cube.id,
      object_id: cube.meta.id,
      user_id: ctx.userId,
      changes: JSON.stringify(changes),
      created_at: await writeTime(ctx, trx, cube.id),
      undone_at: null,
    })
    .execute();
  return id;
}

/** `cubes.write`: spreads a typed value over the records of a cell. */
export async function writeCell(ctx: OpContext, input: WriteInput): Promise<CubesWriteOutput> {
  const { lang } = ctx;
  const cube = await loadCube(ctx, input.cubeId);
  const meta = cube.meta;
  // Only the platform's own tables are written: a mounted object is read-only (409).
  assertWritable(lang, meta);
  const measure = writableMeasure(ctx, cube, input.measure);
  const f = measure.field as FieldMeta;
  const coords = resolveCoords(ctx, cube, input.coords);
  const scale = fieldScale(f);
  const amount = parseAmount(ctx, input.value, input.mode === 'percentage' ? PERCENT_SCALE : scale);
  const limit = maxUnits(f);
  const tooBig = () => invalid(lang, { value: [cubesText(lang, 'cube.value_range')] });
  if (input.mode !== 'percentage' && (amount > limit || -amount > limit)) throw tooBig();

  const opts = await compileOptionsFor(ctx, meta);
  const cellWhere: RawBuilder<SqlBool> = compileWhere(
    meta,
    { filter: cellFilterTree(cube, input.filter, coords), timeZone: input.timeZone },
    opts,
  );
  // Dimensions and filters may be computed fields: the cell's records are found in the
  // object's relation, and their rows read (and locked) in the table.
  const where: RawBuilder<SqlBool> = meta.fields.some(isVirtual)
    ? sql<SqlBool>`id in (select id from ${(await relationOf(ctx, meta)).from} where ${cellWhere})`
    : cellWhere;
  const locks = cube.locks.length
    ? await lockedMembers(ctx, cube)
    : new Map<string, Map<number, string>>();
  for (const c of coords) {
    const name = typeof c.member === 'number' ? locks.get(c.dim.key)?.get(c.member) : undefined;
    if (name !== undefined) throw lockedError(ctx, c.dim, name);
  }
  // Lock dimensions the cell does not fix: the records below are checked one by one.
  const openLocks = cube.locks
    .map((l) => l.dim)
    .filter((d) => !coords.some((c) => c.dim === d) && locks.get(d.key)?.size);

  // A new record is possible only for a leaf without records; prepared outside the transaction.
  let fresh:
    { values: Map<string, unknown>; targets: Map<FieldMeta, ObjectMeta | undefined> } | undefined;
  const prepareFresh = async () => {
    if (input.mode === 'percentage')
      throw unprocessable(cubesText(lang, 'cube.no_records_percent'));
    const api = decode(f, unitsToDb(f, amount, ctx.db.dialect));
    const values = newRecordValues(ctx, cube, coords, f, api, await memberTitle(ctx, coords));
    if (!ctx.ability.can('create', 'Record'))
      throw new AppError('forbidden', commonText(lang, 'error.forbidden'));
    return { values, targets: await referenceTargets(ctx, meta, values) };
  };

  const dialect = ctx.db.dialect;
  const table = sql.id(meta.table);
  const select = sql.join([
    sql`id`,
    sql`${sql.id(f.column)} as v`,
    ...openLocks.map((d, i) => sql`${sql.id(d.field.column)} as ${sql.id(`k${i}`)}`),
  ]);
  // PostgreSQL: the rows stay locked until the write commits (in id order: no deadlock).
  const order = dialect === 'postgres' ? sql` order by id for update` : sql` order by id`;
  // Whether the cell is empty (a new record) is asked before the transaction, where reading
  // metadata is possible; the transaction sees again what is there.
  const any = await sql`select id from ${table} where ${where} limit 1`.execute(ctx.db.kysely);
  if (!any.rows.length) fresh = await prepareFresh();
  // What runs when the object's records change (platform/triggers), prepared before the write.
  const triggers = await prepareTriggers(ctx, meta.id);

  return ctx.db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<Raw>`select ${select} from ${table} where ${where}${order}`.execute(
      trx,
    );
    for (const r of rows) {
      openLocks.forEach((d, i) => {
        const id = r[`k${i}`];
        const name =
          id === null || id === undefined ? undefined : locks.get(d.key)?.get(Number(id));
        if (name !== undefined) throw lockedError(ctx, d, name);
      });
    }
    const now = isoNow();
    if (!rows.length) {
      // The cell has no records: a new one at the cell's members, holding the whole value.
      fresh ??= await prepareFresh();
      const id = await insertRecord(ctx, trx, cube, fresh, now);
      const under = await sql<{
        n: number | string;
      }>`select count(*) as n from ${table} where id = ${id} and ${where}`.execute(trx);
      if (Number(under.rows[0]?.n ?? 0) === 0)
        throw unprocessable(cubesText(lang, 'cube.new_outside'));
      const writeId = await saveWrite(ctx, trx, cube, { field: f.id, updated: [], created: [id] });
      return {
        id: writeId,
        updated: 0,
        created: 1,
        before: formatUnits(0n, measure.info.scale),
        after: formatUnits(amount, measure.info.scale),
        applied: input.mode,
        message: null,
      };
    }

    const current = rows.map((r) => unitsFromDb(f, r.v, dialect));
    const before = current.reduce<bigint>((a, v) => a + (v ?? 0n), 0n);
    const result = spread(current, input.mode, amount);
    const values: unknown[] = [];
    const changes: StoredChanges = { field: f.id, updated: [], created: [] };
    const audit: AuditEntry[] = [];
    let broken = 0;
    let reason: string | undefined;
    rows.forEach((r, i) => {
      const next = result.values[i] as bigint;
      const old = current[i] ?? null;
      // Unchanged, or an empty value that stays nothing (0).
      if (old === next || (old === null && next === 0n)) return;
      if (next > limit || -next > limit) throw tooBig();
      const db = unitsToDb(f, next, dialect);
      const after = decode(f, db);
      const problem = checkRules(f.type, f.options, after, lang);
      if (problem) {
        broken++;
        reason ??= problem;
        return;
      }
      const id = Number(r.id);
      const was = decode(f, r.v);
      values.push(id, db);
      changes.updated.push([id, was, after]);
      audit.push({
        domainId: ctx.domainId,
        objectId: meta.id,
        recordId: id,
        action: 'update',
        userId: ctx.userId,
        before: { [f.id]: was },
        after: { [f.id]: after },
      });
    });
    if (broken) {
      const text = cubesText(lang, 'cube.rule', {
        count: broken,
        field: f.name,
        reason: reason ?? '',
      });
      throw invalid(lang, { value: [text] });
    }
    if (audit.length) {
      await updateRows(
        trx,
        dialect,
        meta.table,
        [f.column],
        [columnType(storageOf(f.type, f.options), 'postgres')],
        values,
        { updated_at: now, updated_by: ctx.userId },
      );
      await writeAudit(trx, ctx.db.dialect, audit);
      const ids = audit.map((a) => a.recordId);
      await recordEvent(ctx.db, trx, {
        kind: 'record.updated',
        domainId: ctx.domainId,
        userId: ctx.userId,
        objectId: meta.id,
        objectName: meta.name,
        recordIds: ids,
        count: ids.length,
        data: { fields: [f.name], cube: cube.name },
        links:
          ids.length === 1
            ? { objectId: meta.id, recordId: ids[0] as number }
            : { objectId: meta.id },
      });
      await triggers?.(trx, { ids, fieldIds: [f.id] });
    }
    const writeId = await saveWrite(ctx, trx, cube, changes);
    return {
      id: writeId,
      updated: audit.length,
      created: 0,
      before: formatUnits(before, measure.info.scale),
      after: formatUnits(result.target, measure.info.scale),
      applied: result.applied,
      message: result.applied !== input.mode ? cubesText(lang, 'cube.spread_equal') : null,
    };
  });
}

/** Inserts the new record of an empty leaf (references checked, unique clashes → 409). */
async function insertRecord(
  ctx: OpContext,
  trx: Q,
  cube: CubeModel,
  fresh: { values: Map<string, unknown>; targets: Map<FieldMeta, ObjectMeta | undefined> },
  now: string,
): Promise<number> {
  const meta = cube.meta;
  const { lang } = ctx;
  for (const [f, target] of fresh.targets) {
    const id = fresh.values.get(f.id);
    const found = target
      ? await sql<{
          id: number | string;
        }>`select id from ${sql.id(target.table)} where id = ${id} and deleted_at is null`.execute(
          trx,
        )
      : { rows: [] };
    if (!found.rows.length)
      throw invalid(lang, { [f.code]: [pfText(lang, 'pf.reference_missing')] });
  }
  const used = meta.fields.filter((f) => fresh.values.get(f.id) !== null);
  const columns = [
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    ...used.map((f) => f.column),
  ];
  const row: unknown[] = [now, ctx.userId, now, ctx.userId];
  for (const f of used) row.push(encode(f, fresh.values.get(f.id), ctx.db.dialect));
  let id: number;
  try {
    [id] = (await insertRows(trx, ctx.db.dialect, meta.table, columns, row, {
      returningId: true,
    })) as [number];
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('conflict', pfText(lang, 'pf.unique'));
    throw e;
  }
  await writeAudit(trx, ctx.db.dialect, [
    {
      domainId: ctx.domainId,
      objectId: meta.id,
      recordId: id,
      action: 'create',
      userId: ctx.userId,
      before: null,
      after: Object.fromEntries(fresh.values),
    },
  ]);
  await recordEvent(ctx.db, trx, {
    kind: 'record.created',
    domainId: ctx.domainId,
    userId: ctx.userId,
    objectId: meta.id,
    objectName: meta.name,
    recordIds: [id],
    count: 1,
    data: { cube: cube.name },
    links: { objectId: meta.id, recordId: id },
  });
  return id;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * `cubes.undo`: takes back the caller's last write in the cube that is not undone yet — the
 * previous values return, records it created are deleted (soft, audited). Refused (409) when
 * any of those records changed since, so nobody's later change is overwritten.
 */
export async function undoWrite(ctx: OpContext, input: UndoInput): Promise<CubesUndoOutput> {
  const { lang } = ctx;
  const cube = await loadCube(ctx, input.cubeId);
  const meta = cube.meta;
  assertWritable(lang, meta);
  const dialect = ctx.db.dialect;
  const triggers = await prepareTriggers(ctx, meta.id);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const w = await trx
      .selectFrom('pf_cube_writes')
      .selectAll()
      .where('domain_id', '=', ctx.domainId)
      .where('cube_id', '=', cube.id)
      .where('user_id', '=', ctx.userId)
      .where('undone_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!w) throw new AppError('conflict', cubesText(lang, 'cube.nothing_to_undo'));
    const changes = JSON.parse(w.changes) as StoredChanges;
    const f = meta.fields.find((x) => x.id === changes.field);
    const ids = [...changes.updated.map((u) => u[0]), ...changes.created];
    const found = new Map<number, Raw>();
    const lock = dialect === 'postgres' ? sql` order by id for update` : sql``;
    for (const cond of inLists(sql.id('id'), ids)) {
      const { rows } =
        await sql<Raw>`select ${selectList(storedFields(meta))} from ${sql.id(meta.table)} where ${cond}${lock}`.execute(
          trx,
        );
      for (const r of rows) found.set(Number(r.id), r);
    }
    const now = (r: Raw | undefined) =>
      f && r && !r.deleted_at ? decode(f, r[f.column]) : undefined;
    let changed = 0;
    for (const [id, , after] of changes.updated) {
      const v = now(found.get(id));
      if (v === undefined || !same(v, after)) changed++;
    }
    for (const id of changes.created) {
      const r = found.get(id);
      if (!r || r.deleted_at || !f) changed++;
    }
    if (changed)
      throw new AppError('conflict', cubesText(lang, 'cube.undo_conflict', { count: changed }));
    const field = f as FieldMeta;
    const stamp = isoNow();
    const audit: AuditEntry[] = [];
    if (changes.updated.length) {
      const values: unknown[] = [];
      for (const [id, before, after] of changes.updated) {
        values.push(id, encode(field, before, ctx.db.dialect));
        audit.push({
          domainId: ctx.domainId,
          objectId: meta.id,
          recordId: id,
          action: 'update',
          userId: ctx.userId,
          before: { [field.id]: after },
          after: { [field.id]: before },
        });
      }
      await updateRows(
        trx,
        dialect,
        meta.table,
        [field.column],
        [columnType(storageOf(field.type, field.options), 'postgres')],
        values,
        { updated_at: stamp, updated_by: ctx.userId },
      );
      const restored = changes.updated.map((u) => u[0]);
      await recordEvent(ctx.db, trx, {
        kind: 'record.updated',
        domainId: ctx.domainId,
        userId: ctx.userId,
        objectId: meta.id,
        objectName: meta.name,
        recordIds: restored,
        count: restored.length,
        data: { fields: [field.name], cube: cube.name, undo: true },
        links: { objectId: meta.id },
      });
      await triggers?.(trx, { ids: restored, fieldIds: [field.id] });
    }
    if (changes.created.length) {
      for (const cond of inLists(sql.id('id'), changes.created)) {
        await sql`update ${sql.id(meta.table)} set deleted_at = ${stamp}, deleted_by = ${ctx.userId} where ${cond}`.execute(
          trx,
        );
      }
      for (const id of changes.created) {
        const r = found.get(id) as Raw;
        const snap: Record<string, unknown> = {};
        for (const x of storedFields(meta)) snap[x.id] = decode(x, r[x.column]);
        audit.push({
          domainId: ctx.domainId,
          objectId: meta.id,
          recordId: id,
          action: 'delete',
          userId: ctx.userId,
          before: snap,
          after: null,
        });
      }
      await recordEvent(ctx.db, trx, {
        kind: 'record.deleted',
        domainId: ctx.domainId,
        userId: ctx.userId,
        objectId: meta.id,
        objectName: meta.name,
        recordIds: changes.created,
        count: changes.created.length,
        data: { cube: cube.name, undo: true },
        links: { objectId: meta.id },
      });
    }
    await writeAudit(trx, ctx.db.dialect, audit);
    await trx
      .updateTable('pf_cube_writes')
      .set({ undone_at: stamp })
      .where('id', '=', w.id)
      .execute();
    return { id: w.id, restored: changes.updated.length, removed: changes.created.length };
  });
}
