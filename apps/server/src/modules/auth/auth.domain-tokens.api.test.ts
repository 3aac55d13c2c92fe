import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/**
 * Domain API tokens and tokens limited to objects, as other systems use them: made by owners and
 * admins (not editors); a domain token writes as an editor, its writes shown in the record
 * history "via" its name; read scope cannot write; a token limited to objects touches nothing
 * else; revoked and expired tokens are refused at once; no token manages integrations.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
/** A member with the editor role in the owner's domain (signed in there). */
let editor: { headers: { authorization: string } };
let editorLogin: string;
let actuals: string;
let plan: string;

beforeAll(async () => {
  t = await makeTestApp();
  owner = await registerUser(t.app);
  const ed = await registerUser(t.app);
  await ok(t.app, owner, 'members.add', { login: ed.username, role: 'editor' });
  const switched = await ok(t.app, ed, 'domains.switch', { id: owner.session.domain.id });
  editor = { headers: bearer(switched.accessToken) };
  editorLogin = ed.username;
  actuals = (await ok(t.app, owner, 'objects.create', { name: 'Actuals' })).id;
  plan = (await ok(t.app, owner, 'objects.create', { name: 'Plan' })).id;
  await ok(t.app, owner, 'records.create', { objectId: plan, values: { name: 'Q1' } });
});
afterAll(async () => {
  await t.cleanup();
});

type Made = { token: { id: string; kind: string; objects: string[] | null }; secret: string };
const make = (input: Record<string, unknown>) =>
  ok<Made>(t.app, owner, 'domainTokens.create', { expiresInDays: 30, ...input });

describe('domain API tokens', () => {
  it('are made by owners and admins only, and listed apart from personal tokens', async () => {
    const res = await qry(t.app, editor, 'domainTokens.create', {
      name: 'ERP',
      scope: 'write',
      expiresInDays: null,
    });
    expect(res.status).toBe(403);
    const made = await make({ name: 'ERP nightly', scope: 'write' });
    expect(made.token).toMatchObject({ kind: 'domain', objects: null });
    const listed = await ok(t.app, owner, 'domainTokens.list', {});
    expect(listed.items.map((x: { id: string }) => x.id)).toContain(made.token.id);
    expect(listed.items[0].createdByName).toBeTruthy();
    const personal = await ok(t.app, owner, 'tokens.list', {});
    expect(personal.items.map((x: { id: string }) => x.id)).not.toContain(made.token.id);
    // An editor may not revoke it either; a personal revoke does not reach it.
    expect((await qry(t.app, editor, 'domainTokens.revoke', { id: made.token.id })).status).toBe(
      403,
    );
    expect((await qry(t.app, owner, 'tokens.revoke', { id: made.token.id })).status).toBe(404);
  });

  it('writes as an editor, each change in the record history via the token’s name', async () => {
    const { secret } = await make({ name: 'Actuals loader', scope: 'write' });
    const as = { headers: bearer(secret) };
    const rec = await ok(t.app, as, 'records.create', {
      objectId: actuals,
      values: { name: 'January' },
    });
    await ok(t.app, as, 'records.update', {
      objectId: actuals,
      id: rec.id,
      values: { name: 'Jan' },
    });
    // A change made in the console is not "via" anything.
    await ok(t.app, owner, 'records.update', {
      objectId: actuals,
      id: rec.id,
      values: { name: 'January' },
    });
    const history = await ok(t.app, owner, 'records.history', { objectId: actuals, id: rec.id });
    expect(
      history.items.map((e: { action: string; via: string | null }) => [e.action, e.via]),
    ).toEqual([
      ['update', null],
      ['update', 'Actuals loader'],
      ['create', 'Actuals loader'],
    ]);
    // An editor's rights, not more: no objects made, no members added.
    expect((await qry(t.app, as, 'objects.create', { name: 'Nope' })).status).toBe(403);
    expect(
      (await qry(t.app, as, 'members.add', { login: editorLogin, role: 'admin' })).status,
    ).toBe(403);
  });

  it('with read scope reads but cannot write', async () => {
    const { secret } = await make({ name: 'BI reader', scope: 'read' });
    const as = { headers: bearer(secret) };
    expect((await ok(t.app, as, 'records.list', { objectId: plan })).rows).toHaveLength(1);
    const write = await qry(t.app, as, 'records.create', { objectId: plan, values: { name: 'x' } });
    expect(write.status).toBe(403);
    expect((await ok(t.app, owner, 'records.count', { objectId: plan })).total).toBe(1);
  });

  it('limited to objects: nothing about any other object, and lists only its own', async () => {
    const made = await make({ name: 'Plan only', scope: 'write', objects: [plan] });
    expect(made.token.objects).toEqual([plan]);
    const as = { headers: bearer(made.secret) };
    expect((await qry(t.app, as, 'records.list', { objectId: plan })).status).toBe(200);
    const other = await qry(t.app, as, 'records.create', {
      objectId: actuals,
      values: { name: 'x' },
    });
    expect(other.status).toBe(403);
    expect(other.error?.message).toMatch(/limited to other objects/);
    expect((await qry(t.app, as, 'records.list', { objectId: actuals })).status).toBe(403);
    expect((await qry(t.app, as, 'objects.get', { id: actuals })).status).toBe(403);
    expect((await qry(t.app, as, 'reports.list', {})).status).toBe(403);
    const objects = await ok(t.app, as, 'objects.list', {});
    expect(objects.items.map((o: { id: string }) => o.id)).toEqual([plan]);
    // Objects of another domain (or none) cannot be named.
    const bad = await qry(t.app, owner, 'domainTokens.create', {
      name: 'Bad',
      scope: 'read',
      expiresInDays: null,
      objects: ['nosuchobject'],
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.fields?.objects?.[0]).toMatch(/nosuchobject/);
  });

  it('is refused at once when revoked or expired', async () => {
    const { secret, token } = await make({ name: 'Old script', scope: 'write' });
    const as = { headers: bearer(secret) };
    expect((await qry(t.app, as, 'objects.list', {})).status).toBe(200);
    await ok(t.app, owner, 'domainTokens.revoke', { id: token.id });
    expect((await qry(t.app, as, 'objects.list', {})).status).toBe(401);
    const late = await make({ name: 'Expired', scope: 'read' });
    await t.app.db.kysely
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.token.id)
      .execute();
    const expired = await qry(t.app, { headers: bearer(late.secret) }, 'objects.list', {});
    expect(expired.status).toBe(401);
    expect(expired.error?.message).toMatch(/expired/);
  });

  it('never manages tokens or webhooks, even with write scope', async () => {
    const { secret } = await make({ name: 'Greedy', scope: 'write' });
    const as = { headers: bearer(secret) };
    for (const [op, input] of [
      ['domainTokens.list', {}],
      ['domainTokens.create', { name: 'child', scope: 'write', expiresInDays: null }],
      ['webhooks.list', {}],
      ['webhooks.create', { name: 'x', url: 'https://example.com/h', events: ['record.created'] }],
      ['tokens.create', { name: 'child', scope: 'write', expiresInDays: null }],
    ] as const)
      expect((await qry(t.app, as, op, input)).status, op).toBe(403);
  });
});
