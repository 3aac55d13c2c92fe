import type { ProcedureRun, RibbonEvent } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let other: RegisteredUser;
let scenarios: string;
let lines: string;
let totals: string;
let budget: number;
let forecast: number;

type Row = Record<string, unknown> & { id: number };

async function rows(objectId: string, user = owner): Promise<Row[]> {
  const r = await ok<{ rows: { id: number; values: Record<string, unknown> }[] }>(
    app,
    user,
    'records.list',
    { objectId, limit: 500 },
  );
  return r.rows.map((x) => ({ ...x.values, id: x.id })).sort((a, b) => a.id - b.id);
}

async function run(
  id: string,
  params: Record<string, unknown> = {},
  dryRun = false,
  user = owner,
): Promise<ProcedureRun> {
  const started = await ok<ProcedureRun>(app, user, 'procedures.run', { id, params, dryRun });
  await app.jobs.idle();
  return ok<ProcedureRun>(app, user, 'procedures.getRun', { id: started.id });
}

async function procedure(def: Record<string, unknown>): Promise<string> {
  const p = await ok<{ id: string }>(app, owner, 'procedures.create', def);
  return p.id;
}

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  other = await registerUser(app);
  const s = await ok(app, owner, 'objects.create', { name: 'Scenarios', kind: 'reference' });
  scenarios = s.id;
  const l = await ok(app, owner, 'objects.create', { name: 'Lines', kind: 'table' });
  lines = l.id;
  const f = (objectId: string, name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, owner, 'fields.create', { objectId, name, type, options });
  await f(lines, 'Scenario', 'reference', { target: scenarios });
  await f(lines, 'Month', 'date');
  await f(lines, 'Amount', 'money', { scale: 2 });
  await f(lines, 'Kind', 'select', { choices: [{ value: 'cost' }, { value: 'revenue' }] });
  const t = await ok(app, owner, 'objects.create', { name: 'Totals', kind: 'table' });
  totals = t.id;
  await f(totals, 'Scenario', 'reference', { target: scenarios });
  await f(totals, 'Kind', 'text');
  await f(totals, 'Total', 'money', { scale: 2 });
  await f(totals, 'Lines', 'integer');
  budget = (
    await ok(app, owner, 'records.create', { objectId: scenarios, values: { name: 'Budget' } })
  ).id;
  forecast = (
    await ok(app, owner, 'records.create', { objectId: scenarios, values: { name: 'Forecast' } })
  ).id;
  const line = (name: string, month: string, amount: string, kind: string) =>
    ok(app, owner, 'records.create', {
      objectId: lines,
      values: { name, scenario: budget, month, amount, kind },
    });
  await line('Rent', '2024-01-31', '1000.00', 'cost');
  await line('Power', '2024-02-29', '250.55', 'cost');
  await line('Sales', '2024-01-31', '5000.00', 'revenue');
});

afterAll(async () => {
  await cleanup();
});

describe('procedures', () => {
  let copyId: string;

  it('copies records with assignments and a filter, in one run with a log and result', async () => {
    copyId = await procedure({
      name: 'Copy scenario',
      params: [
        { name: 'from', type: 'record', objectId: scenarios, required: true },
        { name: 'to', type: 'record', objectId: scenarios, required: true },
        { name: 'factor', type: 'number', scale: 2, default: '1.10' },
      ],
      steps: [
        {
          type: 'copy',
          source: lines,
          target: lines,
          where: 'scenario = @from and kind = "cost"',
          assignments: [
            { field: 'scenario', expr: '@to' },
            { field: 'month', expr: 'addMonths(month, 12)' },
            { field: 'amount', expr: 'round(amount * @factor, 2)' },
          ],
        },
      ],
    });
    const r = await run(copyId, { from: budget, to: forecast });
    expect(r.status).toBe('succeeded');
    expect(r.result).toMatchObject({ rowsRead: 2, inserted: 2, rowsWritten: 2 });
    expect(r.log).toEqual([
      expect.objectContaining({ path: '1', type: 'copy', status: 'done', inserted: 2 }),
    ]);
    const copies = (await rows(lines)).filter((x) => x.scenario === forecast);
    expect(copies.map((x) => [x.name, x.month, Number(x.amount), x.kind])).toEqual([
      ['Rent', '2025-01-31', 1100, 'cost'],
      // 250.55 × 1.10 = 275.605: half-even keeps the even cent.
      ['Power', '2025-02-28', 275.6, 'cost'],
    ]);
    const events = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      kinds: ['procedure.finished'],
    });
    expect(events.items[0]).toMatchObject({
      count: 2,
      data: { procedure: 'Copy scenario' },
      links: { procedureId: copyId, runId: r.id },
    });
    // What the run wrote is on the object's ribbon: one event for both records, not one per row.
    const ofLines = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      objectId: lines,
      kinds: ['record.created'],
    });
    expect(ofLines.items.filter((e) => e.links.runId === r.id)).toEqual([
      expect.objectContaining({
        kind: 'record.created',
        count: 2,
        objectName: 'Lines',
        data: { procedure: 'Copy scenario' },
        links: expect.objectContaining({ objectId: lines, runId: r.id, procedureId: copyId }),
      }),
    ]);
  });

  it('a dry run reports what each step would change and changes nothing', async () => {
    const before = await rows(lines);
    const r = await run(copyId, { from: budget, to: forecast }, true);
    expect(r).toMatchObject({ status: 'succeeded', dryRun: true });
    expect(r.result).toMatchObject({ inserted: 2 });
    expect(await rows(lines)).toEqual(before);
    const events = await ok<{ items: RibbonEvent[] }>(app, owner, 'ribbon.list', {
      objectId: lines,
    });
    expect(events.items.filter((e) => e.links.runId === r.id)).toEqual([]);
  });

  it('updates, deletes softly, and aggregates into another object by key', async () => {
    const id = await procedure({
      name: 'Month end',
      params: [{ name: 'pct', type: 'number', scale: 0, default: 2 }],
      steps: [
        {
          type: 'update',
          object: lines,
          where: 'scenario.name = "Forecast"',
          assignments: [{ field: 'amount', expr: 'amount + amount * @pct / 100' }],
        },
        { type: 'delete', object: lines, where: 'name = "Power" and scenario.name = "Forecast"' },
        {
          type: 'aggregate',
          source: lines,
          target: totals,
          groupBy: [
            { field: 'scenario', expr: 'scenario' },
            { field: 'kind', expr: 'kind' },
          ],
          values: [
            { field: 'total', fn: 'sum', expr: 'amount' },
            { field: 'lines', fn: 'count' },
          ],
        },
      ],
    });
    const r = await run(id);
    expect(r.status).toBe('succeeded');
    expect(r.log.map((l) => [l.type, l.rowsRead, l.inserted, l.updated, l.deleted])).toEqual([
      ['update', 2, 0, 2, 0],
      ['delete', 1, 0, 0, 1],
      ['aggregate', 3, 3, 0, 0],
    ]);
    const t = await rows(totals);
    const view = t.map((x) => [x.scenario, x.kind, Number(x.total), x.lines]);
    expect(view).toEqual(
      expect.arrayContaining([
        [budget, 'cost', 1250.55, 2],
        [budget, 'revenue', 5000, 1],
        [forecast, 'cost', 1122, 1],
      ]),
    );
    // A second run updates the same keys instead of adding rows.
    const again = await run(id, { pct: 0 });
    expect(again.log[2]).toMatchObject({ inserted: 0, updated: 3 });
    expect((await rows(totals)).length).toBe(3);
  });

  it('a failing step leaves the data exactly as before, naming the field', async () => {
    const before = await rows(lines);
    const id = await procedure({
      name: 'Breaks',
      steps: [
        { type: 'update', object: lines, assignments: [{ field: 'amount', expr: 'amount * 2' }] },
        {
          type: 'update',
          object: lines,
          assignments: [{ field: 'kind', expr: 'concat(kind, "x")' }],
        },
      ],
    });
    const r = await run(id);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/Step 2 .*Kind/);
    expect(r.log.map((l) => l.status)).toEqual(['done', 'failed']);
    expect(await rows(lines)).toEqual(before);
  });

  it('a check stops the run with its message, keeping nothing', async () => {
    const before = await rows(lines);
    const id = await procedure({
      name: 'Guarded',
      params: [{ name: 'go', type: 'boolean', default: false }],
      steps: [
        { type: 'delete', object: lines },
        { type: 'check', condition: 'not @go', message: 'Not confirmed.' },
      ],
    });
    const r = await run(id);
    expect(r).toMatchObject({ status: 'failed' });
    expect(r.error).toMatch(/Not confirmed\./);
    expect(r.log[1]).toMatchObject({ status: 'stopped', message: 'Not confirmed.' });
    expect(await rows(lines)).toEqual(before);
  });

  it('runs another procedure with parameters computed from its own', async () => {
    const inner = await procedure({
      name: 'Bump',
      params: [{ name: 'by', type: 'number', scale: 2, required: true }],
      steps: [
        {
          type: 'update',
          object: totals,
          assignments: [{ field: 'total', expr: 'total + @by' }],
          where: 'kind = "revenue"',
        },
      ],
    });
    const outer = await procedure({
      name: 'Outer',
      params: [{ name: 'n', type: 'number', scale: 0, default: 3 }],
      steps: [{ type: 'run', procedure: inner, params: { by: '@n * 1.5' } }],
    });
    const r = await run(outer);
    expect(r.status).toBe('succeeded');
    expect(r.log.map((l) => [l.path, l.type, l.updated])).toEqual([
      ['1', 'run', 1],
      ['1.1', 'update', 1],
    ]);
    const revenue = (await rows(totals)).find((x) => x.kind === 'revenue');
    expect(Number(revenue?.total)).toBe(5004.5);
    // A procedure that would run itself is refused.
    const cyc = await qry(app, owner, 'procedures.update', {
      id: inner,
      steps: [{ type: 'run', procedure: outer }],
    });
    expect(cyc.status).toBe(400);
    expect(cyc.error?.fields?.['steps.0.procedure']?.[0]).toMatch(/itself/);
  });

  /** An object with 50,000 rows and a step slow enough that many of them take seconds. */
  async function slowSetup() {
    const big = await ok(app, owner, 'objects.create', {
      name: `Big ${Math.random()}`,
      kind: 'table',
    });
    const nField = await ok<{ id: string; code: string }>(app, owner, 'fields.create', {
      objectId: big.id,
      name: 'N',
      type: 'integer',
    });
    const table = await app.db.kysely
      .selectFrom('pf_objects')
      .select('table_name')
      .where('id', '=', big.id)
      .executeTakeFirstOrThrow();
    const col = await app.db.kysely
      .selectFrom('pf_fields')
      .select('column_name')
      .where('id', '=', nField.id)
      .executeTakeFirstOrThrow();
    const nameCol = await app.db.kysely
      .selectFrom('pf_fields')
      .select('column_name')
      .where('object_id', '=', big.id)
      .where('code', '=', 'name')
      .executeTakeFirstOrThrow();
    await sql`insert into ${sql.id(table.table_name)} (created_at, updated_at, ${sql.id(nameCol.column_name)}, ${sql.id(col.column_name)})
      with recursive s(i) as (select 1 union all select i + 1 from s where i < 50000)
      select '2024-01-01', '2024-01-01', 'row', i from s`.execute(app.db.kysely);
    const step = {
      type: 'update',
      object: big.id,
      assignments: [{ field: 'name', expr: `upper(concat(lower(name), text(${nField.code})))` }],
    };
    /** Rows still named as inserted. */
    const untouched = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from ${sql.id(table.table_name)} where ${sql.id(nameCol.column_name)} = 'row'`.execute(
            app.db.kysely,
          )
        ).rows[0]?.n,
      );
    return { step, untouched };
  }

  it('a run past its time limit is stopped and rolled back', async () => {
    const { step, untouched } = await slowSetup();
    const id = await procedure({ name: 'Slow', timeoutSeconds: 1, steps: Array(40).fill(step) });
    const r = await run(id);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/longer than 1 s/);
    expect(await untouched()).toBe(50000);
  });

  it('a cancelled run is stopped and rolled back', async () => {
    const { step, untouched } = await slowSetup();
    const id = await procedure({ name: 'Long', timeoutSeconds: 600, steps: Array(40).fill(step) });
    const started = await ok<ProcedureRun>(app, owner, 'procedures.run', { id, params: {} });
    // Cancel once the run has started (asked of the runner's memory: on SQLite the run's
    // transaction holds the connection, so nothing can be read while it runs).
    while (!app.jobs.isRunning(started.id)) await new Promise((r) => setTimeout(r, 5));
    if (process.env.TEST_DATABASE_URL) {
      const cancelled = await ok<ProcedureRun>(app, owner, 'procedures.cancel', {
        id: started.id,
      });
      expect(cancelled.status).toBe('cancelled');
    } else {
      // SQLite has one connection, held by the run's transaction: a request's sign-in check
      // waits for the run to end, so the runner's own cancel (what the op calls) is used here.
      await app.jobs.cancel(owner.session.domain.id, started.id, 'en', 'procedure');
    }
    await app.jobs.idle();
    const r = await ok<ProcedureRun>(app, owner, 'procedures.getRun', { id: started.id });
    expect(r.status).toBe('cancelled');
    expect(r.log.filter((s) => s.status === 'done').length).toBeLessThan(40);
    expect(await untouched()).toBe(50000);
  });

  it('refuses definitions with problems, naming where they are, in the user’s language', async () => {
    const r = await qry(
      app,
      owner,
      'procedures.create',
      {
        name: 'Bad',
        steps: [
          {
            type: 'update',
            object: lines,
            assignments: [
              { field: 'amount', expr: 'amount +' },
              { field: 'nope', expr: '1' },
            ],
          },
        ],
      },
      'de',
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.error?.fields ?? {}).sort()).toEqual([
      'steps.0.assignments.0.expr',
      'steps.0.assignments.1.field',
    ]);
    expect(r.error?.fields?.['steps.0.assignments.1.field']?.[0]).toMatch(/gibt es in Lines nicht/);
    const v = await ok<{ issues: { path: string; start: number | null }[] }>(
      app,
      owner,
      'procedures.validate',
      { definition: { name: 'x', steps: [{ type: 'delete', object: lines, where: 'kind = ' }] } },
    );
    expect(v.issues[0]).toMatchObject({ path: 'steps.0.where' });
    const p = await qry(app, owner, 'procedures.run', { id: copyId, params: { from: 'abc' } });
    expect(p.status).toBe(400);
    expect(Object.keys(p.error?.fields ?? {}).sort()).toEqual(['params.from', 'params.to']);
  });

  it('keeps domains apart', async () => {
    expect((await qry(app, other, 'procedures.get', { id: copyId })).status).toBe(404);
    expect((await qry(app, other, 'procedures.run', { id: copyId })).status).toBe(404);
    expect((await ok<{ items: unknown[] }>(app, other, 'procedures.list')).items).toEqual([]);
    expect((await ok<{ items: unknown[] }>(app, other, 'procedures.runs', {})).items).toEqual([]);
    const runs = await ok<{ items: { id: string }[] }>(app, owner, 'procedures.runs', {});
    expect((await qry(app, other, 'procedures.getRun', { id: runs.items[0]?.id })).status).toBe(
      404,
    );
    // Objects of another domain cannot be named in a definition.
    const theirs = await qry(app, other, 'procedures.create', {
      name: 'Steal',
      steps: [{ type: 'delete', object: lines }],
    });
    expect(theirs.status).toBe(400);
    expect(theirs.error?.fields?.['steps.0.object']).toBeDefined();
    // Nor a record of another domain passed as a parameter.
    const mine = await procedure({
      name: 'Param only',
      params: [{ name: 's', type: 'record', objectId: scenarios, required: true }],
      steps: [{ type: 'check', condition: 'false', message: 'never' }],
    });
    const foreign = await ok(app, other, 'objects.create', { name: 'Foreign', kind: 'reference' });
    const rec = await ok(app, other, 'records.create', {
      objectId: foreign.id,
      values: { name: 'x' },
    });
    const bad = await qry(app, owner, 'procedures.run', { id: mine, params: { s: rec.id + 1000 } });
    expect(bad.status).toBe(400);
  });
});
