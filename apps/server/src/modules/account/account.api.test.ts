import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let anna: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  anna = await registerUser(t.app);
  bob = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

describe('account.update', () => {
  it('changes the signed-in user and the next whoami shows it', async () => {
    const r = await qry<{ user: { username: string; fullName: string; email: string } }>(
      t.app,
      anna,
      'account.update',
      {
        username: 'anna.k',
        fullName: '  Anna Karlsson ',
        email: 'Anna.K@Example.com',
      },
    );
    expect(r.status).toBe(200);
    expect(r.data.user).toMatchObject({
      username: 'anna.k',
      fullName: 'Anna Karlsson',
      email: 'anna.k@example.com',
    });
    const who = await t.app.inject({
      method: 'POST',
      url: '/api/whoami',
      payload: { token: anna.accessToken },
    });
    expect(who.json().session.user.username).toBe('anna.k');
  });

  it('refuses a username or e-mail another user has, naming the field', async () => {
    const taken = await qry(t.app, bob, 'account.update', {
      username: 'ANNA.K',
      fullName: '',
      email: 'bob.new@example.com',
    });
    expect(taken.status).toBe(400);
    expect(taken.error?.fields?.username).toEqual(['This username is already in use.']);
    const mail = await qry(
      t.app,
      bob,
      'account.update',
      { username: 'bobby', fullName: '', email: 'anna.k@example.com' },
      'de',
    );
    expect(mail.status).toBe(400);
    expect(mail.error?.fields?.email?.[0]).toMatch(/bereits/);
  });

  it('validates the rules and keeps the user unchanged', async () => {
    const bad = await qry(t.app, bob, 'account.update', {
      username: 'x',
      fullName: 'x'.repeat(121),
      email: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual(['email', 'fullName', 'username']);
    const who = await t.app.inject({
      method: 'POST',
      url: '/api/whoami',
      payload: { token: bob.accessToken },
    });
    expect(who.json().session.user.username).toBe(bob.session.user.username);
  });

  it('needs a signed-in caller', async () => {
    expect(
      (await qry(t.app, null, 'account.update', { username: 'zz', email: 'z@example.com' })).status,
    ).toBe(401);
  });
});
