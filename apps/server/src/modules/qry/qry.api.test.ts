import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let u: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  u = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

describe('POST /api/qry', () => {
  it('needs a signed-in caller', async () => {
    const r = await qry(t.app, null, 'objects.list');
    expect(r.status).toBe(401);
    expect(r.error?.code).toBe('unauthorized');
  });

  it('names the op field when the op is missing or unknown', async () => {
    const unknown = await qry(t.app, u, 'objects.explode', {}, 'ru');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('validation_failed');
    expect(unknown.error?.fields?.op?.[0]).toBe('Неизвестная операция «objects.explode».');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: u.headers,
      payload: { id: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.op).toBeDefined();
    const arr = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: u.headers,
      payload: [1, 2] as never,
    });
    expect(arr.statusCode).toBe(400);
    const proto = await qry(t.app, u, 'constructor', {});
    expect(proto.status).toBe(400);
  });

  it('validates input by the op schema with per-field messages', async () => {
    const r = await qry(t.app, u, 'records.list', { objectId: 5, limit: 0, state: 'gone' }, 'pt');
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual(['limit', 'objectId', 'state']);
    expect(r.error?.message).toBe('Alguns campos não são válidos.');
    expect(r.error?.fields?.objectId?.[0]).toBe('Esperado: string.');
    const missing = await qry(t.app, u, 'records.list', {}, 'pt');
    expect(missing.error?.fields?.objectId?.[0]).toBe('Este campo é obrigatório.');
  });

  it('answers 4xx for prototype-like keys', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Proto' });
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/qry',
        headers: { ...u.headers, 'content-type': 'application/json' },
        payload: `{"op":"records.create","objectId":"${o.id}","values":{"name":"x","${key}":{"a":1}}}`,
      });
      expect(res.statusCode).toBeLessThan(500);
      const upd = await t.app.inject({
        method: 'POST',
        url: '/api/qry',
        headers: { ...u.headers, 'content-type': 'application/json' },
        payload: `{"op":"records.create","objectId":"${o.id}","values":{"name":"x","${key}":"y"}}`,
      });
      expect(upd.statusCode).toBeLessThan(500);
    }
  });

  it('refuses deeply nested bodies before parsing them', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = { x: deep };
    const r = await qry(t.app, u, 'records.list', { objectId: 'x', filter: deep });
    expect(r.status).toBe(400);
  });

  it('answers { data } shaped by the op schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: u.headers,
      payload: { op: 'domains.list', extra: 1 },
    });
    expect(res.statusCode).toBe(200);
    const d = u.session.domain;
    expect(res.json()).toEqual({
      data: {
        items: [
          {
            id: d.id,
            name: d.name,
            role: 'owner',
            memberCount: 1,
            current: true,
            createdAt: expect.any(String),
          },
        ],
      },
    });
  });

  it('runs batches in order, each with its own answer or error', async () => {
    const o = await ok(t.app, u, 'objects.create', { name: 'Batch' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: u.headers,
      payload: {
        op: 'batch',
        ops: [
          { op: 'records.create', objectId: o.id, values: { name: 'one' } },
          { op: 'records.create', objectId: o.id, values: {} },
          { op: 'records.count', objectId: o.id },
          { op: 'nope' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      data?: { total?: number };
      error?: { code: string; fields?: Record<string, string[]> };
    }[];
    expect(data[0]?.data).toBeDefined();
    expect(data[1]?.error?.code).toBe('validation_failed');
    expect(data[1]?.error?.fields?.name).toBeDefined();
    expect(data[2]?.data?.total).toBe(1);
    expect(data[3]?.error?.code).toBe('validation_failed');
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: u.headers,
      payload: { op: 'batch', ops: Array.from({ length: 21 }, () => ({ op: 'objects.list' })) },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
