import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCache } from '../../platform/cache.js';
import { laneStats } from '../../platform/lanes.js';
import { countRowVisits, pageKeeping } from '../../platform/planner.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { AND, group, ok } from '../../test/qry-helpers.js';

/**
 * Deep pages read on from the page before (platform/keyset.ts), on both databases: every page
 * read in sequence — forwards, with jumps, after writes — holds exactly the rows the same page
 * holds when read on its own (no anchor), for orders with ties and NULLs in both directions;
 * and a page after the page before it costs what a page near the top costs (rows visited on
 * SQLite, the read lane on both).
 */
const ROWS = 6_000;
const LIMIT = 50;
const WINDOW = 1_000;
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;
let objectId: string;
const sqlite = !process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await makeTestApp({
    lanes: {
      read: { slots: 2, timeLimitMs: 600_000 },
      heavy: { slots: 2, timeLimitMs: 600_000 },
      streamTimeLimitMs: 600_000,
      queueMax: 200,
      domainQueueMax: 50,
      waitMs: 600_000,
      window: WINDOW,
      idleMs: 600_000,
    },
  });
  u = await registerUser(t.app);
  objectId = (await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Ledger' })).id;
  for (const [code, type] of [
    ['qty', 'integer'],
    ['city', 'text'],
    ['day', 'date'],
  ] as const)
    await ok(t.app, u, 'fields.create', { objectId, name: code, code, type });
  for (let i = 0; i < ROWS; i += 2000) {
    const rows = Array.from({ length: 2000 }, (_, k) => {
      const n = i + k;
      // Few distinct values (long runs of ties), NULLs among them.
      return {
        name: `Entry ${n}`,
        qty: n % 11 === 0 ? null : (n * 7) % 40,
        city: n % 13 === 0 ? null : `City ${(n * 3) % 17}`,
        day: n % 7 === 0 ? null : `2026-0${1 + (n % 9)}-1${n % 10}`,
      };
    });
    await ok(t.app, u, 'records.createMany', { objectId, rows });
  }
  // A deep page and the page after it start the heavy and the read lane's processes (SQLite):
  // seconds on a busy machine, which belong to the setup, not to the first test's time.
  await page(sorts(['qty', 'asc']), 3000);
  await page(sorts(['qty', 'asc']), 3050);
}, 300_000);
afterAll(async () => {
  countRowVisits(false);
  await t?.cleanup();
});

const sorts = (...s: [string, 'asc' | 'desc'][]) => ({
  isActive: true,
  sorts: s.map(([field, dir]) => ({ field, dir })),
});

const ORDERS = {
  'one field ascending': sorts(['qty', 'asc']),
  'one field descending': sorts(['qty', 'desc']),
  'two fields, mixed directions': sorts(['city', 'desc'], ['day', 'asc']),
  'two fields, the second descending': sorts(['day', 'asc'], ['city', 'desc']),
  'a text field, then id descending': sorts(['city', 'asc'], ['id', 'desc']),
  'id only, descending': sorts(['id', 'desc']),
};

const FILTER = group(AND, [{ field: 'qty', op: 'gt', value: 3 }]);

async function page(orderby: unknown, offset: number, filter?: unknown): Promise<number[]> {
  const r = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
    objectId,
    orderby,
    offset,
    limit: LIMIT,
    ...(filter ? { filter } : {}),
  });
  return r.rows.map((x) => x.id);
}

/** `read` with no page kept whole (planner.ts `pageKeeping`): each is read from the table. */
async function withoutKeptPages<T>(read: () => Promise<T>): Promise<T> {
  const was = pageKeeping.maxPages;
  pageKeeping.maxPages = 0;
  try {
    return await read();
  } finally {
    pageKeeping.maxPages = was;
  }
}

/** The page as read with nothing remembered. */
async function alone(orderby: unknown, offset: number, filter?: unknown): Promise<number[]> {
  clearCache(t.app.db);
  return page(orderby, offset, filter);
}

describe('deep pages read on from the page before', () => {
  for (const [name, orderby] of Object.entries(ORDERS)) {
    it(`${name}: pages in sequence and after jumps hold the rows they hold alone`, async () => {
      for (const filter of [undefined, FILTER]) {
        clearCache(t.app.db);
        const sequence: number[][] = [];
        // The last pages (the NULLs of a descending order come there), a stretch in the middle.
        const starts = [ROWS - 6 * LIMIT, 2500];
        for (const start of starts) {
          await page(orderby, start - LIMIT, filter);
          for (let k = 0; k < 6; k++) sequence.push(await page(orderby, start + k * LIMIT, filter));
        }
        // A jump back and forward from what is remembered.
        sequence.push(await page(orderby, 2600 + 17, filter));
        sequence.push(await page(orderby, 1234, filter));
        const offsets = [
          ...starts.flatMap((s) => Array.from({ length: 6 }, (_, k) => s + k * LIMIT)),
          2617,
          1234,
        ];
        for (const [i, offset] of offsets.entries())
          expect(sequence[i], `offset ${offset}`).toEqual(await alone(orderby, offset, filter));
        expect(sequence.flat().length).toBeGreaterThan(0);
      }
    });
  }

  it('a write between two pages: the next page holds the rows as they are now', async () => {
    const orderby = ORDERS['one field ascending'];
    clearCache(t.app.db);
    await page(orderby, 3000);
    // Records that sort before the remembered row: every later row moves down.
    await ok(t.app, u, 'records.createMany', {
      objectId,
      rows: Array.from({ length: 7 }, (_, i) => ({ name: `Early ${i}`, qty: -1 })),
    });
    const next = await page(orderby, 3050);
    expect(next).toEqual(await alone(orderby, 3050));
    expect(next).not.toEqual([]);
  });

  it('the page after a deep page reads in the read lane, like a page near the top', async () => {
    const orderby = ORDERS['two fields, mixed directions'];
    clearCache(t.app.db);
    await page(orderby, 4000);
    const before = laneStats(t.app.db);
    await page(orderby, 4050);
    const after = laneStats(t.app.db);
    expect((after?.read.served ?? 0) - (before?.read.served ?? 0)).toBeGreaterThan(0);
    expect(after?.heavy.served).toBe(before?.heavy.served);
    // Alone, the same page is deep: the heavy lane.
    await alone(orderby, 4050);
    expect(laneStats(t.app.db)?.heavy.served).toBeGreaterThan(after?.heavy.served ?? 0);
  });

  it.runIf(sqlite)('the page after a deep page visits about a page of rows', async () => {
    // The view's sort index: read from the anchor on, not from the top.
    await ok(t.app, u, 'views.save', {
      objectId,
      name: 'By quantity',
      definition: {
        filter: group(AND, []),
        orderby: ORDERS['one field ascending'],
        groupby: { isActive: false, groups: [] },
        search: '',
      },
    });
    await t.app.jobs.idle();
    countRowVisits(true);
    try {
      for (const filter of [undefined, FILTER]) {
        const orderby = ORDERS['one field ascending'];
        clearCache(t.app.db);
        await page(orderby, 3000, filter);
        const start = t.app.db.rowVisits?.() ?? 0;
        await page(orderby, 3050, filter);
        const onward = (t.app.db.rowVisits?.() ?? 0) - start;
        const start2 = t.app.db.rowVisits?.() ?? 0;
        await alone(orderby, 3050, filter);
        const fresh = (t.app.db.rowVisits?.() ?? 0) - start2;
        expect(fresh).toBeGreaterThan(3000);
        expect(onward, `filter ${!!filter} onward ${onward}, alone ${fresh}`).toBeLessThan(
          fresh / 4,
        );
      }
    } finally {
      countRowVisits(false);
    }
  });

  it('the same deep page asked again reads on from the row before it, in the read lane', async () => {
    for (const orderby of [
      ORDERS['two fields, mixed directions'],
      ORDERS['one field descending'],
    ]) {
      for (const filter of [undefined, FILTER]) {
        const first = await alone(orderby, 4321, filter);
        const before = laneStats(t.app.db);
        // Read, not answered as a kept page (PostgreSQL, planner.ts `pageKeeping`).
        const again = await withoutKeptPages(() => page(orderby, 4321, filter));
        const after = laneStats(t.app.db);
        expect(again).toEqual(first);
        expect(first).toHaveLength(LIMIT);
        expect(after?.heavy.served).toBe(before?.heavy.served);
        expect((after?.read.served ?? 0) - (before?.read.served ?? 0)).toBeGreaterThan(0);
      }
    }
  });

  it.runIf(sqlite)('the same deep page asked again visits about a page of rows', async () => {
    countRowVisits(true);
    try {
      for (const filter of [undefined, FILTER]) {
        const orderby = ORDERS['one field ascending'];
        const start = t.app.db.rowVisits?.() ?? 0;
        const first = await alone(orderby, 3333, filter);
        const fresh = (t.app.db.rowVisits?.() ?? 0) - start;
        const start2 = t.app.db.rowVisits?.() ?? 0;
        expect(await page(orderby, 3333, filter)).toEqual(first);
        const again = (t.app.db.rowVisits?.() ?? 0) - start2;
        expect(fresh).toBeGreaterThan(3000);
        expect(again, `again ${again}, first ${fresh}`).toBeLessThan(fresh / 4);
      }
    } finally {
      countRowVisits(false);
    }
  });
});
