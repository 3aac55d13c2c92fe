import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User, UsersResponse } from '@/features/demo/users/api/types';
import { resetUsers, usersDb } from '../db/users';
import { server } from '../node';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => resetUsers());

const url = (path: string) => new URL(path, location.origin);
async function call<T>(path: string, method = 'GET', body?: unknown) {
  const res = await fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const list = (q = '') => call<UsersResponse>(`/apps/user/users${q}`);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const newUser = {
  fullName: 'Nora Quill',
  username: 'noraq',
  email: 'nora@example.com',
  contact: '+1 555 0100',
  company: 'Quill Co',
  country: 'Germany',
  role: 'editor',
  currentPlan: 'team',
  status: 'inactive',
};

describe('seed data', () => {
  it('has 50 users with the documented mixes', () => {
    const users = usersDb.users;
    expect(users).toHaveLength(50);
    const count = (k: keyof User, v: string) => users.filter((u) => u[k] === v).length;
    expect(
      ['maintainer', 'subscriber', 'admin', 'editor', 'author'].map((r) => count('role', r)),
    ).toEqual([12, 12, 11, 8, 7]);
    expect(['team', 'basic', 'company', 'enterprise'].map((p) => count('currentPlan', p))).toEqual([
      20, 10, 10, 10,
    ]);
    expect(['pending', 'active', 'inactive'].map((s) => count('status', s))).toEqual([18, 18, 14]);
  });
});

describe('GET /apps/user/users', () => {
  it('defaults to 10 users by id with the total', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.total).toBe(50);
    expect(ids(body.users)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('filters by role, plan and status (exact) and combines them', async () => {
    expect((await list('?role=admin')).body.total).toBe(11);
    expect((await list('?plan=team')).body.total).toBe(20);
    expect((await list('?status=inactive')).body.total).toBe(14);
    const both = await list('?role=admin&status=pending&perPage=100');
    expect(both.body.users.every((u) => u.role === 'admin' && u.status === 'pending')).toBe(true);
    expect(both.body.total).toBe(
      usersDb.users.filter((u) => u.role === 'admin' && u.status === 'pending').length,
    );
  });

  it('searches username and full name case-insensitively', async () => {
    const target = usersDb.users[7] as User;
    const { body } = await list(`?q=${target.username.toUpperCase()}`);
    expect(ids(body.users)).toEqual([target.id]);
    const byName = await list(`?q=${encodeURIComponent(target.fullName)}&perPage=100`);
    expect(byName.body.users.every((u) => u.fullName === target.fullName)).toBe(true);
    expect((await list('?q=zzzz')).body).toEqual({ users: [], total: 0 });
  });

  it('sorts with sortDesc parsed from strings and pages', async () => {
    expect(ids((await list('?sortDesc=true&perPage=3')).body.users)).toEqual([50, 49, 48]);
    expect(ids((await list('?sortDesc=false&perPage=3')).body.users)).toEqual([1, 2, 3]);
    const names = (await list('?sortBy=fullName&perPage=100')).body.users.map((u) =>
      u.fullName.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
    const p3 = await list('?perPage=25&page=2');
    expect(ids(p3.body.users)[0]).toBe(26);
    expect(p3.body.total).toBe(50);
    expect((await list('?page=9')).body.users).toEqual([]);
  });
});

describe('single user and writes', () => {
  it('answers a user by id or 404', async () => {
    const ok = await call<User>('/apps/user/users/5');
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(5);
    expect((await call('/apps/user/users/999')).status).toBe(404);
  });

  it('creates a user with id max + 1 and status forced to active', async () => {
    const res = await call<{ user: User }>('/apps/user/users', 'POST', { user: newUser });
    expect(res.status).toBe(201);
    expect(res.body.user.id).toBe(51);
    expect(res.body.user.status).toBe('active');
    expect(ids((await list('?q=nora')).body.users)).toEqual([51]);
  });

  it('rejects invalid users', async () => {
    const res = await call<{ error: { fields: Record<string, string> } }>(
      '/apps/user/users',
      'POST',
      { user: { ...newUser, username: 'no spaces!', email: 'x', role: 'boss' } },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'role', 'username']);
    expect(usersDb.users).toHaveLength(50);
  });

  it('updates a user and answers 404 for an unknown id', async () => {
    const res = await call<{ user: User }>('/apps/user/users/3', 'POST', {
      fullName: 'Renamed Person',
      status: 'inactive',
      social: { twitter: 'https://twitter.com/renamed' },
    });
    expect(res.status).toBe(200);
    const read = await call<User>('/apps/user/users/3');
    expect(read.body.fullName).toBe('Renamed Person');
    expect(read.body.status).toBe('inactive');
    expect(read.body.social.twitter).toBe('https://twitter.com/renamed');
    expect((await call('/apps/user/users/3', 'POST', { email: 'bad' })).status).toBe(400);
    expect((await call('/apps/user/users/999', 'POST', { fullName: 'X' })).status).toBe(404);
  });

  it('deletes a user, which then reads as 404 and leaves the list', async () => {
    expect((await call('/apps/user/users/3', 'DELETE')).status).toBe(204);
    expect((await call('/apps/user/users/3')).status).toBe(404);
    expect((await list('?perPage=100')).body.total).toBe(49);
    expect((await call('/apps/user/users/3', 'DELETE')).status).toBe(404);
  });
});
