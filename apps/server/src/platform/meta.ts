import {
  choiceLabel,
  nameIn,
  type ComputedDefinition,
  type ComputedInfo,
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
import { sourcesText } from './sources/sources.messages.js';
import { computedProblemText, type ComputedProblem } from './computed.messages.js';
import './sources/sources.tables.js';
import type { OpContext, Q } from './context.js';
import type { TExpr } from './expr/types.js';
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
  /** A computed field (formula, lookup, rollup): `type` and `options` describe its values. */
  computed?: ComputedMeta;
  createdAt: string;
  updatedAt: string;
}

/**
 * How a computed field's values are made (platform/computed.ts). `column` of the field is a
 * generated column of the record table when `stored` (a formula over the record's own fields),
 * else the name its values take in the object's relation (relation.ts).
 */
export interface ComputedMeta {
  /** The definition as stored (fields named by id). */
  def: ComputedDefinition;
  stored: boolean;
  /** Its value over a record of its object, in the expression's internal form (resolved). */
  value?: TExpr;
  /** A lookup: the references it follows, so the relation joins them (resolved). */
  lookup?: LookupPlan;
  /** Fields it reads directly, by id (resolved). */
  uses?: Set<string>;
  /** Set when the definition no longer resolves: the field reads empty. */
  problem?: ComputedProblem;
  /** A formula saved without a type: its type is inferred from its value when it is saved. */
  inferred?: boolean;
  /** Infer the type now (while a formula without a declared type is saved). */
  infer?: boolean;
}

/** A reference a lookup follows (computed.ts). */
export interface LookupHop {
  /** The reference field's id. */
  key: string;
  /** The reference's value over the previous record (the first: the row). */
  via: TExpr;
  /** The table of the record it points to. */
  table: string;
}

/** How a lookup is joined: its hops, and the value over the last record. */
export interface LookupPlan {
  hops: LookupHop[];
  last: TExpr;
}

/** A computed field without a column of its own: its values exist only in the relation. */
export function isVirtual(f: FieldMeta): boolean {
  return !!f.computed && !f.computed.stored;
}

/** The fields a record table has a column for and writes may set (stored fields). */
export function storedFields(meta: ObjectMeta): FieldMeta[] {
  return meta.fields.filter((f) => !f.computed);
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
  /** The description in other languages. */
  descriptions: NameTranslations;
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
  /** Objects whose metadata its computed fields read (its cached entry goes with theirs). */
  dependsOn?: ReadonlySet<string>;
  /**
   * Tables its records' values are read from: its own, and those its computed fields read
   * (cached counts and groups depend on their writes). Absent: its own table only.
   */
  readsTables?: string[];
}

/** Mounted objects are read-only: a write answers 409 naming the object. */
export function assertWritable(lang: Lang, meta: ObjectMeta): void {
  if (meta.kind === 'mounted')
    throw new AppError('conflict', sourcesText(lang, 'src.read_only', { name: meta.name }));
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

/** Stored translations of a name or description (JSON); anything unreadable counts as none. */
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

/**
 * The text of a select or multiselect value as a user of `lang` sees it: its choice's label in
 * that language, else the label, else the value itself.
 */
export function choiceText(lang: string, field: { options: FieldOptions }, value: unknown): string {
  const choice = field.options.choices?.find((c) => c.value === value);
  return choice ? choiceLabel(lang, choice) : String(value);
}

/** A stored computed definition; anything unreadable counts as a formula that cannot work. */
function computedFromRow(json: string | null | undefined): ComputedMeta | undefined {
  if (!json) return undefined;
  try {
    const { stored, generated, inferred, ...def } = JSON.parse(json) as ComputedDefinition & {
      stored?: boolean;
      generated?: string;
      inferred?: boolean;
    };
    void generated;
    return { def, stored: !!stored, ...(inferred ? { inferred: true } : {}) };
  } catch {
    return {
      def: { kind: 'formula', formula: '' },
      stored: false,
      problem: { code: 'computed.unreadable', params: {} },
    };
  }
}

export function fieldFromRow(r: FieldRow): FieldMeta {
  const computed = computedFromRow(r.computed);
  return {
    ...(computed ? { computed } : {}),
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
    descriptions: parseNames(o.descriptions),
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
 * changes (objects, fields) drop the entry. Writes to the metadata tables made by another server
 * process on the same database (told through `Db.writes`, see platform/events/bus.ts) drop the
 * whole cache at once.
 */
const caches = new WeakMap<object, Map<string, ObjectMeta>>();
/** The tables metadata is read from. */
const META_TABLES = new Set(['pf_objects', 'pf_fields', 'pf_mounts']);
function cacheOf(db: Db): Map<string, ObjectMeta> {
  let c = caches.get(db.kysely);
  if (!c) {
    caches.set(db.kysely, (c = new Map()));
    db.writes?.onExternal((tables) => {
      if (!tables || tables.some((t) => META_TABLES.has(t))) invalidateObject(db);
    });
  }
  return c;
}
/** Invalidations so far, per database: an entry read before one is not cached after it. */
const generations = new WeakMap<object, number>();

/**
 * Drops an object's cached metadata, and that of every object whose computed fields read it
 * (lookups through it, rollups of it, formulas following its references).
 */
export function invalidateObject(db: Db, objectId?: string): void {
  const cache = cacheOf(db);
  generations.set(db.kysely, (generations.get(db.kysely) ?? 0) + 1);
  if (!objectId) return cache.clear();
  cache.delete(objectId);
  for (const [id, meta] of cache) if (meta.dependsOn?.has(objectId)) cache.delete(id);
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
  const generation = generations.get(ctx.db.kysely) ?? 0;
  const meta = await loadObjectRows(ctx, objectId, q);
  if (meta.fields.some((f) => f.computed)) {
    // Loaded when needed: the resolver stands on the expression language and the compiler.
    const { resolveComputed } = await import('./computed.js');
    await resolveComputed(ctx, meta, q);
  }
  if (!q && generation === (generations.get(ctx.db.kysely) ?? 0)) cache.set(objectId, meta);
  return meta;
}

/**
 * An object's metadata as stored, its computed fields not resolved yet (see computed.ts, which
 * resolves them field by field, also across objects that use each other).
 */
export async function loadObjectRows(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  objectId: string,
  q?: Q,
): Promise<ObjectMeta> {
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
  return meta;
}

/** Of `ids`, the ones that are no object of the caller's domain (in their order). */
export async function unknownObjectIds(ctx: OpContext, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await ctx.db.kysely
    .selectFrom('pf_objects')
    .select('id')
    .where('domain_id', '=', ctx.domainId)
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** A cached object's metadata, if it is cached (resolved computed fields and all). */
export function cachedObject(db: Db, objectId: string): ObjectMeta | undefined {
  return cacheOf(db).get(objectId);
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

/** A field as the contracts show it (a computed field's problem in the reader's language). */
export function fieldOut(f: FieldMeta, lang: Lang = 'en') {
  return {
    id: f.id,
    objectId: f.objectId,
    name: f.name,
    code: f.code,
    type: f.type,
    options: f.options,
    position: f.position,
    names: f.names,
    ...(f.computed ? { computed: computedOut(f.computed, lang) } : {}),
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

function computedOut(c: ComputedMeta, lang: Lang): ComputedInfo {
  return {
    ...c.def,
    stored: c.stored,
    problem: c.problem ? computedProblemText(lang, c.problem) : null,
  };
}

/** An object with its fields as the contracts show it. */
export function objectOut(meta: ObjectMeta, lang: Lang = 'en'): PlatformObject {
  return {
    id: meta.id,
    name: meta.name,
    code: meta.code,
    kind: meta.kind,
    description: meta.description,
    descriptions: meta.descriptions,
    displayFieldId: meta.displayFieldId,
    tableName: meta.table,
    fieldCount: meta.fields.length,
    names: meta.names,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    fields: meta.fields.map((f) => fieldOut(f, lang)),
  };
}
