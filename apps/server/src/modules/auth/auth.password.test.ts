import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  errorEnvelopeSchema,
  signedInSchema,
  totpSetupAnswerSchema,
  whoamiAnswerSchema,
} from '@fiscus/contracts';
import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, post, registerUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

interface OutboxMail {
  to: { address: string }[];
  subject: string;
  text: string;
  html: string;
}

describe('forgotten and changed passwords', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  let t0 = Date.parse('2026-11-22T08:00:00.000Z');
  beforeAll(async () => {
    ctx = await makeTestApp({ publicUrl: 'https://fiscus.example.org' });
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

  const outbox = () => path.join(ctx.config.dataDir, 'outbox');
  const mails = (): OutboxMail[] => {
    try {
      return readdirSync(outbox())
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(outbox(), f), 'utf8')) as OutboxMail);
    } catch {
      return [];
    }
  };
  const mailsTo = (email: string) => mails().filter((m) => m.to.some((t) => t.address === email));
  /** The mail is sent after the answer; wait for it (or for proof that none comes). */
  const settle = async (check: () => boolean, ms = 3000) => {
    const end = performance.now() + ms;
    while (!check() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  };
  const events = (event: string) =>
    ctx.app.db.kysely.selectFrom('auth_events').selectAll().where('event', '=', event).execute();
  const tokenOf = (mail: OutboxMail) => {
    const link = /https:\/\/fiscus\.example\.org\/forgot-password-set-new\?token=([\w-]+)/.exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]!);
  };
  const codeOf = (res: { json(): unknown }) => errorEnvelopeSchema.parse(res.json()).error;

  async function requestReset(email: string, lang = 'en', typed = email) {
    const before = mailsTo(email).length;
    const res = await post(ctx.app, '/api/forgot', { email: typed }, { 'accept-language': lang });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await settle(() => mailsTo(email).length > before);
    const mail = mailsTo(email).at(-1);
    expect(mail).toBeDefined();
    return mail!;
  }

  it('mails a one-time link to the outbox; the new password works and every sign-in ends', async () => {
    const u = await registerUser(ctx.app);
    // The address is found whatever its case and surrounding blanks.
    const mail = await requestReset(u.email, 'en', ` ${u.email.toUpperCase()} `);
    expect(mail.subject).toBe('Reset your Fiscus password');
    expect(mail.text).toContain('20 minutes');
    expect(mail.html).toContain(
      '<a href="https://fiscus.example.org/forgot-password-set-new?token=',
    );
    const token = tokenOf(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Stored hashed only.
    const stored = await ctx.app.db.kysely
      .selectFrom('reset_tokens')
      .select('token_hash')
      .execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const res = await post(ctx.app, '/api/forgot-set-new', { token, password: 'BrandNew42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(
      (await post(ctx.app, '/jwt/refresh-token', { refreshToken: u.refreshToken })).statusCode,
    ).toBe(401);
    const who = whoamiAnswerSchema.parse(
      (await post(ctx.app, '/api/whoami', { token: u.accessToken })).json(),
    );
    expect(who.session).toBeNull();
    const oldPw = await post(ctx.app, '/api/login', { login: u.username, password: u.password });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await post(ctx.app, '/api/login', { login: u.username, password: 'BrandNew42' });
    expect(newPw.statusCode).toBe(200);

    // Single use.
    const again = await post(ctx.app, '/api/forgot-set-new', { token, password: 'Another42' });
    expect(again.statusCode).toBe(400);
    expect(codeOf(again).code).toBe('invalid_reset_token');
    expect((await events('password_reset')).some((e) => e.user_id === u.session.user.id)).toBe(
      true,
    );
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = mails().length;
    const res = await post(ctx.app, '/api/forgot', { email: 'nobody@nowhere.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await settle(() => false, 300);
    expect(mails()).toHaveLength(before);
    const logged = await events('password_reset_requested');
    expect(logged.some((e) => e.user_id === null && e.detail?.includes('unknownEmail'))).toBe(true);
  });

  it('lets a link expire after 20 minutes', async () => {
    const u = await registerUser(ctx.app);
    const token = tokenOf(await requestReset(u.email));
    vi.setSystemTime(Date.now() + 20 * 60 * 1000 + 1000);
    const res = await post(
      ctx.app,
      '/api/forgot-set-new',
      { token, password: 'BrandNew42' },
      { 'accept-language': 'de' },
    );
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toMatchObject({
      code: 'invalid_reset_token',
      message:
        'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    });
    expect(
      (await post(ctx.app, '/api/login', { login: u.username, password: u.password })).statusCode,
    ).toBe(200);
  });

  it('writes the mail in the language of the request and checks the password policy', async () => {
    const u = await registerUser(ctx.app);
    const mail = await requestReset(u.email, 'ru');
    expect(mail.subject).toBe('Сброс пароля Fiscus');
    const token = tokenOf(mail);
    const weak = await post(
      ctx.app,
      '/api/forgot-set-new',
      { token, password: 'short' },
      { 'accept-language': 'ru' },
    );
    expect(weak.statusCode).toBe(400);
    expect(codeOf(weak).fields).toEqual({
      password: [
        'Пароль должен содержать не менее 8 символов.',
        'Пароль должен содержать хотя бы одну цифру.',
      ],
    });
    // A refused password does not use up the link.
    expect(
      (await post(ctx.app, '/api/forgot-set-new', { token, password: 'Valid1234' })).statusCode,
    ).toBe(200);
  });

  it('ends older links once one of them is used', async () => {
    const u = await registerUser(ctx.app);
    const first = tokenOf(await requestReset(u.email));
    const second = tokenOf(await requestReset(u.email));
    expect(
      (await post(ctx.app, '/api/forgot-set-new', { token: second, password: 'Valid1234' }))
        .statusCode,
    ).toBe(200);
    expect(
      codeOf(await post(ctx.app, '/api/forgot-set-new', { token: first, password: 'Valid5678' }))
        .code,
    ).toBe('invalid_reset_token');
  });

  it('sends at most 3 reset mails per account in 20 minutes', async () => {
    const u = await registerUser(ctx.app);
    for (let i = 0; i < 3; i++) await requestReset(u.email);
    await post(ctx.app, '/api/forgot', { email: u.email });
    await settle(() => false, 300);
    expect(mailsTo(u.email)).toHaveLength(3);
  });

  it('refuses unknown tokens and malformed bodies', async () => {
    const res = await post(ctx.app, '/api/forgot-set-new', {
      token: 'nope',
      password: 'Valid1234',
    });
    expect(codeOf(res).code).toBe('invalid_reset_token');
    const bad = await post(ctx.app, '/api/forgot-set-new', { password: 'Valid1234' });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad).fields).toHaveProperty('token');
    const forgot = await post(ctx.app, '/api/forgot', { email: '' });
    expect(forgot.statusCode).toBe(400);
    expect(codeOf(forgot).fields).toEqual({ email: ['This field is required.'] });
  });

  it('changepassword: needs the current password, checks the policy, ends other sign-ins', async () => {
    const u = await registerUser(ctx.app);
    const elsewhere = signedInSchema.parse(
      (await post(ctx.app, '/api/login', { login: u.username, password: u.password })).json(),
    );
    const unauth = await post(ctx.app, '/api/changepassword', {
      oldPassword: u.password,
      newPassword: 'Valid1234',
    });
    expect(unauth.statusCode).toBe(401);

    const wrongOld = await post(
      ctx.app,
      '/api/changepassword',
      { oldPassword: 'Wrong1234', newPassword: 'weak' },
      bearer(u.accessToken),
    );
    expect(wrongOld.statusCode).toBe(400);
    expect(codeOf(wrongOld).fields).toEqual({
      oldPassword: ['The current password is not correct.'],
      newPassword: [
        'The password must have at least 8 characters.',
        'The password must contain at least one digit.',
      ],
    });

    const res = await post(
      ctx.app,
      '/api/changepassword',
      { oldPassword: u.password, newPassword: 'Changed123' },
      bearer(u.accessToken),
    );
    expect(res.statusCode).toBe(200);
    const fresh = signedInSchema.parse(res.json());
    expect(fresh.session.user.id).toBe(u.session.user.id);
    // The caller goes on with the new pair; every older token is dead.
    expect(
      whoamiAnswerSchema.parse(
        (await post(ctx.app, '/api/whoami', { token: fresh.accessToken })).json(),
      ).session,
    ).not.toBeNull();
    expect(
      (await post(ctx.app, '/jwt/refresh-token', { refreshToken: fresh.refreshToken })).statusCode,
    ).toBe(200);
    for (const old of [u.refreshToken, elsewhere.refreshToken]) {
      expect((await post(ctx.app, '/jwt/refresh-token', { refreshToken: old })).statusCode).toBe(
        401,
      );
    }
    for (const old of [u.accessToken, elsewhere.accessToken]) {
      const who = whoamiAnswerSchema.parse(
        (await post(ctx.app, '/api/whoami', { token: old })).json(),
      );
      expect(who).toEqual({ session: null, reason: 'invalid' });
    }
    expect(
      (await post(ctx.app, '/api/login', { login: u.username, password: 'Changed123' })).statusCode,
    ).toBe(200);
  });

  it('changepassword: throttles repeated wrong current passwords', async () => {
    const u = await registerUser(ctx.app);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        ctx.app,
        '/api/changepassword',
        { oldPassword: 'Wrong1234', newPassword: 'Valid1234' },
        bearer(u.accessToken),
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post(
      ctx.app,
      '/api/changepassword',
      { oldPassword: u.password, newPassword: 'Valid1234' },
      bearer(u.accessToken),
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
  });

  it('changepassword: a code can stand in for the current password while two-step is on', async () => {
    const u = await registerUser(ctx.app);
    const missing = await post(
      ctx.app,
      '/api/changepassword',
      { newPassword: 'Valid1234' },
      bearer(u.accessToken),
    );
    expect(missing.statusCode).toBe(400);
    expect(codeOf(missing).fields).toEqual({
      oldPassword: ['Please enter your current password.'],
    });
    const offCode = await post(
      ctx.app,
      '/api/changepassword',
      { code: '123456', newPassword: 'Valid1234' },
      bearer(u.accessToken),
    );
    expect(codeOf(offCode).fields).toEqual({
      code: ['Two-step verification is off for this account: please confirm with your password.'],
    });

    const setup = totpSetupAnswerSchema.parse(
      (
        await post(ctx.app, '/api/second-factor', { action: 'setup' }, bearer(u.accessToken))
      ).json(),
    );
    const enabled = await post(
      ctx.app,
      '/api/second-factor',
      { action: 'enable', code: authenticator.generate(setup.secret), password: u.password },
      bearer(u.accessToken),
    );
    expect(enabled.statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    // A weak new password is refused without using the code up.
    const code = authenticator.generate(setup.secret);
    const weak = await post(
      ctx.app,
      '/api/changepassword',
      { code, newPassword: 'weak' },
      bearer(u.accessToken),
    );
    expect(Object.keys(codeOf(weak).fields ?? {})).toEqual(['newPassword']);
    const res = await post(
      ctx.app,
      '/api/changepassword',
      { code, newPassword: 'ByCode1234' },
      bearer(u.accessToken),
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await post(ctx.app, '/api/login', { login: u.username, password: 'ByCode1234' })).statusCode,
    ).toBe(200);
  });
});
