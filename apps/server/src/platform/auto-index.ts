import type { FilterNode, GroupBy, OrderBy, ViewDefinition } from '@fiscus/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/dialect.js';
import { isoNow } from '../lib/clock.js';
import { resolveColumn } from './compiler.js';
import type { OpContext } from './context.js';
import { aggregatesOf, dropIndex, withIdColumn, type IndexColumn, type IndexInfo } from './ddl.js';
import type { IndexJobParams } from './index-jobs.js';
import {
  automaticSummary,
  indexedTextFields,
  plannedIndexes,
  searchIndexFits,
  startsWith,
} from './index-policy.js';
import type { Jobs } from './jobs.js';
import type { ObjectMeta } from './meta.js';
import { searchIndexName, textIndexable, textIndexName } from './text-index.js';

/**
 * Automatic indexes: the platform learns which filters, sorts and searches users run on an
 * object without saving a view, and builds for them in the background what a saved view of
 * that shape gets (index-policy.ts `indexView`, the trigram and search indexes of
 * index-jobs.ts).
 *
 * - Every `records.list` and `records.count` of live records (the grid's page and total) has a
 *   **shape**: its object, its filter's fields and operators in their tree (not the values), its
 *   sort and grouping keys, and whether it searches. The indexes the policy gives that shape are
 *   named from their columns, so a read sees at once whether they all exist.
 * - A read whose shape lacks some of them on a table of at least `minRows` records (it scanned,
 *   or walked, a table past that size) is **noted**. The second time a shape is noted (`seen`),
 *   one job of kind `index` is queued for it — one queued or running per object and shape — and
 *   the read answers without waiting. The job builds the B-tree indexes as for a saved view
 *   (PostgreSQL: `concurrently`), then the trigram and search indexes, all marked `automatic`
 *   in `pf_indexes`. A shape is not asked for again within `retryMs` (an object at its limit, a
 *   PostgreSQL without pg_trgm, a job refused because the domain's queue is full).
 * - Automatic indexes share the object's limit of 16 with views' indexes and never make room;
 *   a view that needs room drops the least recently used automatic index first, and an
 *   automatic index a view wants becomes the view's.
 * - **Use** is tracked cheaply: a read whose shape an automatic index serves sets its `used_at`,
 *   written at most once an hour per index and process. `sweep` (hourly) drops automatic
 *   indexes unused for `idleMs` (14 days).
 * - Counts of shapes are kept in memory per server process (a bounded map, no values): with
 *   several processes each learns alone — the same shape seen twice in one process.
 * - Mounted objects are left out: their reads go to the source, or to a synced copy the sync
 *   rewrites.
 *
 * Dropped with their fields, suspended and rebuilt by big imports, kept in step with writes: as
 * views' indexes (ddl.ts). `AUTO_INDEXES=false` turns it off.
 */
export interface AutoIndexSettings {
  enabled: boolean;
  /** Records an object's table holds (its largest id) before its reads are noted. */
  minRows: number;
  /** Times a shape is noted before its indexes are built. */
  seen: number;
  /** A shape asked for is not asked for again before this many ms. */
  retryMs: number;
  /** Automatic indexes unused this long are dropped by `sweep`. */
  idleMs: number;
}

const HOUR = 3_600_000;
export const AUTO_INDEX_DEFAULTS: AutoIndexSettings = {
  enabled: true,
  minRows: 10_000,
  seen: 2,
  retryMs: HOUR,
  idleMs: 14 * 24 * HOUR,
};
/** Shapes remembered per process; beyond, the least recently noted go. */
const SHAPES_MAX = 2000;

interface Log {
  warn(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/**
 * A read's shape: its key (object and shape), and a view definition of it without values;
 * `groups` for a group-by's (records.groups), whose definition keeps its aggregates.
 */
export interface ReadShape {
  key: string;
  definition: ViewDefinition;
  groups?: true;
}

export class AutoIndexer {
  readonly settings: AutoIndexSettings;
  private readonly shapes = new Map<string, { n: number; askedAt?: number }>();
  private readonly touched = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    readonly log: Log,
    settings: Partial<AutoIndexSettings> = {},
  ) {
    this.settings = { ...AUTO_INDEX_DEFAULTS, ...settings };
  }

  /** Sweeps hourly until `stop`. */
  start(): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((err: unknown) =>
        this.log.warn({ err }, 'automatic indexes: sweep failed'),
      );
    }, HOUR);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Drops automatic indexes unused since `now - idleMs`. Answers their names. */
  async sweep(now = Date.now()): Promise<string[]> {
    const k = this.db.kysely;
    const before = new Date(now - this.settings.idleMs).toISOString();
    const idle = await k
      .selectFrom('pf_indexes')
      .select('name')
      .where('automatic', '=', 1)
      .where(sql<boolean>`coalesce(used_at, created_at) < ${before}`)
      .execute();
    for (const ix of idle) await dropIndex(k, this.db.dialect, ix.name);
    if (idle.length) this.log.info({ dropped: idle.length }, 'automatic indexes: unused dropped');
    return idle.map((ix) => ix.name);
  }

  /** Records that a read used an automatic index (written hourly at most). */
  touch(name: string): void {
    const now = Date.now();
    if (now - (this.touched.get(name) ?? 0) < HOUR) return;
    this.touched.set(name, now);
    this.db.kysely
      .updateTable('pf_indexes')
      .set({ used_at: isoNow() })
      .where('name', '=', name)
      .where('automatic', '=', 1)
      .execute()
      .catch((err: unknown) => this.log.warn({ err }, 'automatic indexes: use not recorded'));
  }

  /**
   * Notes a read of a shape its indexes do not serve; queues its job the `seen`-th time.
   * `quick`: no text or search index it wants is missing (its job is short, jobs.ts).
   */
  async note(ctx: OpContext, meta: ObjectMeta, shape: ReadShape, quick = false): Promise<void> {
    const key = `${meta.id}\u0000${shape.key}`;
    const entry = this.shapes.get(key) ?? { n: 0 };
    this.shapes.delete(key);
    this.shapes.set(key, entry);
    if (this.shapes.size > SHAPES_MAX)
      this.shapes.delete(this.shapes.keys().next().value as string);
    entry.n++;
    if (entry.n < this.settings.seen) return;
    const now = Date.now();
    if (entry.askedAt !== undefined && now - entry.askedAt < this.settings.retryMs) return;
    entry.askedAt = now;
    try {
      const pending = await this.db.kysely
        .selectFrom('pf_jobs')
        .select('params')
        .where('domain_id', '=', ctx.domainId)
        .where('kind', '=', 'index')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      const queued = pending.some((r) => {
        const p = JSON.parse(r.params) as IndexJobParams;
        return p.objectId === meta.id && p.auto?.key === shape.key;
      });
      if (queued) return;
      await this.jobs.enqueue({
        kind: 'index',
        domainId: ctx.domainId,
        userId: null,
        lang: ctx.lang,
        params: {
          objectId: meta.id,
          textFields: [],
          auto: {
            key: shape.key,
            definition: shape.definition,
            ...(shape.groups ? { groups: true as const } : {}),
            ...(quick ? { quick: true as const } : {}),
          },
        } satisfies IndexJobParams,
      });
    } catch (err) {
      // A full queue (429) or a busy database: asked again after `retryMs`.
      this.log.warn({ err, objectId: meta.id }, 'automatic indexes: not queued');
    }
  }
}

const indexers = new WeakMap<Db, AutoIndexer>();

/** Starts automatic indexes for a database (plugins/jobs.ts). */
export function startAutoIndexes(
  db: Db,
  jobs: Jobs,
  log: Log,
  settings: Partial<AutoIndexSettings> = {},
): AutoIndexer {
  const indexer = new AutoIndexer(db, jobs, log, settings);
  indexers.set(db, indexer);
  return indexer;
}

/** The automatic indexer of a database, when it has one. */
export function autoIndexer(db: Db): AutoIndexer | undefined {
  return indexers.get(db);
}

/**
 * The shape of a read: its filter's fields and operators (not values), sorts, groups, search.
 * A group-by's (`groups`): its filter, its groups with their aggregates (fields and functions)
 * and whether it searches — not its order, which only orders the groups.
 */
export function readShape(
  meta: ObjectMeta,
  input: { filter?: FilterNode; orderby?: OrderBy; groupby?: GroupBy; search?: string },
  kind: 'page' | 'groups' = 'page',
): ReadShape | undefined {
  const id = (key: string) => resolveColumn(meta, key)?.field?.id ?? key;
  const strip = (node: FilterNode): FilterNode => ({
    isactive: true,
    isexpanded: true,
    name: '',
    operator: node.operator,
    conditions: node.conditions.map((c) => ({ field: id(c.field), op: c.op, value: null })),
    children: node.children.filter((ch) => ch.isactive).map(strip),
  });
  const conditions = (n: FilterNode): number =>
    n.conditions.length + n.children.reduce((a, ch) => a + conditions(ch), 0);
  const stripped = input.filter?.isactive ? strip(input.filter) : undefined;
  const filter = stripped && conditions(stripped) ? stripped : undefined;
  const sorts =
    kind === 'page' && input.orderby?.isActive
      ? input.orderby.sorts.map((s) => ({ field: id(s.field), dir: s.dir }))
      : [];
  const groups = input.groupby?.isActive
    ? input.groupby.groups.map((g) =>
        kind === 'groups'
          ? {
              field: id(g.field),
              aggregates: (g.aggregates ?? []).map((a) => ({ field: id(a.field), fn: a.fn })),
            }
          : { field: id(g.field) },
      )
    : [];
  const search = !!input.search?.trim();
  if (kind === 'groups' && !groups.length) return undefined;
  if (!filter && !sorts.length && !groups.length && !search) return undefined;
  const definition: ViewDefinition = {
    filter: filter ?? emptyFilter,
    orderby: { isActive: sorts.length > 0, sorts },
    groupby: { isActive: groups.length > 0, groups },
    columns: [],
    pageSize: 50,
    search: search ? '*' : '',
  };
  if (kind === 'groups')
    return {
      key: JSON.stringify(['groups', filter ?? null, groups, search]),
      definition,
      groups: true,
    };
  const key = JSON.stringify([filter ?? null, sorts, groups, search]);
  return { key, definition };
}

const emptyFilter: FilterNode = {
  isactive: false,
  isexpanded: true,
  name: '',
  operator: { id: 1, sid: 'and', name: 'AND' },
  children: [],
  conditions: [],
};

/**
 * The indexes a shape wants: B-tree columns (`id` last), trigram and search index names, and a
 * group-by's maintained aggregate (its group and summed columns).
 */
interface Wanted {
  btree: IndexColumn[][];
  text: string[];
  aggregate?: { groups: string[]; sums: string[] };
}
const wanted = new WeakMap<ObjectMeta, Map<string, Wanted>>();

function wantedIndexes(ctx: OpContext, meta: ObjectMeta, shape: ReadShape): Wanted {
  let byShape = wanted.get(meta);
  if (!byShape) wanted.set(meta, (byShape = new Map()));
  const hit = byShape.get(shape.key);
  if (hit) return hit;
  const d = shape.definition;
  const btree = plannedIndexes(meta, d, ctx.db.dialect, ctx.lang).map(withIdColumn);
  const text: string[] = [];
  for (const fieldId of indexedTextFields(meta, d)) {
    const f = meta.fields.find((x) => x.id === fieldId);
    if (f && !f.computed && textIndexable(f.type)) text.push(textIndexName(meta.table, f.column));
  }
  if (d.search && searchIndexFits(meta))
    text.push(
      searchIndexName(
        meta.table,
        meta.fields.filter((f) => textIndexable(f.type)).map((f) => f.column),
        ctx.db.dialect,
      ),
    );
  const aggregate = shape.groups ? automaticSummary(meta, d) : undefined;
  const out = { btree, text, ...(aggregate ? { aggregate } : {}) };
  if (byShape.size >= 500) byShape.delete(byShape.keys().next().value as string);
  byShape.set(shape.key, out);
  return out;
}

/**
 * After a read of live records (records.list, records.count; `groups`: records.groups): marks
 * the automatic indexes and aggregates that serve its shape as used, and notes the shape when
 * some index or aggregate it wants is missing on a table past `minRows`. Never fails the read.
 */
export async function noteRead(
  ctx: OpContext,
  meta: ObjectMeta,
  input: {
    filter?: FilterNode;
    orderby?: OrderBy;
    groupby?: GroupBy;
    search?: string;
    state?: string;
  },
  indexes: IndexInfo[],
  rows: () => Promise<number>,
  kind: 'page' | 'groups' = 'page',
): Promise<void> {
  const indexer = indexers.get(ctx.db);
  if (!indexer?.settings.enabled || meta.kind === 'mounted') return;
  if ((input.state ?? 'active') !== 'active') return;
  try {
    const shape = readShape(meta, input, kind);
    if (!shape) return;
    const want = wantedIndexes(ctx, meta, shape);
    let missing = false;
    let textMissing = false;
    // A B-tree index is served by any that starts with its columns (a longer one too).
    for (const cols of want.btree) {
      const ix = indexes.find((x) => startsWith(x, cols));
      if (!ix) missing = true;
      else if (ix.automatic) indexer.touch(ix.name);
    }
    for (const name of want.text) {
      const ix = indexes.find((x) => x.name === name);
      if (!ix) missing = textMissing = true;
      else if (ix.automatic) indexer.touch(name);
    }
    // A group-by is answered by any summary of at least its groups and summed fields (the
    // first that has them, as records.groups picks it).
    if (want.aggregate) {
      const { groups, sums } = want.aggregate;
      const a = aggregatesOf(indexes).find(
        (x) => groups.every((c) => x.groups.includes(c)) && sums.every((c) => x.sums.includes(c)),
      );
      const ix = a && indexes.find((x) => x.name === a.name);
      if (!ix) missing = true;
      else if (ix.automatic) indexer.touch(ix.name);
    }
    if (!missing || (await rows()) < indexer.settings.minRows) return;
    await indexer.note(ctx, meta, shape, !textMissing);
  } catch (err) {
    indexer.log.warn({ err, objectId: meta.id }, 'automatic indexes: read not noted');
  }
}
