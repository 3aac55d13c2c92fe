import { createHash } from 'node:crypto';
import { signedInSchema, totpSetupAnswerSchema, type User } from '@fiscus/contracts';
import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, post, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { mailsTo, type OutboxMail } from '../../test/outbox.js';
import { qry } from '../../test/qry-helpers.js';

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

let t: TestApp;
let t0 = Date.parse('2026-11-22T08:00:00.000Z');

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.cleanup());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  t0 += 7 * 24 * 3600 * 1000;
  vi.setSystemTime(t0);
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
const whoami = async (u: RegisteredUser) =>
  (await post(t.app, '/api/whoami', { token: u.accessToken })).json().session.user as User;
const mails = (email: string) => mailsTo(t.config.dataDir, email);
const linkOf = (mail: OutboxMail | undefined) => {
  const found = /http:\/\/localhost(?::\d+)?\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '');
  expect(found, 'a confirmation link').not.toBeNull();
  return decodeURIComponent(found![1]!);
};
const update = (u: RegisteredUser, input: Record<string, unknown>, lang?: string) =>
  qry<{ user: User }>(
    t.app,
    u,
    'account.update',
    { username: u.username, fullName: '', email: u.email, ...input },
    lang,
  );
const confirm = (u: RegisteredUser | null, token: string, lang?: string) =>
  qry<{ user: User }>(t.app, u, 'account.confirmEmail', { token }, lang);
const signIn = (login: string, password: string) => post(t.app, '/api/login', { login, password });
/** The same user with fresh tokens (after moving time past the access token's life). */
async function renewed(u: RegisteredUser): Promise<RegisteredUser> {
  const res = await post(t.app, '/jwt/refresh-token', { refreshToken: u.refreshToken });
  expect(res.statusCode).toBe(200);
  const { accessToken, refreshToken } = res.json() as { accessToken: string; refreshToken: string };
  return { ...u, accessToken, refreshToken, headers: bearer(accessToken) };
}

/** Asks for `email` with the password and answers the token of the link mailed to it. */
async function requestChange(u: RegisteredUser, email: string): Promise<string> {
  const r = await update(u, { email, password: u.password });
  expect(r.status, JSON.stringify(r.error)).toBe(200);
  return linkOf(mails(email).at(-1));
}

describe('account.update', () => {
  it('changes username and name at once, without a password', async () => {
    const anna = await registerUser(t.app);
    const r = await update(anna, { username: `${anna.username}_k`, fullName: '  Anna Karlsson ' });
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({
      username: `${anna.username}_k`,
      fullName: 'Anna Karlsson',
      email: anna.email,
    });
    expect(r.data.user.pendingEmail).toBeUndefined();
    expect((await whoami(anna)).username).toBe(`${anna.username}_k`);
  });

  it('refuses a username or e-mail another user has, naming the field', async () => {
    const anna = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const taken = await update(bob, { username: anna.username.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.error?.fields?.username).toEqual(['This username is already in use.']);
    const mail = await update(bob, { email: anna.email, password: bob.password }, 'de');
    expect(mail.status).toBe(400);
    expect(mail.error?.fields?.email?.[0]).toMatch(/bereits/);
  });

  it('validates the rules and keeps the user unchanged', async () => {
    const bob = await registerUser(t.app);
    const bad = await update(bob, { username: 'x', fullName: 'x'.repeat(121), email: 'nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual(['email', 'fullName', 'username']);
    expect((await whoami(bob)).username).toBe(bob.username);
  });

  it('needs a signed-in caller', async () => {
    expect(
      (await qry(t.app, null, 'account.update', { username: 'zz', email: 'z@example.com' })).status,
    ).toBe(401);
  });
});

describe('changing the sign-in e-mail', () => {
  it('needs the current password: a stolen access token alone cannot change it', async () => {
    const u = await registerUser(t.app);
    const target = `taken.over.${u.username}@example.com`;
    const without = await update(u, { email: target });
    expect(without.status).toBe(400);
    expect(without.error?.fields).toEqual({ password: ['Please enter your current password.'] });
    const wrong = await update(u, { email: target, password: 'Wrong1234' }, 'fr');
    expect(wrong.error?.fields).toEqual({ password: ["Le mot de passe n'est pas correct."] });
    const who = await whoami(u);
    expect(who.email).toBe(u.email);
    expect(who.pendingEmail).toBeUndefined();
    expect(mails(target)).toHaveLength(0);
  });

  it('takes effect only when the link mailed to the new address is opened; the old one is told', async () => {
    const u = await registerUser(t.app);
    const next = `new.${u.username}@example.com`;
    const r = await update(u, { email: next, password: u.password, fullName: 'Nora' });
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({ email: u.email, pendingEmail: next, fullName: 'Nora' });
    expect((await whoami(u)).pendingEmail).toBe(next);

    const [confirmation] = mails(next);
    expect(confirmation?.subject).toBe('Confirm your new Fiscus e-mail address');
    const token = linkOf(confirmation);
    const [notice] = mails(u.email);
    expect(notice?.subject).toBe('A new e-mail address was requested for your Fiscus account');
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toContain(token);
    // The token is stored as its SHA-256 only.
    const row = await t.app.db.kysely
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', u.session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    // Until then the old address signs in, the new one does not.
    expect((await signIn(next, u.password)).statusCode).toBe(401);
    const done = await confirm(u, token);
    expect(done.status).toBe(200);
    expect(done.data.user.email).toBe(next);
    expect(done.data.user.pendingEmail).toBeUndefined();
    expect(signedInSchema.parse((await signIn(next, u.password)).json()).session.user.email).toBe(
      next,
    );
    expect((await signIn(u.email, u.password)).statusCode).toBe(401);
    const changed = mails(u.email).find((m) => m.subject.includes('was changed'));
    expect(changed?.subject).toBe('The e-mail address of your Fiscus account was changed');
    expect(changed?.text).toContain(next);

    // The link works once.
    const again = await confirm(u, token);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('confirmation_used');
  });

  it('a link expires after 24 hours', async () => {
    let u = await registerUser(t.app);
    const token = await requestChange(u, `late.${u.username}@example.com`);
    advance(24 * 3600 + 1);
    u = await renewed(u);
    const late = await confirm(u, token, 'ru');
    expect(late.status).toBe(410);
    expect(late.error).toMatchObject({
      code: 'confirmation_expired',
      message:
        'Срок действия ссылки подтверждения истёк. Запросите новую в настройках учётной записи.',
    });
    expect((await whoami(u)).email).toBe(u.email);
    expect((await whoami(u)).pendingEmail).toBeUndefined();
  });

  it('only the account owner, signed in, can use the link', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const token = await requestChange(u, `mine.${u.username}@example.com`);
    expect((await confirm(null, token)).status).toBe(401);
    const foreign = await confirm(other, token);
    expect(foreign.status).toBe(403);
    expect(foreign.error?.code).toBe('forbidden');
    expect((await whoami(other)).email).toBe(other.email);
    expect((await confirm(u, token)).status).toBe(200);
    const unknown = await confirm(u, 'x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('confirmation_invalid');
  });

  it('a newer request, a resend or a cancel stops the older link', async () => {
    const u = await registerUser(t.app);
    const first = await requestChange(u, `one.${u.username}@example.com`);
    const second = await requestChange(u, `two.${u.username}@example.com`);
    expect((await confirm(u, first)).error?.code).toBe('confirmation_invalid');
    const notices = mails(u.email).length;
    const resent = await qry<{ user: User }>(t.app, u, 'account.resendEmailChange', {});
    expect(resent.data.user.pendingEmail).toBe(`two.${u.username}@example.com`);
    // A resend mails the new address only.
    expect(mails(u.email)).toHaveLength(notices);
    const links = mails(`two.${u.username}@example.com`).map(linkOf);
    expect(links).toHaveLength(2);
    const third = links.find((l) => l !== second)!;
    expect((await confirm(u, second)).error?.code).toBe('confirmation_invalid');
    const cancelled = await qry<{ user: User }>(t.app, u, 'account.cancelEmailChange', {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.user.pendingEmail).toBeUndefined();
    expect((await confirm(u, third)).error?.code).toBe('confirmation_invalid');
    const nothing = await qry(t.app, u, 'account.resendEmailChange', {});
    expect(nothing.status).toBe(409);
    expect((await whoami(u)).email).toBe(u.email);
  });

  it('a new password cancels a pending change', async () => {
    const u = await registerUser(t.app);
    const token = await requestChange(u, `pending.${u.username}@example.com`);
    const changed = await post(
      t.app,
      '/api/changepassword',
      { oldPassword: u.password, newPassword: 'Another123' },
      bearer(u.accessToken),
    );
    expect(changed.statusCode).toBe(200);
    const fresh = signedInSchema.parse(changed.json());
    expect(fresh.session.user.pendingEmail).toBeUndefined();
    const r = await qry(t.app, { headers: bearer(fresh.accessToken) }, 'account.confirmEmail', {
      token,
    });
    expect(r.error?.code).toBe('confirmation_invalid');
  });

  it('refuses the link when the address was taken meanwhile', async () => {
    const u = await registerUser(t.app);
    const wanted = `wanted.${u.username}@example.com`;
    const token = await requestChange(u, wanted);
    await registerUser(t.app, { email: wanted });
    const r = await confirm(u, token);
    expect(r.status).toBe(409);
    expect(r.error?.code).toBe('conflict');
    expect((await whoami(u)).email).toBe(u.email);
    expect((await whoami(u)).pendingEmail).toBeUndefined();
  });

  it('with two-step verification on, a code can stand in for the password', async () => {
    const u = await registerUser(t.app);
    const setup = totpSetupAnswerSchema.parse(
      (await post(t.app, '/api/second-factor', { action: 'setup' }, bearer(u.accessToken))).json(),
    );
    const enable = await post(
      t.app,
      '/api/second-factor',
      { action: 'enable', code: authenticator.generate(setup.secret), password: u.password },
      bearer(u.accessToken),
    );
    expect(enable.statusCode).toBe(200);
    advance(30);
    const wrong = await update(u, { email: `c.${u.username}@example.com`, code: '000000' });
    expect(wrong.error?.fields).toEqual({ code: ['The code is not correct.'] });
    const r = await update(u, {
      email: `c.${u.username}@example.com`,
      code: authenticator.generate(setup.secret),
    });
    expect(r.status).toBe(200);
    expect(r.data.user.pendingEmail).toBe(`c.${u.username}@example.com`);
  });

  it('asks at most five times an hour', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 5; i++) await requestChange(u, `n${i}.${u.username}@example.com`);
    const sixth = await update(u, { email: `n6.${u.username}@example.com`, password: u.password });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.code).toBe('too_many_requests');
    advance(3601);
    await requestChange(await renewed(u), `n7.${u.username}@example.com`);
  });

  it('repeated wrong passwords are delayed', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 5; i++)
      expect(
        (await update(u, { email: `w.${u.username}@example.com`, password: 'Wrong1234' })).status,
      ).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: u.headers,
      payload: {
        op: 'account.update',
        username: u.username,
        email: `w.${u.username}@example.com`,
        password: u.password,
      },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
  });
});

describe('changing the e-mail without a trusted address for links', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await makeTestApp({ allowedHosts: ['fiscus.example.org'] });
  });
  afterAll(async () => strict.cleanup());

  it('refuses rather than mailing a link to the Host a request names', async () => {
    const u = await registerUser(strict.app);
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: { ...u.headers, host: 'evil.example' },
      payload: {
        op: 'account.update',
        username: u.username,
        email: `x.${u.username}@example.com`,
        password: u.password,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(mailsTo(strict.config.dataDir, `x.${u.username}@example.com`)).toHaveLength(0);
    const pending = await strict.app.db.kysely
      .selectFrom('email_changes')
      .select('token_hash')
      .where('user_id', '=', u.session.user.id)
      .execute();
    expect(pending).toHaveLength(0);
  });
});
