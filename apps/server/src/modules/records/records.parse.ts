import { fastReader, hasRules, SLOW, type FastReader } from '../../platform/coerce.js';
import { readOnlyText } from '../../platform/computed.messages.js';
import { addError } from '../../platform/errors.js';
import type { Lang } from '../../platform/messages.js';
import type { FieldMeta } from '../../platform/meta.js';
import { pfText } from '../../platform/platform.messages.js';
import { checkRules, isEmptyValue, parseValue } from '../../platform/values.js';
import { recordsText } from './records.messages.js';

/**
 * The first half of a write of record values: each row's values read and checked with the
 * fields' types and rules, without the database. It runs where the rows are — in the request
 * for a few rows, in the bulk-body worker for a big bulk write (records.offload.ts) — and the
 * rows' states go on to records.write.ts, which checks them against stored data and writes.
 */

export type Errors = Record<string, string[]>;

/** How rows find their records: all rows are new, or rows match by id or by a unique field. */
export type WriteKey = { kind: 'create' } | { kind: 'id' } | { kind: 'field'; field: FieldMeta };

/** One row: values keyed by field code (or id); with key `id`, the id of the record it updates. */
export interface WriteRow {
  id?: unknown;
  values: Record<string, unknown>;
}

/** A field a row does not give (in `given`) or does not write (in `write`). */
export const ABSENT: unique symbol = Symbol('absent');

export interface RowState {
  index: number;
  /** Parsed values by stored field position; ABSENT where the row gives none. */
  given: unknown[];
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
  /** The record the row updates and that record's values (by stored field position) before. */
  target?: number;
  current?: unknown[];
  /**
   * Values it writes by stored field position (ABSENT: not written): every field of a new
   * record, the changed fields of an update.
   */
  write?: unknown[];
  /** How many fields it writes. */
  writes: number;
}

type Kind = 'invalid' | 'conflict' | 'missing' | 'deleted';

export function problem(s: RowState, path: string, text: string, kind: Kind = 'invalid'): void {
  s.errors ??= {};
  addError(s.errors, path, text);
  s[kind] = true;
}

export function hasError(s: RowState, path: string): boolean {
  return s.errors !== null && Object.hasOwn(s.errors, path);
}

/** A value as a map key: equal values (API form) have equal texts. */
export function keyText(v: unknown): string {
  if (typeof v === 'string') return `s${v}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `n${String(v)}`;
  return `j${JSON.stringify(v)}`;
}

/** How a row's key finds a field: its stored position (-1: computed) and how values are read. */
interface Slot {
  field: FieldMeta;
  at: number;
  fast: FastReader | null;
  rules: boolean;
}

/** Field ids and codes → slots; `stored` are the fields a write can give. */
function fieldIndex(fields: readonly FieldMeta[], stored: readonly FieldMeta[]): Map<string, Slot> {
  const at = new Map(stored.map((f, i) => [f.id, i]));
  const slots = fields.map((field): Slot => ({
    field,
    at: at.get(field.id) ?? -1,
    fast: field.computed ? null : fastReader(field.type, field.options),
    rules: hasRules(field.options),
  }));
  const byKey = new Map<string, Slot>();
  for (const s of slots) byKey.set(s.field.id, s);
  // Codes win over ids, as in findField.
  for (const s of slots) byKey.set(s.field.code, s);
  return byKey;
}

/**
 * Parses each row's values with its fields' types and rules (no database): `fields` are the
 * object's fields, `stored` those a write can give.
 */
export function parseRows(
  lang: Lang,
  fields: readonly FieldMeta[],
  stored: readonly FieldMeta[],
  rows: readonly WriteRow[],
  key: WriteKey,
): RowState[] {
  const byKey = fieldIndex(fields, stored);
  const keyAt = key.kind === 'field' ? stored.indexOf(key.field) : -1;
  const width = stored.length;
  const out = new Array<RowState>(rows.length);
  // The slots of the previous row's names by position: a client's rows mostly give the same
  // names in the same order, and a row parsed from JSON shares its name strings with the others.
  const lastNames: string[] = [];
  const lastSlots: (Slot | undefined)[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as WriteRow;
    const given = new Array<unknown>(width).fill(ABSENT);
    const s: RowState = {
      index,
      given,
      errors: null,
      invalid: false,
      conflict: false,
      missing: false,
      deleted: false,
      // Every property from the start: all rows keep one shape, its fields in the object.
      key: undefined,
      id: undefined,
      target: undefined,
      current: undefined,
      write: undefined,
      writes: 0,
    };
    const values = row.values;
    let n = 0;
    for (const name in values) {
      let slot: Slot | undefined;
      if (lastNames[n] === name) slot = lastSlots[n];
      else {
        slot = byKey.get(name);
        lastNames[n] = name;
        lastSlots[n] = slot;
      }
      n++;
      if (!slot) {
        problem(s, name, pfText(lang, 'pf.unknown_field', { field: name.slice(0, 60) }));
        continue;
      }
      const f = slot.field;
      if (slot.at < 0) {
        problem(s, f.code, readOnlyText(lang, f));
        continue;
      }
      const v = values[name];
      let value = slot.fast ? slot.fast(v) : SLOW;
      if (value === SLOW) {
        const p = parseValue(f.type, f.options, v, lang);
        if (!p.ok) {
          problem(s, f.code, p.error);
          continue;
        }
        value = p.value;
      }
      if (slot.rules) {
        const ruleError = checkRules(f.type, f.options, value, lang);
        if (ruleError) problem(s, f.code, ruleError);
      }
      given[slot.at] = value;
    }
    if (key.kind === 'id' && row.id !== undefined && row.id !== null) {
      if (typeof row.id === 'number' && Number.isSafeInteger(row.id) && row.id > 0) {
        s.id = row.id;
        s.key = keyText(row.id);
      } else problem(s, 'id', pfText(lang, 'pf.expected_record_id'));
    } else if (key.kind === 'field' && !hasError(s, key.field.code)) {
      const v = keyAt >= 0 ? given[keyAt] : ABSENT;
      if (v === ABSENT || isEmptyValue(v))
        problem(
          s,
          key.field.code,
          recordsText(lang, 'records.key_empty', { field: key.field.name }),
        );
      else s.key = keyText(v);
    }
    out[index] = s;
  }
  return out;
}

/** A bulk write's rows as the write takes them: with key `id`, each row's id apart. */
export function writeRows(rows: readonly Record<string, unknown>[], byId: boolean): WriteRow[] {
  if (!byId) return rows.map((values) => ({ values }));
  return rows.map(({ id, ...values }) => ({ id, values }));
}
