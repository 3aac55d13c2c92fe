import type { Lang } from '../../platform/messages.js';
import type { FieldMeta } from '../../platform/meta.js';
import { ABSENT, type Errors, type RowState, type WriteKey } from './records.parse.js';

/**
 * A bulk write's rows read and checked on another thread (the qry module's bulk-body worker):
 * the request holds an `OffloadedRows` in place of its rows, and the write asks for the rows'
 * states once it knows the object. What crosses between the threads is packed: one flat array
 * of the parsed values (row by row, field by field) and the rows with problems apart.
 */

/** What the worker needs to read the rows: the object's fields and how rows find records. */
export interface RowsRequest {
  lang: Lang;
  fields: readonly FieldMeta[];
  /** Ids of the fields a write can give (the stored ones), in stored order. */
  stored: readonly string[];
  key: { kind: 'create' } | { kind: 'id' } | { kind: 'field'; fieldId: string };
}

interface BadRow {
  index: number;
  errors: Errors;
  invalid: boolean;
  conflict: boolean;
  missing: boolean;
  deleted: boolean;
}

/** Rows' states as they cross between threads. */
export interface PackedRows {
  width: number;
  /** `width` values per row; undefined where the row gives no value for the field. */
  given: unknown[];
  keys: (string | undefined)[];
  ids: (number | undefined)[];
  bad: BadRow[];
}

/** The write key of a request, with its field found among the request's fields. */
export function keyOf(req: RowsRequest): WriteKey {
  if (req.key.kind !== 'field') return req.key;
  const id = req.key.fieldId;
  const field = req.fields.find((f) => f.id === id);
  if (!field) throw new Error('key field is not among the fields');
  return { kind: 'field', field };
}

export function requestOf(
  lang: Lang,
  fields: readonly FieldMeta[],
  stored: readonly FieldMeta[],
  key: WriteKey,
): RowsRequest {
  return {
    lang,
    fields,
    stored: stored.map((f) => f.id),
    key: key.kind === 'field' ? { kind: 'field', fieldId: key.field.id } : key,
  };
}

export function packRows(states: readonly RowState[], width: number): PackedRows {
  const given = new Array<unknown>(states.length * width);
  const keys = new Array<string | undefined>(states.length);
  const ids = new Array<number | undefined>(states.length);
  const bad: BadRow[] = [];
  let k = 0;
  for (let r = 0; r < states.length; r++) {
    const s = states[r] as RowState;
    const g = s.given;
    for (let i = 0; i < width; i++) {
      const v = g[i];
      // undefined is read as null everywhere; ABSENT crosses as undefined.
      given[k++] = v === ABSENT ? undefined : v === undefined ? null : v;
    }
    keys[r] = s.key;
    ids[r] = s.id;
    if (s.errors !== null)
      bad.push({
        index: s.index,
        errors: s.errors,
        invalid: s.invalid,
        conflict: s.conflict,
        missing: s.missing,
        deleted: s.deleted,
      });
  }
  return { width, given, keys, ids, bad };
}

export function unpackRows(p: PackedRows): RowState[] {
  const { width, given } = p;
  const n = p.keys.length;
  const out = new Array<RowState>(n);
  let k = 0;
  for (let r = 0; r < n; r++) {
    const g = new Array<unknown>(width);
    for (let i = 0; i < width; i++) {
      const v = given[k++];
      g[i] = v === undefined ? ABSENT : v;
    }
    const s: RowState = {
      index: r,
      given: g,
      errors: null,
      invalid: false,
      conflict: false,
      missing: false,
      deleted: false,
      // The shape of the rows parseRows makes (every property from the start).
      key: undefined,
      id: undefined,
      target: undefined,
      current: undefined,
      write: undefined,
      writes: 0,
    };
    const key = p.keys[r];
    if (key !== undefined) s.key = key;
    const id = p.ids[r];
    if (id !== undefined) s.id = id;
    out[r] = s;
  }
  for (const b of p.bad) Object.assign(out[b.index] as RowState, b);
  return out;
}

/**
 * Rows of a request parsed on another thread. `read` asks that thread for the rows' states,
 * `drop` tells it the rows are not wanted (the request ended before its write read them).
 */
export class OffloadedRows {
  private settled = false;

  constructor(
    readonly length: number,
    private readonly read: (req: RowsRequest) => Promise<PackedRows>,
    private readonly drop: () => void,
  ) {}

  async states(req: RowsRequest): Promise<RowState[]> {
    if (this.settled) throw new Error('offloaded rows read twice');
    this.settled = true;
    return unpackRows(await this.read(req));
  }

  /** Frees the rows on the other thread unless they were read. */
  discard(): void {
    if (this.settled) return;
    this.settled = true;
    this.drop();
  }
}
