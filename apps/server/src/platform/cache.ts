import type { Db } from '../db/dialect.js';

/**
 * The cache of derived data: values computed from tables — record counts per filter, groups
 * with aggregates, an object's indexes, cube cells — kept until one of the tables they were
 * computed from is written. It stands on `Db.writeVersion`: an entry remembers the version of its
 * tables from before its computation started and is stored only when that version is still the
 * same afterwards, so a value is never cached under a version newer than the data it read.
 *
 * - `cached(db, area, key, tables, compute)` answers the entry when its tables' version is
 *   unchanged, else computes (once: concurrent callers of the same key share one computation).
 * - `peek(db, area, key, tables)` answers a valid entry or undefined without computing (a
 *   query planner asks for a known count this way).
 * - Entries are kept per database, at most `MAX_ENTRIES` (least recently used out).
 * - Writes of other server processes on the same database (PostgreSQL) reach `writeVersion`
 *   as notifications once they are committed (platform/events/bus.ts), so their entries are
 *   stale at once too. Writes made outside any server process (psql, scripts) are not told:
 *   entries are also bounded in age on PostgreSQL (`maxAgeMs`, default `DEFAULT_MAX_AGE_MS`, a
 *   safety bound; unbounded on SQLite, which one process owns).
 * - Handles without `writeVersion` (made elsewhere) cache nothing.
 *
 * `area` names the kind of value (`count`, `groups`, `indexes`, `cube`…) so keys of different
 * users of the cache never collide; `key` must hold everything the value depends on besides the
 * tables' data (SQL text and bound values, the domain when it matters).
 */
export const MAX_ENTRIES = 5000;

/**
 * The bound values of a statement as part of a cache key. Exact decimals are bound as BigInt on
 * SQLite, which JSON cannot write as such; `12n` and the number 12 must not share a key either.
 */
export function parametersKey(parameters: readonly unknown[]): string {
  return JSON.stringify(parameters, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}
/** PostgreSQL: oldest entry answered, for writes no server process told (see above). */
export const DEFAULT_MAX_AGE_MS = 60_000;

interface Entry {
  version: number;
  at: number;
  value: unknown;
}

interface Store {
  entries: Map<string, Entry>;
  inflight: Map<string, { version: number; promise: Promise<unknown> }>;
  hits: number;
  misses: number;
}

/** A database's stores: the shared one (`''`) and those of areas kept apart (`own`). */
const stores = new WeakMap<object, Map<string, Store>>();

function storeOf(db: Db, name = ''): Store {
  let byName = stores.get(db.kysely);
  if (!byName) stores.set(db.kysely, (byName = new Map()));
  let s = byName.get(name);
  if (!s) {
    s = { entries: new Map(), inflight: new Map(), hits: 0, misses: 0 };
    byName.set(name, s);
  }
  return s;
}

export interface CacheOptions {
  /** Oldest entry answered, in ms (see above); `Infinity` for none. */
  maxAgeMs?: number;
  /**
   * The area's entries are kept apart, at most this many (least recently used out), instead of
   * among the `MAX_ENTRIES` of every other area: large values (a page's rows) then never push
   * out small ones (counts), and `cacheStats` tells of the shared store only.
   */
  own?: number;
  /** Whether a computed value is stored (else it is answered and not kept). */
  keep?: (value: unknown) => boolean;
}

function maxAge(db: Db, opts: CacheOptions | undefined): number {
  return opts?.maxAgeMs ?? (db.dialect === 'postgres' ? DEFAULT_MAX_AGE_MS : Infinity);
}

function fresh(db: Db, e: Entry | undefined, version: number, opts?: CacheOptions): e is Entry {
  return !!e && e.version === version && Date.now() - e.at <= maxAge(db, opts);
}

/** A valid entry's value, or undefined (nothing is computed). */
export function peek<T>(
  db: Db,
  area: string,
  key: string,
  tables: readonly string[],
  opts?: CacheOptions,
): T | undefined {
  if (!db.writeVersion) return undefined;
  const e = storeOf(db, opts?.own ? area : '').entries.get(`${area}\u0000${key}`);
  return fresh(db, e, db.writeVersion(tables), opts) ? (e.value as T) : undefined;
}

/** The value of `compute()`, cached while `tables` are not written (see above). */
export async function cached<T>(
  db: Db,
  area: string,
  key: string,
  tables: readonly string[],
  compute: () => Promise<T>,
  opts?: CacheOptions,
): Promise<T> {
  const versionOf = db.writeVersion;
  if (!versionOf) return compute();
  const s = storeOf(db, opts?.own ? area : '');
  const max = opts?.own ?? MAX_ENTRIES;
  const k = `${area}\u0000${key}`;
  const before = versionOf(tables);
  const e = s.entries.get(k);
  if (fresh(db, e, before, opts)) {
    s.hits++;
    // Most recently used last.
    s.entries.delete(k);
    s.entries.set(k, e);
    return e.value as T;
  }
  const running = s.inflight.get(k);
  if (running && running.version === before) return running.promise as Promise<T>;
  s.misses++;
  const promise = compute();
  s.inflight.set(k, { version: before, promise });
  try {
    const value = await promise;
    if (versionOf(tables) === before && (!opts?.keep || opts.keep(value))) {
      s.entries.delete(k);
      s.entries.set(k, { version: before, at: Date.now(), value });
      if (s.entries.size > max) {
        const oldest = s.entries.keys().next().value;
        if (oldest !== undefined) s.entries.delete(oldest);
      }
    }
    return value;
  } finally {
    if (s.inflight.get(k)?.promise === promise) s.inflight.delete(k);
  }
}

/** Hits and misses so far (benchmarks and tests). */
export function cacheStats(db: Db): { hits: number; misses: number; entries: number } {
  const s = storeOf(db);
  return { hits: s.hits, misses: s.misses, entries: s.entries.size };
}

/** Drops every entry of a database (tests comparing cached and uncached answers). */
export function clearCache(db: Db): void {
  for (const s of stores.get(db.kysely)?.values() ?? []) {
    s.entries.clear();
    s.inflight.clear();
  }
}

/**
 * The version of `tables` now, for `remember`: take it before reading the data a value is made
 * of. Undefined when the handle caches nothing.
 */
export function versionNow(db: Db, tables: readonly string[]): number | undefined {
  return db.writeVersion?.(tables);
}

/**
 * Stores a value made from data read after `versionNow` answered `version` — unless the tables
 * were written since (then the value may be older than the data, and is dropped).
 */
export function remember(
  db: Db,
  area: string,
  key: string,
  tables: readonly string[],
  version: number | undefined,
  value: unknown,
): void {
  if (version === undefined || !db.writeVersion || db.writeVersion(tables) !== version) return;
  const s = storeOf(db);
  const k = `${area}\u0000${key}`;
  s.entries.delete(k);
  s.entries.set(k, { version, at: Date.now(), value });
  if (s.entries.size > MAX_ENTRIES) {
    const oldest = s.entries.keys().next().value;
    if (oldest !== undefined) s.entries.delete(oldest);
  }
}
