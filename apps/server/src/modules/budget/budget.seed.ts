import {
  buildAbility,
  rulesForRole,
  type OpInput,
  type OpOutput,
  type PlatformOpName,
  type ProcedureRun,
} from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../../lib/clock.js';
import type { OpContext } from '../../platform/context.js';
import { ensureInstallationDomain, firstAccount } from '../domains/index.js';
import { callOp } from '../qry/index.js';
import {
  actualCents,
  ARTICLES,
  CAPEX_CATEGORIES,
  calendarOf,
  COST_CENTRES,
  fleet,
  FORECAST_DRIFT,
  INSURANCE_TYPES,
  insuranceLines,
  marketingLines,
  money,
  operatingLines,
  periodRows,
  projects,
  rng,
  scenarioDefs,
  TAX_TYPES,
  taxLines,
  vehicleLines,
  type Line,
  type PlanContext,
  type ScenarioDef,
} from './budget.data.js';
import {
  actions,
  assemblyProcedure,
  budgetCube,
  carryProcedure,
  copyProcedure,
  CUBE_NAME,
  PLAN_CUBE_NAME,
  reports,
  depreciationProcedure,
  planCube,
  taxProcedure,
  type Ids,
} from './budget.definitions.js';
import { translationsOf } from './budget.descriptions.js';
import { OBJECTS, translations, type ArticleGroup } from './budget.model.js';

/**
 * Seeds the "Demo budget" domain through the platform's own ops (as a user building it in the
 * console would): objects with their names in five languages, catalogs, three years of
 * functional budgets, CAPEX, the procedures and actions, the budget report cubes; then runs the
 * assembly and books the actuals. Every part is made only when missing — objects and fields by
 * code, records when their object has none, procedures, actions and cubes by name — so running
 * it again changes nothing, and a run cut short is completed by the next.
 */

/** The seeded domain's id (fixed, so a second seeding finds it). */
export const DEMO_DOMAIN_ID = 'demo-budget';
export const DEMO_DOMAIN_NAME = 'Demo budget';

export interface SeedOptions {
  /** The seeding day (`YYYY-MM-DD`): its year is "this year", earlier months are closed. */
  today?: string;
  /** Progress, one line per part. */
  log?: (line: string) => void;
}

export interface SeedReport {
  domainId: string;
  created: boolean;
  /** The owner: the first account, or null until somebody registers. */
  ownerId: string | null;
  /** Records written by this seeding (0 when everything was there). */
  records: number;
  /** Objects, procedures, actions and cubes made by this seeding. */
  made: string[];
}

const CHUNK = 5000;

export async function seedDemoBudget(
  app: FastifyInstance,
  opts: SeedOptions = {},
): Promise<SeedReport> {
  const log = opts.log ?? (() => {});
  const today = opts.today ?? isoNow().slice(0, 10);
  const cal = calendarOf(today);
  const first = await firstAccount(app.db.kysely);
  const domain = await ensureInstallationDomain(app.db.kysely, {
    id: DEMO_DOMAIN_ID,
    name: DEMO_DOMAIN_NAME,
    ownerId: first?.id ?? null,
  });
  const ctx: OpContext = {
    db: app.db,
    domainId: DEMO_DOMAIN_ID,
    // Before anybody registered the records carry no author.
    userId: domain.ownerId ?? '',
    ability: buildAbility(rulesForRole('owner')),
    lang: 'en',
  };
  const op = <K extends PlatformOpName>(name: K, input: OpInput<K>): Promise<OpOutput<K>> =>
    callOp(app, ctx, name, input);
  const report: SeedReport = {
    domainId: DEMO_DOMAIN_ID,
    created: domain.created,
    ownerId: domain.ownerId,
    records: 0,
    made: [],
  };

  /**
   * Parts seeded before descriptions had translations get them — unless someone changed the
   * description since (its translations would be of a text no longer there) or gave it
   * translations of their own.
   */
  const undescribed = (
    x: { description: string; descriptions?: Record<string, string | undefined> },
    seeded: { description?: string; descriptions?: Record<string, string | undefined> },
  ) =>
    x.description === seeded.description &&
    !Object.keys(x.descriptions ?? {}).length &&
    !!Object.keys(seeded.descriptions ?? {}).length;

  // ---- objects and fields ------------------------------------------------------------------
  const objectList = (await op('objects.list', {})).items;
  const existing = new Map(objectList.map((o) => [o.code, o.id]));
  const ids: Ids = {};
  for (const def of OBJECTS) {
    let id = existing.get(def.code);
    const descriptions = translationsOf(def.description);
    const found = objectList.find((o) => o.id === id);
    if (found && undescribed(found, { description: def.description, descriptions })) {
      await op('objects.update', { id: found.id, descriptions });
      report.made.push(`object ${def.code}: descriptions`);
    }
    if (!id) {
      const o = await op('objects.create', {
        name: def.names[0],
        names: translations(def.names),
        code: def.code,
        kind: def.kind,
        description: def.description,
        descriptions,
      });
      id = o.id;
      const display = o.fields[0]!;
      await op('fields.update', {
        id: display.id,
        name: def.display.names[0],
        names: translations(def.display.names),
        options: def.display.required ? { required: true } : {},
      });
      report.made.push(`object ${def.code}`);
    }
    ids[def.code] = id;
  }
  for (const def of OBJECTS) {
    const meta = await op('objects.get', { id: ids[def.code]! });
    for (const f of def.fields) {
      if (meta.fields.some((x) => x.code === f.code)) continue;
      await op('fields.create', {
        objectId: ids[def.code]!,
        name: f.names[0],
        names: translations(f.names),
        code: f.code,
        type: f.type,
        options: { ...f.options, ...(f.target ? { target: ids[f.target]! } : {}) },
      });
    }
  }
  log(`objects: ${OBJECTS.length}`);

  // ---- records -----------------------------------------------------------------------------
  const count = async (code: string) => (await op('records.count', { objectId: ids[code]! })).total;
  const insert = async (code: string, rows: Record<string, unknown>[]) => {
    const out: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const r = await op('records.createMany', {
        objectId: ids[code]!,
        rows: rows.slice(i, i + CHUNK) as OpInput<'records.createMany'>['rows'],
      });
      out.push(...r.ids.map(Number));
    }
    report.records += rows.length;
    return out;
  };
  /** Every live record of an object: values by id. */
  const all = async (code: string) => {
    const rows: { id: number; values: Record<string, unknown> }[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await op('records.list', {
        objectId: ids[code]!,
        offset,
        limit: 1000,
        orderby: { isActive: true, sorts: [{ field: 'id', dir: 'asc' }] },
      });
      rows.push(...page.rows);
      if (!page.hasMore) return rows;
    }
  };
  /** Makes a catalog's records when it has none; answers its records' ids by `key`. */
  const catalog = async (code: string, rows: Record<string, unknown>[], key = 'name') => {
    if ((await count(code)) === 0) await insert(code, rows);
    return new Map((await all(code)).map((r) => [String(r.values[key]), r.id]));
  };

  const scenarios = scenarioDefs(cal);
  const freshScenarios = (await count('scenarios')) === 0;
  const scenarioIds = await catalog(
    'scenarios',
    // Made open: the assembly runs before the locked ones are locked.
    scenarios.map((s) => ({
      name: s.name,
      kind: s.kind,
      year: s.year,
      locked: false,
      description: s.description,
    })),
  );
  const periodIds = await catalog('periods', periodRows(cal));
  const ccIds = await catalog(
    'cost_centres',
    COST_CENTRES.map((c) => ({ name: c.name, code: c.code, manager: c.manager })),
    'code',
  );
  const articleIds = await catalog('articles', ARTICLES);
  const groupOf = new Map(ARTICLES.map((a) => [a.name, a.group]));
  const vehicles = fleet();
  const vehicleIds = await catalog(
    'fleet',
    vehicles.map((v) => ({
      name: v.name,
      plate: v.plate,
      cost_centre: ccIds.get(v.cc),
      fuel: v.fuel,
      monthly_lease: money(v.lease * 100),
    })),
  );
  const insuranceTypeIds = await catalog(
    'insurance_types',
    INSURANCE_TYPES.map((t) => ({ name: t.name, article: articleIds.get(t.article) })),
  );
  const taxTypeIds = await catalog(
    'tax_types',
    TAX_TYPES.map((t) => ({
      name: t.name,
      rate: t.rate,
      article: articleIds.get(t.article),
      base: t.base,
    })),
  );
  const categoryIds = await catalog(
    'capex_categories',
    CAPEX_CATEGORIES.map((x) => ({
      name: x.name,
      life_months: x.life,
      article: articleIds.get(x.article),
    })),
  );
  log('catalogs');

  const plans = scenarios.filter((s) => s.kind !== 'actual');
  const contexts = plans.map((s): PlanContext => ({ scenario: s, r: rng(`plan ${s.kind}`) }));
  const forecastDrift = (s: ScenarioDef, lines: Line[]) =>
    s.kind !== 'forecast'
      ? lines
      : lines.map((l) => {
          const drift = FORECAST_DRIFT[groupOf.get(l.article) as ArticleGroup];
          return drift === 1 ? l : { ...l, cents: Math.round(l.cents * drift) };
        });
  const lineRow = (l: Line) => ({
    ...(l.name ? { name: l.name } : {}),
    scenario: scenarioIds.get(l.scenario),
    period: periodIds.get(l.period),
    article: articleIds.get(l.article),
    cost_centre: ccIds.get(l.cc),
    amount: money(l.cents),
  });
  const functional: [string, (p: PlanContext) => Line[], (l: Line) => Record<string, unknown>][] = [
    ['operating', operatingLines, (l) => ({ ...(l.extra.fte ? { fte: l.extra.fte } : {}) })],
    [
      'vehicles',
      (p) => vehicleLines(p, vehicles),
      (l) => ({ ...l.extra, vehicle: vehicleIds.get(String(l.extra.vehicle)) }),
    ],
    ['marketing', marketingLines, (l) => l.extra],
    [
      'taxes',
      taxLines,
      (l) => ({ ...l.extra, tax_type: taxTypeIds.get(String(l.extra.tax_type)) }),
    ],
    [
      'insurance',
      insuranceLines,
      (l) => ({ ...l.extra, insurance_type: insuranceTypeIds.get(String(l.extra.insurance_type)) }),
    ],
  ];
  for (const [code, make, extra] of functional) {
    if ((await count(code)) > 0) continue;
    const rows = contexts.flatMap((p) =>
      forecastDrift(
        p.scenario,
        make({ ...p, r: rng(`${code} ${p.scenario.kind} ${p.scenario.year - cal.year}`) }),
      ).map((l) => ({ ...lineRow(l), ...extra(l) })),
    );
    await insert(code, rows);
    log(`${code}: ${rows.length} lines`);
  }
  if ((await count('capex')) === 0) {
    const rows = contexts.flatMap((p) =>
      projects({ ...p, r: rng(`capex ${p.scenario.kind} ${p.scenario.year - cal.year}`) }).map(
        (x) => ({
          name: x.name,
          category: categoryIds.get(x.category),
          cost: money(x.cents),
          start: periodIds.get(x.start),
          cost_centre: ccIds.get(x.cc),
          scenario: scenarioIds.get(x.scenario),
        }),
      ),
    );
    await insert('capex', rows);
    log(`capex: ${rows.length} projects`);
  }

  // ---- procedures, actions, cubes ----------------------------------------------------------
  const procList = (await op('procedures.list', {})).items;
  const procs = new Map(procList.map((p) => [p.name, p.id]));
  /** Parts seeded before their names had translations get them. */
  const untranslated = (x: { names?: Record<string, string | undefined> }) =>
    !Object.keys(x.names ?? {}).length;
  const ensureProc = async (input: OpInput<'procedures.create'>) => {
    const found = procs.get(input.name);
    if (found) {
      if (procList.some((p) => p.id === found && untranslated(p)) && input.names) {
        await op('procedures.update', { id: found, names: input.names });
        report.made.push(`procedure ${input.name}: names`);
      }
      const now = procList.find((p) => p.id === found);
      if (now && undescribed(now, input)) {
        await op('procedures.update', { id: found, descriptions: input.descriptions });
        report.made.push(`procedure ${input.name}: descriptions`);
      }
      return found;
    }
    const p = await op('procedures.create', input);
    procs.set(p.name, p.id);
    report.made.push(`procedure ${p.name}`);
    return p.id;
  };
  const depreciation = await ensureProc(depreciationProcedure(ids));
  const carryDef = carryProcedure(ids);
  const carry = await ensureProc(carryDef);
  // A Demo budget seeded before typed changes went through at once gets the trigger.
  if (!(await op('procedures.get', { id: carry })).trigger) {
    await op('procedures.update', {
      id: carry,
      description: carryDef.description,
      descriptions: carryDef.descriptions,
      steps: carryDef.steps,
      trigger: carryDef.trigger,
    });
    report.made.push(`procedure ${carryDef.name}: runs on every typed change`);
  }
  const assemblyDef = assemblyProcedure(ids, depreciation, carry);
  const assembly = await ensureProc(assemblyDef);
  // A Demo budget seeded before the assembly carried typed changes gets the new steps.
  const assemblyNow = await op('procedures.get', { id: assembly });
  if (!assemblyNow.steps.some((x) => x.type === 'run' && x.procedure === carry)) {
    await op('procedures.update', {
      id: assembly,
      description: assemblyDef.description,
      descriptions: assemblyDef.descriptions,
      steps: assemblyDef.steps,
    });
    report.made.push(`procedure ${assemblyDef.name}: report changes first`);
  }
  const procIds = {
    depreciation,
    carry,
    assembly,
    copy: await ensureProc(copyProcedure(ids)),
    taxes: await ensureProc(taxProcedure(ids)),
  };

  const runProc = async (id: string, params: Record<string, unknown>) => {
    const started = await op('procedures.run', { id, params: params as never });
    for (;;) {
      const run: ProcedureRun = await op('procedures.getRun', { id: started.id });
      if (run.status === 'succeeded') return run;
      if (run.status === 'failed' || run.status === 'cancelled')
        throw new Error(`${run.procedureName}: ${run.error ?? run.status}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  if ((await count('budget_lines')) === 0) {
    const byName = (name: string) => scenarioIds.get(name)!;
    // The plans assembled, then the actuals booked from them, then the plans again so the
    // actuals stand beside them.
    for (const s of plans) await runProc(procIds.assembly, { scenario: byName(s.name) });
    const r = rng('ledger');
    const actualRows: Record<string, unknown>[] = [];
    for (const actual of scenarios.filter((s) => s.kind === 'actual')) {
      const budget = scenarios.find((s) => s.kind === 'budget' && s.year === actual.year)!;
      // In the order of their keys (ids of assembled lines differ between databases).
      const sortKey = (v: Record<string, unknown>) =>
        [v.period, v.article, v.cost_centre].map((x) => String(x).padStart(8, '0')).join('|');
      const lines = (await all('budget_lines'))
        .filter((l) => l.values.scenario === byName(budget.name))
        .sort((a, b) => sortKey(a.values).localeCompare(sortKey(b.values)));
      const periodName = new Map([...periodIds].map(([k, v]) => [v, k]));
      for (const l of lines) {
        const period = periodName.get(Number(l.values.period))!;
        if (period >= cal.firstOpen) continue;
        const cents = Math.round(Number(l.values.amount) * 100);
        actualRows.push({
          scenario: byName(actual.name),
          period: l.values.period,
          group: l.values.group,
          article: l.values.article,
          cost_centre: l.values.cost_centre,
          source: 'ledger',
          amount: money(actualCents(cents, r, l.values.group as ArticleGroup)),
        });
      }
    }
    await insert('budget_lines', actualRows);
    for (const s of plans)
      if (s.year <= cal.year) await runProc(procIds.assembly, { scenario: byName(s.name) });
    log(`budget lines: assembled, ${actualRows.length} actual lines booked`);
  }
  if (freshScenarios)
    for (const s of scenarios.filter((x) => x.locked))
      await op('records.update', {
        objectId: ids.scenarios!,
        id: scenarioIds.get(s.name)!,
        values: { locked: true },
      });

  const existingActions = (await op('actions.list', {})).items;
  for (const a of actions(ids, procIds)) {
    const same = existingActions.find(
      (x) =>
        x.name === a.name &&
        x.objectId === a.objectId &&
        x.placement.join() === (a.placement ?? ['toolbar']).join(),
    );
    if (same) {
      if (untranslated(same) && a.names) {
        await op('actions.update', { id: same.id, names: a.names });
        report.made.push(`action ${a.name}: names`);
      }
      const question = { description: a.confirm, descriptions: a.confirms };
      if (
        a.confirms &&
        undescribed({ description: same.confirm, descriptions: same.confirms }, question)
      ) {
        await op('actions.update', { id: same.id, confirms: a.confirms });
        report.made.push(`action ${a.name}: questions`);
      }
      continue;
    }
    await op('actions.create', a);
    report.made.push(`action ${a.name}`);
  }

  const cubeList = (await op('cubes.list', {})).items;
  const cubes = new Map(cubeList.map((c) => [c.name, c.id]));
  const plan = scenarioIds.get(`Budget ${cal.year}`)!;
  const actual = scenarioIds.get(`Actual ${cal.year}`)!;
  for (const cube of [budgetCube(ids, plan, actual), planCube(ids, plan)]) {
    const found = cubeList.find((c) => c.name === cube.name);
    if (found) {
      if (untranslated(found) && cube.names) {
        await op('cubes.update', { id: found.id, names: cube.names });
        report.made.push(`cube ${cube.name}: names`);
      }
      if (undescribed(found, cube)) {
        await op('cubes.update', { id: found.id, descriptions: cube.descriptions });
        report.made.push(`cube ${cube.name}: descriptions`);
      }
      continue;
    }
    cubes.set(cube.name, (await op('cubes.create', cube)).id);
    report.made.push(`cube ${cube.name}`);
  }
  const reportList = (await op('reports.list', {})).items;
  for (const r of reports({ report: cubes.get(CUBE_NAME)!, plan: cubes.get(PLAN_CUBE_NAME)! })) {
    const found = reportList.find((x) => x.name === r.name);
    if (found) {
      if (untranslated(found) && r.names) {
        await op('reports.update', { id: found.id, names: r.names });
        report.made.push(`report ${r.name}: names`);
      }
      if (undescribed(found, r)) {
        await op('reports.update', { id: found.id, descriptions: r.descriptions });
        report.made.push(`report ${r.name}: descriptions`);
      }
      continue;
    }
    await op('reports.create', r);
    report.made.push(`report ${r.name}`);
  }
  log(report.records ? `done: ${report.records} records` : 'nothing to do');
  return report;
}
