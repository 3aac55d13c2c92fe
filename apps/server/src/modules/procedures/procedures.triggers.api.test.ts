import type { ProcedureRun } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/**
 * A procedure that runs when records change: inside the change's transaction, once per
 * distinct set of parameters, kept as a run; a stop undoes the change; the definition is
 * checked like the rest of the procedure.
 */

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let teams: string;
let lines: string;
let totals: string;
let north: number;
let south: number;

type Row = Record<string, unknown> & { id: number };

async function rows(objectId: string): Promise<Row[]> {
  const r = await ok<{ rows: { id: number; values: Record<string, unknown> }[] }>(
    app,
    owner,
    'records.list',
    { objectId, limit: 500 },
  );
  return r.rows.map((x) => ({ ...x.values, id: x.id })).sort((a, b) => a.id - b.id);
}

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  const f = (objectId: string, name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, owner, 'fields.create', { objectId, name, type, options });
  teams = (await ok(app, owner, 'objects.create', { name: 'Teams', kind: 'reference' })).id;
  await f(teams, 'Frozen', 'boolean');
  lines = (await ok(app, owner, 'objects.create', { name: 'Lines', kind: 'table' })).id;
  await f(lines, 'Team', 'reference', { target: teams });
  await f(lines, 'Amount', 'money', { scale: 2 });
  await f(lines, 'Note', 'text');
  totals = (await ok(app, owner, 'objects.create', { name: 'Totals', kind: 'table' })).id;
  await f(totals, 'Team', 'reference', { target: teams });
  await f(totals, 'Total', 'money', { scale: 2 });
  const team = async (name: string, frozen = false) =>
    (await ok(app, owner, 'records.create', { objectId: teams, values: { name, frozen } })).id;
  north = await team('North');
  south = await team('South', true);
  for (const [team, amount] of [
    [north, '10.00'],
    [north, '20.00'],
    [south, '5.00'],
  ] as const)
    await ok(app, owner, 'records.create', {
      objectId: lines,
      values: { name: 'Line', team, amount },
    });
});

afterAll(async () => cleanup());

describe('procedures that run when records change', () => {
  let id: string;

  it('are checked: the object’s fields, the procedure’s parameters, every required one given', async () => {
    const bad = await qry(app, owner, 'procedures.create', {
      name: 'Totals',
      params: [{ name: 'team', type: 'record', objectId: teams, required: true }],
      trigger: { objectId: lines, fields: ['amount', 'colour'], params: { nope: 'team' } },
      steps: [],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fields ?? {}).sort()).toEqual([
      'trigger.fields.1',
      'trigger.params.nope',
      'trigger.params.team',
    ]);
  });

  it('run inside the change, once per team the changed lines belong to, and are kept as runs', async () => {
    id = (
      await ok<{ id: string }>(app, owner, 'procedures.create', {
        name: 'Totals',
        params: [{ name: 'team', type: 'record', objectId: teams, required: true }],
        trigger: { objectId: lines, fields: ['amount'], params: { team: 'team' } },
        steps: [
          {
            type: 'check',
            condition: '@team.frozen',
            message: 'This team is frozen.',
          },
          {
            type: 'aggregate',
            source: lines,
            target: totals,
            where: 'team = @team',
            groupBy: [{ field: 'team', expr: 'team' }],
            values: [{ field: 'total', fn: 'sum', expr: 'amount' }],
          },
        ],
      })
    ).id;
    const [first] = await rows(lines);
    await ok(app, owner, 'records.update', {
      objectId: lines,
      id: first!.id,
      values: { amount: '15.00' },
    });
    expect((await rows(totals)).map((t) => [t.team, t.total])).toEqual([[north, '35.00']]);
    const runs = await ok<{ items: ProcedureRun[] }>(app, owner, 'procedures.runs', {
      procedureId: id,
    });
    expect(runs.items).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        params: { team: north },
        trigger: { objectId: lines, objectName: 'Lines', records: 1 },
        result: expect.objectContaining({ inserted: 1 }),
      }),
    ]);
    // A field the trigger does not watch starts nothing.
    await ok(app, owner, 'records.update', {
      objectId: lines,
      id: first!.id,
      values: { note: 'checked' },
    });
    expect(
      (await ok<{ items: unknown[] }>(app, owner, 'procedures.runs', { procedureId: id })).items,
    ).toHaveLength(1);
  });

  it('a run is kept with the id of the request that made the change', async () => {
    const [first] = await rows(lines);
    await ok(app, owner, 'records.update', {
      objectId: lines,
      id: first!.id,
      values: { amount: '16.00' },
    });
    // Back to 15.00, through a request with its own id: the latest run.
    const res = await app.inject({
      method: 'POST',
      url: '/api/qry',
      headers: { ...owner.headers, 'x-request-id': 'change-from-erp-01' },
      payload: {
        op: 'records.update',
        objectId: lines,
        id: first!.id,
        values: { amount: '15.00' },
      },
    });
    expect(res.statusCode).toBe(200);
    const runs = await ok<{ items: ProcedureRun[] }>(app, owner, 'procedures.runs', {
      procedureId: id,
    });
    const job = await app.db.kysely
      .selectFrom('pf_jobs')
      .select(['request_id'])
      .where('id', '=', runs.items[0]!.id)
      .executeTakeFirstOrThrow();
    expect(job.request_id).toBe('change-from-erp-01');
  });

  it('a run that stops undoes the change and says why', async () => {
    const southLine = (await rows(lines)).find((l) => l.team === south)!;
    const r = await qry(app, owner, 'records.update', {
      objectId: lines,
      id: southLine.id,
      values: { amount: '99.00' },
    });
    expect(r.status).toBe(422);
    expect(r.error?.message).toContain('Totals');
    expect(r.error?.message).toContain('This team is frozen.');
    expect((await rows(lines)).find((l) => l.id === southLine.id)!.amount).toBe('5.00');
  });

  it('without a trigger the procedure runs no more on changes', async () => {
    await ok(app, owner, 'procedures.update', { id, trigger: null });
    expect((await ok<{ trigger: unknown }>(app, owner, 'procedures.get', { id })).trigger).toBe(
      null,
    );
    const [first] = await rows(lines);
    await ok(app, owner, 'records.update', {
      objectId: lines,
      id: first!.id,
      values: { amount: '1.00' },
    });
    expect((await rows(totals)).map((t) => t.total)).toEqual(['35.00']);
  });
});
