import type { ActionDef, ProcedureRun } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let other: RegisteredUser;
let scenarios: string;
let lines: string;
let budget: number;
let copyProc: string;
type Caller = { headers: { authorization: string } };

/** A new user who joined the owner's domain with `role`, signed in there. */
async function member(role: string): Promise<Caller> {
  const user = await registerUser(app);
  await ok(app, owner, 'members.add', { login: user.username, role });
  const switched = await ok<{ accessToken: string }>(app, user, 'domains.switch', {
    id: owner.session.domain.id,
  });
  return { headers: bearer(switched.accessToken) };
}

async function finished(run: ProcedureRun, caller: Caller | RegisteredUser = owner) {
  await app.jobs.idle();
  return ok<ProcedureRun>(app, caller, 'procedures.getRun', { id: run.id });
}

async function names(objectId: string): Promise<string[]> {
  const r = await ok<{ rows: { values: Record<string, unknown> }[] }>(app, owner, 'records.list', {
    objectId,
    limit: 500,
  });
  return r.rows.map((x) => String(x.values.name)).sort();
}

const action = (over: Record<string, unknown> = {}) => ({
  name: 'Copy scenario',
  icon: 'copy',
  procedureId: copyProc,
  objectId: scenarios,
  placement: ['card'],
  recordParam: 'from',
  ask: ['suffix'],
  confirm: 'Copy this scenario?',
  ...over,
});

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  other = await registerUser(app);
  scenarios = (await ok(app, owner, 'objects.create', { name: 'Scenarios', kind: 'reference' })).id;
  lines = (await ok(app, owner, 'objects.create', { name: 'Lines', kind: 'table' })).id;
  await ok(app, owner, 'fields.create', {
    objectId: lines,
    name: 'Scenario',
    type: 'reference',
    options: { target: scenarios },
  });
  budget = (
    await ok(app, owner, 'records.create', { objectId: scenarios, values: { name: 'Budget' } })
  ).id;
  await ok(app, owner, 'records.create', {
    objectId: lines,
    values: { name: 'Rent', scenario: budget },
  });
  copyProc = (
    await ok(app, owner, 'procedures.create', {
      name: 'Copy lines',
      params: [
        { name: 'from', type: 'record', objectId: scenarios, required: true },
        { name: 'suffix', type: 'text', required: true },
        { name: 'note', type: 'text', default: '' },
      ],
      steps: [
        {
          type: 'copy',
          source: lines,
          target: lines,
          where: 'scenario = @from',
          assignments: [{ field: 'name', expr: "name & ' ' & @suffix" }],
        },
      ],
    })
  ).id;
});

afterAll(async () => {
  await cleanup();
});

describe('actions', () => {
  it('run their procedure on the card’s record with the asked values, kept as a run of the action', async () => {
    const a = await ok<ActionDef>(app, owner, 'actions.create', action());
    expect(a).toMatchObject({
      procedureName: 'Copy lines',
      objectName: 'Scenarios',
      placement: ['card'],
      roles: ['owner', 'admin', 'editor'],
    });
    const started = await ok<ProcedureRun>(app, owner, 'actions.run', {
      id: a.id,
      recordId: budget,
      params: { suffix: 'copy' },
    });
    const run = await finished(started);
    expect(run.status).toBe('succeeded');
    expect(run.actionId).toBe(a.id);
    expect(run.params).toMatchObject({ from: budget, suffix: 'copy' });
    expect(run.result?.inserted).toBe(1);
    expect(await names(lines)).toEqual(['Rent', 'Rent copy']);
    const listed = await ok<{ items: ActionDef[] }>(app, owner, 'actions.list', {
      objectId: scenarios,
    });
    expect(listed.items.map((x) => x.id)).toContain(a.id);
    await ok(app, owner, 'actions.delete', { id: a.id });
  });

  it('preset values are fixed: a caller cannot override them or pass what is not asked', async () => {
    const a = await ok<ActionDef>(
      app,
      owner,
      'actions.create',
      action({ ask: [], preset: { suffix: 'fixed' } }),
    );
    const r = await qry(app, owner, 'actions.run', {
      id: a.id,
      recordId: budget,
      params: { suffix: 'mine' },
    });
    expect(r.status).toBe(400);
    expect(r.error?.fields?.['params.suffix']?.[0]).toMatch(/does not ask for @suffix/);
    const noRecord = await qry(app, owner, 'actions.run', { id: a.id });
    expect(noRecord.status).toBe(400);
    expect(noRecord.error?.fields?.recordId?.[0]).toMatch(/record card/);
    await ok(app, owner, 'actions.delete', { id: a.id });
  });

  it('refuses definitions that do not fit the procedure, naming the field, in the user’s language', async () => {
    const r = await qry(
      app,
      owner,
      'actions.create',
      action({
        placement: ['toolbar'],
        recordParam: 'suffix',
        preset: { nope: 1 },
        ask: ['from'],
      }),
    );
    expect(r.status).toBe(400);
    const f = r.error?.fields ?? {};
    expect(f.recordParam?.[0]).toMatch(/record of Scenarios/);
    expect(f.placement?.[0]).toMatch(/record card only/);
    expect(f['preset.nope']?.[0]).toMatch(/no parameter @nope/);
    const missing = await qry(app, owner, 'actions.create', action({ ask: [] }));
    expect(missing.error?.fields?.ask?.[0]).toMatch(/@suffix is required/);
    const badValue = await qry(
      app,
      owner,
      'actions.create',
      action({
        ask: [],
        preset: { suffix: 'x'.repeat(5) },
        recordParam: null,
        placement: ['toolbar'],
      }),
    );
    expect(badValue.error?.fields?.ask?.[0]).toMatch(/@from is required/);
    const de = await qry(app, owner, 'actions.create', action({ ask: [] }), 'de');
    expect(de.error?.fields?.ask?.[0]).toMatch(/erforderlich/);
  });

  it('show only to the roles they list, and refuse the others', async () => {
    const viewer = await member('viewer');
    const editor = await member('editor');
    const forViewers = await ok<ActionDef>(
      app,
      owner,
      'actions.create',
      action({ name: 'Viewers too', roles: ['owner', 'viewer'] }),
    );
    const forAdmins = await ok<ActionDef>(
      app,
      owner,
      'actions.create',
      action({ name: 'Admins only', roles: ['owner', 'admin'] }),
    );
    const mine = async (c: Caller) =>
      (
        await ok<{ items: ActionDef[] }>(app, c, 'actions.list', {
          objectId: scenarios,
          mine: true,
        })
      ).items.map((x) => x.name);
    expect(await mine(viewer)).toEqual(['Viewers too']);
    expect(await mine(editor)).toEqual([]);
    expect((await mine(owner)).sort()).toEqual(['Admins only', 'Viewers too']);
    const refused = await qry(app, editor, 'actions.run', {
      id: forAdmins.id,
      recordId: budget,
      params: { suffix: 'e' },
    });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toMatch(/not available to your role/);
    const allowed = await ok<ProcedureRun>(app, viewer, 'actions.run', {
      id: forViewers.id,
      recordId: budget,
      params: { suffix: 'v' },
    });
    expect((await finished(allowed, viewer)).status).toBe('succeeded');
    // Defining actions is for admins and owners.
    expect((await qry(app, editor, 'actions.create', action())).status).toBe(403);
    expect((await qry(app, viewer, 'actions.delete', { id: forViewers.id })).status).toBe(403);
    await ok(app, owner, 'actions.delete', { id: forViewers.id });
    await ok(app, owner, 'actions.delete', { id: forAdmins.id });
  });

  it('disappear with their procedure', async () => {
    const p = await ok<{ id: string }>(app, owner, 'procedures.create', { name: 'Short-lived' });
    const a = await ok<ActionDef>(
      app,
      owner,
      'actions.create',
      action({ procedureId: p.id, placement: ['toolbar'], recordParam: null, ask: [] }),
    );
    await ok(app, owner, 'procedures.delete', { id: p.id });
    expect((await qry(app, owner, 'actions.get', { id: a.id })).status).toBe(404);
    expect((await qry(app, owner, 'actions.run', { id: a.id })).status).toBe(404);
  });

  it('keep domains apart', async () => {
    const a = await ok<ActionDef>(app, owner, 'actions.create', action());
    for (const [op, input] of [
      ['actions.get', { id: a.id }],
      ['actions.update', { id: a.id, name: 'Mine now' }],
      ['actions.delete', { id: a.id }],
      ['actions.run', { id: a.id, recordId: budget, params: { suffix: 'x' } }],
    ] as const)
      expect((await qry(app, other, op, input)).status, op).toBe(404);
    expect((await ok<{ items: ActionDef[] }>(app, other, 'actions.list', {})).items).toEqual([]);
    // Another domain's procedure or object cannot be bound.
    const theirs = await ok<{ id: string }>(app, other, 'objects.create', { name: 'Theirs' });
    const theirProc = await ok<{ id: string }>(app, other, 'procedures.create', { name: 'Theirs' });
    expect((await qry(app, owner, 'actions.create', action({ objectId: theirs.id }))).status).toBe(
      404,
    );
    expect(
      (await qry(app, owner, 'actions.create', action({ procedureId: theirProc.id }))).status,
    ).toBe(404);
    expect((await ok<ActionDef>(app, owner, 'actions.get', { id: a.id })).name).toBe(
      'Copy scenario',
    );
  });
});
