import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_ATTEMPTS, WEBHOOK_DISABLE_AFTER } from '@fiscus/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { send } from './webhooks.send.js';

/**
 * Webhooks as a receiver sees them: a signed POST for each chosen event, which the receiver
 * verifies as the README says; a failing receiver gets retries and every attempt is in the
 * delivery log with its status; repeated failures disable the webhook with a notice; refused
 * addresses are refused when saved and when sent; redirects are not followed.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let objectId: string;
let otherObject: string;
let server: Server;
let base: string;
interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let hits: Hit[] = [];
/** What the receiver answers, by path. */
const answers = new Map<string, { status: number; headers?: Record<string, string> }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body });
      const a = answers.get(req.url ?? '') ?? { status: 204 };
      res.writeHead(a.status, a.headers);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await makeTestApp();
  // Retries within the test: a few milliseconds apart.
  t.app.webhooks.timing.backoffMs = [5, 5, 5, 5, 5];
  owner = await registerUser(t.app);
  objectId = (await ok(t.app, owner, 'objects.create', { name: 'Actuals' })).id;
  otherObject = (await ok(t.app, owner, 'objects.create', { name: 'Plan' })).id;
});
afterAll(async () => {
  await t.cleanup();
  await new Promise((r) => server.close(r));
});
beforeEach(async () => {
  // Each test starts with no webhook and nothing received.
  await t.app.db.kysely.deleteFrom('webhook_deliveries').execute();
  await t.app.db.kysely.deleteFrom('webhooks').execute();
  hits = [];
});

/** Sends every due delivery, retries included, until none is left. */
async function settle(rounds = WEBHOOK_ATTEMPTS + 2): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await t.app.webhooks.pump();
    await t.app.jobs.idle();
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The verification the README documents. */
function verify(secret: string, header: string, body: string, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const ts = Number(parts.t);
  if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${ts}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function makeHook(path: string, input: Record<string, unknown> = {}) {
  return ok<{ webhook: { id: string }; secret: string }>(t.app, owner, 'webhooks.create', {
    name: `Hook ${path}`,
    url: `${base}${path}`,
    events: ['record.created', 'record.deleted'],
    allowPrivate: true,
    ...input,
  });
}

describe('webhooks', () => {
  it('POSTs a signed JSON body for the chosen events and objects only', async () => {
    const { webhook, secret } = await makeHook('/ok', { objects: [objectId] });
    expect(secret).toMatch(/^whsec_/);
    const stored = await t.app.db.kysely
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const rec = await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Jan' } });
    await ok(t.app, owner, 'records.update', { objectId, id: rec.id, values: { name: 'J' } });
    await ok(t.app, owner, 'records.create', { objectId: otherObject, values: { name: 'x' } });
    await settle(2);
    expect(hits).toHaveLength(1);
    const hit = hits[0] as Hit;
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['fiscus-event']).toBe('record.created');
    const sig = String(hit.headers['fiscus-signature']);
    expect(verify(secret, sig, hit.body)).toBe(true);
    expect(verify('whsec_wrong', sig, hit.body)).toBe(false);
    expect(verify(secret, sig, hit.body.replace('Actuals', 'Actualz'))).toBe(false);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      type: 'record.created',
      id: hit.headers['fiscus-delivery'],
      data: { object: { id: objectId, name: 'Actuals' }, recordIds: [rec.id], count: 1 },
    });
    const log = await ok(t.app, owner, 'webhooks.deliveries', { id: webhook.id });
    expect(log.items[0]).toMatchObject({ state: 'succeeded', attempts: [{ status: 204 }] });
    await ok(t.app, owner, 'webhooks.delete', { id: webhook.id });
  });

  it('retries a failing receiver with backoff, every attempt in the log', async () => {
    answers.set('/fail', { status: 503 });
    const { webhook } = await makeHook('/fail');
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Feb' } });
    await settle();
    expect(hits.filter((h) => h.path === '/fail')).toHaveLength(WEBHOOK_ATTEMPTS);
    expect(new Set(hits.map((h) => h.headers['fiscus-delivery'])).size).toBe(1);
    expect(hits.map((h) => h.headers['fiscus-attempt'])).toEqual(
      Array.from({ length: WEBHOOK_ATTEMPTS }, (_, i) => String(i + 1)),
    );
    const log = (await qry(t.app, owner, 'webhooks.deliveries', { id: webhook.id }, 'de')).data;
    expect(log.total).toBe(1);
    expect(log.items[0].state).toBe('failed');
    expect(log.items[0].attempts.map((a: { status: number }) => a.status)).toEqual(
      Array(WEBHOOK_ATTEMPTS).fill(503),
    );
    expect(log.items[0].attempts[0].error).toMatch(/antwortete mit 503/);
    const listed = await ok(t.app, owner, 'webhooks.list', {});
    const hook = listed.items.find((w: { id: string }) => w.id === webhook.id);
    expect(hook).toMatchObject({ enabled: true, failures: WEBHOOK_ATTEMPTS, lastStatus: 503 });
    await ok(t.app, owner, 'webhooks.delete', { id: webhook.id });
  });

  it('is disabled after repeated failures, with a notice in the ribbon', async () => {
    answers.set('/down', { status: 500 });
    const { webhook } = await makeHook('/down');
    await t.app.db.kysely
      .updateTable('webhooks')
      .set({ failures: WEBHOOK_DISABLE_AFTER - 1 })
      .where('id', '=', webhook.id)
      .execute();
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Mar' } });
    await settle();
    // The one failure past the limit disabled it: no retry after that.
    expect(hits.filter((h) => h.path === '/down')).toHaveLength(1);
    const hook = (await ok(t.app, owner, 'webhooks.list', {})).items.find(
      (w: { id: string }) => w.id === webhook.id,
    );
    expect(hook).toMatchObject({ enabled: false });
    expect(hook.disabledReason).toMatch(/Disabled after 15 failed attempts/);
    const events = await ok(t.app, owner, 'ribbon.list', {});
    expect(events.items.map((e: { kind: string }) => e.kind)).toContain('webhook.disabled');
    // Nothing is sent while disabled; enabling counts from zero.
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Apr' } });
    await settle(2);
    expect(hits.filter((h) => h.path === '/down')).toHaveLength(1);
    answers.set('/down', { status: 200 });
    const on = await ok(t.app, owner, 'webhooks.update', { id: webhook.id, enabled: true });
    expect(on).toMatchObject({ enabled: true, failures: 0, disabledReason: null });
    await ok(t.app, owner, 'webhooks.delete', { id: webhook.id });
  });

  it('sends a test delivery on request', async () => {
    const { webhook, secret } = await makeHook('/test');
    const d = await ok(t.app, owner, 'webhooks.test', { id: webhook.id });
    expect(d).toMatchObject({ event: 'webhook.test', state: 'pending' });
    await settle(2);
    expect(hits).toHaveLength(1);
    expect(hits[0]?.headers['fiscus-event']).toBe('webhook.test');
    expect(verify(secret, String(hits[0]?.headers['fiscus-signature']), hits[0]?.body ?? '')).toBe(
      true,
    );
    await ok(t.app, owner, 'webhooks.delete', { id: webhook.id });
  });

  it('does not follow redirects', async () => {
    answers.set('/moved', { status: 302, headers: { location: `${base}/ok` } });
    const { webhook } = await makeHook('/moved');
    await ok(t.app, owner, 'webhooks.test', { id: webhook.id });
    await settle(2);
    expect(hits.map((h) => h.path)).toEqual(['/moved']);
    const log = await ok(t.app, owner, 'webhooks.deliveries', { id: webhook.id });
    expect(log.items[0].attempts[0]).toMatchObject({ status: 302 });
    expect(log.items[0].attempts[0].error).toMatch(/redirect/);
    await ok(t.app, owner, 'webhooks.delete', { id: webhook.id });
  });

  it('refuses addresses in forbidden ranges, when saved and when sent', async () => {
    const input = { name: 'Inside', events: ['record.created'] };
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://10.1.2.3/x', base]) {
      const r = await qry(t.app, owner, 'webhooks.create', { ...input, url });
      expect(r.status, url).toBe(400);
      expect(r.error?.fields?.url?.[0], url).toMatch(/may not be sent/);
    }
    // Link-local (cloud metadata) is refused even where private addresses are allowed.
    const meta = await qry(t.app, owner, 'webhooks.create', {
      ...input,
      url: 'http://169.254.169.254/latest/meta-data',
      allowPrivate: true,
    });
    expect(meta.status).toBe(400);
    expect(meta.error?.fields?.url?.[0]).toMatch(/never sent/);
    const scheme = await qry(t.app, owner, 'webhooks.create', { ...input, url: 'ftp://x.example' });
    expect(scheme.status).toBe(400);
    // Allowed once, refused again: switching private addresses off is checked too.
    const { webhook } = await makeHook('/ok');
    const off = await qry(t.app, owner, 'webhooks.update', { id: webhook.id, allowPrivate: false });
    expect(off.status).toBe(400);
    // At send time the resolved address is checked again: nothing reaches the receiver.
    const sent = await send({
      url: `${base}/ok`,
      body: '{}',
      secret: 's',
      allowPrivate: false,
      headers: {},
      timeoutMs: 2000,
    });
    expect(sent).toMatchObject({ status: null, error: { code: 'webhook.err_blocked' } });
    const viaName = await send({
      url: `http://localhost:${new URL(base).port}/ok`,
      body: '{}',
      secret: 's',
      allowPrivate: false,
      headers: {},
      timeoutMs: 2000,
    });
    expect(viaName.error?.code).toBe('webhook.err_blocked');
    expect(hits).toEqual([]);
    await ok(t.app, owner, 'webhooks.delete', { id: webhook.id });
  });
});
