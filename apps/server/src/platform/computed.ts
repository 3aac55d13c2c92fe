import type {
  ComputedDefinition,
  FieldOptions,
  FieldType,
  FilterNode,
  RollupFn,
} from '@fiscus/contracts';
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import { compileFilter, resolveColumn, type Column } from './compiler.js';
import type { ComputedProblem } from './computed.messages.js';
import type { OpContext, Q } from './context.js';
import { dropColumn, ensureColumnRoom, ensureIndex, listIndexes } from './ddl.js';
import { newColumnName } from './ident.js';
import { analyze } from './expr/index.js';
import type { Node } from './expr/ast.js';
import { fieldNamed } from './expr/checker.js';
import { parseExpr } from './expr/parser.js';
import { checkAssign } from './expr/assign.js';
import { emit, subqueryValue } from './expr/sql.js';
import { internalToStored } from './expr/storage.js';
import {
  fieldScale,
  T,
  typeOfField,
  type ExprType,
  type SqlEnv,
  type TExpr,
} from './expr/types.js';
import {
  cachedObject,
  findField,
  isLive,
  isVirtual,
  loadObject,
  loadObjectRows,
  type ComputedMeta,
  type FieldMeta,
  type LookupHop,
  type LookupPlan,
  type ObjectMeta,
} from './meta.js';
import { columnType, storageOf } from './values.js';

/**
 * Computed fields: formulas, lookups and rollups. Their values are computed by SQL wherever
 * records are read, never row by row in JavaScript:
 *
 * - Each computed field **resolves** to its value over a record of its object — a typed
 *   expression of the expression language (expr/): a formula's checked tree; a lookup's chain of
 *   subqueries by primary key through its references; a rollup's aggregate subquery over the
 *   records of another object whose reference points to the record. A formula that uses another
 *   computed field (of its record, or of a referenced one) takes that field's value in. The
 *   expression language's `ref.field` reaches computed fields of referenced records the same way,
 *   so procedures read computed fields like stored ones.
 * - An object's **relation** (relation.ts) presents the computed fields as columns: a derived
 *   table over the record table whose extra columns are the computed values — lookups as LEFT
 *   JOINs along their references, formulas compiled into the select, rollups as correlated
 *   grouped subqueries. Pages, counts, groups, cubes, exports and reports read that relation, so
 *   filters, sorts and groups work on computed fields as on stored ones. Both databases flatten
 *   the derived table into the query (SQLite's flattener, PostgreSQL's subquery pull-up): columns
 *   and joins a query does not use cost nothing.
 * - A formula over its record's own fields only (no reference followed, no `today()`/`now()`) is
 *   **stored** as a generated column (SQLite VIRTUAL, PostgreSQL STORED): it is then a column of
 *   the table, indexed by saved views like any other (docs/platform.md, "Computed fields").
 *
 * Resolution loads what a definition reads field by field (objects may use each other: orders
 * look up their customer's name while customers total their orders), and refuses a field that
 * would use itself.
 */

type Sql = RawBuilder<unknown>;

/** Raised inside resolution: the field cannot be computed, and why. */
class Problem extends Error {
  constructor(readonly problem: ComputedProblem) {
    super(problem.code);
  }
}

const problem = (code: string, params: Record<string, string | number> = {}): never => {
  throw new Problem({ code, params });
};

/** The part of a field's options that describes its values (a lookup takes its source's). */
export function valueOptions(type: FieldType, options: FieldOptions): FieldOptions {
  const out: FieldOptions = {};
  if (type === 'decimal' || type === 'money' || type === 'percent')
    out.scale = fieldScale(type, options);
  if (type === 'money' && options.currency) out.currency = options.currency;
  if ((type === 'select' || type === 'multiselect') && options.choices)
    out.choices = options.choices;
  if (type === 'reference' && options.target) {
    out.target = options.target;
    if (options.displayField) out.displayField = options.displayField;
  }
  return out;
}

/** The most fraction digits a computed decimal keeps (what a decimal field can). */
const MAX_VALUE_SCALE = 6;

/** The field type a formula's value has when none is declared; undefined when it has none. */
export function inferredType(
  t: ExprType,
): { type: FieldType; options: FieldOptions } | ComputedProblem {
  switch (t.t) {
    case 'int':
      return { type: 'integer', options: {} };
    case 'dec':
      return { type: 'decimal', options: { scale: Math.min(t.scale, MAX_VALUE_SCALE) } };
    case 'text':
      return { type: 'text', options: {} };
    case 'bool':
      return { type: 'boolean', options: {} };
    case 'date':
      return { type: 'date', options: {} };
    case 'datetime':
      return { type: 'datetime', options: {} };
    case 'ref':
      return { type: 'reference', options: { target: t.objectId } };
    case 'null':
      return { code: 'computed.formula_empty', params: {} };
    default:
      return { code: 'computed.formula_result', params: { type: t.t } };
  }
}

const NUMERIC: readonly FieldType[] = ['integer', 'decimal', 'money', 'percent'];
const ORDERED: readonly FieldType[] = [
  ...NUMERIC,
  'date',
  'datetime',
  'text',
  'select',
  'email',
  'url',
  'phone',
];

/** Whether a rollup function applies to a field of this type. */
export function rollupApplies(fn: RollupFn, type: FieldType): boolean {
  if (fn === 'count') return true;
  if (fn === 'sum' || fn === 'avg') return NUMERIC.includes(type);
  if (fn === 'min' || fn === 'max') return ORDERED.includes(type);
  return type !== 'multiselect' && type !== 'attachment' && type !== 'longtext';
}

/** The type and options of a rollup's values. */
function rollupType(
  fn: RollupFn,
  field: FieldMeta | undefined,
): { type: FieldType; options: FieldOptions } {
  if (fn === 'count' || fn === 'count_distinct' || !field) return { type: 'integer', options: {} };
  const options = valueOptions(field.type, field.options);
  if (fn === 'avg' && field.type === 'integer') return { type: 'decimal', options: { scale: 2 } };
  return { type: field.type, options };
}

/** A column of the row (a stored field or system column) as an expression. */
function columnValue(f: FieldMeta, span = { start: 0, end: 0 }): TExpr {
  return {
    k: 'col',
    column: f.column,
    fieldType: f.type,
    fieldCode: f.code,
    type: typeOfField(f.type, f.options),
    span,
  };
}

const SPAN = { start: 0, end: 0 };

/** What resolving computed fields may read: objects by id, fresh or from the cache. */
interface SessionOptions {
  /** Read every object from the database (validating a change), never from the cache. */
  fresh?: boolean;
  q?: Q;
}

/** One resolution: the objects it has read, the fields it is resolving (for cycles). */
export class Resolver {
  private readonly metas = new Map<string, ObjectMeta>();
  private readonly stack: FieldMeta[] = [];
  /** The cycle found, if any: the fields of the circle, the repeated one last. */
  cycle: FieldMeta[] | null = null;
  /** Objects read besides the ones given. */
  readonly read = new Set<string>();

  constructor(
    private readonly ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
    private readonly opts: SessionOptions = {},
  ) {}

  /** Uses this metadata for its object (the object being resolved, or a change being checked). */
  use(meta: ObjectMeta): void {
    this.metas.set(meta.id, meta);
  }

  /** An object of the caller's domain; throws (404) for anything else. */
  async load(id: string): Promise<ObjectMeta> {
    const known = this.metas.get(id);
    if (known) return known;
    const hit = this.opts.fresh || this.opts.q ? undefined : cachedObject(this.ctx.db, id);
    const meta =
      hit && hit.domainId === this.ctx.domainId
        ? hit
        : await loadObjectRows(this.ctx, id, this.opts.q);
    this.metas.set(id, meta);
    this.read.add(id);
    for (const d of meta.dependsOn ?? []) this.read.add(d);
    return meta;
  }

  /** Tables of the objects read besides the ones given. */
  tables(): string[] {
    return [...this.read].flatMap((id) => {
      const m = this.metas.get(id);
      return m ? [m.table] : [];
    });
  }

  /** An object already read, by its table (for references in formulas). */
  private byTable(table: string): ObjectMeta | undefined {
    for (const m of this.metas.values()) if (m.table === table) return m;
    return undefined;
  }

  /** The value of a field over a record of its object; undefined when it cannot be computed. */
  async valueOf(meta: ObjectMeta, f: FieldMeta): Promise<TExpr | undefined> {
    if (!f.computed) return columnValue(f);
    await this.resolve(meta, f);
    return f.computed.value;
  }

  /** Resolves a computed field: its value, its value type, the fields it uses, or its problem. */
  async resolve(meta: ObjectMeta, f: FieldMeta): Promise<void> {
    const top = this.stack.at(-1);
    if (top?.computed && top !== f) (top.computed.uses ??= new Set()).add(f.id);
    const c = f.computed;
    if (!c || c.value || c.problem) return;
    const at = this.stack.indexOf(f);
    if (at >= 0) {
      this.cycle ??= [...this.stack.slice(at), f];
      return;
    }
    this.metas.set(meta.id, this.metas.get(meta.id) ?? meta);
    this.stack.push(f);
    c.uses = new Set();
    try {
      const r = await this.compute(meta, f, c);
      c.value = r.value;
      if (r.lookup) c.lookup = r.lookup;
      if (r.type) {
        f.type = r.type.type;
        f.options = r.type.options;
      }
    } catch (e) {
      if (!(e instanceof Problem)) throw e;
      // Whatever fails once a circle is found fails because of it.
      c.problem = this.cycle ? cycleProblem(this.cycle) : e.problem;
    } finally {
      this.stack.pop();
    }
  }

  private async compute(
    meta: ObjectMeta,
    f: FieldMeta,
    c: ComputedMeta,
  ): Promise<{
    value: TExpr;
    type?: { type: FieldType; options: FieldOptions };
    lookup?: LookupPlan;
  }> {
    const def = c.def;
    switch (def.kind) {
      case 'formula':
        return { value: await this.formula(meta, f, def.formula) };
      case 'lookup':
        return this.lookup(meta, def);
      case 'rollup':
        return this.rollup(meta, def);
    }
  }

  private async formula(meta: ObjectMeta, f: FieldMeta, text: string): Promise<TExpr> {
    const uses = f.computed?.uses;
    const r = await analyze(text, {
      object: meta,
      loadObject: (id) => this.load(id),
      computed: (m, g) => this.valueOf(m, g),
    });
    if (!r.ok) {
      const issue = r.issues[0];
      if (!issue) return problem('computed.unreadable');
      throw new Problem({
        code: issue.code,
        params: issue.params,
        start: issue.start,
        end: issue.end,
      });
    }
    if (uses) this.notice(meta, r.expr, uses);
    // The value in the field's type: declared, or inferred (when it is saved without one).
    if (f.computed?.infer) {
      const inferred = inferredType(r.expr.type);
      if ('code' in inferred) throw new Problem(inferred);
      f.type = inferred.type;
      f.options = inferred.options;
    }
    const { computed: _, ...own } = f;
    const fit = checkAssign(r.expr, own, this.ctx.lang);
    if (!fit.expr) return problem(fit.issue?.code ?? 'computed.formula_result', fit.issue?.params);
    return fit.expr;
  }

  /** Notes the stored fields a formula reads (its computed ones were noted when resolved). */
  private notice(meta: ObjectMeta, e: TExpr, uses: Set<string>): void {
    const walk = (x: TExpr, m: ObjectMeta | undefined) => {
      if (x.k === 'col') {
        const g = m?.fields.find((y) => y.column === x.column);
        if (g) uses.add(g.id);
      } else if (x.k === 'deref') {
        const t = this.byTable(x.table);
        const g = t?.fields.find((y) => y.column === x.column);
        if (g) uses.add(g.id);
        walk(x.of, m);
      } else if (x.k === 'op') for (const a of x.args) walk(a, m);
    };
    walk(e, meta);
  }

  private async lookup(
    meta: ObjectMeta,
    def: Extract<ComputedDefinition, { kind: 'lookup' }>,
  ): Promise<{
    value: TExpr;
    type: { type: FieldType; options: FieldOptions };
    lookup: LookupPlan;
  }> {
    const uses = this.stack.at(-1)?.computed?.uses;
    let cur = meta;
    const hops: LookupHop[] = [];
    for (const key of def.path) {
      const ref = findField(cur, key);
      if (!ref) return problem('computed.unknown_field', { object: cur.name, field: key });
      uses?.add(ref.id);
      if (ref.type !== 'reference' || !ref.options.target)
        return problem('computed.not_reference', { field: ref.name });
      const via = await this.valueOf(cur, ref);
      if (!via) return problem('computed.unknown_field', { object: cur.name, field: ref.name });
      let target: ObjectMeta;
      try {
        target = await this.load(ref.options.target);
      } catch {
        return problem('computed.unknown_field', { object: cur.name, field: ref.name });
      }
      if (isLive(target)) return problem('computed.live_mount', { object: target.name });
      hops.push({ key: ref.id, via, table: target.table });
      cur = target;
    }
    const source = findField(cur, def.field);
    if (!source) return problem('computed.unknown_field', { object: cur.name, field: def.field });
    uses?.add(source.id);
    const last = await this.valueOf(cur, source);
    if (!last) return problem('computed.unknown_field', { object: cur.name, field: source.name });
    let value = last;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as LookupHop;
      value = subqueryValue(hop.table, hop.via, value);
    }
    return {
      value,
      type: { type: source.type, options: valueOptions(source.type, source.options) },
      lookup: { hops, last },
    };
  }

  private async rollup(
    meta: ObjectMeta,
    def: Extract<ComputedDefinition, { kind: 'rollup' }>,
  ): Promise<{ value: TExpr; type: { type: FieldType; options: FieldOptions } }> {
    const uses = this.stack.at(-1)?.computed?.uses;
    let child: ObjectMeta;
    try {
      child = await this.load(def.object);
    } catch {
      return problem('computed.unknown_object');
    }
    if (isLive(child)) return problem('computed.live_mount', { object: child.name });
    const via = findField(child, def.via);
    if (!via) return problem('computed.unknown_field', { object: child.name, field: def.via });
    uses?.add(via.id);
    if (via.type !== 'reference' || via.computed || via.options.target !== meta.id)
      return problem('computed.rollup_via', {
        field: via.name,
        object: child.name,
        target: meta.name,
      });
    let field: FieldMeta | undefined;
    let value: TExpr | undefined;
    if (def.field) {
      field = findField(child, def.field);
      if (!field)
        return problem('computed.unknown_field', { object: child.name, field: def.field });
      uses?.add(field.id);
      if (!rollupApplies(def.fn, field.type))
        return problem('computed.rollup_fn_type', {
          fn: def.fn,
          field: field.name,
          type: field.type,
        });
      value = await this.valueOf(child, field);
      if (!value)
        return problem('computed.unknown_field', { object: child.name, field: field.name });
    } else if (def.fn !== 'count') return problem('computed.rollup_field', { fn: def.fn });
    // The filter's computed fields are resolved now; its SQL is compiled where it is used.
    const filter = def.filter?.isactive ? def.filter : undefined;
    const filterValues = new Map<string, TExpr>();
    if (filter) {
      for (const key of conditionFields(filter)) {
        const c = resolveColumn(child, key);
        if (!c?.field) continue;
        uses?.add(c.field.id);
        if (!c.field.computed) continue;
        const v = await this.valueOf(child, c.field);
        if (!v)
          return problem('computed.unknown_field', { object: child.name, field: c.field.name });
        filterValues.set(c.field.id, v);
      }
      const errors: Record<string, string[]> = {};
      compileFilter(child, filter, { dialect: this.ctx.db.dialect, lang: 'en' }, errors);
      const first = Object.values(errors)[0]?.[0];
      if (first) return problem('computed.rollup_filter', { reason: first });
    }
    const type = rollupType(def.fn, field);
    const scale = fieldScale(type.type, type.options);
    const outType: ExprType =
      type.type === 'integer'
        ? T.int
        : NUMERIC.includes(type.type)
          ? T.dec(scale)
          : typeOfField(type.type, type.options);
    const rollup: TExpr = {
      k: 'raw',
      type: outType,
      span: SPAN,
      build: (env) =>
        rollupSql(env, {
          parent: meta,
          child,
          via,
          fn: def.fn,
          value,
          valueScale: field ? fieldScale(field.type, field.options) : 0,
          outScale: scale,
          filter,
          filterValues,
        }),
    };
    return { value: rollup, type };
  }
}

function cycleProblem(cycle: FieldMeta[]): ComputedProblem {
  return {
    code: 'computed.cycle',
    params: { field: cycle[0]?.name ?? '', chain: cycle.map((f) => f.name).join(' → ') },
  };
}

/** Field keys of a filter's active conditions. */
function conditionFields(node: FilterNode, out: string[] = []): string[] {
  for (const c of node.conditions) out.push(c.field);
  for (const ch of node.children) if (ch.isactive) conditionFields(ch, out);
  return out;
}

interface RollupParts {
  parent: ObjectMeta;
  child: ObjectMeta;
  via: FieldMeta;
  fn: RollupFn;
  value: TExpr | undefined;
  valueScale: number;
  outScale: number;
  filter: FilterNode | undefined;
  filterValues: ReadonlyMap<string, TExpr>;
}

/**
 * A rollup over the records pointing to the row: one aggregate subquery, correlated by the
 * reference field (which has an index), live records only. Sums and counts of no records are 0,
 * the other functions empty.
 */
function rollupSql(env: SqlEnv, p: RollupParts): Sql {
  const depth = (env.depth ?? 0) + 1;
  const alias = `fx_c${depth}`;
  const inner: SqlEnv = { ...env, alias, depth };
  const outer = env.alias ?? p.parent.table;
  const d = env.dialect;
  const x = p.value ? emit(p.value, inner) : sql`1`;
  let agg: Sql;
  switch (p.fn) {
    case 'count':
      agg = p.value ? sql`count(${x})` : sql`count(*)`;
      break;
    case 'count_distinct':
      agg = sql`count(distinct ${x})`;
      break;
    case 'sum':
      agg = sql`coalesce(sum(${x}), 0)`;
      break;
    case 'avg':
      // Exact: the sum divided by the count, rounded half-even (fx_div, as `/` is).
      agg =
        d === 'sqlite'
          ? sql`fx_div(sum(${x}), count(${x}), ${sql.lit(p.outScale - p.valueScale)})`
          : sql`fx_div(sum(${x}), count(${x}), ${sql.lit(p.outScale)})`;
      break;
    default: {
      const textual = ['text', 'date', 'datetime'].includes(p.value?.type.t ?? '');
      const v = d === 'postgres' && textual ? sql`${x} collate "C"` : x;
      agg = sql`${sql.raw(p.fn)}(${v})`;
    }
  }
  const where: Sql[] = [
    sql`${sql.ref(`${alias}.${p.via.column}`)} = ${sql.ref(`${outer}.id`)}`,
    sql`${sql.ref(`${alias}.deleted_at`)} is null`,
  ];
  if (p.filter) {
    const errors: Record<string, string[]> = {};
    const cond = compileFilter(
      p.child,
      p.filter,
      {
        dialect: d,
        lang: 'en',
        columnSql: (c: Column) => {
          const v = c.field ? p.filterValues.get(c.field.id) : undefined;
          if (v && c.field) return internalToStored(emit(v, inner), c.field.type, v.type, d);
          return sql.ref(`${alias}.${c.column}`);
        },
      },
      errors,
    );
    if (cond) where.push(cond);
  }
  return sql`(select ${agg} from ${sql.id(p.child.table)} ${sql.id(alias)} where ${sql.join(where, sql` and `)})`;
}

/** Resolves every computed field of an object (loadObject does, before caching it). */
export async function resolveComputed(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  meta: ObjectMeta,
  q?: Q,
): Promise<void> {
  const r = new Resolver(ctx, { q });
  r.use(meta);
  for (const f of meta.fields) if (f.computed) await r.resolve(meta, f);
  r.read.delete(meta.id);
  if (r.read.size) {
    meta.dependsOn = r.read;
    meta.readsTables = [meta.table, ...r.tables()];
  }
}

// ---- SQL ---------------------------------------------------------------------------------------

/** Today and now for formulas, at the time a query is compiled. */
function clock(): { today: string; now: string } {
  const now = new Date().toISOString();
  return { today: now.slice(0, 10), now };
}

/** A computed value as the column of a field of its type would hold it. */
function asStored(x: Sql, f: FieldMeta, value: TExpr, dialect: DialectName): Sql {
  return internalToStored(x, f.type, value.type, dialect);
}

/** An empty value of the field's column type (a field whose definition no longer works). */
function emptyOf(f: FieldMeta, dialect: DialectName): Sql {
  return sql`cast(null as ${sql.raw(columnType(storageOf(f.type, f.options), dialect))})`;
}

/**
 * The relation of an object with computed fields that are not stored: a derived table over the
 * record table with the record's columns and one column per computed field, under the table's
 * own name (see the top of this file). `hint` is SQLite's `indexed by …`/`not indexed` for the
 * record table (platform/planner.ts). Undefined when every computed field is stored (or none).
 */
export function computedFrom(meta: ObjectMeta, dialect: DialectName, hint?: Sql): Sql | undefined {
  const virtual = meta.fields.filter(isVirtual);
  if (!virtual.length) return undefined;
  const { today, now } = clock();
  const env: SqlEnv = { dialect, alias: 't', params: new Map(), today, now, depth: 0 };
  const joins: Sql[] = [];
  const joined = new Map<string, string>();
  /** The alias of the record a lookup's hops reach, joining what is not joined yet. */
  const join = (hops: readonly LookupHop[]): string => {
    let alias = 't';
    let key = '';
    for (const hop of hops) {
      key += `/${hop.key}`;
      let next = joined.get(key);
      if (!next) {
        next = `j${joined.size + 1}`;
        joined.set(key, next);
        const on = emit(hop.via, { ...env, alias });
        joins.push(
          sql` left join ${sql.id(hop.table)} ${sql.id(next)} on ${sql.ref(`${next}.id`)} = ${on}`,
        );
      }
      alias = next;
    }
    return alias;
  };
  const own = [
    'id',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    'deleted_at',
    'deleted_by',
  ];
  const columns: Sql[] = [
    ...own.map((c) => sql.ref(`t.${c}`)),
    ...meta.fields.filter((f) => !isVirtual(f)).map((f) => sql.ref(`t.${f.column}`)),
  ];
  for (const f of virtual) {
    const c = f.computed as ComputedMeta;
    let x: Sql;
    if (!c.value) x = emptyOf(f, dialect);
    else if (c.lookup) {
      const alias = join(c.lookup.hops);
      x = asStored(emit(c.lookup.last, { ...env, alias }), f, c.value, dialect);
    } else x = asStored(emit(c.value, env), f, c.value, dialect);
    columns.push(sql`${x} as ${sql.id(f.column)}`);
  }
  return sql`(select ${sql.join(columns)} from ${sql.id(meta.table)} t${hint ? sql` ${hint}` : sql``}${sql.join(joins, sql``)}) as ${sql.id(meta.table)}`;
}

// ---- generated columns -------------------------------------------------------------------------

/** Operations a generated column may hold (deterministic on both databases). */
const UNSTORABLE_OPS = new Set(['today', 'now', 'has']);

/**
 * Whether a formula's value can be a generated column: it reads only its record's own columns
 * (no reference followed, no other record) and gives the same value every time.
 */
export function storable(value: TExpr): boolean {
  switch (value.k) {
    case 'lit':
    case 'col':
      return true;
    case 'op':
      return !UNSTORABLE_OPS.has(value.op) && value.args.every(storable);
    default:
      return false;
  }
}

/**
 * The definition of a stored formula's generated column: the value in the column type of the
 * field's type, values written as literals (DDL takes no parameters). SQLite computes a VIRTUAL
 * column when it is read (and keeps it in the indexes made on it); PostgreSQL stores it when the
 * row is written.
 */
export function generatedColumnSql(f: FieldMeta, value: TExpr, dialect: DialectName): Sql {
  const env: SqlEnv = {
    dialect,
    alias: null,
    params: new Map(),
    today: '',
    now: '',
    literals: true,
  };
  const x = asStored(emit(value, env), f, value, dialect);
  const type = sql.raw(columnType(storageOf(f.type, f.options), dialect));
  return dialect === 'sqlite'
    ? sql`${type} generated always as (${x}) virtual`
    : sql`${type} generated always as (${x}) stored`;
}

// ---- checking a change -------------------------------------------------------------------------

/**
 * A definition with its fields named by id (so renaming a field keeps it working); keys it
 * cannot find stay as they are (resolving reports them).
 */
export async function normalizeDefinition(
  r: Resolver,
  meta: ObjectMeta,
  def: ComputedDefinition,
): Promise<ComputedDefinition> {
  switch (def.kind) {
    case 'formula':
      return { kind: 'formula', formula: def.formula.trim() };
    case 'lookup': {
      const path: string[] = [];
      let cur: ObjectMeta | undefined = meta;
      for (const key of def.path) {
        const ref: FieldMeta | undefined = cur ? findField(cur, key) : undefined;
        path.push(ref?.id ?? key);
        cur = ref?.options.target
          ? await r.load(ref.options.target).catch(() => undefined)
          : undefined;
      }
      const field = cur ? findField(cur, def.field) : undefined;
      return { kind: 'lookup', path, field: field?.id ?? def.field };
    }
    case 'rollup': {
      const child = await r.load(def.object).catch(() => undefined);
      const id = (key: string | undefined) =>
        key === undefined ? undefined : ((child && findField(child, key)?.id) ?? key);
      const fixNode = (n: FilterNode): FilterNode => ({
        ...n,
        conditions: n.conditions.map((c) => ({ ...c, field: id(c.field) ?? c.field })),
        children: n.children.map(fixNode),
      });
      const field = id(def.field);
      return {
        kind: 'rollup',
        object: def.object,
        via: id(def.via) ?? def.via,
        fn: def.fn,
        ...(field !== undefined ? { field } : {}),
        ...(def.filter ? { filter: fixNode(def.filter) } : {}),
      };
    }
  }
}

/**
 * Resolves a field as it would be after a change — `draft` added to its object or replacing the
 * field of its id — reading every object afresh, so a change that closes a circle is found.
 * Returns the draft resolved (its value type, value and problem), and its object as it would be.
 */
export async function checkDraft(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  objectId: string,
  draft: FieldMeta,
  remove?: string,
): Promise<{ field: FieldMeta; meta: ObjectMeta; resolver: Resolver }> {
  const resolver = new Resolver(ctx, { fresh: true });
  const rows = await loadObjectRows(ctx, objectId);
  const fields = rows.fields.filter((f) => f.id !== draft.id && f.id !== remove);
  const at = rows.fields.findIndex((f) => f.id === draft.id);
  fields.splice(at < 0 ? fields.length : at, 0, draft);
  const meta: ObjectMeta = { ...rows, fields };
  resolver.use(meta);
  await resolver.resolve(meta, draft);
  return { field: draft, meta, resolver };
}

/**
 * Computed fields of the caller's domain that `uses` says depend on something (a field, an
 * object), named "field (object)" — what a refused removal or type change lists.
 */
export async function computedUsers(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  uses: (f: FieldMeta, meta: ObjectMeta) => boolean,
  q?: Q,
): Promise<string[]> {
  const rows = await (q ?? ctx.db.kysely)
    .selectFrom('pf_fields')
    .select('object_id')
    .distinct()
    .where('domain_id', '=', ctx.domainId)
    .where('computed', 'is not', null)
    .execute();
  const names: string[] = [];
  for (const r of rows) {
    const meta = await loadObject(ctx, r.object_id, q);
    for (const f of meta.fields)
      if (f.computed && uses(f, meta)) names.push(`${f.name} (${meta.name})`);
  }
  return names;
}

/** Whether a computed field reads a field (directly). */
export function readsField(f: FieldMeta, fieldId: string): boolean {
  return f.id !== fieldId && !!f.computed?.uses?.has(fieldId);
}

/** Whether a computed field of another object reads an object (its fields, or rolls it up). */
export function readsObject(f: FieldMeta, meta: ObjectMeta, target: ObjectMeta): boolean {
  if (meta.id === target.id || !f.computed) return false;
  if (f.computed.def.kind === 'rollup' && f.computed.def.object === target.id) return true;
  return target.fields.some((x) => f.computed?.uses?.has(x.id));
}

const hashOf = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);

/**
 * Brings the generated columns of an object's stored formulas in line with their definitions,
 * inside the caller's transaction (after a computed field is made, changed or removed): a
 * formula that can be stored and is not gets its column; one whose definition changed (or that
 * a changed formula it uses changed) gets a new column, with the indexes the old one had; one
 * that can no longer be stored loses its column and is computed in the relation. The SQL of each
 * generated column is kept as a hash in the field's definition to tell.
 */
export async function syncStoredFormulas(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  q: Q,
  objectId: string,
): Promise<void> {
  const dialect = ctx.db.dialect;
  const meta = await loadObjectRows(ctx, objectId, q);
  if (meta.kind === 'mounted') return;
  const r = new Resolver(ctx, { q });
  r.use(meta);
  for (const f of meta.fields) if (f.computed) await r.resolve(meta, f);
  for (const f of meta.fields) {
    const c = f.computed;
    if (!c) continue;
    const value = c.def.kind === 'formula' && c.value && storable(c.value) ? c.value : undefined;
    const definition = value ? generatedColumnSql(f, value, dialect) : undefined;
    const hash = definition ? hashOf(definition.compile(ctx.db.kysely).sql) : undefined;
    const stored = JSON.parse(
      (
        await q
          .selectFrom('pf_fields')
          .select('computed')
          .where('id', '=', f.id)
          .executeTakeFirstOrThrow()
      ).computed ?? '{}',
    ) as { generated?: string };
    if (c.stored && stored.generated === hash) continue;
    if (!c.stored && !hash) continue;
    let column = f.column;
    const indexes = c.stored
      ? (await listIndexes(q, meta.id)).filter(
          (ix) => ix.kind === 'btree' && ix.columns.some((x) => x.column === f.column),
        )
      : [];
    if (c.stored) await dropColumn(q, dialect, meta.id, meta.table, f.column);
    if (definition) {
      column = newColumnName();
      await ensureColumnRoom(q, dialect, meta.id, meta.table);
      await sql`alter table ${sql.id(meta.table)} add column ${sql.id(column)} ${definition}`.execute(
        q,
      );
      for (const ix of indexes)
        await ensureIndex(
          q,
          dialect,
          meta.id,
          meta.table,
          ix.columns.map((x) => (x.column === f.column ? { ...x, column } : x)),
          { unique: ix.unique, live: ix.live },
        );
    }
    await q
      .updateTable('pf_fields')
      .set({
        column_name: column,
        computed: JSON.stringify({
          ...c.def,
          ...(c.inferred ? { inferred: true } : {}),
          ...(hash ? { stored: true, generated: hash } : {}),
        }),
      })
      .where('id', '=', f.id)
      .execute();
  }
}

// ---- renaming --------------------------------------------------------------------------------

const WORDS = new Set(['and', 'or', 'not', 'true', 'false', 'null']);

/**
 * A formula with its references to a field written with the field's new code — the field was
 * renamed (code or name): `{Unit price} * qty` becomes `unit_price * qty` — so it keeps working.
 * `meta` is the formula's object as it was before the change. Undefined when nothing changes.
 */
async function renamedIn(
  text: string,
  meta: ObjectMeta,
  load: (id: string) => Promise<ObjectMeta | undefined>,
  field: FieldMeta,
  code: string,
): Promise<string | undefined> {
  let tree: Node;
  try {
    tree = parseExpr(text);
  } catch {
    return undefined;
  }
  const edits: { start: number; end: number }[] = [];
  const written = WORDS.has(code) ? `{${code}}` : code;
  const targetOf = async (f: FieldMeta | undefined) =>
    f?.type === 'reference' && f.options.target ? load(f.options.target) : undefined;
  const walk = async (n: Node): Promise<ObjectMeta | undefined> => {
    switch (n.kind) {
      case 'field': {
        const f = fieldNamed(meta, n.name, n.braced);
        if (f?.id === field.id) edits.push(n);
        return targetOf(f);
      }
      case 'member': {
        const of = await walk(n.target);
        const f = of ? fieldNamed(of, n.name, true) : undefined;
        if (f?.id === field.id) edits.push(n.nameSpan);
        return targetOf(f);
      }
      case 'call':
        for (const a of n.args) await walk(a);
        return undefined;
      case 'unary':
        await walk(n.arg);
        return undefined;
      case 'binary':
        await walk(n.left);
        await walk(n.right);
        return undefined;
      default:
        return undefined;
    }
  };
  await walk(tree);
  if (!edits.length) return undefined;
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + written + out.slice(e.end);
  return out;
}

/**
 * Rewrites the formulas that name a field when its code or name changes (inside the change's
 * transaction); returns the objects whose fields changed, whose cached metadata must go.
 */
export async function renameInFormulas(
  ctx: Pick<OpContext, 'db' | 'domainId' | 'lang'>,
  q: Q,
  field: FieldMeta,
  code: string,
): Promise<string[]> {
  const rows = await q
    .selectFrom('pf_fields')
    .select(['id', 'object_id', 'computed'])
    .where('domain_id', '=', ctx.domainId)
    .where('computed', 'like', '%"kind":"formula"%')
    .execute();
  const metas = new Map<string, ObjectMeta>();
  const load = async (id: string) => {
    let m = metas.get(id);
    if (!m) {
      m = await loadObjectRows(ctx, id, q).catch(() => undefined);
      if (m) metas.set(id, m);
    }
    return m;
  };
  const changed = new Set<string>();
  for (const r of rows) {
    const stored = JSON.parse(r.computed ?? '{}') as { kind?: string; formula?: string };
    const meta = await load(r.object_id);
    if (stored.kind !== 'formula' || !stored.formula || !meta) continue;
    const text = await renamedIn(stored.formula, meta, load, field, code);
    if (text === undefined) continue;
    await q
      .updateTable('pf_fields')
      .set({ computed: JSON.stringify({ ...stored, formula: text }) })
      .where('id', '=', r.id)
      .execute();
    changed.add(r.object_id);
  }
  return [...changed];
}
