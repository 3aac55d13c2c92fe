import {
  nameIn,
  type FieldOptions,
  type FieldType,
  type NameTranslations,
  type ObjectKind,
  type PlatformObject,
} from '@fiscus/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import type { Lang } from './messages.js';
import { srcT } from './sources/sources.messages.js';
import './sources/sources.tables.js';
import type { OpContext, Q } from './context.js';
import { notFoundIn } from './errors.js';
import { safeIdent } from './ident.js';
import './tables.js';

export interface FieldMeta {
  id: string;
  objectId: string;
  name: string;
  code: string;
  type: FieldType;
  options: FieldOptions;
  column: string;
  position: number;
  /** The name in other languages. */
  names: NameTranslations;
  createdAt: string;
  updatedAt: string;
}

/** Where a mounted object's rows come from (see relation.ts). */
export interface MountMeta {
  mode: 'live' | 'synced';
  sourceId: string | null;
  fileId: string | null;
  schema: string | null;
  table: string;
  keyColumn: string | null;
  /** The source column and its type behind each field, by field id. */
  columns: Map<string, { column: string; sourceType: string }>;
  /** Field ids (and `id`, for the key) whose source column holds no NULL. */
  notNull: Set<string>;
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
  /** The name in other languages. */
  names: NameTranslations;
  createdAt: string;
  updatedAt: string;
  /** Ordered by position. */
  fields: FieldMeta[];
  /** Kind `mounted`: its mount. */
  mount?: MountMeta;
}

/** Mounted objects are read-only: a write answers 409 naming the object. */
export function assertWritable(lang: Lang, meta: ObjectMeta): void {
  if (meta.kind === 'mounted')
    throw new AppError('conflict', srcT(lang, 'src.read_only', { name: meta.name }));
}

/** Whether an object's rows are read from its source at query time (a live mount). */
export function isLive(meta: ObjectMeta): boolean {
  return meta.mount?.mode === 'live' && !!meta.mount.sourceId;
}

function mountFromRow(r: Database['pf_mounts']): MountMeta {
  const columns = new Map<string, { column: string; sourceType: string }>();
  const notNull = new Set<string>();
  for (const c of JSON.parse(r.columns) as {
    fieldId: string;
    column: string;
    sourceType: string;
    notNull?: boolean;
  }[]) {
    columns.set(c.fieldId, { column: c.column, sourceType: c.sourceType });
    if (c.notNull) notNull.add(c.fieldId);
  }
  // The key tells rows apart: never NULL.
  if (r.key_column) notNull.add('id');
  return {
    mode: r.mode === 'live' ? 'live' : 'synced',
    sourceId: r.source_id,
    fileId: r.file_id,
    schema: r.source_schema,
    table: r.source_table,
    keyColumn: r.key_column,
    columns,
    notNull,
  };
}

type ObjectRow = Selectable<Database['pf_objects']>;
type FieldRow = Selectable<Database['pf_fields']>;

/** Stored translations of a name (JSON); anything unreadable counts as none. */
export function parseNames(json: string | null | undefined): NameTranslations {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as NameTranslations) : {};
  } catch {
    return {};
  }
}

/** An object's or field's name in the caller's language (messages, export headers, labels). */
export function shownName(lang: string, entity: { name: string; names?: NameTranslations }) {
  return nameIn(lang, entity);
}

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
    names: parseNames(r.names),
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
    names: parseNames(o.names),
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
  if (meta.kind === 'mounted') {
    const m = await k
      .selectFrom('pf_mounts')
      .selectAll()
      .where('object_id', '=', o.id)
      .executeTakeFirst();
    if (m) meta.mount = mountFromRow(m);
  }
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

/** A field as the contracts show it. */
export function fieldOut(f: FieldMeta) {
  return {
    id: f.id,
    objectId: f.objectId,
    name: f.name,
    code: f.code,
    type: f.type,
    options: f.options,
    position: f.position,
    names: f.names,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

/** An object with its fields as the contracts show it. */
export function objectOut(meta: ObjectMeta): PlatformObject {
  return {
    id: meta.id,
    name: meta.name,
    code: meta.code,
    kind: meta.kind,
    description: meta.description,
    displayFieldId: meta.displayFieldId,
    tableName: meta.table,
    fieldCount: meta.fields.length,
    names: meta.names,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    fields: meta.fields.map(fieldOut),
  };
}
