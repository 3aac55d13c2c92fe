import { randomBytes } from 'node:crypto';
import type { AppAbility, FieldOptions, FieldType, ObjectKind } from '@fiscus/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Lang } from '../../lib/messages.js';
import { notFoundIn } from '../records/records.messages.js';
import './platform.tables.js';

/** What every platform operation knows about its caller. */
export interface OpContext {
  db: Db;
  domainId: string;
  userId: string;
  ability: AppAbility;
  lang: Lang;
}

export type Q = Kysely<Database>;

export interface FieldMeta {
  id: string;
  objectId: string;
  name: string;
  code: string;
  type: FieldType;
  options: FieldOptions;
  column: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface ObjectMeta {
  id: string;
  domainId: string;
  name: string;
  code: string;
  kind: ObjectKind;
  description: string;
  displayFieldId: string | null;
  table: string;
  createdAt: string;
  updatedAt: string;
  /** Ordered by position. */
  fields: FieldMeta[];
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A short random id of lower-case letters and digits (safe inside SQL identifiers). */
export function shortId(length = 12): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

const IDENT = /^(obj|f|ix|ux|vx)_[a-z0-9_]{1,60}$/;
/** Every identifier the platform puts in SQL is made by the server; this double-checks it. */
export function safeIdent(name: string): string {
  if (!IDENT.test(name)) throw new Error(`refusing identifier ${JSON.stringify(name)}`);
  return name;
}

export function newTableName(): string {
  return `obj_${shortId()}`;
}
export function newColumnName(): string {
  return `f_${shortId()}`;
}

type ObjectRow = Database['pf_objects'];
type FieldRow = Database['pf_fields'];

export function fieldFromRow(r: FieldRow): FieldMeta {
  return {
    id: r.id,
    objectId: r.object_id,
    name: r.name,
    code: r.code,
    type: r.type as FieldType,
    options: JSON.parse(r.options) as FieldOptions,
    column: safeIdent(r.column_name),
    position: Number(r.position),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function objectFromRows(o: ObjectRow, fields: FieldRow[]): ObjectMeta {
  return {
    id: o.id,
    domainId: o.domain_id,
    name: o.name,
    code: o.code,
    kind: o.kind as ObjectKind,
    description: o.description,
    displayFieldId: o.display_field_id,
    table: safeIdent(o.table_name),
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    fields: fields
      .map(fieldFromRow)
      .sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt)),
  };
}

/**
 * Metadata cache per database: records ops read an object's metadata on every call, metadata
 * changes (objects, fields) drop the entry. One server process owns its database.
 */
const caches = new WeakMap<object, Map<string, ObjectMeta>>();
function cacheOf(db: Db): Map<string, ObjectMeta> {
  let c = caches.get(db.kysely);
  if (!c) caches.set(db.kysely, (c = new Map()));
  return c;
}

export function invalidateObject(db: Db, objectId?: string): void {
  if (objectId) cacheOf(db).delete(objectId);
  else cacheOf(db).clear();
}

/** Reads an object of the caller's domain with its fields; 404 for anything else. */
export async function loadObject(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  objectId: string,
  q?: Q,
): Promise<ObjectMeta> {
  const cache = cacheOf(ctx.db);
  if (!q) {
    const hit = cache.get(objectId);
    if (hit) {
      if (hit.domainId !== ctx.domainId) throw notFoundIn(ctx.lang, 'object');
      return hit;
    }
  }
  const k = q ?? ctx.db.kysely;
  const o = await k
    .selectFrom('pf_objects')
    .selectAll()
    .where('id', '=', objectId)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (!o) throw notFoundIn(ctx.lang, 'object');
  const fields = await k
    .selectFrom('pf_fields')
    .selectAll()
    .where('object_id', '=', o.id)
    .execute();
  const meta = objectFromRows(o, fields);
  if (!q) cache.set(objectId, meta);
  return meta;
}

/** Looks a field up by code or id. */
export function findField(meta: ObjectMeta, key: string): FieldMeta | undefined {
  return meta.fields.find((f) => f.code === key) ?? meta.fields.find((f) => f.id === key);
}

/** The field shown for a record of this object (references, titles). */
export function displayFieldOf(meta: ObjectMeta): FieldMeta | undefined {
  return (
    (meta.displayFieldId ? meta.fields.find((f) => f.id === meta.displayFieldId) : undefined) ??
    meta.fields.find((f) => f.type === 'text')
  );
}

/** A code from a display name: "Due date" → "due_date". */
export function codeFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
  const code = /^[a-z]/.test(base) ? base : `f_${base}`.replace(/_+$/, '');
  return code.length > 1 ? code : `field_${shortId(4)}`;
}
