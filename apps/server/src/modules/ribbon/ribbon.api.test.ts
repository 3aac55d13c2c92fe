import type { AddressInfo } from 'node:net';
import type { RibbonEvent } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makePeerApp, makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { openSse as openUrl } from '../../test/sse-client.js';

const openSse = (base: string, path: string, headers: Record<string, string> = {}) =>
  openUrl(`${base}${path}`, headers);

const eventOf = (f: { data: string }) => JSON.parse(f.data) as RibbonEvent;

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let base: string;
let owner: RegisteredUser;
let other: RegisteredUser;
let objectId: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  owner = await registerUser(app);
  other = await registerUser(app);
  const obj = await ok(app, owner, 'objects.create', { name: 'Orders', kind: 'table' });
  objectId = obj.id;
});

afterAll(async () => {
  await cleanup();
});

async function ticket(user: RegisteredUser): Promise<string> {
  const t = await ok<{ ticket: string }>(app, user, 'events.ticket');
  return t.ticket;
}

describe('ribbon.list', () => {
  it('records creating, changing and deleting records; a bulk delete is one event', async () => {
    const a = await ok(app, owner, 'records.create', { objectId, values: { name: 'A' } });
    const b = await ok(app, owner, 'records.create', { objectId, values: { name: 'B' } });
    const c = await ok(app, owner, 'records.create', { objectId, values: { name: 'C' } });
    await ok(app, owner, 'records.update', { objectId, id: a.id, values: { name: 'A2' } });
    await ok(app, owner, 'records.delete', { objectId, ids: [a.id, b.id, c.id] });
    const list = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', { objectId });
    expect(list.items.map((e) => e.kind)).toEqual([
      'record.deleted',
      'record.updated',
      'record.created',
      'record.created',
      'record.created',
    ]);
    const [deleted, updated] = list.items;
    expect(deleted).toMatchObject({
      count: 3,
      objectName: 'Orders',
      userName: owner.username,
      links: { objectId },
    });
    expect([...(deleted?.recordIds ?? [])].sort()).toEqual([a.id, b.id, c.id].sort());
    expect(updated).toMatchObject({
      recordIds: [a.id],
      data: { fields: ['Name'] },
      links: { objectId, recordId: a.id },
    });
  });

  it('filters by kind, object, user and period, newest first, paged', async () => {
    const byKind = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      kinds: ['record.created'],
    });
    expect(byKind.items.length).toBe(3);
    expect(byKind.items.every((e) => e.kind === 'record.created')).toBe(true);
    const ids = byKind.items.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const page1 = await ok<{ items: RibbonEvent[]; nextBefore: number | null }>(
      app,
      owner,
      'ribbon.list',
      { limit: 2 },
    );
    expect(page1.items.length).toBe(2);
    expect(page1.nextBefore).toBe(page1.items[1]?.id);
    const page2 = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      limit: 2,
      before: page1.nextBefore,
    });
    expect(page2.items[0]?.id).toBeLessThan(page1.items[1]?.id ?? 0);

    const byUser = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      userId: owner.session.user.id,
    });
    expect(byUser.items.length).toBe(5);
    const future = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      from: '2999-01-01',
    });
    expect(future.items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const all = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      from: today,
      to: today,
    });
    expect(all.items.length).toBe(5);
  });

  it('refuses a bad period naming the field, in the user’s language', async () => {
    const r = await qry(app, owner, 'ribbon.list', { from: 'yesterday' }, 'de');
    expect(r.status).toBe(400);
    expect(r.error?.fields?.from?.[0]).toMatch(/Datum/);
  });

  it('records members added and removed', async () => {
    const guest = await registerUser(app);
    await ok(app, owner, 'members.add', { login: guest.username, role: 'viewer' });
    await ok(app, owner, 'members.remove', { userId: guest.session.user.id });
    const list = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      kinds: ['member.added', 'member.removed'],
    });
    expect(list.items.map((e) => [e.kind, e.data.role])).toEqual([
      ['member.removed', 'viewer'],
      ['member.added', 'viewer'],
    ]);
  });

  it('records an export that finished, linking its file; jobs.list shows the job', async () => {
    const job = await ok<{ id: string }>(app, owner, 'records.export', { objectId, format: 'csv' });
    await app.jobs.idle();
    const list = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      kinds: ['export.finished'],
    });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      objectId,
      data: { format: 'csv' },
      links: { jobId: job.id, objectId },
    });
    expect(list.items[0]?.links.fileId).toBeTruthy();
    const jobs = await ok<{ items: { id: string; label: string | null; status: string }[] }>(
      app,
      owner,
      'jobs.list',
      {},
    );
    expect(jobs.items.find((j) => j.id === job.id)).toMatchObject({
      status: 'succeeded',
      label: 'Orders (CSV)',
    });
    const theirs = await ok<{ items: unknown[] }>(app, other, 'jobs.list', {});
    expect(theirs.items).toEqual([]);
  });

  it('shows a domain only its own events', async () => {
    const theirs = await ok<{ items: RibbonEvent[] }>(app, other, 'ribbon.list', {});
    expect(theirs.items).toEqual([]);
    const byObject = await ok<{ items: RibbonEvent[] }>(app, other, 'ribbon.list', { objectId });
    expect(byObject.items).toEqual([]);
  });
});

describe('GET /api/events', () => {
  it('refuses a missing, unknown or used ticket', async () => {
    const none = await openSse(base, '/api/events');
    expect(none.status).toBe(401);
    const bogus = await openSse(base, `/api/events?ticket=${'x'.repeat(43)}`);
    expect(bogus.status).toBe(401);
    const t = await ticket(owner);
    const first = await openSse(base, `/api/events?ticket=${t}`);
    expect(first.status).toBe(200);
    const again = await openSse(base, `/api/events?ticket=${t}`);
    expect(again.status).toBe(401);
    first.close();
  });

  it('delivers new events of the domain live, and none of another domain', async () => {
    const mine = await openSse(base, `/api/events?ticket=${await ticket(owner)}`);
    const theirs = await openSse(base, `/api/events?ticket=${await ticket(other)}`);
    const rec = await ok(app, owner, 'records.create', { objectId, values: { name: 'Live' } });
    const f = await mine.waitFor((x) => x.event === 'ribbon');
    expect(eventOf(f)).toMatchObject({ kind: 'record.created', recordIds: [rec.id], objectId });
    expect(f.id).toBe(String(eventOf(f).id));
    // The other domain's stream gets its own event, never the first one.
    const otherObj = await ok(app, other, 'objects.create', { name: 'Theirs', kind: 'table' });
    await ok(app, other, 'records.create', { objectId: otherObj.id, values: { name: 'T' } });
    const g = await theirs.waitFor((x) => x.event === 'ribbon');
    expect(eventOf(g).objectId).toBe(otherObj.id);
    expect(
      theirs.frames.filter((x) => x.event === 'ribbon').map((x) => eventOf(x).objectId),
    ).not.toContain(objectId);
    mine.close();
    theirs.close();
  });

  it('sends what a client missed when it reconnects with Last-Event-ID', async () => {
    const first = await openSse(base, `/api/events?ticket=${await ticket(owner)}`);
    await ok(app, owner, 'records.create', { objectId, values: { name: 'Seen' } });
    const seen = await first.waitFor((x) => x.event === 'ribbon');
    first.close();
    const m1 = await ok(app, owner, 'records.create', { objectId, values: { name: 'Missed 1' } });
    const m2 = await ok(app, owner, 'records.create', { objectId, values: { name: 'Missed 2' } });
    const again = await openSse(base, `/api/events?ticket=${await ticket(owner)}`, {
      'last-event-id': seen.id ?? '',
    });
    await again.waitFor((x) => x.event === 'ribbon' && eventOf(x).recordIds[0] === m2.id);
    // On PostgreSQL a replay also repeats the last seconds before the id (transactions commit
    // out of id order); clients drop ids they have. Past the id, exactly the missed ones.
    const got = again.frames
      .filter((x) => x.event === 'ribbon')
      .map((x) => eventOf(x))
      .filter((e) => e.id > Number(seen.id));
    expect(got.map((e) => e.recordIds[0])).toEqual([m1.id, m2.id]);
    // Live events continue on the same stream after the replay.
    const m3 = await ok(app, owner, 'records.create', { objectId, values: { name: 'After' } });
    await again.waitFor((x) => x.event === 'ribbon' && eventOf(x).recordIds[0] === m3.id);
    again.close();
  });

  it('refuses a Last-Event-ID that is not an event id, naming it', async () => {
    const s = await openSse(base, `/api/events?ticket=${await ticket(owner)}`, {
      'last-event-id': 'abc',
      'accept-language': 'fr',
    });
    expect(s.status).toBe(400);
    expect(s.frames[0]?.data).toMatch(/Last-Event-ID/);
  });

  it('publishes nothing for a refused change', async () => {
    const s = await openSse(base, `/api/events?ticket=${await ticket(owner)}`);
    const bad = await qry(app, owner, 'records.create', {
      objectId,
      values: { name: 'x'.repeat(100_000) },
    });
    expect(bad.status).toBe(400);
    const good = await ok(app, owner, 'records.create', { objectId, values: { name: 'ok' } });
    await s.waitFor((x) => x.event === 'ribbon' && eventOf(x).recordIds[0] === good.id);
    expect(s.frames.filter((x) => x.event === 'ribbon').length).toBe(1);
    s.close();
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('each delivers the events written through either', async () => {
    const second = await makePeerApp(app.config);
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base2 = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const onFirst = await openSse(base, `/api/events?ticket=${await ticket(owner)}`);
      // A ticket is a row in the shared database: the second process accepts it too.
      const t2 = await ok<{ ticket: string }>(second, owner, 'events.ticket');
      const onSecond = await openSse(base2, `/api/events?ticket=${t2.ticket}`);
      expect(onSecond.status).toBe(200);
      const viaSecond = await ok(second, owner, 'records.create', {
        objectId,
        values: { name: 'Written on the second' },
      });
      const viaFirst = await ok(app, owner, 'records.create', {
        objectId,
        values: { name: 'Written on the first' },
      });
      for (const s of [onFirst, onSecond])
        for (const r of [viaSecond, viaFirst])
          await s.waitFor((x) => x.event === 'ribbon' && eventOf(x).recordIds[0] === r.id);
      onFirst.close();
      onSecond.close();
    } finally {
      await second.close();
    }
  });
});
