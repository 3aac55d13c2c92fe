import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await makeTestApp();
  owner = await registerUser(t.app);
});
afterAll(async () => t.cleanup());

/** Adds a new user to the owner's domain with a role and answers their headers in that domain. */
async function memberWith(role: string) {
  const user = await registerUser(t.app);
  await ok(t.app, owner, 'members.add', { login: user.username, role });
  const switched = await ok(t.app, user, 'domains.switch', { id: owner.session.domain.id });
  return { user, headers: bearer(switched.accessToken) };
}

describe('domains', () => {
  it('list → create → rename → switch', async () => {
    const list = await ok(t.app, owner, 'domains.list', {});
    expect(list.items).toEqual([
      expect.objectContaining({
        id: owner.session.domain.id,
        role: 'owner',
        current: true,
        memberCount: 1,
      }),
    ]);
    const d = await ok(t.app, owner, 'domains.create', { name: 'Planning 2027' });
    expect(d).toMatchObject({
      name: 'Planning 2027',
      role: 'owner',
      current: false,
      memberCount: 1,
    });
    const renamed = await ok(t.app, owner, 'domains.rename', { id: d.id, name: 'Plan 2027' });
    expect(renamed.name).toBe('Plan 2027');
    const sw = await ok(t.app, owner, 'domains.switch', { id: d.id });
    expect(sw.session.domain).toMatchObject({ id: d.id, name: 'Plan 2027', role: 'owner' });
    const inNew = { headers: bearer(sw.accessToken) };
    // objects are per domain
    await ok(t.app, inNew, 'objects.create', { name: 'Only here' });
    expect((await ok(t.app, inNew, 'objects.list', {})).items).toHaveLength(1);
    expect((await ok(t.app, owner, 'objects.list', {})).items).toHaveLength(0);
    expect((await qry(t.app, owner, 'domains.switch', { id: 'not-mine' })).status).toBe(403);
    expect((await qry(t.app, owner, 'domains.rename', { id: 'not-mine', name: 'x' })).status).toBe(
      404,
    );
    expect((await qry(t.app, owner, 'domains.create', { name: '  ' })).status).toBe(400);
  });
});

describe('members and roles', () => {
  it('owner adds, lists, changes roles and removes members; the last owner stays', async () => {
    const other = await registerUser(t.app);
    const added = await ok(t.app, owner, 'members.add', {
      login: other.email.toUpperCase(),
      role: 'viewer',
    });
    expect(added).toMatchObject({
      userId: other.session.user.id,
      role: 'viewer',
      username: other.username,
    });
    expect(
      (await qry(t.app, owner, 'members.add', { login: other.username, role: 'editor' })).status,
    ).toBe(409);
    const unknown = await qry(t.app, owner, 'members.add', {
      login: 'nobody-here',
      role: 'editor',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.fields?.login).toBeDefined();
    const list = await ok(t.app, owner, 'members.list', {});
    expect(list.items.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [owner.session.user.id, other.session.user.id].sort(),
    );
    expect(
      (await ok(t.app, owner, 'members.setRole', { userId: other.session.user.id, role: 'admin' }))
        .role,
    ).toBe('admin');
    const last = await qry(t.app, owner, 'members.setRole', {
      userId: owner.session.user.id,
      role: 'admin',
    });
    expect(last.status).toBe(409);
    expect(
      (await qry(t.app, owner, 'members.remove', { userId: owner.session.user.id })).status,
    ).toBe(409);
    await ok(t.app, owner, 'members.remove', { userId: other.session.user.id });
    expect(
      (await qry(t.app, owner, 'members.remove', { userId: other.session.user.id })).status,
    ).toBe(404);
  });

  it('roles: viewer reads, editor writes records, admin changes metadata, only owner manages members', async () => {
    const o = await ok(t.app, owner, 'objects.create', { name: 'Roles' });
    const viewer = await memberWith('viewer');
    const editor = await memberWith('editor');
    const admin = await memberWith('admin');

    expect((await qry(t.app, viewer, 'records.list', { objectId: o.id })).status).toBe(200);
    expect(
      (await qry(t.app, viewer, 'records.create', { objectId: o.id, values: { name: 'x' } }))
        .status,
    ).toBe(403);
    expect((await qry(t.app, viewer, 'members.list', {})).status).toBe(403);
    // a viewer may keep personal views but not share them
    const def = {
      filter: {
        isactive: false,
        isexpanded: true,
        name: 'root',
        operator: { id: 1, sid: 'and', name: 'AND' },
        children: [],
        conditions: [],
      },
      groupby: { isActive: false, groups: [] },
      orderby: { isActive: false, sorts: [] },
    };
    expect(
      (await qry(t.app, viewer, 'views.save', { objectId: o.id, name: 'mine', definition: def }))
        .status,
    ).toBe(200);
    expect(
      (
        await qry(t.app, viewer, 'views.save', {
          objectId: o.id,
          name: 'ours',
          shared: true,
          definition: def,
        })
      ).status,
    ).toBe(403);

    expect(
      (await qry(t.app, editor, 'records.create', { objectId: o.id, values: { name: 'x' } }))
        .status,
    ).toBe(200);
    expect(
      (await qry(t.app, editor, 'fields.create', { objectId: o.id, name: 'F', type: 'text' }))
        .status,
    ).toBe(403);
    expect((await qry(t.app, editor, 'objects.delete', { id: o.id })).status).toBe(403);

    expect(
      (await qry(t.app, admin, 'fields.create', { objectId: o.id, name: 'F', type: 'text' }))
        .status,
    ).toBe(200);
    expect((await qry(t.app, admin, 'members.list', {})).status).toBe(200);
    expect(
      (await qry(t.app, admin, 'members.add', { login: viewer.user.username, role: 'owner' }))
        .status,
    ).toBe(403);
    expect(
      (await qry(t.app, admin, 'domains.rename', { id: owner.session.domain.id, name: 'mine now' }))
        .status,
    ).toBe(403);
    const shared = await ok(t.app, admin, 'views.save', {
      objectId: o.id,
      name: 'team',
      shared: true,
      definition: def,
    });
    // others see shared views, not personal ones
    const seen = await ok(t.app, editor, 'views.list', { objectId: o.id });
    expect(seen.items.map((v: { id: string }) => v.id)).toEqual([shared.id]);
    expect((await qry(t.app, editor, 'views.delete', { id: shared.id })).status).toBe(403);
  });
});
