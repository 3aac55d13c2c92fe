import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.js';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

const TOKEN = 'metrics-token-0123456789';

describe('health, readiness and metrics', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let u: RegisteredUser;
  beforeAll(async () => {
    t = await makeTestApp({ metricsToken: TOKEN });
    u = await registerUser(t.app);
  });
  afterAll(async () => t.cleanup());

  it('GET /api/health answers that the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.app.db.dialect });
  });

  it('GET /api/ready answers ready once every migration is applied, 503 naming the reason when not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: t.app.db.dialect,
      migrations: Object.keys(migrations).length,
    });

    const last = Object.keys(migrations).at(-1) as string;
    await sql`delete from kysely_migration where name = ${last}`.execute(t.app.db.kysely);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/ready',
        headers: { 'accept-language': 'de' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'service_unavailable',
        message: '1 Datenbankmigrationen dieser Version sind nicht angewendet.',
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(
        t.app.db.kysely,
      );
    }
  });

  it('GET /metrics asks for the token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('fiscus_');
  });

  it('GET /metrics counts requests by route and op, jobs and the event loop', async () => {
    const obj = await ok<{ id: string }>(t.app, u, 'objects.create', { name: 'Metered' });
    await ok(t.app, u, 'records.create', { objectId: obj.id, values: { name: 'One' } });
    await ok(t.app, u, 'records.list', { objectId: obj.id });
    await ok(t.app, u, 'records.list', { objectId: obj.id });
    // An op nobody knows is counted as "unknown": a client's text never becomes a label.
    const bad = await qry(t.app, u, 'no.such-op-<script>', {});
    expect(bad.status).toBe(400);
    const job = await ok<{ id: string }>(t.app, u, 'records.export', {
      objectId: obj.id,
      format: 'csv',
    });
    await t.app.jobs.idle();
    expect(await ok<{ status: string }>(t.app, u, 'exports.get', { id: job.id })).toMatchObject({
      status: 'succeeded',
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const count = (labels: string) =>
      Number(
        new RegExp(`^fiscus_http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(
          text,
        )?.[1] ?? 0,
      );
    expect(count('method="POST",route="/api/qry",op="records.list",status="200"')).toBe(2);
    expect(count('method="POST",route="/api/qry",op="unknown",status="400"')).toBe(1);
    expect(text).not.toContain('no.such-op');
    expect(text).toMatch(/^fiscus_jobs\{status="queued"\} 0$/m);
    expect(text).toMatch(/^fiscus_jobs\{status="running"\} 0$/m);
    expect(text).toMatch(
      /^fiscus_job_duration_seconds_count\{kind="export",status="succeeded"\} 1$/m,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    // The export's stream waited for a slot of the heavy lane (however briefly): counted.
    expect(text).toMatch(/^fiscus_lane_wait_seconds_count\{lane="heavy"\} [1-9]/m);
    if (t.app.db.dialect === 'postgres') {
      expect(text).toMatch(/^fiscus_db_pool_connections\{state="total"\} [1-9]/m);
      // Every statement of the app took a connection of the pool: its wait is counted.
      expect(text).toMatch(/^fiscus_db_pool_wait_seconds_count [1-9]/m);
    }
  });
});

describe('metrics without a token', () => {
  it('GET /metrics does not exist', async () => {
    const t = await makeTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.cleanup();
    }
  });
});
