import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { BURST } from './auth.api-tokens.js';

/**
 * Personal API tokens, as a script uses them: made in the account, sent as a bearer token on
 * `/api/qry`; read scope cannot write; revoked and expired tokens are refused at once; a token
 * sees only its own domain; writes through it are kept with its name; it is throttled.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;
let other: RegisteredUser;
let objectId: string;

beforeAll(async () => {
  t = await makeTestApp();
  owner = await registerUser(t.app);
  other = await registerUser(t.app);
  objectId = (await ok(t.app, owner, 'objects.create', { name: 'Actuals' })).id;
  await ok(t.app, owner, 'records.create', { objectId, values: { name: 'January' } });
});
afterAll(async () => {
  await t.cleanup();
});

async function makeToken(
  user: RegisteredUser,
  name: string,
  scope: 'read' | 'write',
  expiresInDays: number | null = 30,
) {
  return ok<{ token: { id: string; hint: string }; secret: string }>(t.app, user, 'tokens.create', {
    name,
    scope,
    expiresInDays,
  });
}

describe('personal API tokens', () => {
  it('is shown once, stored hashed, listed with its last use', async () => {
    const made = await makeToken(owner, 'Nightly ERP load', 'write');
    expect(made.secret).toMatch(/^fst_[a-z0-9]{20}_[A-Za-z0-9_-]{32}$/);
    expect(made.token.hint).toBe(made.secret.slice(-4));
    const row = await t.app.db.kysely
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', made.token.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.secret.split('_')[2]);
    const listed = await ok(t.app, owner, 'tokens.list', {});
    expect(JSON.stringify(listed)).not.toContain(made.secret.split('_')[2]);
    expect(listed.items[0]).toMatchObject({ name: 'Nightly ERP load', lastUsedAt: null });
    const as = { headers: bearer(made.secret) };
    expect((await ok(t.app, as, 'records.count', { objectId })).total).toBe(1);
    const after = await ok(t.app, owner, 'tokens.list', {});
    expect(after.items[0].lastUsedAt).not.toBeNull();
  });

  it('with read scope reads but cannot write', async () => {
    const { secret } = await makeToken(owner, 'BI reader', 'read');
    const as = { headers: bearer(secret) };
    expect((await ok(t.app, as, 'records.list', { objectId })).rows).toHaveLength(1);
    const write = await qry(t.app, as, 'records.create', { objectId, values: { name: 'x' } });
    expect(write.status).toBe(403);
    const obj = await qry(t.app, as, 'objects.create', { name: 'Nope' });
    expect(obj.status).toBe(403);
  });

  it('writes as its maker, each write kept with the token’s name', async () => {
    const { secret, token } = await makeToken(owner, 'Actuals loader', 'write');
    const as = { headers: bearer(secret) };
    const rec = await ok(t.app, as, 'records.create', { objectId, values: { name: 'February' } });
    expect(rec.id).toBeGreaterThan(0);
    const kept = await t.app.db.kysely
      .selectFrom('api_token_writes')
      .selectAll()
      .where('token_id', '=', token.id)
      .execute();
    expect(kept).toEqual([
      expect.objectContaining({
        token_name: 'Actuals loader',
        op: 'records.create',
        object_id: objectId,
        user_id: owner.session.user.id,
      }),
    ]);
    // A token never manages its maker's account or tokens, nor switches domain.
    for (const [op, input] of [
      ['tokens.create', { name: 'child', scope: 'write', expiresInDays: null }],
      ['tokens.revoke', { id: token.id }],
      ['account.update', { fullName: 'Mallory' }],
      ['domains.switch', { id: owner.session.domain.id }],
    ] as const)
      expect((await qry(t.app, as, op, input)).status, op).toBe(403);
  });

  it('is refused at once when revoked or expired, with the reason', async () => {
    const { secret, token } = await makeToken(owner, 'Old script', 'write');
    const as = { headers: bearer(secret) };
    expect((await qry(t.app, as, 'objects.list', {})).status).toBe(200);
    await ok(t.app, owner, 'tokens.revoke', { id: token.id });
    const revoked = await qry(t.app, as, 'objects.list', {}, 'de');
    expect(revoked.status).toBe(401);
    expect(revoked.error?.message).toMatch(/API-Token ist ungültig/);
    const late = await makeToken(owner, 'Expired', 'read', 1);
    await t.app.db.kysely
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.token.id)
      .execute();
    const expired = await qry(t.app, { headers: bearer(late.secret) }, 'objects.list', {});
    expect(expired.status).toBe(401);
    expect(expired.error?.message).toMatch(/expired/);
    const forged = await qry(
      t.app,
      { headers: bearer(`${late.secret.slice(0, -4)}AAAA`) },
      'objects.list',
      {},
    );
    expect(forged.status).toBe(401);
  });

  it('sees nothing of another domain, and another member’s tokens are not theirs', async () => {
    const { secret, token } = await makeToken(other, 'Elsewhere', 'write');
    const as = { headers: bearer(secret) };
    expect((await qry(t.app, as, 'records.list', { objectId })).status).toBe(404);
    expect((await ok(t.app, as, 'objects.list', {})).items ?? []).not.toContainEqual(
      expect.objectContaining({ id: objectId }),
    );
    expect((await qry(t.app, owner, 'tokens.revoke', { id: token.id })).status).toBe(404);
    expect(
      (await ok(t.app, owner, 'tokens.list', {})).items.map((x: { id: string }) => x.id),
    ).not.toContain(token.id);
  });

  it('is throttled per token: 429 with Retry-After past its allowance', async () => {
    const { secret } = await makeToken(owner, 'Busy loop', 'read');
    const fresh = await makeToken(owner, 'Calm script', 'read');
    // Time stands still: the allowance does not refill while the loop runs, however slow.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const codes: number[] = [];
      let retry: unknown;
      for (let i = 0; i < BURST + 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/qry',
          headers: bearer(secret),
          payload: { op: 'objects.list' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) retry ??= res.headers['retry-after'];
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(BURST);
      expect(codes.slice(BURST)).toEqual([429, 429, 429, 429, 429]);
      expect(Number(retry)).toBeGreaterThanOrEqual(1);
      // Another token of the same user is not held back.
      expect((await qry(t.app, { headers: bearer(fresh.secret) }, 'objects.list', {})).status).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
