import type { ProcedureRun } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../../test/auth-helpers.js';
import { makeTestApp } from '../../test/helpers.js';
import { ok, qry } from '../../test/qry-helpers.js';
import { DEMO_DOMAIN_ID, seedDemoBudget } from './index.js';

/**
 * The Demo budget as its owner sees it through `/api/qry`: seeded once, idempotent, the same
 * totals on SQLite and PostgreSQL (this suite runs on both), assembly equal to its parts,
 * depreciation adding up to the cost, Copy Scenario scaling totals and refusing locked targets.
 */

const TODAY = '2026-06-15';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let owner: RegisteredUser;
let headers: { authorization: string };
const ids: Record<string, string> = {};
const scenario: Record<string, number> = {};

type Values = Record<string, unknown>;

const as = () => ({ headers });

async function all(code: string, filter?: unknown): Promise<{ id: number; values: Values }[]> {
  const out: { id: number; values: Values }[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await ok<{ rows: { id: number; values: Values }[]; hasMore: boolean }>(
      app,
      as(),
      'records.list',
      {
        objectId: ids[code],
        offset,
        limit: 1000,
        ...(filter ? { filter } : {}),
        orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
      },
    );
    out.push(...page.rows);
    if (!page.hasMore) return out;
  }
}

const cents = (v: unknown) =>
  v === null || v === undefined ? 0n : BigInt(Math.round(Number(v) * 100));
const sum = (rows: { values: Values }[], field = 'amount') =>
  rows.reduce((s, r) => s + cents(r.values[field]), 0n);

async function run(name: string, params: Record<string, unknown>): Promise<ProcedureRun> {
  const list = await ok<{ items: { id: string; name: string }[] }>(app, as(), 'procedures.list');
  const id = list.items.find((p) => p.name === name)!.id;
  const started = await ok<ProcedureRun>(app, as(), 'procedures.run', { id, params });
  for (;;) {
    const r = await ok<ProcedureRun>(app, as(), 'procedures.getRun', { id: started.id });
    if (!['queued', 'running'].includes(r.status)) return r;
    await new Promise((x) => setTimeout(x, 50));
  }
}

/** Totals of every object's amounts, per scenario: what must not change. */
async function fingerprint() {
  const out: Record<string, string> = {};
  for (const code of [
    'operating',
    'vehicles',
    'marketing',
    'taxes',
    'insurance',
    'depreciation',
    'budget_lines',
  ]) {
    const rows = await all(code);
    out[code] = `${rows.length}:${sum(rows)}:${sum(rows, 'actual')}`;
  }
  const capex = await all('capex');
  out.capex = `${capex.length}:${sum(capex, 'cost')}`;
  return out;
}

let before: Record<string, string>;

beforeAll(async () => {
  ({ app, cleanup } = await makeTestApp());
  const report = await seedDemoBudget(app, { today: TODAY });
  expect(report).toMatchObject({ domainId: DEMO_DOMAIN_ID, created: true, ownerId: null });
  // Nobody had registered: the first account owns the domain.
  owner = await registerUser(app);
  const domains = await ok<{ items: { id: string; role: string; name: string }[] }>(
    app,
    owner,
    'domains.list',
  );
  expect(domains.items).toContainEqual(
    expect.objectContaining({ id: DEMO_DOMAIN_ID, name: 'Demo budget', role: 'owner' }),
  );
  const switched = await ok<{ accessToken: string }>(app, owner, 'domains.switch', {
    id: DEMO_DOMAIN_ID,
  });
  headers = { authorization: `Bearer ${switched.accessToken}` };
  const objects = await ok<{ items: { id: string; code: string }[] }>(app, as(), 'objects.list');
  for (const o of objects.items) ids[o.code] = o.id;
  for (const s of await all('scenarios')) scenario[String(s.values.name)] = s.id;
  before = await fingerprint();
}, 600_000);

afterAll(async () => cleanup());

describe('the Demo budget domain', { timeout: 180_000 }, () => {
  it('has the catalogs, functional budgets and master lines of three years, named in five languages', async () => {
    expect(Object.keys(ids).sort()).toEqual(
      [
        'articles',
        'budget_lines',
        'capex',
        'capex_categories',
        'cost_centres',
        'depreciation',
        'fleet',
        'insurance',
        'insurance_types',
        'marketing',
        'operating',
        'periods',
        'scenarios',
        'tax_types',
        'taxes',
        'vehicles',
      ].sort(),
    );
    const vehicles = await ok(app, as(), 'objects.get', { id: ids.vehicles });
    expect(vehicles.names).toMatchObject({ ru: 'Транспорт', de: 'Fahrzeuge' });
    expect(vehicles.fields.find((f: { code: string }) => f.code === 'amount').names.ru).toBe(
      'Сумма',
    );
    expect((await all('articles')).length).toBe(60);
    expect((await all('cost_centres')).length).toBe(12);
    const scen = await all('scenarios');
    expect(scen.map((s) => [s.values.name, s.values.locked])).toEqual([
      ['Actual 2025', true],
      ['Budget 2025', true],
      ['Actual 2026', true],
      ['Budget 2026', false],
      ['Forecast 2026', false],
      ['Budget 2027', false],
    ]);
    const periods = await all('periods');
    const closed = periods.filter((p) => p.values.closed).map((p) => p.values.name);
    expect(closed[0]).toBe('2025-01');
    expect(closed.at(-1)).toBe('2026-05');
    // Every plan scenario has twelve months of every functional budget.
    for (const code of ['operating', 'vehicles', 'marketing', 'taxes', 'insurance']) {
      const rows = await all(code);
      for (const name of ['Budget 2025', 'Budget 2026', 'Forecast 2026', 'Budget 2027'])
        expect(rows.filter((r) => r.values.scenario === scenario[name]).length).toBeGreaterThan(10);
    }
    // Actuals are booked for closed months only.
    const actual = await all('budget_lines', {
      isactive: true,
      isexpanded: true,
      name: 'a',
      operator: { id: 1, sid: 'and', name: 'AND' },
      children: [],
      conditions: [{ field: 'scenario', op: 'eq', value: scenario['Actual 2026'] }],
    });
    const actualPeriods = new Set(actual.map((r) => r.values.period));
    expect(actualPeriods.size).toBe(5);
    // Believable figures: revenue above costs, personnel the largest cost.
    const lines = await all('budget_lines');
    const plan = lines.filter((l) => l.values.scenario === scenario['Budget 2026']);
    const byGroup = (g: string) => sum(plan.filter((l) => l.values.group === g));
    expect(byGroup('revenue')).toBeGreaterThan(
      ['personnel', 'vehicles', 'marketing', 'taxes', 'insurance', 'depreciation', 'other']
        .map(byGroup)
        .reduce((a, b) => a + b, 0n),
    );
    expect(byGroup('personnel')).toBeGreaterThan(byGroup('other'));
  });

  it('a second seeding changes nothing, and its totals are the same on every database', async () => {
    const again = await seedDemoBudget(app, { today: TODAY });
    expect(again).toMatchObject({ created: false, records: 0, made: [] });
    expect(await fingerprint()).toEqual(before);
    // The same figures on SQLite and PostgreSQL: this suite runs on both.
    expect(before).toEqual({
      operating: '3459:16140174062:0',
      vehicles: '4272:185224574:0',
      marketing: '236:362464472:0',
      taxes: '90:109891080:0',
      insurance: '384:61205050:0',
      depreciation: '2928:582255436:0',
      budget_lines: '9739:22581018903:7365825559',
      capex: '40:582255436',
    });
  });

  it('assembly: the budget lines of a scenario are its functional budgets and depreciation, article by article and month by month', async () => {
    const key = (v: Values) => `${String(v.article)}|${String(v.period)}`;
    const add = (m: Map<string, bigint>, v: Values) =>
      m.set(key(v), (m.get(key(v)) ?? 0n) + cents(v.amount));
    const periodYear = new Map((await all('periods')).map((p) => [p.id, p.values.year]));
    for (const name of ['Budget 2025', 'Budget 2026', 'Forecast 2026', 'Budget 2027']) {
      const s = scenario[name]!;
      const year = Number(name.slice(-4));
      const expected = new Map<string, bigint>();
      for (const code of ['operating', 'vehicles', 'marketing', 'taxes', 'insurance'])
        for (const r of await all(code)) if (r.values.scenario === s) add(expected, r.values);
      for (const r of await all('depreciation'))
        if (r.values.scenario === s && periodYear.get(Number(r.values.period)) === year)
          add(expected, r.values);
      const assembled = new Map<string, bigint>();
      for (const r of await all('budget_lines'))
        if (r.values.scenario === s && r.values.source !== 'actual') add(assembled, r.values);
      for (const [k, v] of [...expected]) if (v === 0n) expected.delete(k);
      for (const [k, v] of [...assembled]) if (v === 0n) assembled.delete(k);
      expect(assembled.size).toBeGreaterThan(400);
      expect(assembled).toEqual(expected);
    }
  });

  it('assembly replaces the previous one and keeps lines typed in by hand; it refuses a locked scenario', async () => {
    const s = scenario['Budget 2026']!;
    const lines = () => all('budget_lines').then((r) => r.filter((l) => l.values.scenario === s));
    const before = await lines();
    const [period] = (await all('periods')).filter((p) => p.values.name === '2026-09');
    const [article] = (await all('articles')).filter((a) => a.values.name === 'Consulting');
    const manual = await ok(app, as(), 'records.create', {
      objectId: ids.budget_lines,
      values: {
        scenario: s,
        period: period!.id,
        article: article!.id,
        cost_centre: before[0]!.values.cost_centre,
        group: 'other',
        amount: '1234.56',
        name: 'Typed in',
      },
    });
    const r = await run('Budget assembly', { scenario: s });
    expect(r.status).toBe('succeeded');
    expect(r.log.map((l) => l.title)).toContain('Remove the previous assembly');
    const after = await lines();
    expect(after.length).toBe(before.length + 1);
    expect(sum(after)).toBe(sum(before) + 123456n);
    expect(cents(after.find((l) => l.id === manual.id)?.values.amount)).toBe(123456n);
    const locked = await run('Budget assembly', { scenario: scenario['Budget 2025'] });
    expect(locked.status).toBe('failed');
    expect(locked.error).toMatch(/locked/);
    await ok(app, as(), 'records.delete', { objectId: ids.budget_lines, ids: [manual.id] });
  });

  it('a value typed into the report goes into the functional lines at once, to the cent, and its undo too', async () => {
    const s = scenario['Budget 2026']!;
    const [period] = (await all('periods')).filter((p) => p.values.name === '2026-09');
    // The vehicles article with the most lines that month: several lines share a cost centre.
    const month = (await all('vehicles')).filter(
      (r) => r.values.scenario === s && r.values.period === period!.id,
    );
    const counts = new Map<unknown, number>();
    for (const r of month) counts.set(r.values.article, (counts.get(r.values.article) ?? 0) + 1);
    const article = [...counts].sort((a, b) => b[1] - a[1])[0]![0] as number;
    const mine = <T extends { values: Values }>(rows: T[]) =>
      rows.filter(
        (r) =>
          r.values.scenario === s && r.values.period === period!.id && r.values.article === article,
      );
    const linesBefore = mine(await all('vehicles'));
    expect(linesBefore.length).toBeGreaterThan(3);
    const otherVehicles = sum(await all('vehicles')) - sum(linesBefore);
    const otherMaster = sum(await all('budget_lines')) - sum(mine(await all('budget_lines')));
    const cubes = await ok<{ items: { id: string; name: string }[] }>(app, as(), 'cubes.list');
    const report = cubes.items.find((c) => c.name === 'Budget report')!;
    const coords = [
      { dimension: 'scenario', member: s },
      { dimension: 'period', member: period!.id },
      { dimension: 'article', member: article },
    ];
    const written = await qry(app, as(), 'cubes.write', {
      cubeId: report.id,
      coords,
      measure: 'amount',
      value: '12345.67',
    });
    expect(written.status).toBe(200);
    // No assembly: the vehicles budget itself holds the typed amount now.
    const lines = mine(await all('vehicles'));
    expect(lines.map((l) => l.id)).toEqual(linesBefore.map((l) => l.id));
    expect(sum(lines)).toBe(1234567n);
    expect(sum(mine(await all('budget_lines')))).toBe(1234567n);
    // Each line scaled by typed ÷ assembled (the remainder of the rounding on one line).
    const factor = 1234567 / Number(sum(linesBefore));
    const off = lines.filter((l, i) => {
      const expected = Math.round(Number(cents(linesBefore[i]!.values.amount)) * factor);
      return cents(l.values.amount) !== BigInt(expected);
    });
    expect(off.length).toBeLessThanOrEqual(1);
    // Nothing else moved; no working values remain.
    expect(sum(await all('vehicles')) - sum(lines)).toBe(otherVehicles);
    expect(sum(await all('budget_lines')) - sum(mine(await all('budget_lines')))).toBe(otherMaster);
    for (const code of ['operating', 'vehicles', 'marketing', 'taxes', 'insurance'])
      for (const row of await all(code))
        expect(
          [row.values.carry_amount, row.values.carry_base, row.values.carry_anchor].map(
            (v) => v ?? null,
          ),
          `${code} ${row.id}`,
        ).toEqual([null, null, null]);
    // The run is kept with what started it.
    const runs = await ok<{ items: ProcedureRun[] }>(app, as(), 'procedures.runs', {});
    expect(runs.items[0]).toMatchObject({
      procedureName: 'Report changes into functional budgets',
      status: 'succeeded',
      params: { scenario: s },
      trigger: { objectId: ids.budget_lines, records: expect.any(Number) },
    });
    expect(runs.items[0]!.result!.updated).toBeGreaterThanOrEqual(linesBefore.length);

    // The assembly gives the typed amount again and changes nothing.
    expect((await run('Budget assembly', { scenario: s })).status).toBe('succeeded');
    expect(sum(mine(await all('vehicles')))).toBe(1234567n);
    expect(sum(mine(await all('budget_lines')))).toBe(1234567n);
  });

  it('a budget line edited in its grid goes into the functional lines too; undo takes it back; a locked scenario refuses', async () => {
    const s = scenario['Budget 2026']!;
    const open = new Set((await all('periods')).filter((p) => !p.values.closed).map((p) => p.id));
    const master = (await all('budget_lines')).find(
      (l) =>
        l.values.scenario === s &&
        l.values.source === 'marketing' &&
        open.has(Number(l.values.period)) &&
        cents(l.values.amount) > 0n,
    )!;
    const behind = async () =>
      (await all('marketing')).filter((r) =>
        (['scenario', 'period', 'article', 'cost_centre'] as const).every(
          (k) => r.values[k] === master.values[k],
        ),
      );
    const was = sum(await behind());
    expect(was).toBe(cents(master.values.amount));
    const doubled = (Number(was * 2n) / 100).toFixed(2);
    await ok(app, as(), 'records.update', {
      objectId: ids.budget_lines,
      id: master.id,
      values: { amount: doubled },
    });
    expect(sum(await behind())).toBe(was * 2n);

    // Undo of a typed value: the functional lines follow back, to the cent.
    const cubes = await ok<{ items: { id: string; name: string }[] }>(app, as(), 'cubes.list');
    const report = cubes.items.find((c) => c.name === 'Budget report')!;
    const coords = (['scenario', 'period', 'article', 'cost_centre'] as const).map((k) => ({
      dimension: k,
      member: master.values[k] as number,
    }));
    const w = await qry(app, as(), 'cubes.write', {
      cubeId: report.id,
      coords,
      measure: 'amount',
      value: '100.01',
    });
    expect(w.status).toBe(200);
    expect(sum(await behind())).toBe(10001n);
    expect((await qry(app, as(), 'cubes.undo', { cubeId: report.id })).status).toBe(200);
    expect(sum(await behind())).toBe(was * 2n);

    // A line of a locked scenario: the routine stops, and the change with it.
    const locked = (await all('budget_lines')).find(
      (l) => l.values.scenario === scenario['Actual 2025'] && cents(l.values.amount) > 0n,
    )!;
    const refused = await qry(app, as(), 'records.update', {
      objectId: ids.budget_lines,
      id: locked.id,
      values: { amount: '1.00' },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused)).toContain('The scenario is locked');
    const again = (await all('budget_lines')).find((l) => l.id === locked.id)!;
    expect(again.values.amount).toBe(locked.values.amount);
  });

  it('names its procedures, buttons, cubes and reports in five languages', async () => {
    type Named = { name: string; names?: Record<string, string> };
    const of = async (op: string) => (await ok<{ items: Named[] }>(app, as(), op)).items;
    const de = (items: Named[], name: string) => items.find((x) => x.name === name)?.names?.de;
    const procs = await of('procedures.list');
    expect(de(procs, 'Budget assembly')).toBe('Budgetkonsolidierung');
    expect(procs.find((p) => p.name === 'Budget assembly')?.names?.ru).toBe('Сборка бюджета');
    expect(de(procs, 'Copy scenario')).toBe('Szenario kopieren');
    expect(de(await of('actions.list'), 'Copy Scenario')).toBe('Szenario kopieren');
    expect(de(await of('cubes.list'), 'Budget report')).toBe('Budgetbericht');
    expect(de(await of('reports.list'), 'Plan vs actual')).toBe('Plan-Ist-Vergleich');
    for (const items of [procs, await of('actions.list'), await of('cubes.list')])
      for (const x of items)
        expect(Object.keys(x.names ?? {}).sort(), x.name).toEqual(['de', 'fr', 'pt', 'ru']);
  });

  it('describes its objects, procedures, cubes and reports, and asks its buttons’ questions, in five languages', async () => {
    type Described = {
      name: string;
      description: string;
      descriptions?: Record<string, string>;
      confirm?: string;
      confirms?: Record<string, string>;
    };
    const of = async (op: string) => (await ok<{ items: Described[] }>(app, as(), op)).items;
    const procs = await of('procedures.list');
    expect(procs.find((p) => p.name === 'Tax calculation')?.descriptions).toEqual({
      de: 'Berechnet jede Steuerzeile eines Szenarios neu als Bemessungsgrundlage × Satz.',
      fr: 'Recalcule chaque ligne d’impôt d’un scénario : assiette × taux.',
      pt: 'Recalcula cada linha de imposto de um cenário como base tributável × taxa.',
      ru: 'Пересчитывает каждую налоговую строку сценария как налоговую базу × ставку.',
    });
    const cubes = await of('cubes.list');
    expect(cubes.find((c) => c.name === 'Budget report')?.descriptions?.ru).toMatch(
      /^Статьи бюджета по группам и месяцам/,
    );
    // Every description and question the seed writes has all four other languages.
    const objects = await of('objects.list');
    expect(objects).toHaveLength(16);
    for (const items of [objects, procs, cubes, await of('reports.list')])
      for (const x of items) {
        expect(x.description, x.name).not.toBe('');
        expect(Object.keys(x.descriptions ?? {}).sort(), x.name).toEqual(['de', 'fr', 'pt', 'ru']);
      }
    const asking = (await of('actions.list')).filter((a) => a.confirm);
    expect(asking).toHaveLength(3);
    for (const a of asking)
      expect(Object.keys(a.confirms ?? {}).sort(), a.name).toEqual(['de', 'fr', 'pt', 'ru']);
    expect(asking.map((a) => a.confirms?.pt)).toContain(
      'Consolidar novamente o orçamento deste cenário?',
    );
  });

  it('depreciation of every project adds up to its cost over its life, from the month after its start', async () => {
    const periods = new Map((await all('periods')).map((p) => [p.id, String(p.values.name)]));
    const categories = new Map((await all('capex_categories')).map((c) => [c.id, c.values]));
    const lines = await all('depreciation');
    const projects = await all('capex');
    expect(projects.length).toBe(40);
    for (const p of projects) {
      const mine = lines.filter((l) => l.values.project === p.id);
      const life = Number(categories.get(Number(p.values.category))!.life_months);
      expect(mine).toHaveLength(life);
      expect(sum(mine)).toBe(cents(p.values.cost));
      const months = mine.map((l) => periods.get(Number(l.values.period))!).sort();
      const start = periods.get(Number(p.values.start))!;
      const [y, m] = start.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      expect(months[0]).toBe(next);
    }
  });

  it('Copy Scenario copies every line shifted and scaled: totals are the source’s × factor', async () => {
    const source = scenario['Budget 2026']!;
    const r = await run('Copy scenario', {
      source,
      target: 'Budget 2027 (copy)',
      shift: 12,
      percent: '3.50',
    });
    expect(r.status).toBe('succeeded');
    const created = (await all('scenarios')).find((s) => s.values.name === 'Budget 2027 (copy)')!;
    expect(created.values).toMatchObject({
      kind: 'budget',
      year: 2027,
      copied_from: 'Budget 2026',
    });
    const periodName = new Map((await all('periods')).map((p) => [p.id, String(p.values.name)]));
    for (const code of [
      'operating',
      'vehicles',
      'marketing',
      'taxes',
      'insurance',
      'depreciation',
      'budget_lines',
    ]) {
      const rows = await all(code);
      const from = rows.filter((x) => x.values.scenario === source && x.values.source !== 'actual');
      const to = rows.filter((x) => x.values.scenario === created.id);
      expect(to.length).toBe(from.length);
      // Each line rounds to the cent: the total differs from the exact product by at most half a
      // cent per line.
      const exact = (sum(from) * 10350n) / 100n; // in hundredths of a cent
      const diff = sum(to) * 100n - exact;
      expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(BigInt(from.length) * 50n);
      expect(sum(to)).toBeGreaterThan(sum(from));
      // Shifted by twelve months.
      expect(to.every((x) => periodName.get(Number(x.values.period))!.startsWith('2027-'))).toBe(
        code !== 'depreciation',
      );
    }
    const capex = await all('capex');
    const copied = capex.filter((x) => x.values.scenario === created.id);
    expect(copied.length).toBe(10);
  });

  it('Copy Scenario into a locked or a filled scenario changes nothing and says why', async () => {
    const source = scenario['Budget 2026']!;
    const snapshot = await fingerprint();
    const locked = await run('Copy scenario', { source, target: 'Actual 2026' });
    expect(locked.status).toBe('failed');
    expect(locked.error).toMatch(/The target scenario is locked: nothing was copied\./);
    const filled = await run('Copy scenario', { source, target: 'Forecast 2026' });
    expect(filled.status).toBe('failed');
    expect(filled.error).toMatch(/already has lines/);
    const itself = await run('Copy scenario', { source, target: 'Budget 2026' });
    expect(itself.error).toMatch(/other than the source/);
    expect(await fingerprint()).toEqual(snapshot);
    expect((await all('scenarios')).map((s) => s.values.name)).not.toContain('');
  });

  it('the Copy Scenario action sits on the scenario card and runs with the card’s scenario', async () => {
    const actions = await ok<{
      items: { id: string; name: string; placement: string[]; objectId: string }[];
    }>(app, as(), 'actions.list', { objectId: ids.scenarios, mine: true });
    const card = actions.items.find(
      (a) => a.name === 'Copy Scenario' && a.placement.includes('card'),
    )!;
    expect(card).toBeDefined();
    const started = await ok<ProcedureRun>(app, as(), 'actions.run', {
      id: card.id,
      recordId: scenario['Budget 2027'],
      params: { target: 'Budget 2028', shift: 12, percent: 0 },
    });
    let r = started;
    while (['queued', 'running'].includes(r.status)) {
      await new Promise((x) => setTimeout(x, 50));
      r = await ok<ProcedureRun>(app, as(), 'procedures.getRun', { id: started.id });
    }
    expect(r.status).toBe('succeeded');
    const names = (await all('scenarios')).map((s) => s.values.name);
    expect(names).toContain('Budget 2028');
    // Without the card's record the procedure lacks its source.
    const bad = await qry(app, as(), 'actions.run', { id: card.id, params: {} });
    expect(bad.status).toBe(400);
  });

  it('the budget report: cubes labelled in the reader’s language, locked members refused, an XLSX and a PDF', async () => {
    const cubes = await ok<{ items: { id: string; name: string }[] }>(app, as(), 'cubes.list');
    const plan = cubes.items.find((c) => c.name === 'Plan vs actual')!;
    const report = cubes.items.find((c) => c.name === 'Budget report')!;
    const q = await qry<{ measures: { key: string; label: string; writable: boolean }[] }>(
      app,
      as(),
      'cubes.query',
      {
        cubeId: plan.id,
        rows: ['group'],
        cols: [],
        measures: ['amount', 'actual', 'variance', 'variance_pct'],
      },
      'ru',
    );
    expect(q.data.measures.map((m) => m.label)).toEqual([
      'План',
      'Факт',
      'Отклонение',
      'Отклонение, %',
    ]);
    expect(q.data.measures[0]!.writable).toBe(true);
    // Typing into a locked scenario's cell is refused, naming it.
    const write = await qry(
      app,
      as(),
      'cubes.write',
      {
        cubeId: report.id,
        coords: [{ dimension: 'scenario', member: scenario['Actual 2026'] }],
        measure: 'amount',
        value: '1',
      },
      'en',
    );
    expect(write.status).toBe(409);
    expect(write.error?.message).toMatch(/Actual 2026/);
    const reports = await ok<{ items: { id: string; name: string; format: string }[] }>(
      app,
      as(),
      'reports.list',
    );
    expect(reports.items.map((r) => `${r.name}: ${r.format}`).sort()).toEqual([
      'Budget report (PDF): pdf',
      'Budget report: xlsx',
      'Plan vs actual: xlsx',
    ]);
    for (const r of reports.items.filter((x) => x.name.startsWith('Budget report'))) {
      const started = await qry<{ id: string }>(app, as(), 'reports.generate', { id: r.id }, 'ru');
      expect(started.status).toBe(200);
      let run: { status: string; fileId: string | null; error: string | null; size: number | null };
      do {
        await new Promise((x) => setTimeout(x, 100));
        run = await ok(app, as(), 'reports.getRun', { id: started.data.id });
      } while (['queued', 'running'].includes(run.status));
      expect(run.error).toBeNull();
      expect(run.status).toBe('succeeded');
      expect(run.size).toBeGreaterThan(1000);
    }
  });

  it('seeding a Demo budget whose assembly does not carry typed changes yet gives it that step', async () => {
    type Proc = { id: string; name: string; steps: { type: string; procedure?: string }[] };
    const list = await ok<{ items: Proc[] }>(app, as(), 'procedures.list');
    const assembly = await ok<Proc>(app, as(), 'procedures.get', {
      id: list.items.find((p) => p.name === 'Budget assembly')!.id,
    });
    const carry = list.items.find((p) => p.name === 'Report changes into functional budgets')!;
    expect(assembly.steps[1]).toMatchObject({ type: 'run', procedure: carry.id });
    await ok(app, as(), 'procedures.update', {
      id: assembly.id,
      steps: assembly.steps.filter((x) => x.procedure !== carry.id),
    });
    // … and a carrying procedure that does not run on changes yet gets its trigger.
    await ok(app, as(), 'procedures.update', { id: carry.id, trigger: null });
    const upgraded = await seedDemoBudget(app, { today: TODAY });
    expect(upgraded.made).toEqual([
      'procedure Report changes into functional budgets: runs on every typed change',
      'procedure Budget assembly: report changes first',
    ]);
    expect(
      (await ok<{ trigger: unknown }>(app, as(), 'procedures.get', { id: carry.id })).trigger,
    ).toMatchObject({ objectId: ids.budget_lines, fields: ['amount'] });
    const after = await ok<Proc>(app, as(), 'procedures.get', { id: assembly.id });
    expect(after.steps).toEqual(assembly.steps);
    expect((await seedDemoBudget(app, { today: TODAY })).made).toEqual([]);
  });

  it('an existing Demo budget gets the descriptions at its next seeding, but not where a user wrote their own', async () => {
    type Described = { id: string; name: string; description: string; confirm?: string };
    const of = async (op: string) => (await ok<{ items: Described[] }>(app, as(), op)).items;
    const pick = async (op: string, name: string) => (await of(op)).find((x) => x.name === name)!;
    const byId = async (op: string, id: string) =>
      ok<{ description: string; descriptions: Record<string, string>; confirms: unknown }>(
        app,
        as(),
        op,
        { id },
      );
    // As a Demo budget seeded before descriptions had translations…
    const tax = await pick('procedures.list', 'Tax calculation');
    const scenarios = ids.scenarios!;
    const assemble = (await of('actions.list')).find((a) => a.confirm?.startsWith('Assemble'))!;
    await ok(app, as(), 'procedures.update', { id: tax.id, descriptions: {} });
    await ok(app, as(), 'objects.update', { id: scenarios, descriptions: {} });
    await ok(app, as(), 'actions.update', { id: assemble.id, confirms: {} });
    // … where a user rewrote one description and translated another themselves.
    const plan = await pick('cubes.list', 'Plan vs actual');
    await ok(app, as(), 'cubes.update', {
      id: plan.id,
      description: 'Our own words.',
      descriptions: {},
    });
    const pdf = await pick('reports.list', 'Budget report (PDF)');
    await ok(app, as(), 'reports.update', { id: pdf.id, descriptions: { de: 'Eigener Text.' } });

    const upgraded = await seedDemoBudget(app, { today: TODAY });
    expect(upgraded.made.sort()).toEqual([
      'action Budget assembly: questions',
      'object scenarios: descriptions',
      'procedure Tax calculation: descriptions',
    ]);
    expect((await byId('procedures.get', tax.id)).descriptions.ru).toBe(
      'Пересчитывает каждую налоговую строку сценария как налоговую базу × ставку.',
    );
    expect((await byId('objects.get', scenarios)).descriptions.fr).toMatch(/^Versions du plan/);
    expect((await byId('actions.get', assemble.id)).confirms).toMatchObject({
      de: 'Das Budget dieses Szenarios erneut konsolidieren?',
    });
    // The user's own texts stay as they were.
    expect(await byId('cubes.get', plan.id)).toMatchObject({
      description: 'Our own words.',
      descriptions: {},
    });
    expect((await byId('reports.get', pdf.id)).descriptions).toEqual({ de: 'Eigener Text.' });
    expect((await seedDemoBudget(app, { today: TODAY })).made).toEqual([]);
  });
});
