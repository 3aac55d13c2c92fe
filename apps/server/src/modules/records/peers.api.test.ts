import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makePeerApp, makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

// Two server processes on one PostgreSQL database: what one process caches (counts, an object's
// fields, a caller's membership) is dropped as soon as the other writes what it was made from —
// well before any age bound (a second and more) would drop it.

/** Longest wait for a change told by the other process (the notification's way there). */
const NOTIFIED_WITHIN_MS = 1000;

/** Reads until `done` holds, for at most `NOTIFIED_WITHIN_MS`; answers the last read. */
async function soon<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = Date.now() + NOTIFIED_WITHIN_MS;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('caches of two server processes', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let second: FastifyInstance;
  let owner: RegisteredUser;
  let objectId: string;

  beforeAll(async () => {
    t = await makeTestApp();
    second = await makePeerApp(t.app.config);
    owner = await registerUser(t.app);
    objectId = (await ok(t.app, owner, 'objects.create', { name: 'Shared orders' })).id;
  });
  afterAll(async () => {
    await second?.close();
    await t?.cleanup();
  });

  const countOn = async (app: FastifyInstance) =>
    (await ok<{ total: number }>(app, owner, 'records.count', { objectId })).total;

  it('a count cached by one process changes as soon as the other creates a record', async () => {
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'First' } });
    const before = await countOn(second);
    // Cached now.
    expect(await countOn(second)).toBe(before);
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Second' } });
    expect(
      await soon(
        () => countOn(second),
        (n) => n === before + 1,
      ),
    ).toBe(before + 1);
  });

  it("a field added through one process is in the other's records", async () => {
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Fielded' } });
    const list = () =>
      ok<{ rows: { values: Record<string, unknown> }[] }>(second, owner, 'records.list', {
        objectId,
      });
    // The object's fields are cached by the second process now.
    expect(Object.keys((await list()).rows[0]?.values ?? {})).not.toContain('priority');
    await ok(t.app, owner, 'fields.create', {
      objectId,
      name: 'Priority',
      code: 'priority',
      type: 'integer',
    });
    await ok(t.app, owner, 'records.create', { objectId, values: { name: 'Urgent', priority: 3 } });
    const rows = (await soon(list, (l) => l.rows.some((r) => Number(r.values.priority) === 3)))
      .rows;
    expect(rows.map((r) => Number(r.values.priority))).toContain(3);
  });

  it('a member removed through one process is refused by the other', async () => {
    const user = await registerUser(t.app);
    await ok(t.app, owner, 'members.add', { login: user.username, role: 'editor' });
    const switched = await ok(t.app, user, 'domains.switch', { id: owner.session.domain.id });
    const member = { headers: bearer(switched.accessToken) };
    // The second process has checked (and remembers) the membership.
    for (let i = 0; i < 3; i++)
      expect((await qry(second, member, 'records.list', { objectId })).status).toBe(200);
    await ok(t.app, owner, 'members.remove', { userId: user.session.user.id });
    const refused = await soon(
      () => qry(second, member, 'records.list', { objectId }),
      (r) => r.status === 401,
    );
    expect(refused.status).toBe(401);
  });
});
