import {
  errorEnvelopeSchema,
  refreshAnswerSchema,
  signedInSchema,
  whoamiAnswerSchema,
} from '@fiscus/contracts';
import type { FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, post, registerUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { abilityFor, type AuthContext } from './auth.service.js';

describe('tokens, refresh, logout, whoami', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  let t0 = Date.parse('2026-11-22T08:00:00.000Z');
  beforeAll(async () => {
    ctx = await makeTestApp({ accessTokenTtl: 600, refreshTokenTtl: 3600 });
  });
  afterAll(async () => ctx.cleanup());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t0 += 24 * 3600 * 1000;
    vi.setSystemTime(t0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
  const refresh = (refreshToken: unknown) => post(ctx.app, '/jwt/refresh-token', { refreshToken });
  const whoami = async (token: unknown) => {
    const res = await post(ctx.app, '/api/whoami', { token });
    expect(res.statusCode).toBe(200);
    return whoamiAnswerSchema.parse(res.json());
  };
  /** A route that runs `app.authenticate`: TOTP setup for the signed-in user. */
  const protectedCall = (accessToken?: string) =>
    post(
      ctx.app,
      '/api/second-factor',
      { action: 'setup' },
      accessToken ? bearer(accessToken) : {},
    );
  const codeOf = (res: { json(): unknown }) => errorEnvelopeSchema.parse(res.json()).error.code;

  it('rotates refresh tokens: each works once and answers a new pair', async () => {
    const u = await registerUser(ctx.app);
    const first = await refresh(u.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = refreshAnswerSchema.parse(first.json());
    expect(pair.refreshToken).not.toBe(u.refreshToken);
    expect((await whoami(pair.accessToken)).session?.user.id).toBe(u.session.user.id);
    const second = await refresh(pair.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  /** The refresh tokens of a user's sign-ins: all, and those still able to refresh. */
  const tokenRows = async (userId: string) => {
    const rows = await ctx.app.db.kysely
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return {
      families: new Set(rows.map((r) => r.family_id)).size,
      live: rows.filter((r) => !r.used_at && !r.revoked_at),
    };
  };

  it('answers a token replayed within the grace with the same successor, never a second branch', async () => {
    const u = await registerUser(ctx.app);
    const userId = u.session.user.id;
    const [a, b] = await Promise.all([refresh(u.refreshToken), refresh(u.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pa = refreshAnswerSchema.parse(a.json());
    const pb = refreshAnswerSchema.parse(b.json());
    // Both tabs hold the one successor; each has a working access token.
    expect(pb.refreshToken).toBe(pa.refreshToken);
    expect((await whoami(pb.accessToken)).session?.user.id).toBe(userId);
    expect((await tokenRows(userId)).live).toHaveLength(1);

    advance(5);
    const late = refreshAnswerSchema.parse((await refresh(u.refreshToken)).json());
    expect(late.refreshToken).toBe(pa.refreshToken);
    // One tab rotates on; a replay of the first token now gets the newest successor.
    const next = refreshAnswerSchema.parse((await refresh(pa.refreshToken)).json());
    advance(3);
    const again = refreshAnswerSchema.parse((await refresh(u.refreshToken)).json());
    expect(again.refreshToken).toBe(next.refreshToken);
    const rows = await tokenRows(userId);
    expect(rows.families).toBe(1);
    expect(rows.live).toHaveLength(1);
    // The sign-in's life is not extended by the replays: one row per real rotation.
    const all = await ctx.app.db.kysely
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(all).toHaveLength(3);

    // Past the grace (counted from its first use) the old token ends the sign-in.
    advance(3);
    expect((await refresh(u.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('a token replayed after a domain switch gets the switched pair', async () => {
    const u = await registerUser(ctx.app);
    const owner = await registerUser(ctx.app);
    await ctx.app.db.kysely
      .insertInto('memberships')
      .values({
        user_id: u.session.user.id,
        domain_id: owner.session.domain.id,
        role: 'viewer',
        created_at: new Date().toISOString(),
      })
      .execute();
    const auth = (await ctx.app.authService.verify(u.accessToken)).auth as AuthContext;
    const switched = await ctx.app.authService.switchDomain(auth, owner.session.domain.id, 'en');
    advance(2);
    const other = refreshAnswerSchema.parse((await refresh(u.refreshToken)).json());
    expect(other.refreshToken).toBe(switched.refreshToken);
    expect((await whoami(other.accessToken)).session?.domain.id).toBe(owner.session.domain.id);
    expect((await tokenRows(u.session.user.id)).live).toHaveLength(1);
  });

  it('cleanup forgets successor tokens once the grace is over', async () => {
    const u = await registerUser(ctx.app);
    await refresh(u.refreshToken);
    const sealed = async () =>
      (
        await ctx.app.db.kysely
          .selectFrom('refresh_tokens')
          .select('successor_token')
          .where('user_id', '=', u.session.user.id)
          .where('successor_token', 'is not', null)
          .execute()
      ).length;
    expect(await sealed()).toBe(1);
    await ctx.app.authService.cleanup();
    expect(await sealed()).toBe(1);
    advance(11);
    await ctx.app.authService.cleanup();
    expect(await sealed()).toBe(0);
  });

  it('ends the whole sign-in when a used refresh token comes back after the grace', async () => {
    const u = await registerUser(ctx.app);
    const next = refreshAnswerSchema.parse((await refresh(u.refreshToken)).json());
    const other = await registerUser(ctx.app);
    advance(11);
    const reused = await refresh(u.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(codeOf(reused)).toBe('invalid_refresh_token');
    // The legitimate successor and its access token are dead too.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect(await whoami(next.accessToken)).toEqual({ session: null, reason: 'invalid' });
    expect(codeOf(await protectedCall(next.accessToken))).toBe('unauthorized');
    // Other users are untouched.
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    const events = await ctx.app.db.kysely
      .selectFrom('auth_events')
      .select('event')
      .where('user_id', '=', u.session.user.id)
      .where('event', '=', 'refresh_token_reused')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('refuses expired, unknown and malformed refresh tokens', async () => {
    const u = await registerUser(ctx.app);
    expect(codeOf(await refresh('not-a-token'))).toBe('invalid_refresh_token');
    const missing = await post(ctx.app, '/jwt/refresh-token', {});
    expect(missing.statusCode).toBe(400);
    expect(codeOf(missing)).toBe('validation_failed');
    advance(3601);
    const expired = await refresh(u.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(codeOf(expired)).toBe('invalid_refresh_token');
  });

  it('lets the access token expire after ACCESS_TOKEN_TTL with token_expired', async () => {
    const u = await registerUser(ctx.app);
    expect((await protectedCall(u.accessToken)).statusCode).toBe(200);
    advance(599);
    expect((await protectedCall(u.accessToken)).statusCode).toBe(200);
    advance(2);
    const expired = await protectedCall(u.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(codeOf(expired)).toBe('token_expired');
    const fresh = refreshAnswerSchema.parse((await refresh(u.refreshToken)).json());
    expect((await protectedCall(fresh.accessToken)).statusCode).toBe(200);
  });

  it('answers 401 unauthorized without a token or with a forged one', async () => {
    const u = await registerUser(ctx.app);
    const none = await protectedCall();
    expect(none.statusCode).toBe(401);
    expect(codeOf(none)).toBe('unauthorized');
    const [h, p] = u.accessToken.split('.');
    const forged = await protectedCall(`${h}.${p}.${'A'.repeat(43)}`);
    expect(codeOf(forged)).toBe('unauthorized');
    const de = await post(
      ctx.app,
      '/api/second-factor',
      { action: 'setup' },
      { 'accept-language': 'de' },
    );
    expect(errorEnvelopeSchema.parse(de.json()).error.message).toBe('Bitte melden Sie sich an.');
  });

  it('whoami answers the session, or null with the reason', async () => {
    const u = await registerUser(ctx.app);
    const ok = await whoami(u.accessToken);
    expect(ok.session).toEqual(u.session);
    expect(ok.reason).toBeUndefined();
    expect(await whoami(undefined)).toEqual({ session: null, reason: 'missing' });
    expect(await whoami(null)).toEqual({ session: null, reason: 'missing' });
    expect(await whoami('garbage')).toEqual({ session: null, reason: 'invalid' });
    expect(await whoami(u.refreshToken)).toEqual({ session: null, reason: 'invalid' });
    advance(601);
    expect(await whoami(u.accessToken)).toEqual({ session: null, reason: 'expired' });
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/whoami' });
    expect(noBody.statusCode).toBe(400);
  });

  it('whoami needs no Authorization header and ignores one', async () => {
    const u = await registerUser(ctx.app);
    const res = await post(ctx.app, '/api/whoami', { token: 'garbage' }, bearer(u.accessToken));
    expect(whoamiAnswerSchema.parse(res.json())).toEqual({ session: null, reason: 'invalid' });
  });

  it('logout ends the sign-in of the refresh token and its access tokens', async () => {
    const u = await registerUser(ctx.app);
    const second = signedInSchema.parse(
      (await post(ctx.app, '/api/login', { login: u.username, password: u.password })).json(),
    );
    const res = await post(ctx.app, '/api/logout', { refreshToken: u.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await refresh(u.refreshToken)).statusCode).toBe(401);
    expect(await whoami(u.accessToken)).toEqual({ session: null, reason: 'invalid' });
    // The other sign-in (another browser) stays.
    expect((await whoami(second.accessToken)).session?.user.id).toBe(u.session.user.id);
    // Signing out by access token alone works too.
    await post(ctx.app, '/api/logout', undefined, bearer(second.accessToken));
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('logout answers 200 with a missing, empty, unknown or malformed body', async () => {
    for (const payload of [
      undefined,
      {},
      { refreshToken: 'unknown' },
      { refreshToken: 42 },
      { x: [1] },
    ]) {
      const res = await post(ctx.app, '/api/logout', payload);
      expect(res.statusCode).toBe(200);
    }
    const garbageBearer = await post(ctx.app, '/api/logout', {}, { authorization: 'Bearer nope' });
    expect(garbageBearer.statusCode).toBe(200);
  });

  it('switching domain answers a new pair carrying the other domain', async () => {
    const u = await registerUser(ctx.app);
    const owner = await registerUser(ctx.app);
    await ctx.app.db.kysely
      .insertInto('memberships')
      .values({
        user_id: u.session.user.id,
        domain_id: owner.session.domain.id,
        role: 'viewer',
        created_at: new Date().toISOString(),
      })
      .execute();
    const auth = (await ctx.app.authService.verify(u.accessToken)).auth as AuthContext;
    const switched = await ctx.app.authService.switchDomain(auth, owner.session.domain.id, 'en');
    expect(switched.session.domain).toEqual({ ...owner.session.domain, role: 'viewer' });
    expect(switched.session.domains).toHaveLength(2);
    expect(switched.session.rules).not.toContainEqual({ action: 'manage', subject: 'all' });
    expect((await whoami(switched.accessToken)).session?.domain.id).toBe(owner.session.domain.id);
    // Refreshing stays in the new domain, and the next sign-in starts there.
    const next = refreshAnswerSchema.parse((await refresh(switched.refreshToken)).json());
    expect((await whoami(next.accessToken)).session?.domain.id).toBe(owner.session.domain.id);
    const again = signedInSchema.parse(
      (await post(ctx.app, '/api/login', { login: u.username, password: u.password })).json(),
    );
    expect(again.session.domain.id).toBe(owner.session.domain.id);
    // A domain the user is not a member of is refused.
    const stranger = await registerUser(ctx.app);
    await expect(
      ctx.app.authService.switchDomain(auth, stranger.session.domain.id, 'en'),
    ).rejects.toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('an access token stops working once the membership is gone', async () => {
    const u = await registerUser(ctx.app);
    await ctx.app.db.kysely
      .deleteFrom('memberships')
      .where('user_id', '=', u.session.user.id)
      .execute();
    expect(await whoami(u.accessToken)).toEqual({ session: null, reason: 'invalid' });
    expect((await refresh(u.refreshToken)).statusCode).toBe(401);
  });

  it('a refresh after losing the current domain moves to another domain of the user', async () => {
    const u = await registerUser(ctx.app);
    const owner = await registerUser(ctx.app);
    await ctx.app.db.kysely
      .insertInto('memberships')
      .values({
        user_id: u.session.user.id,
        domain_id: owner.session.domain.id,
        role: 'editor',
        created_at: new Date().toISOString(),
      })
      .execute();
    const auth = (await ctx.app.authService.verify(u.accessToken)).auth as AuthContext;
    const switched = await ctx.app.authService.switchDomain(auth, owner.session.domain.id, 'en');
    await ctx.app.db.kysely
      .deleteFrom('memberships')
      .where('user_id', '=', u.session.user.id)
      .where('domain_id', '=', owner.session.domain.id)
      .execute();
    expect((await whoami(switched.accessToken)).reason).toBe('invalid');
    const next = refreshAnswerSchema.parse((await refresh(switched.refreshToken)).json());
    expect((await whoami(next.accessToken)).session?.domain).toEqual(u.session.domain);
  });

  it('cleanup drops expired refresh tokens', async () => {
    const u = await registerUser(ctx.app);
    const count = async () =>
      (
        await ctx.app.db.kysely
          .selectFrom('refresh_tokens')
          .select('id')
          .where('user_id', '=', u.session.user.id)
          .execute()
      ).length;
    expect(await count()).toBe(1);
    await ctx.app.authService.cleanup();
    expect(await count()).toBe(1);
    advance(3601);
    await ctx.app.authService.cleanup();
    expect(await count()).toBe(0);
  });

  it('authorize allows what the role allows and answers 403 forbidden otherwise', () => {
    const request = (role: 'owner' | 'viewer') =>
      ({
        headers: { 'accept-language': 'pt' },
        auth: { userId: 'u', domainId: 'd', sessionId: 's', role, ability: abilityFor(role) },
      }) as unknown as FastifyRequest;
    expect(() => ctx.app.authorize(request('owner'), 'delete', 'Object')).not.toThrow();
    expect(() => ctx.app.authorize(request('viewer'), 'read', 'Record')).not.toThrow();
    expect(() => ctx.app.authorize(request('viewer'), 'update', 'Record')).toThrow(
      expect.objectContaining({
        code: 'forbidden',
        status: 403,
        message: 'Não tem permissão para fazer isto.',
      }),
    );
    const anonymous = { headers: {}, auth: null } as unknown as FastifyRequest;
    expect(() => ctx.app.authorize(anonymous, 'read', 'Record')).toThrow(
      expect.objectContaining({ code: 'unauthorized', status: 401 }),
    );
  });
});
