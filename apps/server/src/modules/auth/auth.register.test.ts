import { errorEnvelopeSchema, signedInSchema } from '@fiscus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';

describe('POST /api/register', () => {
  let ctx: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    ctx = await makeTestApp();
  });
  afterAll(async () => ctx.cleanup());

  const fieldsOf = (body: unknown) => errorEnvelopeSchema.parse(body).error.fields ?? {};

  it('makes the first user owner of a domain of their own and answers tokens and session', async () => {
    const res = await post(ctx.app, '/api/register', {
      username: 'Anna.First',
      email: 'Anna@Example.com',
      password: 'Secret123',
    });
    expect(res.statusCode).toBe(200);
    const body = signedInSchema.parse(res.json());
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(40);
    expect(body.session.user).toMatchObject({
      username: 'Anna.First',
      email: 'anna@example.com',
      fullName: '',
      avatar: null,
      totpEnabled: false,
    });
    expect(body.session.domain.role).toBe('owner');
    expect(body.session.domain.name).toBe("Anna.First's domain");
    expect(body.session.domains).toEqual([body.session.domain]);
    expect(body.session.rules).toContainEqual({ action: 'manage', subject: 'all' });

    const second = await registerUser(ctx.app);
    expect(second.session.domain.role).toBe('owner');
    expect(second.session.domain.id).not.toBe(body.session.domain.id);
    expect(second.session.domains.map((d) => d.id)).not.toContain(body.session.domain.id);
  });

  it('stores an argon2id hash with the configured cost, never the password', async () => {
    const u = await registerUser(ctx.app, { password: 'Another1pass' });
    const row = await ctx.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('Another1pass');
  });

  it('answers the seed texts for missing username and email', async () => {
    const res = await post(ctx.app, '/api/register', { username: '', email: '  ', password: '' });
    expect(res.statusCode).toBe(400);
    const envelope = errorEnvelopeSchema.parse(res.json());
    expect(envelope.error.code).toBe('validation_failed');
    expect(envelope.error.fields?.username).toEqual(['Please enter your username.']);
    expect(envelope.error.fields?.email).toEqual(['Please enter your email.']);
    expect(envelope.error.fields?.password).toEqual(['Please enter a password.']);
  });

  it('treats absent fields like empty ones', async () => {
    const res = await post(ctx.app, '/api/register', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res.json())).sort()).toEqual(['email', 'password', 'username']);
  });

  it('answers the seed texts when username or email are in use (case-insensitive)', async () => {
    const u = await registerUser(ctx.app);
    const res = await post(ctx.app, '/api/register', {
      username: u.username.toUpperCase(),
      email: u.email.toUpperCase(),
      password: 'Secret123',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual({
      username: ['This username is already in use.'],
      email: ['This email is already in use.'],
    });
  });

  it('checks the username rule, the email format and the password policy', async () => {
    const res = await post(ctx.app, '/api/register', {
      username: 'a b',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res.json());
    expect(fields.username).toEqual([
      'A username has 3 to 32 characters: letters, digits, dots, dashes or underscores.',
    ]);
    expect(fields.email).toEqual(['Please enter a valid email address.']);
    expect(fields.password).toEqual([
      'The password must have at least 8 characters.',
      'The password must contain at least one digit.',
    ]);
    const noLetter = await post(ctx.app, '/api/register', {
      username: 'digits_only',
      email: 'digits@example.com',
      password: '12345678',
    });
    expect(fieldsOf(noLetter.json()).password).toEqual([
      'The password must contain at least one letter.',
    ]);
  });

  it('answers field messages in the language of Accept-Language', async () => {
    const u = await registerUser(ctx.app);
    const de = await post(
      ctx.app,
      '/api/register',
      { username: '', email: u.email, password: 'abc' },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    expect(de.statusCode).toBe(400);
    const envelope = errorEnvelopeSchema.parse(de.json());
    expect(envelope.error.message).toBe('Einige Felder sind ungültig.');
    expect(envelope.error.fields).toEqual({
      username: ['Bitte geben Sie Ihren Benutzernamen ein.'],
      email: ['Diese E-Mail-Adresse wird bereits verwendet.'],
      password: [
        'Das Passwort muss mindestens 8 Zeichen haben.',
        'Das Passwort muss mindestens eine Ziffer enthalten.',
      ],
    });
    const ru = await post(ctx.app, '/api/register', { email: '' }, { 'accept-language': 'ru' });
    expect(fieldsOf(ru.json()).email).toEqual(['Введите адрес электронной почты.']);
    const fr = await post(
      ctx.app,
      '/api/register',
      { username: u.username },
      { 'accept-language': 'fr' },
    );
    expect(fieldsOf(fr.json()).username).toEqual(["Ce nom d'utilisateur est déjà utilisé."]);
  });

  it('names the new domain in the language of the request', async () => {
    const res = await post(
      ctx.app,
      '/api/register',
      { username: 'pt_user', email: 'pt@example.com', password: 'Segredo123' },
      { 'accept-language': 'pt' },
    );
    expect(signedInSchema.parse(res.json()).session.domain.name).toBe('Domínio de pt_user');
  });

  it('rejects malformed bodies with 400 and per-field messages, never 500', async () => {
    const wrongType = await post(ctx.app, '/api/register', {
      username: 42,
      email: [],
      password: null,
    });
    expect(wrongType.statusCode).toBe(400);
    const fields = fieldsOf(wrongType.json());
    expect(Object.keys(fields).sort()).toEqual(['email', 'password', 'username']);
    const tooLong = await post(ctx.app, '/api/register', {
      username: 'x'.repeat(65),
      email: 'a@b.co',
      password: 'Secret123',
    });
    expect(fieldsOf(tooLong.json()).username).toEqual(['Must be at most 64 characters.']);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('lets two parallel registrations of one name end with one account', async () => {
    const payload = { username: 'racer', email: 'racer@example.com', password: 'Secret123' };
    const [a, b] = await Promise.all([
      post(ctx.app, '/api/register', payload),
      post(ctx.app, '/api/register', { ...payload, email: 'racer2@example.com' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(fieldsOf(loser.json()).username).toEqual(['This username is already in use.']);
  });

  it('records the registration in the audit log', async () => {
    const u = await registerUser(ctx.app);
    const events = await ctx.app.db.kysely
      .selectFrom('auth_events')
      .select(['event', 'ip'])
      .where('user_id', '=', u.session.user.id)
      .execute();
    expect(events).toContainEqual({ event: 'register', ip: '127.0.0.1' });
  });
});
