import { errorEnvelopeSchema, loginAnswerSchema, signedInSchema } from '@fiscus/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { post, registerUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

describe('POST /api/login', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  let t0 = Date.parse('2026-11-22T08:00:00.000Z');
  beforeAll(async () => {
    ctx = await makeTestApp();
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

  const login = (payload: unknown, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
    post(ctx.app, '/api/login', payload, headers, ip);
  const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('signs in by username or by email, whatever their case', async () => {
    const u = await registerUser(ctx.app, { username: 'Login.Case' });
    for (const name of ['Login.Case', 'login.case', u.email.toUpperCase()]) {
      const res = await login({ login: name, password: u.password });
      expect(res.statusCode).toBe(200);
      const body = signedInSchema.parse(res.json());
      expect(body.session.user.id).toBe(u.session.user.id);
      expect(body.session.domain.id).toBe(u.session.domain.id);
      expect(body.refreshToken).not.toBe(u.refreshToken);
    }
  });

  it('answers one generic message for a wrong password and an unknown account', async () => {
    const u = await registerUser(ctx.app);
    const wrong = await login({ login: u.username, password: 'Wrong1234' }, '10.1.0.1');
    const unknown = await login({ login: 'nobody_here', password: 'Wrong1234' }, '10.1.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      const { error } = errorEnvelopeSchema.parse(res.json());
      expect(error.code).toBe('invalid_credentials');
      expect(error.message).toBe('The username, email or password is not correct.');
    }
    const fr = await login({ login: 'nobody', password: 'x' }, '10.1.0.1', {
      'accept-language': 'fr',
    });
    expect(errorEnvelopeSchema.parse(fr.json()).error.message).toBe(
      "Le nom d'utilisateur, l'e-mail ou le mot de passe est incorrect.",
    );
  });

  it('logs every failure to the audit log without the password', async () => {
    const u = await registerUser(ctx.app);
    await login({ login: u.email, password: 'Wrong-pass-1' }, '10.1.0.2');
    await login({ login: 'ghost_user', password: 'Wrong-pass-2' }, '10.1.0.2');
    const rows = await ctx.app.db.kysely
      .selectFrom('auth_events')
      .selectAll()
      .where('event', '=', 'login_failed')
      .where('ip', '=', '10.1.0.2')
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([u.session.user.id, null]);
    expect(rows.map((r) => JSON.parse(r.detail ?? '{}') as unknown)).toEqual([
      { login: u.email },
      { login: 'ghost_user' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('Wrong-pass');
  });

  it('delays an account after 5 failures, longer with each further failure', async () => {
    const u = await registerUser(ctx.app);
    // Username and email count together: it is one account.
    for (const name of [u.username, u.username, u.email, u.email, u.username]) {
      expect((await login({ login: name, password: 'Wrong1234' }, '10.2.0.1')).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ login: u.username, password: u.password }, '10.2.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    const { error } = errorEnvelopeSchema.parse(blocked.json());
    expect(error.code).toBe('too_many_requests');
    expect(error.message).toBe('Too many failed attempts. Please try again in 30 seconds.');

    advance(31);
    expect((await login({ login: u.username, password: 'Wrong1234' }, '10.2.0.3')).statusCode).toBe(
      401,
    );
    const longer = await login({ login: u.username, password: u.password }, '10.2.0.3');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    advance(61);
    const ok = await login({ login: u.username, password: u.password }, '10.2.0.3');
    expect(ok.statusCode).toBe(200);
    // Success clears the account's failures: one more mistake is not delayed.
    expect((await login({ login: u.username, password: 'Wrong1234' }, '10.2.0.3')).statusCode).toBe(
      401,
    );
    expect((await login({ login: u.username, password: u.password }, '10.2.0.3')).statusCode).toBe(
      200,
    );

    const throttled = await ctx.app.db.kysely
      .selectFrom('auth_events')
      .select('event')
      .where('user_id', '=', u.session.user.id)
      .where('event', '=', 'login_throttled')
      .execute();
    expect(throttled).toHaveLength(2);
  });

  it('forgets failures older than the 15-minute window', async () => {
    const u = await registerUser(ctx.app);
    for (let i = 0; i < 4; i++)
      await login({ login: u.username, password: 'Wrong1234' }, '10.3.0.1');
    advance(16 * 60);
    await login({ login: u.username, password: 'Wrong1234' }, '10.3.0.1');
    expect((await login({ login: u.username, password: u.password }, '10.3.0.1')).statusCode).toBe(
      200,
    );
  });

  it('delays a client address after 20 failures, whichever accounts it tries', async () => {
    const u = await registerUser(ctx.app);
    for (let i = 0; i < 20; i++) {
      const res = await login({ login: `guess_${i}`, password: 'Wrong1234' }, '10.4.0.1');
      expect(res.statusCode).toBe(401);
    }
    const fromThere = await login({ login: u.username, password: u.password }, '10.4.0.1');
    expect(fromThere.statusCode).toBe(429);
    expect(Number(fromThere.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await login({ login: u.username, password: u.password }, '10.4.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('rejects malformed bodies with 400 and field messages', async () => {
    const res = await login({ login: '   ', password: '' });
    expect(res.statusCode).toBe(400);
    const { error } = errorEnvelopeSchema.parse(res.json());
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      login: ['This field is required.'],
      password: ['This field is required.'],
    });
    const missing = await login({}, '127.0.0.1', { 'accept-language': 'de' });
    expect(errorEnvelopeSchema.parse(missing.json()).error.fields).toEqual({
      login: ['Dieses Feld ist erforderlich.'],
      password: ['Dieses Feld ist erforderlich.'],
    });
  });

  it('starts in the domain used last', async () => {
    const u = await registerUser(ctx.app);
    const res = await login({ login: u.username, password: u.password });
    expect(loginAnswerSchema.parse(res.json())).toMatchObject({
      session: { domain: { id: u.session.domain.id } },
    });
  });
});
