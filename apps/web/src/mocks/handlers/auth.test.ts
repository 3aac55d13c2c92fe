import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../node';
import { authDb, resetAuth, type DemoUserData } from '../db/auth';
import { strict } from '@/test/msw';

const url = (path: string) => new URL(path, location.origin).toString();
const post = (path: string, body: unknown) =>
  fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
interface AuthAnswer {
  userData: DemoUserData;
  accessToken: string;
  refreshToken: string;
}
const payload = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { id: number };

beforeAll(() => server.listen(strict));
beforeEach(() => resetAuth());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('POST /jwt/login', () => {
  it('signs in the admin demo user', async () => {
    const res = await post('/jwt/login', { email: 'admin@demo.com', password: 'admin' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthAnswer;
    expect(body.userData).toEqual({
      id: 1,
      fullName: 'John Doe',
      username: 'johndoe',
      avatar: null,
      email: 'admin@demo.com',
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
      extras: { eCommerceCartItemsCount: 5 },
    });
    expect(body.userData).not.toHaveProperty('password');
    expect(payload(body.accessToken).id).toBe(1);
    expect(payload(body.refreshToken).id).toBe(1);
  });

  it('signs in the client demo user with read ACL and read Auth', async () => {
    const res = await post('/jwt/login', { email: 'client@demo.com', password: 'client' });
    const body = (await res.json()) as AuthAnswer;
    expect(body.userData).toMatchObject({
      fullName: 'Jane Doe',
      username: 'janedoe',
      role: 'client',
    });
    expect(body.userData.ability).toEqual([
      { action: 'read', subject: 'ACL' },
      { action: 'read', subject: 'Auth' },
    ]);
  });

  it('answers 400 "Email or Password is Invalid" for a wrong password, unknown or missing email', async () => {
    for (const credentials of [
      { email: 'admin@demo.com', password: 'client' },
      { email: 'nobody@demo.com', password: 'admin' },
      {},
    ]) {
      const res = await post('/jwt/login', credentials);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { email: ['Email or Password is Invalid'] } });
    }
  });
});

describe('POST /jwt/register', () => {
  it('creates an admin user with id max + 1 and answers both tokens', async () => {
    const res = await post('/jwt/register', {
      username: 'newbie',
      email: 'newbie@demo.com',
      password: 'pw123456',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthAnswer;
    expect(body.userData).toMatchObject({
      id: 3,
      username: 'newbie',
      role: 'admin',
      fullName: '',
      avatar: null,
    });
    expect(body.userData.ability).toEqual([{ action: 'manage', subject: 'all' }]);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refreshToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(authDb.users).toHaveLength(3);
    const login = await post('/jwt/login', { email: 'newbie@demo.com', password: 'pw123456' });
    expect(login.status).toBe(200);
  });

  it('answers the "Please enter …" texts for missing fields', async () => {
    const res = await post('/jwt/register', { password: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        email: ['Please enter your email.'],
        username: ['Please enter your username.'],
        password: null,
      },
    });
    expect(authDb.users).toHaveLength(2);
  });

  it('answers the "already in use" texts', async () => {
    const res = await post('/jwt/register', {
      username: 'JohnDoe',
      email: 'admin@demo.com',
      password: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        email: ['This email is already in use.'],
        username: ['This username is already in use.'],
        password: null,
      },
    });
    const onlyUser = await post('/jwt/register', {
      username: 'janedoe',
      email: 'fresh@demo.com',
      password: 'x',
    });
    expect(((await onlyUser.json()) as { error: unknown }).error).toEqual({
      email: null,
      username: ['This username is already in use.'],
      password: null,
    });
  });
});

describe('pass-through', () => {
  it('does not handle /jwt/refresh-token (the real server answers it)', () => {
    const paths = server
      .listHandlers()
      .map((h) => ('info' in h ? String((h.info as { path?: unknown }).path) : ''));
    expect(paths).toContain('/jwt/login');
    expect(paths.some((p) => p.includes('refresh-token'))).toBe(false);
  });
});
