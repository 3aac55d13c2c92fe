import type { ProcedureRun } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';

/**
 * Copy steps over a series of numbers, shares that add up exactly (`allocate`), and reference
 * fields set by the target record's name — together: straight-line depreciation, one line per
 * month of an asset's life, summing to its cost to the cent.
 */

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let periods: string;
let assets: string;
let lines: string;
let counters: string;

type Row = Record<string, unknown> & { id: number };

async function rows(objectId: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let offset = 0; ; offset += 1000) {
    const r = await ok<{
      rows: { id: number; values: Record<string, unknown> }[];
      hasMore: boolean;
    }>(app, owner, 'records.list', {
      objectId,
      limit: 1000,
      offset,
      orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
    });
    out.push(...r.rows.map((x) => ({ ...x.values, id: x.id })));
    if (!r.hasMore) return out;
  }
}

async function run(id: string, params: Record<string, unknown> = {}): Promise<ProcedureRun> {
  const started = await ok<ProcedureRun>(app, owner, 'procedures.run', { id, params });
  await app.jobs.idle();
  return ok<ProcedureRun>(app, owner, 'procedures.getRun', { id: started.id });
}

/** Sum of money values in cents, exactly. */
const cents = (values: unknown[]) =>
  values.reduce<bigint>((s, v) => s + BigInt(Math.round(Number(v) * 100)), 0n);

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  owner = await registerUser(app);
  const f = (objectId: string, name: string, type: string, options: Record<string, unknown> = {}) =>
    ok(app, owner, 'fields.create', { objectId, name, type, options });
  periods = (await ok(app, owner, 'objects.create', { name: 'Periods', kind: 'reference' })).id;
  await f(periods, 'Month', 'date');
  const months: Record<string, unknown>[] = [];
  for (let y = 2026; y <= 2031; y++)
    for (let m = 1; m <= 12; m++) {
      const mm = String(m).padStart(2, '0');
      months.push({ name: `${y}-${mm}`, month: `${y}-${mm}-01` });
    }
  await ok(app, owner, 'records.createMany', { objectId: periods, rows: months });
  assets = (await ok(app, owner, 'objects.create', { name: 'Assets' })).id;
  await f(assets, 'Cost', 'money', { scale: 2 });
  await f(assets, 'Life', 'integer');
  await f(assets, 'Start', 'reference', { target: periods });
  lines = (await ok(app, owner, 'objects.create', { name: 'Depreciation' })).id;
  await f(lines, 'Asset', 'reference', { target: assets });
  await f(lines, 'Period', 'reference', { target: periods });
  await f(lines, 'Month no', 'integer');
  await f(lines, 'Amount', 'money', { scale: 2 });
  const startOf = async (name: string) =>
    (
      await ok<{ rows: { id: number }[] }>(app, owner, 'records.list', {
        objectId: periods,
        search: name,
      })
    ).rows[0]!.id;
  await ok(app, owner, 'records.createMany', {
    objectId: assets,
    rows: [
      { name: 'Laptop', cost: '1000.00', life: 3, start: await startOf('2026-01') },
      { name: 'Truck', cost: '48999.99', life: 36, start: await startOf('2026-11') },
      { name: 'Press', cost: '12345.67', life: 7, start: await startOf('2027-06') },
    ],
  });
  counters = (await ok(app, owner, 'objects.create', { name: 'Counters' })).id;
  await f(counters, 'Size', 'integer');
});

afterAll(async () => cleanup());

describe('copy over a series, allocate and references by name', () => {
  it('makes one line per month of the life, from the month after the start, summing to the cost', async () => {
    const id = (
      await ok(app, owner, 'procedures.create', {
        name: 'Depreciate',
        steps: [
          {
            type: 'copy',
            source: assets,
            target: lines,
            copySameFields: false,
            series: { name: 'm', from: '1', to: 'life' },
            assignments: [
              { field: 'name', expr: "name & ' ' & @m" },
              { field: 'asset', expr: 'id' },
              { field: 'period', expr: 'left(text(addMonths(start.month, @m)), 7)' },
              { field: 'month_no', expr: '@m' },
              { field: 'amount', expr: 'allocate(cost, life, @m)' },
            ],
          },
        ],
      })
    ).id;
    const r = await run(id);
    expect(r.status).toBe('succeeded');
    expect(r.result).toMatchObject({ inserted: 3 + 36 + 7 });
    const all = await rows(lines);
    const periodName = new Map((await rows(periods)).map((p) => [p.id, p.name]));
    const byAsset = (asset: number) => all.filter((l) => l.asset === asset);
    const assetRows = await rows(assets);
    for (const a of assetRows) {
      const mine = byAsset(a.id);
      expect(mine).toHaveLength(Number(a.life));
      expect(cents(mine.map((l) => l.amount))).toBe(cents([a.cost]));
      // Equal shares but for the cents the rounding spreads.
      const amounts = mine.map((l) => Math.round(Number(l.amount) * 100));
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    }
    const truck = byAsset(assetRows[1]!.id).map((l) => periodName.get(l.period as number));
    expect(truck[0]).toBe('2026-12');
    expect(truck.at(-1)).toBe('2029-11');
    expect(byAsset(assetRows[0]!.id).map((l) => [l.month_no, l.amount])).toEqual([
      [1, '333.33'],
      [2, '333.34'],
      [3, '333.33'],
    ]);
  });

  it('filters by the series number and keeps it apart from the record’s own fields', async () => {
    const id = (
      await ok(app, owner, 'procedures.create', {
        name: 'Odd months',
        steps: [
          {
            type: 'copy',
            source: assets,
            target: counters,
            copySameFields: false,
            series: { name: 'k', from: 'life - 2', to: 'life' },
            where: "name = 'Press' and @k != 6",
            assignments: [
              { field: 'name', expr: "'k' & @k" },
              { field: 'size', expr: '@k * 10' },
            ],
          },
        ],
      })
    ).id;
    expect((await run(id)).status).toBe('succeeded');
    expect((await rows(counters)).map((c) => [c.name, c.size])).toEqual([
      ['k5', 50],
      ['k7', 70],
    ]);
  });

  it('a name no record has stops the run, naming the field and the text, keeping nothing', async () => {
    const before = (await rows(lines)).length;
    const id = (
      await ok(app, owner, 'procedures.create', {
        name: 'Too far',
        steps: [
          {
            type: 'copy',
            source: assets,
            target: lines,
            copySameFields: false,
            series: { name: 'm', from: '1', to: 'life * 3' },
            assignments: [
              { field: 'asset', expr: 'id' },
              { field: 'period', expr: 'left(text(addMonths(start.month, @m)), 7)' },
            ],
          },
        ],
      })
    ).id;
    const r = await run(id);
    expect(r.status).toBe('failed');
    // The truck's 108 months run past the calendar's last period (2031-12).
    expect(r.error).toMatch(/No record is named “2032-\d\d” for Period/);
    expect((await rows(lines)).length).toBe(before);
  });

  it('an empty name sets no record; answers in the user’s language', async () => {
    const id = (
      await ok(app, owner, 'procedures.create', {
        name: 'Blank',
        params: [{ name: 'p', type: 'text' }],
        steps: [
          {
            type: 'copy',
            source: assets,
            target: lines,
            copySameFields: false,
            where: "name = 'Laptop'",
            assignments: [
              { field: 'name', expr: "'blank'" },
              { field: 'period', expr: '@p' },
            ],
          },
        ],
      })
    ).id;
    expect((await run(id, { p: '' })).status).toBe('succeeded');
    expect((await rows(lines)).find((l) => l.name === 'blank')?.period).toBeNull();
    const started = await qry<ProcedureRun>(
      app,
      owner,
      'procedures.run',
      { id, params: { p: '1999-01' } },
      'ru',
    );
    await app.jobs.idle();
    const failed = await ok<ProcedureRun>(app, owner, 'procedures.getRun', {
      id: started.data.id,
    });
    expect(failed.error).toMatch(/нет записи с названием «1999-01»/);
  });

  it('a series longer than 1,000 for one record stops the run', async () => {
    const id = (
      await ok(app, owner, 'procedures.create', {
        name: 'Huge',
        steps: [
          {
            type: 'copy',
            source: assets,
            target: counters,
            copySameFields: false,
            series: { name: 'k', from: '1', to: 'life * 1000' },
            assignments: [{ field: 'name', expr: "'x'" }],
          },
        ],
      })
    ).id;
    const r = await run(id);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/at most 1,000 members/);
  });

  it('refuses a series named like a parameter, bounds that are not whole numbers, and names for targets shown by a number', async () => {
    const clash = await qry(app, owner, 'procedures.validate', {
      definition: {
        name: 'x',
        params: [{ name: 'm', type: 'number' }],
        steps: [
          {
            type: 'copy',
            source: assets,
            target: counters,
            series: { name: 'M', from: '1.5', to: 'name' },
          },
        ],
      },
    });
    expect(clash.status).toBe(200);
    const paths = (clash.data as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['steps.0.series.name', 'steps.0.series.from', 'steps.0.series.to']),
    );
    const numbered = (await ok(app, owner, 'objects.create', { name: 'Numbered' })).id;
    const meta = await ok(app, owner, 'objects.get', { id: numbered });
    const no = await ok(app, owner, 'fields.create', {
      objectId: numbered,
      name: 'No',
      type: 'integer',
    });
    await ok(app, owner, 'objects.update', { id: numbered, displayFieldId: no.id });
    await ok(app, owner, 'fields.create', {
      objectId: counters,
      name: 'Numbered',
      type: 'reference',
      options: { target: numbered },
    });
    const byName = await qry(app, owner, 'procedures.validate', {
      definition: {
        name: 'y',
        steps: [
          {
            type: 'update',
            object: counters,
            assignments: [{ field: 'numbered', expr: "'one'" }],
          },
        ],
      },
    });
    const issues = (byName.data as { issues: { path: string; message: string }[] }).issues;
    expect(meta.fields).toHaveLength(1);
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'steps.0.assignments.0.expr',
        message: expect.stringMatching(/record id/),
      }),
    ]);
  });
});
