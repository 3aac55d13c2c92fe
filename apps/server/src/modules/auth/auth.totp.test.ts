import {
  errorEnvelopeSchema,
  secondFactorChallengeSchema,
  signedInSchema,
  totpEnabledAnswerSchema,
  totpSetupAnswerSchema,
  whoamiAnswerSchema,
} from '@fiscus/contracts';
import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, post, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

describe('two-step verification (TOTP)', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  // On a step boundary, so "now ± 30 s" is exactly one step away.
  let t0 = Date.parse('2026-11-22T08:00:00.000Z');
  let ip = 0;
  beforeAll(async () => {
    ctx = await makeTestApp();
  });
  afterAll(async () => ctx.cleanup());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t0 += 24 * 3600 * 1000;
    vi.setSystemTime(t0 + 5000);
    ip += 1;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const from = () => `10.9.0.${ip}`;
  const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
  /** The code of the step `offsetSteps` away from now. */
  const codeAt = (secret: string, offsetSteps = 0) =>
    authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);
  const sf = (payload: unknown, headers: Record<string, string> = {}) =>
    post(ctx.app, '/api/second-factor', payload, headers, from());
  const errorOf = (res: { json(): unknown }) => errorEnvelopeSchema.parse(res.json()).error;

  async function challenge(u: RegisteredUser): Promise<string> {
    const res = await post(
      ctx.app,
      '/api/login',
      { login: u.username, password: u.password },
      {},
      from(),
    );
    expect(res.statusCode).toBe(200);
    return secondFactorChallengeSchema.parse(res.json()).secondFactor.challengeId;
  }
  const verify = async (u: RegisteredUser, code: string) =>
    sf({ action: 'verify', challengeId: await challenge(u), code });

  async function enrolled(): Promise<{ u: RegisteredUser; secret: string; backupCodes: string[] }> {
    const u = await registerUser(ctx.app);
    const setup = totpSetupAnswerSchema.parse(
      (await sf({ action: 'setup' }, bearer(u.accessToken))).json(),
    );
    const res = await sf(
      { action: 'enable', code: codeAt(setup.secret), password: u.password },
      bearer(u.accessToken),
    );
    expect(res.statusCode).toBe(200);
    return {
      u,
      secret: setup.secret,
      backupCodes: totpEnabledAnswerSchema.parse(res.json()).backupCodes,
    };
  }

  it('sets up with a secret, an otpauth URL and a QR code, active only once enabled', async () => {
    const u = await registerUser(ctx.app, { username: 'totp_owner' });
    expect((await sf({ action: 'setup' })).statusCode).toBe(401);
    const res = await sf({ action: 'setup' }, bearer(u.accessToken));
    expect(res.statusCode).toBe(200);
    const setup = totpSetupAnswerSchema.parse(res.json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/Fiscus:totp_owner?secret=${setup.secret}&period=30&digits=6&algorithm=SHA1&issuer=Fiscus`,
    );
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // The secret is stored encrypted.
    const row = await ctx.app.db.kysely
      .selectFrom('totp')
      .selectAll()
      .where('user_id', '=', u.session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.secret);
    expect(row.enabled).toBe(0);
    // Not enabled yet: sign-in needs no code.
    const login = await post(
      ctx.app,
      '/api/login',
      { login: u.username, password: u.password },
      {},
      from(),
    );
    expect(signedInSchema.safeParse(login.json()).success).toBe(true);

    const good = codeAt(setup.secret);
    const wrong = await sf(
      { action: 'enable', code: good === '123456' ? '654321' : '123456', password: u.password },
      bearer(u.accessToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ code: ['The code is not correct.'] });

    const enabled = await sf(
      { action: 'enable', code: good, password: u.password },
      bearer(u.accessToken),
    );
    expect(enabled.statusCode).toBe(200);
    const { backupCodes } = totpEnabledAnswerSchema.parse(enabled.json());
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const c of backupCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.app.db.kysely
      .selectFrom('backup_codes')
      .select('code_hash')
      .where('user_id', '=', u.session.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.code_hash)).not.toContain(backupCodes[0]);

    const who = whoamiAnswerSchema.parse(
      (await post(ctx.app, '/api/whoami', { token: u.accessToken })).json(),
    );
    expect(who.session?.user.totpEnabled).toBe(true);
    const again = await sf({ action: 'setup' }, bearer(u.accessToken));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'conflict',
      message: 'Two-step verification is already on.',
    });
  });

  it('asks for a second factor at sign-in and accepts a code of the current step', async () => {
    const { u, secret } = await enrolled();
    const challengeId = await challenge(u);
    advance(30);
    const res = await sf({ action: 'verify', challengeId, code: codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const body = signedInSchema.parse(res.json());
    expect(body.session.user.id).toBe(u.session.user.id);
    expect(body.session.user.totpEnabled).toBe(true);
  });

  it('never accepts a code twice, nor one older than the last accepted', async () => {
    const { u, secret } = await enrolled();
    // The code used to enable cannot sign in.
    const reused = await verify(u, codeAt(secret));
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused)).toMatchObject({
      code: 'invalid_second_factor',
      message: 'The code is not correct.',
    });

    advance(90);
    const previous = codeAt(secret, -1);
    expect((await verify(u, previous)).statusCode).toBe(200);
    expect((await verify(u, previous)).statusCode).toBe(401);
    expect((await verify(u, codeAt(secret, 1))).statusCode).toBe(200);
    // The current step lies before the last accepted one now.
    expect((await verify(u, codeAt(secret))).statusCode).toBe(401);
  });

  it('accepts ±1 step, not more', async () => {
    const { u, secret } = await enrolled();
    advance(300);
    expect((await verify(u, codeAt(secret, -2))).statusCode).toBe(401);
    expect((await verify(u, codeAt(secret, 2))).statusCode).toBe(401);
    expect((await verify(u, codeAt(secret, -1))).statusCode).toBe(200);
  });

  it('accepts each backup code once, however it is typed', async () => {
    const { u, backupCodes } = await enrolled();
    const [first, second] = backupCodes as [string, string];
    expect((await verify(u, first)).statusCode).toBe(200);
    expect((await verify(u, first)).statusCode).toBe(401);
    expect((await verify(u, ` ${second.replace('-', '').toUpperCase()} `)).statusCode).toBe(200);
    const used = await ctx.app.db.kysely
      .selectFrom('backup_codes')
      .select('used_at')
      .where('user_id', '=', u.session.user.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
    expect((await verify(u, 'zzzzz-zzzzz')).statusCode).toBe(401);
  });

  it('refuses a forged or expired challenge', async () => {
    const { u, secret } = await enrolled();
    const forged = await sf({
      action: 'verify',
      challengeId: 'abc.def.ghi',
      code: codeAt(secret, 1),
    });
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged)).toMatchObject({
      code: 'second_factor_required',
      message: 'The sign-in step has expired. Please sign in again.',
    });
    // An access token is no challenge.
    const wrongKind = await sf({
      action: 'verify',
      challengeId: u.accessToken,
      code: codeAt(secret, 1),
    });
    expect(wrongKind.statusCode).toBe(401);
    const challengeId = await challenge(u);
    advance(301);
    const expired = await sf({ action: 'verify', challengeId, code: codeAt(secret) });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('second_factor_required');
  });

  it('delays after 5 wrong codes', async () => {
    const { u, secret } = await enrolled();
    advance(60);
    const wrong = codeAt(secret) === '111111' ? '222222' : '111111';
    // Spread over sign-ins: the delay counts per account, not per challenge.
    for (let i = 0; i < 5; i++) {
      expect((await verify(u, wrong)).statusCode).toBe(401);
    }
    const challengeId = await challenge(u);
    const blocked = await sf({ action: 'verify', challengeId, code: codeAt(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    advance(31);
    // The refused try did not use up the challenge.
    expect((await sf({ action: 'verify', challengeId, code: codeAt(secret) })).statusCode).toBe(
      200,
    );
    const failures = await ctx.app.db.kysely
      .selectFrom('auth_events')
      .select('event')
      .where('user_id', '=', u.session.user.id)
      .where('event', '=', 'second_factor_failed')
      .execute();
    expect(failures).toHaveLength(5);
  });

  it('a challenge signs in once, however many requests bring it', async () => {
    const { u, secret, backupCodes } = await enrolled();
    advance(60);
    const challengeId = await challenge(u);
    expect((await sf({ action: 'verify', challengeId, code: codeAt(secret) })).statusCode).toBe(
      200,
    );
    // Another good code (the next step) does not open a second sign-in with the same challenge.
    const again = await sf({ action: 'verify', challengeId, code: codeAt(secret, 1) });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).code).toBe('second_factor_required');
    // Two good backup codes at once: one sign-in.
    const shared = await challenge(u);
    const answers = await Promise.all(
      backupCodes
        .slice(0, 2)
        .map((code) => sf({ action: 'verify', challengeId: shared, code: code })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const families = await ctx.app.db.kysely
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('user_id', '=', u.session.user.id)
      .execute();
    // Registration, enrolment's sign-in, and the two challenges above.
    expect(families).toHaveLength(3);
  });

  it('disables with the password or a code; sign-in then needs no code', async () => {
    const { u, secret } = await enrolled();
    advance(60);
    const nothing = await sf({ action: 'disable' }, bearer(u.accessToken));
    expect(nothing.statusCode).toBe(400);
    expect(errorOf(nothing).fields).toEqual({ password: ['Please enter your current password.'] });
    const wrongCode = await sf(
      { action: 'disable', code: codeAt(secret) === '123456' ? '654321' : '123456' },
      bearer(u.accessToken),
    );
    expect(errorOf(wrongCode).fields).toEqual({ code: ['The code is not correct.'] });
    const byCode = await sf({ action: 'disable', code: codeAt(secret) }, bearer(u.accessToken));
    expect(byCode.statusCode).toBe(200);
    const login = await post(
      ctx.app,
      '/api/login',
      { login: u.username, password: u.password },
      {},
      from(),
    );
    expect(signedInSchema.parse(login.json()).session.user.totpEnabled).toBe(false);
  });

  it('enabling needs the current password as well as a code', async () => {
    const u = await registerUser(ctx.app);
    const setup = totpSetupAnswerSchema.parse(
      (await sf({ action: 'setup' }, bearer(u.accessToken))).json(),
    );
    const without = await sf(
      { action: 'enable', code: codeAt(setup.secret) },
      bearer(u.accessToken),
    );
    expect(without.statusCode).toBe(400);
    expect(errorOf(without).fields).toEqual({ password: ['Please enter your current password.'] });
    const wrong = await sf(
      { action: 'enable', code: codeAt(setup.secret), password: 'Wrong1234' },
      { ...bearer(u.accessToken), 'accept-language': 'de' },
    );
    expect(errorOf(wrong).fields).toEqual({ password: ['Das Passwort ist nicht korrekt.'] });
    // A backup code cannot stand in: two-step verification is not on yet.
    const byCode = await sf(
      { action: 'enable', code: codeAt(setup.secret), password: '' },
      bearer(u.accessToken),
    );
    expect(byCode.statusCode).toBe(400);
    const who = whoamiAnswerSchema.parse(
      (await post(ctx.app, '/api/whoami', { token: u.accessToken })).json(),
    );
    expect(who.session?.user.totpEnabled).toBe(false);
    const ok = await sf(
      { action: 'enable', code: codeAt(setup.secret), password: u.password },
      bearer(u.accessToken),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('disables with the password; sign-in then needs no code', async () => {
    const { u } = await enrolled();
    const wrong = await sf(
      { action: 'disable', password: 'Wrong1234' },
      { ...bearer(u.accessToken), 'accept-language': 'pt' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ password: ['A palavra-passe não está correta.'] });
    expect((await sf({ action: 'disable', password: u.password })).statusCode).toBe(401);
    const ok = await sf({ action: 'disable', password: u.password }, bearer(u.accessToken));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const login = await post(
      ctx.app,
      '/api/login',
      { login: u.username, password: u.password },
      {},
      from(),
    );
    expect(signedInSchema.parse(login.json()).session.user.totpEnabled).toBe(false);
    const gone = await ctx.app.db.kysely
      .selectFrom('backup_codes')
      .select('id')
      .where('user_id', '=', u.session.user.id)
      .execute();
    expect(gone).toHaveLength(0);
    const notOn = await sf({ action: 'disable', password: u.password }, bearer(u.accessToken));
    expect(notOn.statusCode).toBe(409);
  });

  it('enable needs a setup first; malformed bodies get 400', async () => {
    const u = await registerUser(ctx.app);
    const early = await sf(
      { action: 'enable', code: '123456', password: u.password },
      bearer(u.accessToken),
    );
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('Please start the two-step verification setup first.');
    const unknown = await sf({ action: 'explode' }, bearer(u.accessToken));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe('validation_failed');
    const noCode = await sf({ action: 'verify', challengeId: 'x' });
    expect(noCode.statusCode).toBe(400);
    expect(errorOf(noCode).fields).toHaveProperty('code');
  });
});

describe('a second-factor challenge after too many wrong codes', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    // Without the per-account delay, only the challenge's own limit stands in the way.
    vi.stubEnv('LOGIN_MAX_FAILURES', '0');
    vi.stubEnv('LOGIN_MAX_FAILURES_PER_IP', '0');
    ctx = await makeTestApp();
    vi.unstubAllEnvs();
  });
  afterAll(async () => ctx.cleanup());

  it('is spent: even the right code then asks to sign in again', async () => {
    const u = await registerUser(ctx.app);
    const setup = totpSetupAnswerSchema.parse(
      (
        await post(ctx.app, '/api/second-factor', { action: 'setup' }, bearer(u.accessToken))
      ).json(),
    );
    const code = () => authenticator.generate(setup.secret);
    const enable = await post(
      ctx.app,
      '/api/second-factor',
      { action: 'enable', code: code(), password: u.password },
      bearer(u.accessToken),
    );
    const { backupCodes } = totpEnabledAnswerSchema.parse(enable.json());
    const login = await post(ctx.app, '/api/login', { login: u.username, password: u.password });
    const { challengeId } = secondFactorChallengeSchema.parse(login.json()).secondFactor;
    const verify = (c: string) =>
      post(ctx.app, '/api/second-factor', { action: 'verify', challengeId, code: c });
    for (let i = 1; i <= 4; i++) {
      const res = await verify('zzzzz-zzzzz');
      expect(res.statusCode).toBe(401);
      expect(errorEnvelopeSchema.parse(res.json()).error.code).toBe('invalid_second_factor');
    }
    const fifth = await verify('zzzzz-zzzzz');
    expect(errorEnvelopeSchema.parse(fifth.json()).error).toMatchObject({
      code: 'second_factor_required',
      message: 'Too many wrong codes. Please sign in again.',
    });
    const late = await verify(backupCodes[0]!);
    expect(late.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(late.json()).error.code).toBe('second_factor_required');
    // The backup code was not used up by the refused try; a new sign-in takes it.
    const again = await post(ctx.app, '/api/login', { login: u.username, password: u.password });
    const next = secondFactorChallengeSchema.parse(again.json()).secondFactor.challengeId;
    const ok = await post(ctx.app, '/api/second-factor', {
      action: 'verify',
      challengeId: next,
      code: backupCodes[0]!,
    });
    expect(ok.statusCode).toBe(200);
  });
});
