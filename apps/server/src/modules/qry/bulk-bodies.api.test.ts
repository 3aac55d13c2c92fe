import type { RecordsWriteManyOutput as WriteMany } from '@fiscus/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { OFFLOAD_MIN_CHARS } from '../records/index.js';
import { bulkBodiesOf } from './qry.routes.js';

/**
 * Big bulk writes are read on the bulk-body worker while the event loop writes (SQLite or
 * PostgreSQL): their answers are those of the event loop's own reading, calls in flight together
 * apply in the order they arrived, and a worker that stops fails its calls with 503 and nothing
 * written.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

/** Name (every object's), Code (unique), Qty (integer ≥ 0), Note (text). */
async function makeObject(name: string) {
  const o = await ok<{ id: string }>(t.app, u, 'objects.create', { name });
  for (const f of [
    { name: 'Code', type: 'text', options: { unique: true } },
    { name: 'Qty', type: 'integer', options: { min: 0 } },
    { name: 'Note', type: 'text' },
  ])
    await ok(t.app, u, 'fields.create', { objectId: o.id, ...f });
  return o;
}

/** Rows enough for a body the worker reads (well over 64 KB). */
function rows(n: number, prefix: string, qty = 1) {
  return Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${i}`,
    code: `${prefix}-${i}`,
    qty,
    note: `A note long enough to make the body big: ${'x'.repeat(60)} ${i}`,
  }));
}

async function count(objectId: string): Promise<number> {
  return (await ok<{ total: number }>(t.app, u, 'records.count', { objectId })).total;
}

async function byCode(objectId: string, code: string) {
  const r = await ok<{ rows: { id: number; values: Record<string, unknown> }[] }>(
    t.app,
    u,
    'records.list',
    {
      objectId,
      limit: 10,
      filter: {
        isactive: true,
        isexpanded: true,
        name: 'g',
        operator: { id: 1, sid: 'and', name: 'AND' },
        conditions: [{ field: 'code', op: 'eq', value: code }],
        children: [],
      },
    },
  );
  return r.rows[0];
}

beforeAll(async () => {
  t = await makeTestApp({ bulkBodyWorker: true });
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

describe('bulk writes read on the worker', () => {
  it('answers what the event loop answers: ids in order, per-row errors by index', async () => {
    const o = await makeObject('Worker read');
    const list: Record<string, unknown>[] = rows(1500, 'W');
    list[3] = { ...list[3], qty: -1 };
    list[700] = { ...list[700], qty: 'many' };
    list[900] = { ...list[900], code: 'W-1' };
    list[1200] = { ...list[1200], nope: 1 };
    const r = await qry<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: list,
      onError: 'skip',
    });
    expect(r.status).toBe(200);
    expect(r.data.created).toBe(1496);
    expect(r.data.errors.map((e) => [e.index, Object.keys(e.fields)])).toEqual([
      [3, ['qty']],
      [700, ['qty']],
      [900, ['code']],
      [1200, ['nope']],
    ]);
    expect(r.data.ids[3]).toBeNull();
    const ids = r.data.ids.filter((id): id is number => id !== null);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await count(o.id)).toBe(1496);

    // The same rows from a small body (read on the event loop) give the same problems.
    const small = await qry<WriteMany>(t.app, u, 'records.createMany', {
      objectId: (await makeObject('Event loop read')).id,
      rows: [list[0], list[3], list[700], list[1200]],
      onError: 'skip',
    });
    expect(small.data.errors.map((e) => e.fields)).toEqual([
      r.data.errors[0]?.fields,
      r.data.errors[1]?.fields,
      r.data.errors[3]?.fields,
    ]);
  });

  it('upserts by key and by id from a big body', async () => {
    const o = await makeObject('Worker upsert');
    const made = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: rows(1200, 'U'),
    });
    const byKey = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'code',
      rows: [...rows(1200, 'U', 5), ...rows(10, 'N', 2)],
    });
    expect([byKey.created, byKey.updated, byKey.unchanged]).toEqual([10, 1200, 0]);
    expect(byKey.ids.slice(0, 1200)).toEqual(made.ids);
    const byId = await ok<WriteMany>(t.app, u, 'records.upsertMany', {
      objectId: o.id,
      key: 'id',
      rows: rows(1200, 'U', 7).map((row, i) => ({ ...row, id: made.ids[i] })),
    });
    expect([byId.created, byId.updated]).toEqual([0, 1200]);
    expect((await byCode(o.id, 'U-42'))?.values.qty).toBe(7);
  });

  it('applies calls in flight together in the order they arrived', async () => {
    const o = await makeObject('Order');
    // A big call (read on the worker) and a small one after it, both writing U-1, with a
    // request that is no bulk write between them.
    const big = rows(1500, 'U', 1);
    const [first, , second] = await Promise.all([
      qry<WriteMany>(t.app, u, 'records.upsertMany', { objectId: o.id, key: 'code', rows: big }),
      qry(t.app, u, 'objects.get', { id: o.id }),
      qry<WriteMany>(t.app, u, 'records.upsertMany', {
        objectId: o.id,
        key: 'code',
        rows: [{ name: 'U 1', code: 'U-1', qty: 2 }],
      }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect([first.data.created, second.data.updated]).toEqual([1500, 1]);
    const rec = await byCode(o.id, 'U-1');
    expect(rec?.values.qty).toBe(2);
    const history = await ok<{ items: { action: string }[] }>(t.app, u, 'records.history', {
      objectId: o.id,
      id: rec?.id,
    });
    expect(history.items.map((h) => h.action)).toEqual(['update', 'create']);
  });

  it('a bad row fails its own call only, not the call in flight beside it', async () => {
    const o = await makeObject('Beside');
    const bad: Record<string, unknown>[] = rows(1200, 'A');
    bad[17] = { ...bad[17], qty: -5 };
    const [a, b] = await Promise.all([
      qry<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows: bad }),
      qry<WriteMany>(t.app, u, 'records.createMany', { objectId: o.id, rows: rows(1200, 'B') }),
    ]);
    expect(a.status).toBe(400);
    expect(Object.keys(a.error?.fields ?? {})).toEqual(['rows.17.qty']);
    expect(b.status).toBe(200);
    expect(b.data.created).toBe(1200);
    expect(await count(o.id)).toBe(1200);
  });

  it('refuses what the server refuses in any body: prototype keys, NUL, broken JSON', async () => {
    const o = await makeObject('Refused');
    const post = async (payload: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/qry',
        headers: { ...u.headers, 'content-type': 'application/json' },
        payload,
      });
      const error = (res.json() as { error?: { code: string; fields?: unknown } }).error;
      return { status: res.statusCode, code: error?.code, fields: error?.fields };
    };
    const body = (list: unknown[]) =>
      JSON.stringify({ op: 'records.createMany', objectId: o.id, rows: list });
    const big = rows(1200, 'R');
    const cases = [
      (list: unknown[]) => body(list).replace('"objectId":', '"__proto__":{"x":1},"objectId":'),
      (list: unknown[]) => body(list).replace('"R 1"', '"R\\u0000 1"'),
      (list: unknown[]) => body(list).slice(0, -2),
    ];
    for (const make of cases) {
      const small = await post(make(big.slice(0, 3)));
      expect(small.status).toBe(400);
      expect(await post(make(big))).toEqual(small);
    }
    expect(await count(o.id)).toBe(0);
  });

  it('a worker that stops fails its call with 503 and nothing written; the next call works', async () => {
    const o = await makeObject('Crash');
    const bodies = bulkBodiesOf(t.app);
    expect(bodies).toBeDefined();
    // A new worker is started for the next call: the call waits for it, and then it stops.
    await bodies?.stopWorker();
    const call = qry<WriteMany>(
      t.app,
      u,
      'records.createMany',
      { objectId: o.id, rows: rows(5000, 'C') },
      'de',
    );
    await vi.waitFor(() => expect(bodies?.waitingCalls).toBeGreaterThan(0), { timeout: 20_000 });
    await bodies?.stopWorker();
    const r = await call;
    expect(r.status).toBe(503);
    expect(r.error?.code).toBe('service_unavailable');
    expect(r.error?.message).toContain('nichts wurde geschrieben');
    expect(await count(o.id)).toBe(0);
    const again = await ok<WriteMany>(t.app, u, 'records.createMany', {
      objectId: o.id,
      rows: rows(5000, 'C'),
    });
    expect(again.created).toBe(5000);
    expect(await count(o.id)).toBe(5000);
  });
});

describe('bulk writes without BULK_BODY_WORKER (the default)', () => {
  it('read big bodies on the event loop: no worker thread starts, the rows are written', async () => {
    const d = await makeTestApp();
    try {
      const du = await registerUser(d.app);
      const o = await ok<{ id: string }>(d.app, du, 'objects.create', { name: 'Event loop read' });
      await ok(d.app, du, 'fields.create', { objectId: o.id, name: 'Note', type: 'text' });
      const list = Array.from({ length: 1500 }, (_, i) => ({
        name: `row ${i}`,
        note: 'x'.repeat(60),
      }));
      expect(JSON.stringify(list).length).toBeGreaterThan(OFFLOAD_MIN_CHARS);
      const out = await ok<WriteMany>(d.app, du, 'records.createMany', {
        objectId: o.id,
        rows: list,
      });
      expect(out.created).toBe(1500);
      expect(bulkBodiesOf(d.app)?.running).toBe(false);
    } finally {
      await d.cleanup();
    }
  });
});
