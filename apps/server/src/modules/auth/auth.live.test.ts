import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, post, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

// Authenticated requests remember a checked token and membership for a moment; these tests make
// sure that every way of losing access still takes effect on the very next request.

let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let objectId: string;

beforeAll(async () => {
  t = await makeTestApp();
  owner = await registerUser(t.app);
  objectId = (await ok(t.app, owner, 'objects.create', { name: 'Live access' })).id;
});
afterAll(async () => t.cleanup());

/** A new user who joined the owner's domain with `role`, signed in there. */
async function member(role: string) {
  const user = await registerUser(t.app);
  await ok(t.app, owner, 'members.add', { login: user.username, role });
  const switched = await ok(t.app, user, 'domains.switch', { id: owner.session.domain.id });
  return { user, headers: bearer(switched.accessToken), accessToken: switched.accessToken };
}

/** Several reads, so that whatever is remembered about the caller is remembered. */
async function warm(caller: { headers: { authorization: string } }) {
  for (let i = 0; i < 3; i++) {
    expect((await qry(t.app, caller, 'records.list', { objectId })).status).toBe(200);
  }
}

describe('access ends at once', () => {
  it('for a member removed by the owner', async () => {
    const m = await member('editor');
    await warm(m);
    await ok(t.app, owner, 'members.remove', { userId: m.user.session.user.id });
    const res = await qry(t.app, m, 'records.list', { objectId });
    expect(res.status).toBe(401);
  });

  it('for a member whose role was lowered', async () => {
    const m = await member('editor');
    await warm(m);
    const created = await qry(t.app, m, 'records.create', { objectId, values: { name: 'a' } });
    expect(created.status).toBe(200);
    await ok(t.app, owner, 'members.setRole', { userId: m.user.session.user.id, role: 'viewer' });
    const denied = await qry(t.app, m, 'records.create', { objectId, values: { name: 'b' } });
    expect(denied.status).toBe(403);
    expect((await qry(t.app, m, 'records.list', { objectId })).status).toBe(200);
  });

  it('for a sign-in that was logged out', async () => {
    const m = await member('viewer');
    await warm(m);
    const out = await post(t.app, '/api/logout', {}, m.headers);
    expect(out.statusCode).toBeLessThan(300);
    expect((await qry(t.app, m, 'records.list', { objectId })).status).toBe(401);
  });

  it('for a membership deleted by any query, raw SQL included', async () => {
    const a = await member('viewer');
    const b = await member('viewer');
    await warm(a);
    await warm(b);
    await t.app.db.kysely
      .deleteFrom('memberships')
      .where('user_id', '=', a.user.session.user.id)
      .where('domain_id', '=', owner.session.domain.id)
      .execute();
    expect((await qry(t.app, a, 'records.list', { objectId })).status).toBe(401);
    await sql`delete from memberships where user_id = ${b.user.session.user.id}`.execute(
      t.app.db.kysely,
    );
    expect((await qry(t.app, b, 'records.list', { objectId })).status).toBe(401);
  });

  it('for a membership deleted inside a transaction, once it commits', async () => {
    const m = await member('viewer');
    await warm(m);
    await t.app.db.kysely.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('memberships')
        .where('user_id', '=', m.user.session.user.id)
        .where('domain_id', '=', owner.session.domain.id)
        .execute();
    });
    expect((await qry(t.app, m, 'records.list', { objectId })).status).toBe(401);
  });

  it('while other callers keep working and a token still has to be valid', async () => {
    await warm(owner);
    const tampered = `${owner.accessToken.slice(0, -2)}${owner.accessToken.endsWith('A') ? 'BB' : 'AA'}`;
    expect(
      (await qry(t.app, { headers: bearer(tampered) }, 'records.list', { objectId })).status,
    ).toBe(401);
    expect((await qry(t.app, owner, 'records.list', { objectId })).status).toBe(200);
  });
});
