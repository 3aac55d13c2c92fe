import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { post, registerUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { mailsTo } from '../../test/outbox.js';
import { isLoopbackHost, mailLinkOrigin } from './auth.links.js';

type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/**
 * Asks for a reset link with the given headers and waits until the background work of that
 * request is done; answers the links of the mails it sent.
 */
async function resetLinks(t: TestApp, email: string, headers: Record<string, string>) {
  const spy = vi.spyOn(t.app.authService, 'sendResetLink');
  const before = mailsTo(t.config.dataDir, email).length;
  try {
    const res = await post(t.app, '/api/forgot', { email }, headers);
    expect(res.json()).toEqual({ ok: true });
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    await spy.mock.results[0]!.value;
  } finally {
    spy.mockRestore();
  }
  return mailsTo(t.config.dataDir, email)
    .slice(before)
    .map((m) => /\S+\/forgot-password-set-new\?token=[\w-]+/.exec(m.text)?.[0]);
}

describe('reset links are never built from an unchecked Host', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('without PUBLIC_URL a foreign Host gets no mail; localhost does', async () => {
    t = await makeTestApp();
    const u = await registerUser(t.app);
    expect(await resetLinks(t, u.email, { host: 'evil.example' })).toEqual([]);
    expect(await resetLinks(t, u.email, { host: 'evil.example:3000' })).toEqual([]);
    // A forwarded host counts only behind a trusted proxy (TRUST_PROXY).
    expect(
      await resetLinks(t, u.email, { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' }),
    ).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/forgot-password-set-new\?/)]);
    expect(await resetLinks(t, u.email, { host: '127.0.0.1:8080' })).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\//),
    ]);
    const refused = await t.app.db.kysely
      .selectFrom('reset_tokens')
      .select('token_hash')
      .where('user_id', '=', u.session.user.id)
      .execute();
    // Only the two mailed links made tokens.
    expect(refused).toHaveLength(2);
  });

  it('ALLOWED_HOSTS lets the listed hosts build links, and only them', async () => {
    t = await makeTestApp({ allowedHosts: ['console.example.org', 'fiscus.example.net:8443'] });
    const u = await registerUser(t.app);
    expect(await resetLinks(t, u.email, { host: 'console.example.org' })).toEqual([
      expect.stringMatching(/^http:\/\/console\.example\.org\/forgot-password-set-new\?token=/),
    ]);
    expect(await resetLinks(t, u.email, { host: 'fiscus.example.net:8443' })).toHaveLength(1);
    expect(await resetLinks(t, u.email, { host: 'fiscus.example.net:9999' })).toEqual([]);
    expect(await resetLinks(t, u.email, { host: 'console.example.org.evil.example' })).toEqual([]);
  });

  it('PUBLIC_URL wins over any Host', async () => {
    t = await makeTestApp({ publicUrl: 'https://fiscus.example.org' });
    const u = await registerUser(t.app);
    expect(await resetLinks(t, u.email, { host: 'evil.example' })).toEqual([
      expect.stringMatching(/^https:\/\/fiscus\.example\.org\/forgot-password-set-new\?token=/),
    ]);
  });

  it('warns at start in production when neither PUBLIC_URL nor ALLOWED_HOSTS is set', async () => {
    const start = async (overrides: Parameters<typeof makeTestApp>[0]) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      const app = await makeTestApp(overrides, { logger: { level: 'warn', stream } });
      await app.cleanup();
      return lines.filter((l) => l.includes('PUBLIC_URL is not set'));
    };
    expect(await start({ env: 'production' })).toHaveLength(1);
    expect(await start({ env: 'production', publicUrl: 'https://fiscus.example.org' })).toEqual([]);
    expect(await start({ env: 'production', allowedHosts: ['fiscus.example.org'] })).toEqual([]);
    expect(await start({ env: 'test' })).toEqual([]);
  });
});

describe('mailLinkOrigin', () => {
  const none = { publicUrl: undefined, allowedHosts: [] };
  it('accepts loopback names only, and no malformed host', () => {
    for (const host of ['localhost', 'app.localhost:5173', '127.0.0.1:3000', '[::1]:3000'])
      expect(mailLinkOrigin(none, { protocol: 'http', host })).toEqual({
        ok: true,
        origin: `http://${host}`,
      });
    for (const host of [
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'evil.example/@localhost',
      'localhost:3000/x',
      '',
    ])
      expect(mailLinkOrigin(none, { protocol: 'http', host }).ok).toBe(false);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });

  it('keeps the protocol of an allowed host and PUBLIC_URL as configured', () => {
    expect(
      mailLinkOrigin(
        { publicUrl: undefined, allowedHosts: ['fiscus.example.org'] },
        {
          protocol: 'https',
          host: 'Fiscus.Example.org',
        },
      ),
    ).toEqual({ ok: true, origin: 'https://fiscus.example.org' });
    expect(
      mailLinkOrigin(
        { publicUrl: 'https://x.example/app', allowedHosts: [] },
        {
          protocol: 'http',
          host: 'evil.example',
        },
      ),
    ).toEqual({ ok: true, origin: 'https://x.example/app' });
  });
});
