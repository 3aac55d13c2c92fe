import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config/index.js';
import { RetryLaterError } from '../lib/app-error.js';
import { registerUser, type RegisteredUser } from '../test/auth-helpers.js';
import { makeTestApp } from '../test/helpers.js';
import { AND, group, ok, qry } from '../test/qry-helpers.js';
import { heavyRows, laneStats, readRows, type LaneCaller } from './lanes.js';

/**
 * Query lanes (platform/lanes.ts), through the real app on both databases. Nothing here is
 * timed against a bound: a statement that never ends by itself (SQLite: a recursive count to
 * 10^12; PostgreSQL: `pg_sleep`) holds a lane, and the tests check what answers while it runs,
 * what the time limit and the capacity answer, and where each query ran.
 */
const sqlite = !process.env.TEST_DATABASE_URL;
const endless = sqlite
  ? sql<{
      n: number;
    }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000000000000) select count(*) as n from c`
  : sql<{ n: number }>`select count(*) as n from pg_sleep(600)`;
const quick = sql<{ n: number }>`select 1 as n`;

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Lanes as the tests want them; each test changes what it looks at. */
const LANES: Config['lanes'] = {
  read: { slots: 2, timeLimitMs: 600_000 },
  heavy: { slots: 2, timeLimitMs: 600_000 },
  streamTimeLimitMs: 600_000,
  queueMax: 200,
  domainQueueMax: 50,
  waitMs: 600_000,
  window: 10_000,
  idleMs: 600_000,
};

async function setup(lanes: Partial<Config['lanes']> = {}): Promise<TestApp> {
  const t = await makeTestApp({ lanes: { ...LANES, ...lanes } });
  cleanups.push(t.cleanup);
  return t;
}

function caller(t: TestApp, domainId: string): LaneCaller {
  return { db: t.app.db, domainId, lang: 'en' };
}

/** Waits until the lanes show `pred` (a state, never a time). */
async function until(t: TestApp, pred: (s: NonNullable<ReturnType<typeof laneStats>>) => boolean) {
  for (let i = 0; i < 2000; i++) {
    const s = laneStats(t.app.db);
    if (s && pred(s)) return s;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`lanes never reached the state: ${JSON.stringify(laneStats(t.app.db))}`);
}

/** A promise's outcome, looked at without waiting for it. */
function watch<T>(p: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  const done = p.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return { state, done };
}

async function objectWithRows(t: TestApp, u: RegisteredUser, rows: number) {
  const o = await ok<{ id: string; tableName: string }>(t.app, u, 'objects.create', {
    name: 'Ledger',
  });
  await ok(t.app, u, 'fields.create', { objectId: o.id, name: 'City', code: 'city', type: 'text' });
  const cols = await t.app.db.kysely
    .selectFrom('pf_fields')
    .select(['code', 'column_name'])
    .where('object_id', '=', o.id)
    .execute();
  const col = (code: string) => sql.id(cols.find((c) => c.code === code)?.column_name as string);
  const table = sql.id(o.tableName);
  const now = new Date().toISOString();
  // Rows straight in SQL (fast on both databases); the names repeat every 7 rows.
  await sql`insert into ${table} (${col('name')}, ${col('city')}, created_at, created_by, updated_at, updated_by)
    select ${'Name '} || cast(x as text), case when x % 7 = 0 then ${'Zürich'} else ${'Bern'} end, ${now}, ${u.session.user.id}, ${now}, ${u.session.user.id}
    from (${
      sqlite
        ? sql`with recursive s(x) as (select 1 union all select x + 1 from s where x < ${rows}) select x from s`
        : sql`select generate_series(1, ${rows}) as x`
    }) g`.execute(t.app.db.kysely);
  return o.id;
}

describe('query lanes', () => {
  it.runIf(sqlite)('lane processes have the SQL functions of the app’s connections', async () => {
    const t = await setup();
    const names = (rows: { name: string }[]) => [...new Set(rows.map((r) => r.name))].sort();
    const list = sql<{ name: string }>`select name from pragma_function_list`;
    const app = names((await list.execute(t.app.db.kysely)).rows);
    const reader = names((await list.execute(t.app.db.read ?? t.app.db.kysely)).rows);
    const lane = names(await heavyRows(caller(t, 'd'), list));
    expect(app).toEqual(expect.arrayContaining(['fold', 'pf_visit', 'fx_round']));
    expect(lane).toEqual(app);
    expect(reader).toEqual(app);
    expect(laneStats(t.app.db)?.heavy.served).toBe(1);
  });

  it.runIf(!sqlite)(
    'PostgreSQL: lane statements run without parallel workers unless configured, on named connections',
    async () => {
      const settings = sql<{
        workers: string;
        name: string;
      }>`select current_setting('max_parallel_workers_per_gather') as workers, current_setting('application_name') as name`;
      const t = await setup();
      expect(await heavyRows(caller(t, 'd'), settings)).toEqual([
        { workers: '0', name: 'fiscus heavy lane' },
      ]);
      expect(await readRows(caller(t, 'd'), settings)).toEqual([
        { workers: '0', name: 'fiscus read lane' },
      ]);
      const app = await settings.execute(t.app.db.kysely);
      expect(app.rows[0]?.name).toBe('fiscus');
      const two = await setup({ parallelWorkers: 2 });
      expect(await heavyRows(caller(two, 'd'), settings)).toEqual([
        { workers: '2', name: 'fiscus heavy lane' },
      ]);
    },
  );

  it('health, sign-in, pages and records answer while a heavy statement holds its lane', async () => {
    const t = await setup({ heavy: { slots: 1, timeLimitMs: 600_000 } });
    const u = await registerUser(t.app);
    const objectId = await objectWithRows(t, u, 50);
    const heavy = watch(heavyRows(caller(t, 'someone-else'), endless));
    await until(t, (s) => s.heavy.executing === 1);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: u.username, password: u.password },
    });
    expect(login.statusCode).toBe(200);
    const page = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
      objectId,
      limit: 20,
    });
    expect(page.rows).toHaveLength(20);
    const one = await ok<{ id: number }>(t.app, u, 'records.get', { objectId, id: 3 });
    expect(one.id).toBe(3);
    // All of that answered while the heavy statement was still running.
    expect(heavy.state.settled).toBe(false);
    expect(laneStats(t.app.db)?.heavy.executing).toBe(1);
    expect(laneStats(t.app.db)?.read.served).toBeGreaterThan(0);

    await t.app.close();
    await heavy.done;
    expect(heavy.state.error).toBeInstanceOf(RetryLaterError);
  });

  it('closing the app ends a statement that is still starting', async () => {
    // Closed before the statement reached the database (PostgreSQL: still connecting, or its
    // text not read by the server yet; SQLite: the process not ready yet) and just after.
    for (const wait of [false, true]) {
      const t = await setup({ heavy: { slots: 1, timeLimitMs: 600_000 } });
      const heavy = watch(heavyRows(caller(t, 'd'), endless));
      if (wait) await until(t, (s) => s.heavy.executing === 1);
      await t.app.close();
      await heavy.done;
      expect(heavy.state.error, `waited ${wait}`).toBeInstanceOf(RetryLaterError);
    }
  });

  it('stops a statement at its time limit: 503 with Retry-After, the lane process killed', async () => {
    const t = await setup({ heavy: { slots: 1, timeLimitMs: 300 } });
    const heavy = watch(heavyRows(caller(t, 'd'), endless));
    const running = await until(t, (s) => s.heavy.executing === 1);
    const pid = running.heavy.pids[0];
    await heavy.done;
    expect(heavy.state.error).toBeInstanceOf(RetryLaterError);
    expect(heavy.state.error).toMatchObject({ status: 503, retryAfter: 30 });
    if (sqlite) {
      expect(pid).toEqual(expect.any(Number));
      expect(() => process.kill(pid as number, 0)).toThrow();
    }
    // The lane goes on with a new process.
    expect(await heavyRows(caller(t, 'd'), quick)).toEqual([{ n: 1 }]);
  });

  it('ends a statement, or its wait for a slot, when its caller is cancelled', async () => {
    const t = await setup({ heavy: { slots: 1, timeLimitMs: 600_000 } });
    const job = new AbortController();
    const running = watch(heavyRows({ ...caller(t, 'A'), signal: job.signal }, endless));
    const s = await until(t, (x) => x.heavy.executing === 1);
    const queued = new AbortController();
    const waiting = watch(heavyRows({ ...caller(t, 'B'), signal: queued.signal }, quick));
    await until(t, (x) => x.heavy.waiting === 1);
    queued.abort(new Error('left the queue'));
    await waiting.done;
    expect(waiting.state.error).toMatchObject({ message: 'left the queue' });
    expect(laneStats(t.app.db)?.heavy).toMatchObject({ running: 1, waiting: 0 });
    job.abort(new Error('job cancelled'));
    await running.done;
    expect(running.state.error).toMatchObject({ message: 'job cancelled' });
    if (sqlite) expect(() => process.kill(s.heavy.pids[0] as number, 0)).toThrow();
    expect(await heavyRows(caller(t, 'A'), quick)).toEqual([{ n: 1 }]);
  });

  it('answers a count over its time limit with the envelope and Retry-After', async () => {
    const t = await setup({ heavy: { slots: 1, timeLimitMs: 2 } });
    const u = await registerUser(t.app);
    const objectId = await objectWithRows(t, u, 300_000);
    // A case-folded substring match over every row: far beyond 2 ms on any machine.
    const filter = group(AND, [{ field: 'city', op: 'contains', value: 'ÜRI' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: { ...u.headers, 'accept-language': 'de' },
      payload: { op: 'records.count', objectId, filter },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    const body = res.json() as { error: { code: string; message: string; retryAfter: number } };
    expect(body.error).toMatchObject({ code: 'service_unavailable', retryAfter: 30 });
    expect(body.error.message).toMatch(/Sekunden/);
    // Pages (the read lane) are not under that limit.
    const page = await qry(t.app, u, 'records.list', { objectId, filter, limit: 5 });
    expect(page.status).toBe(200);
  });

  it('shares a lane fairly: one domain never holds every slot; full queues answer 503', async () => {
    const t = await setup({
      heavy: { slots: 2, timeLimitMs: 600_000 },
      domainQueueMax: 1,
      queueMax: 100,
      waitMs: 600_000,
    });
    const first = watch(heavyRows(caller(t, 'A'), endless));
    await until(t, (s) => s.heavy.running === 1);
    // A's second statement waits although a slot is free: that slot is kept for others.
    const second = watch(heavyRows(caller(t, 'A'), endless));
    await until(t, (s) => s.heavy.waiting === 1);
    // A's third finds A's queue full.
    await expect(heavyRows(caller(t, 'A'), quick)).rejects.toMatchObject({
      status: 503,
      retryAfter: 5,
    });
    // B runs at once in the slot kept free.
    expect(await heavyRows(caller(t, 'B'), quick)).toEqual([{ n: 1 }]);
    expect(laneStats(t.app.db)?.heavy).toMatchObject({ running: 1, waiting: 1 });
    expect(first.state.settled || second.state.settled).toBe(false);
    await t.app.close();
    await Promise.all([first.done, second.done]);
  });

  it('by default runs two heavy statements of one domain at once (both cores) and keeps a slot for others', async () => {
    // The lanes of the default configuration (a slot more than one domain may hold).
    const t = await makeTestApp();
    cleanups.push(t.cleanup);
    const first = watch(heavyRows(caller(t, 'A'), endless));
    const second = watch(heavyRows(caller(t, 'A'), endless));
    await until(t, (s) => s.heavy.running === 2 && s.heavy.waiting === 0);
    expect(await heavyRows(caller(t, 'B'), quick)).toEqual([{ n: 1 }]);
    expect(first.state.settled || second.state.settled).toBe(false);
    await t.app.close();
    await Promise.all([first.done, second.done]);
  }, 60_000);

  it('gives a freed slot to the domain that waited longest for one', async () => {
    const t = await setup({ heavy: { slots: 1, timeLimitMs: 1500 } });
    const first = watch(heavyRows(caller(t, 'A'), endless));
    await until(t, (s) => s.heavy.running === 1);
    const order: string[] = [];
    const again = heavyRows(caller(t, 'A'), quick).then(() => order.push('A'));
    await until(t, (s) => s.heavy.waiting === 1);
    const other = heavyRows(caller(t, 'B'), quick).then(() => order.push('B'));
    await until(t, (s) => s.heavy.waiting === 2);
    // A's endless statement meets its time limit; then B goes before A's second.
    await first.done;
    await Promise.all([again, other]);
    expect(order).toEqual(['B', 'A']);
  });

  it('answers 503 when a statement waits longer than the lane allows', async () => {
    const t = await setup({ heavy: { slots: 1, timeLimitMs: 600_000 }, waitMs: 200 });
    const first = watch(heavyRows(caller(t, 'A'), endless));
    await until(t, (s) => s.heavy.running === 1);
    await expect(heavyRows(caller(t, 'B'), quick)).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
    });
    await t.app.close();
    await first.done;
  });

  it('reads pages near the top in the read lane and deep pages in the heavy lane', async () => {
    const t = await setup({ window: 100 });
    const u = await registerUser(t.app);
    const objectId = await objectWithRows(t, u, 300);
    const before = laneStats(t.app.db);
    const top = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
      objectId,
      offset: 0,
      limit: 50,
    });
    const mid = laneStats(t.app.db);
    const deep = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
      objectId,
      offset: 200,
      limit: 50,
    });
    const after = laneStats(t.app.db);
    expect(top.rows[0]?.id).toBe(1);
    expect(deep.rows[0]?.id).toBe(201);
    expect((mid?.read.served ?? 0) - (before?.read.served ?? 0)).toBeGreaterThan(0);
    expect(mid?.heavy.served).toBe(before?.heavy.served);
    expect((after?.heavy.served ?? 0) - (mid?.heavy.served ?? 0)).toBeGreaterThan(0);
    expect(after?.read.served).toBe(mid?.read.served);
  });

  it.runIf(sqlite)('reads pages of a small table at once, beside the lanes', async () => {
    for (const [inlineRows, lane] of [
      [500, undefined],
      [100, 'read'],
    ] as const) {
      const t = await setup({ inlineRows });
      const u = await registerUser(t.app);
      const objectId = await objectWithRows(t, u, 300);
      const before = laneStats(t.app.db);
      const page = await ok<{ rows: { id: number }[] }>(t.app, u, 'records.list', {
        objectId,
        offset: 100,
        limit: 50,
      });
      const after = laneStats(t.app.db);
      expect(page.rows[0]?.id).toBe(101);
      expect(after?.heavy.served).toBe(before?.heavy.served);
      const read = (after?.read.served ?? 0) - (before?.read.served ?? 0);
      if (lane) expect(read, `${inlineRows}`).toBeGreaterThan(0);
      else expect(read, `${inlineRows}`).toBe(0);
    }
  });

  it('exports a case-folded substring filter through the lane (its SQL functions)', async () => {
    const t = await setup();
    const u = await registerUser(t.app);
    const objectId = await objectWithRows(t, u, 70);
    const job = await ok<{ id: string }>(t.app, u, 'records.export', {
      objectId,
      format: 'csv',
      filter: group(AND, [{ field: 'city', op: 'contains', value: 'ZÜR' }]),
      fields: ['name', 'city'],
    });
    await t.app.jobs.idle();
    const done = await ok<{ status: string; fileId: string; error: string | null }>(
      t.app,
      u,
      'exports.get',
      { id: job.id },
    );
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: u.headers,
      payload: { fileId: done.fileId },
    });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + 10);
    expect(lines.slice(1).every((l) => l.endsWith(',Zürich'))).toBe(true);
  });
});
