import type { FilterNode, OpInput } from '@fiscus/contracts';
import { asked, described } from './budget.descriptions.js';
import {
  CARRY_FIELDS as C,
  FUNCTIONAL,
  SCENARIO_LINES,
  translations,
  type Names,
} from './budget.model.js';

/**
 * The routines, buttons and the report of the Demo budget — procedures, actions and a cube as
 * anyone could define them in the console, written against the ids of the domain's objects.
 */

export type Ids = Record<string, string>;

export const PROCEDURE_NAMES = {
  depreciation: 'CAPEX depreciation',
  assembly: 'Budget assembly',
  copy: 'Copy scenario',
  taxes: 'Tax calculation',
  carry: 'Report changes into functional budgets',
} as const;

/**
 * The names of the routines, buttons, cubes and reports in de, fr, pt, ru beside the English
 * name (which the console's parts find them by).
 */
export const NAMES = {
  'CAPEX depreciation': [
    'Abschreibung der Investitionen',
    'Amortissement des investissements',
    'Depreciação do CAPEX',
    'Амортизация капвложений',
  ],
  'Budget assembly': [
    'Budgetkonsolidierung',
    'Consolidation du budget',
    'Consolidação do orçamento',
    'Сборка бюджета',
  ],
  'Copy scenario': [
    'Szenario kopieren',
    'Copier le scénario',
    'Copiar cenário',
    'Копирование сценария',
  ],
  'Copy Scenario': [
    'Szenario kopieren',
    'Copier le scénario',
    'Copiar cenário',
    'Копировать сценарий',
  ],
  'Tax calculation': [
    'Steuerberechnung',
    'Calcul des impôts',
    'Cálculo de impostos',
    'Расчёт налогов',
  ],
  'Report changes into functional budgets': [
    'Berichtsänderungen in die Fachbudgets übernehmen',
    'Reporter les saisies dans les budgets fonctionnels',
    'Levar as alterações do relatório aos orçamentos funcionais',
    'Перенос изменений отчёта в функциональные бюджеты',
  ],
  'Budget report': [
    'Budgetbericht',
    'Rapport budgétaire',
    'Relatório orçamental',
    'Бюджетный отчёт',
  ],
  'Budget report (PDF)': [
    'Budgetbericht (PDF)',
    'Rapport budgétaire (PDF)',
    'Relatório orçamental (PDF)',
    'Бюджетный отчёт (PDF)',
  ],
  'Plan vs actual': ['Plan-Ist-Vergleich', 'Budget et réel', 'Orçamento vs real', 'План-факт'],
} satisfies Record<string, [string, string, string, string]>;

/** A seeded name with its translations (`{ name, names }`). */
export function named(name: keyof typeof NAMES) {
  const [de, fr, pt, ru] = NAMES[name];
  return { name, names: { de, fr, pt, ru } };
}

export const CUBE_NAME = 'Budget report';
export const PLAN_CUBE_NAME = 'Plan vs actual';

const scenarioParam = (ids: Ids, label = 'Scenario') => ({
  name: 'scenario',
  label,
  type: 'record' as const,
  objectId: ids.scenarios!,
  required: true,
});

/** The first step of every routine that changes a scenario: a locked one stops the run. */
const SCENARIO_OPEN = {
  type: 'check',
  title: 'Scenario open',
  condition: '@scenario.locked',
  message: 'The scenario is locked: unlock it first (nothing was changed).',
} as const;

export function depreciationProcedure(ids: Ids): OpInput<'procedures.create'> {
  return {
    ...named(PROCEDURE_NAMES.depreciation),
    ...described(
      'Straight-line depreciation of the scenario’s CAPEX projects: one line per month of the category’s useful life, from the month after the start; the lines of a project add up to its cost to the cent. Replaces the scenario’s previous depreciation.',
    ),
    params: [scenarioParam(ids)],
    timeoutSeconds: 300,
    steps: [
      SCENARIO_OPEN,
      {
        type: 'delete',
        title: 'Remove the previous depreciation',
        object: ids.depreciation!,
        where: 'scenario = @scenario',
      },
      {
        type: 'copy',
        title: 'A line per month of the useful life',
        source: ids.capex!,
        target: ids.depreciation!,
        where: 'scenario = @scenario',
        copySameFields: true,
        series: { name: 'month', from: '1', to: 'category.life_months' },
        assignments: [
          { field: 'name', expr: "name & ' · ' & @month & '/' & category.life_months" },
          { field: 'project', expr: 'id' },
          { field: 'article', expr: 'category.article' },
          { field: 'period', expr: 'left(text(addMonths(start.month, @month)), 7)' },
          { field: 'amount', expr: 'allocate(cost, category.life_months, @month)' },
        ],
      },
    ],
  };
}

/** Fields a change of a functional line scales beside `amount`. */
const CARRY_ALSO: Record<string, string[]> = { taxes: ['tax_base'] };

/**
 * What was typed into the budget report goes into the functional budgets at once: the procedure
 * runs on every change of a budget line's amount (its trigger), inside the transaction of that
 * change. A budget line whose amount differs from what its functional budget assembled to
 * scales that budget's lines of the same scenario, month, article and cost centre by typed ÷
 * assembled, to the cent, the rounding remainder on the group's last line (a group that
 * assembled to 0 gets the typed amount on its last line); then the line's assembled amount is
 * the typed one, so only what changed since is carried next time. Lines from depreciation
 * follow their CAPEX project; lines typed in without a source stay as they are.
 */
export function carryProcedure(ids: Ids): OpInput<'procedures.create'> {
  const keys = ['scenario', 'period', 'article', 'cost_centre'].map((k) => ({
    field: k,
    expr: k,
  }));
  // `!=` is true beside an empty value (expressions.md): a cleared amount is carried as 0.
  const typed = 'not isEmpty(assembled) and amount != assembled';
  // The functional lines beside a typed amount (their working fields are filled).
  const carried = `scenario = @scenario and not isEmpty(${C.base})`;
  return {
    ...named(PROCEDURE_NAMES.carry),
    ...described(
      'Puts what is typed into the budget report into the functional budgets at once: it runs on every change of a budget line’s amount, and the lines behind the changed budget line are scaled to its typed amount, to the cent. The Budget assembly runs it first too.',
    ),
    params: [scenarioParam(ids)],
    timeoutSeconds: 300,
    trigger: {
      objectId: ids.budget_lines!,
      fields: ['amount'],
      params: { scenario: 'scenario' },
    },
    steps: [
      SCENARIO_OPEN,
      ...FUNCTIONAL.flatMap((f) => [
        {
          type: 'aggregate' as const,
          title: `${f.code}: typed amounts beside their lines`,
          source: ids.budget_lines!,
          target: ids[f.code]!,
          where: `scenario = @scenario and source = '${f.source}' and ${typed}`,
          groupBy: keys,
          values: [
            { field: C.target, fn: 'sum' as const, expr: 'coalesce(amount, 0)' },
            { field: C.base, fn: 'sum' as const, expr: 'assembled' },
          ],
          mode: 'replace' as const,
        },
        {
          type: 'update' as const,
          title: `${f.code}: scale the lines`,
          object: ids[f.code]!,
          where: `${carried} and ${C.base} != 0`,
          assignments: ['amount', ...(CARRY_ALSO[f.code] ?? [])].map((field) => ({
            field,
            expr: `round(${field} * ${C.target} / ${C.base}, 2)`,
          })),
        },
        {
          type: 'aggregate' as const,
          title: `${f.code}: the scaled sum and the last line of each group`,
          source: ids[f.code]!,
          target: ids[f.code]!,
          where: carried,
          groupBy: keys,
          values: [
            { field: C.anchor, fn: 'max' as const, expr: 'id' },
            { field: C.sum, fn: 'sum' as const, expr: 'amount' },
          ],
          mode: 'replace' as const,
        },
        {
          type: 'update' as const,
          title: `${f.code}: the rounding remainder on the last line`,
          object: ids[f.code]!,
          where: `${carried} and id = ${C.anchor}`,
          assignments: [{ field: 'amount', expr: `coalesce(amount, 0) + ${C.target} - ${C.sum}` }],
        },
        {
          type: 'delete' as const,
          title: `${f.code}: typed amounts whose lines are gone`,
          object: ids[f.code]!,
          where: `${carried} and isEmpty(amount) and isEmpty(${C.sum})`,
        },
        {
          type: 'update' as const,
          title: `${f.code}: done`,
          object: ids[f.code]!,
          where: carried,
          assignments: Object.values(C).map((field) => ({ field, expr: 'null' })),
        },
      ]),
      {
        type: 'update',
        title: 'The typed amounts are assembled now',
        object: ids.budget_lines!,
        where: `scenario = @scenario and ${typed}`,
        assignments: [{ field: 'assembled', expr: 'amount' }],
      },
    ],
  };
}

export function assemblyProcedure(
  ids: Ids,
  depreciationId: string,
  carryId: string,
): OpInput<'procedures.create'> {
  const key = (source: string) => [
    { field: 'scenario', expr: 'scenario' },
    { field: 'period', expr: 'period' },
    { field: 'group', expr: 'article.group' },
    { field: 'article', expr: 'article' },
    { field: 'cost_centre', expr: 'cost_centre' },
    { field: 'source', expr: `'${source}'` },
  ];
  return {
    ...named(PROCEDURE_NAMES.assembly),
    ...described(
      'Puts what was typed into the budget report into the functional budgets, then consolidates the functional budgets (operating, vehicles, marketing, taxes, insurance) and the CAPEX depreciation of a scenario into the budget lines, by article, cost centre and month, replacing the scenario’s previous assembly; lines typed in without a source stay. Adds the booked actuals of the same year beside the plan.',
    ),
    params: [scenarioParam(ids)],
    timeoutSeconds: 600,
    steps: [
      SCENARIO_OPEN,
      {
        type: 'run',
        title: 'Report changes into the functional budgets',
        procedure: carryId,
        params: { scenario: '@scenario' },
      },
      {
        type: 'run',
        title: 'CAPEX depreciation',
        procedure: depreciationId,
        params: { scenario: '@scenario' },
      },
      {
        type: 'delete',
        title: 'Remove the previous assembly',
        object: ids.budget_lines!,
        where: 'scenario = @scenario and not isEmpty(source)',
      },
      ...FUNCTIONAL.map((f) => ({
        type: 'aggregate' as const,
        title: `Consolidate ${f.code}`,
        source: ids[f.code]!,
        target: ids.budget_lines!,
        where: 'scenario = @scenario',
        groupBy: key(f.source),
        values: [
          { field: 'amount', fn: 'sum' as const, expr: 'amount' },
          { field: 'assembled', fn: 'sum' as const, expr: 'amount' },
        ],
        mode: 'add' as const,
      })),
      {
        type: 'aggregate',
        title: 'Consolidate depreciation of the year',
        source: ids.depreciation!,
        target: ids.budget_lines!,
        where: 'scenario = @scenario and period.year = @scenario.year',
        groupBy: key('depreciation'),
        values: [{ field: 'amount', fn: 'sum', expr: 'amount' }],
        mode: 'add',
      },
      {
        type: 'aggregate',
        title: 'Actuals of the year beside the plan',
        source: ids.budget_lines!,
        target: ids.budget_lines!,
        where:
          "scenario.kind = 'actual' and scenario.year = @scenario.year and scenario != @scenario",
        groupBy: [
          { field: 'scenario', expr: '@scenario' },
          { field: 'period', expr: 'period' },
          { field: 'group', expr: 'group' },
          { field: 'article', expr: 'article' },
          { field: 'cost_centre', expr: 'cost_centre' },
          { field: 'source', expr: "'actual'" },
        ],
        values: [{ field: 'actual', fn: 'sum', expr: 'amount' }],
        mode: 'add',
      },
    ],
  };
}

/** Objects whose amounts a copy scales, and the fields it scales and shifts beside `amount`. */
const COPY_FIELDS: Record<(typeof SCENARIO_LINES)[number], { money: string[]; months: string[] }> =
  {
    operating: { money: ['amount'], months: ['period'] },
    vehicles: { money: ['amount'], months: ['period'] },
    marketing: { money: ['amount'], months: ['period'] },
    taxes: { money: ['amount', 'tax_base'], months: ['period'] },
    insurance: { money: ['amount', 'premium'], months: ['period'] },
    capex: { money: ['cost'], months: ['start'] },
    depreciation: { money: ['amount'], months: ['period'] },
    budget_lines: { money: ['amount', 'assembled'], months: ['period'] },
  };

export function copyProcedure(ids: Ids): OpInput<'procedures.create'> {
  const NOT_EMPTY =
    'The target scenario already has lines: copy into a new scenario or an empty one (nothing was copied).';
  return {
    ...named(PROCEDURE_NAMES.copy),
    ...described(
      'Copies every line of a scenario — functional budgets, CAPEX, depreciation and budget lines — into a new or empty scenario, optionally shifted by months and changed by a percentage. A locked target is refused.',
    ),
    params: [
      { ...scenarioParam(ids, 'Source scenario'), name: 'source' },
      {
        name: 'target',
        label: 'Target scenario (new or empty)',
        type: 'text',
        required: true,
      },
      { name: 'shift', label: 'Shift, months', type: 'number', scale: 0, default: 0 },
      { name: 'percent', label: 'Change, %', type: 'number', scale: 2, default: 0 },
    ],
    timeoutSeconds: 600,
    steps: [
      {
        type: 'check',
        title: 'A target other than the source',
        condition: 'trim(@target) = @source.name or isEmpty(trim(@target))',
        message: 'Choose a target scenario other than the source (nothing was copied).',
      },
      {
        type: 'check',
        title: 'Target not locked',
        object: ids.scenarios!,
        condition: 'name = @target and locked',
        message: 'The target scenario is locked: nothing was copied.',
      },
      ...SCENARIO_LINES.map((code) => ({
        type: 'check' as const,
        title: `Target empty: ${code}`,
        object: ids[code]!,
        condition: 'scenario.name = @target',
        message: NOT_EMPTY,
      })),
      {
        type: 'aggregate',
        title: 'The target scenario',
        source: ids.scenarios!,
        target: ids.scenarios!,
        where: 'id = @source',
        groupBy: [{ field: 'name', expr: '@target' }],
        values: [
          { field: 'kind', fn: 'max', expr: 'kind' },
          { field: 'year', fn: 'max', expr: 'year(addMonths(date(year, 1, 1), @shift))' },
          { field: 'copied_from', fn: 'max', expr: 'name' },
        ],
        mode: 'replace',
      },
      ...SCENARIO_LINES.map((code) => {
        const f = COPY_FIELDS[code];
        return {
          type: 'copy' as const,
          title: `Copy ${code}`,
          source: ids[code]!,
          target: ids[code]!,
          // The actuals beside a plan belong to its year: assembly adds the target's own.
          where:
            code === 'budget_lines'
              ? "scenario = @source and source != 'actual'"
              : 'scenario = @source',
          assignments: [
            { field: 'scenario', expr: '@target' },
            ...f.months.map((m) => ({
              field: m,
              expr: `left(text(addMonths(${m}.month, @shift)), 7)`,
            })),
            ...f.money.map((m) => ({
              field: m,
              expr: `round(${m} * (100 + @percent) / 100, 2)`,
            })),
          ],
        };
      }),
    ],
  };
}

export function taxProcedure(ids: Ids): OpInput<'procedures.create'> {
  return {
    ...named(PROCEDURE_NAMES.taxes),
    ...described('Recomputes every tax line of a scenario as its tax base × rate.'),
    params: [scenarioParam(ids)],
    steps: [
      SCENARIO_OPEN,
      {
        type: 'update',
        title: 'Amount = base × rate',
        object: ids.taxes!,
        where: 'scenario = @scenario and not isEmpty(tax_base) and not isEmpty(rate)',
        assignments: [{ field: 'amount', expr: 'round(tax_base * rate / 100, 2)' }],
      },
    ],
  };
}

type Action = OpInput<'actions.create'>;

export function actions(ids: Ids, procs: Record<keyof typeof PROCEDURE_NAMES, string>): Action[] {
  /** A button for owners, admins and editors, first on its toolbar or card. */
  const button = (
    name: keyof typeof NAMES,
    icon: Action['icon'],
    procedureId: string,
    object: string,
    where: Pick<Action, 'placement' | 'ask' | 'recordParam' | 'confirm' | 'confirms'> & {
      position?: number;
    },
  ): Action => ({
    ...named(name),
    icon,
    procedureId,
    objectId: ids[object]!,
    roles: ['owner', 'admin', 'editor'],
    position: 0,
    ...where,
  });
  return [
    button('Copy Scenario', 'copy', procs.copy, 'scenarios', {
      placement: ['card'],
      recordParam: 'source',
      ask: ['target', 'shift', 'percent'],
      ...asked('Copy every line of this scenario into the target?'),
    }),
    button('Copy Scenario', 'copy', procs.copy, 'scenarios', {
      placement: ['toolbar'],
      ask: ['source', 'target', 'shift', 'percent'],
      ...asked('Copy every line of the source scenario into the target?'),
    }),
    button('Budget assembly', 'sum', procs.assembly, 'scenarios', {
      placement: ['card'],
      recordParam: 'scenario',
      ...asked('Assemble the budget of this scenario again?'),
      position: 1,
    }),
    button('Budget assembly', 'sum', procs.assembly, 'budget_lines', {
      placement: ['toolbar'],
      ask: ['scenario'],
    }),
    button('CAPEX depreciation', 'calculator', procs.depreciation, 'capex', {
      placement: ['toolbar'],
      ask: ['scenario'],
    }),
    button('Tax calculation', 'calculator', procs.taxes, 'taxes', {
      placement: ['toolbar'],
      ask: ['scenario'],
    }),
  ];
}

const AND = { id: 1, sid: 'and' as const, name: 'AND' as const };
const OR = { id: 2, sid: 'or' as const, name: 'OR' as const };

/** A node of a filter tree (the views' shape). */
function node(
  name: string,
  operator: typeof AND | typeof OR,
  children: FilterNode[],
  conditions: FilterNode['conditions'] = [],
): FilterNode {
  return { isactive: true, isexpanded: true, name, operator, children, conditions };
}

const LABELS = {
  amount: ['Amount', 'Betrag', 'Montant', 'Montante', 'Сумма'],
  plan: ['Plan', 'Plan', 'Budget', 'Orçamento', 'План'],
  actual: ['Actual', 'Ist', 'Réel', 'Real', 'Факт'],
  variance: ['Variance', 'Abweichung', 'Écart', 'Desvio', 'Отклонение'],
  variancePct: ['Variance %', 'Abweichung %', 'Écart %', 'Desvio %', 'Отклонение, %'],
} satisfies Record<string, Names>;

const label = (n: Names) => ({ label: n[0], names: translations(n) });

export function budgetCube(
  ids: Ids,
  planScenario: number,
  actualScenario: number,
): OpInput<'cubes.create'> {
  return {
    objectId: ids.budget_lines!,
    ...named(CUBE_NAME),
    ...described(
      'Budget articles by group and month, scenarios side by side; plan against actual with the variance. Type into an open scenario’s month to change its lines; locked scenarios and closed months refuse.',
    ),
    dimensions: [
      { key: 'group', field: 'group' },
      { key: 'article', field: 'article' },
      { key: 'scenario', field: 'scenario' },
      { key: 'period', field: 'period' },
      { key: 'cost_centre', field: 'cost_centre' },
      { key: 'source', field: 'source' },
    ],
    measures: [
      { key: 'amount', fn: 'sum', field: 'amount', ...label(LABELS.amount) },
      { key: 'actual', fn: 'sum', field: 'actual', ...label(LABELS.actual) },
    ],
    calculated: [
      {
        key: 'variance',
        fn: 'difference',
        left: 'actual',
        right: 'amount',
        ...label(LABELS.variance),
      },
      {
        key: 'variance_pct',
        fn: 'ratio',
        left: 'variance',
        right: 'amount',
        scale: 4,
        ...label(LABELS.variancePct),
      },
    ],
    defaultLayout: {
      rows: ['group', 'article'],
      cols: ['scenario', 'period'],
      measures: ['amount'],
      // A free condition of the layout (the pivot's filter), beside the parameters.
      filter: node('layout', AND, [
        node(
          'scenarios',
          AND,
          [],
          [{ field: 'scenario', op: 'in', value: [actualScenario, planScenario] }],
        ),
      ]),
    },
    locks: [
      { dimension: 'scenario', field: 'locked' },
      { dimension: 'period', field: 'closed' },
    ],
    keyDimensions: ['scenario', 'period', 'article', 'cost_centre'],
  };
}

/** Plan against actual of one scenario by article and month, with the variance. */
export function planCube(ids: Ids, planScenario: number): OpInput<'cubes.create'> {
  const base = budgetCube(ids, planScenario, planScenario);
  return {
    ...base,
    measures: base.measures.map((m) => (m.key === 'amount' ? { ...m, ...label(LABELS.plan) } : m)),
    ...named(PLAN_CUBE_NAME),
    ...described(
      'This year’s budget against the booked actuals: plan, actual, variance and variance % by article and month.',
    ),
    defaultLayout: {
      rows: ['group', 'article'],
      cols: ['period'],
      measures: ['amount', 'actual', 'variance', 'variance_pct'],
      // The scenario as a parameter of the layout (`param:<dimension>`, one member).
      filter: node('layout', AND, [
        node(`param:scenario`, OR, [
          node('', AND, [], [{ field: 'scenario', op: 'eq', value: planScenario }]),
        ]),
      ]),
    },
  };
}

export const REPORT_NAMES = {
  xlsx: 'Budget report',
  pdf: 'Budget report (PDF)',
  plan: 'Plan vs actual',
} as const;

/** The reports of the two cubes: the budget report as XLSX and PDF, plan vs actual as XLSX. */
export function reports(cubes: { report: string; plan: string }): OpInput<'reports.create'>[] {
  return [
    {
      ...named(REPORT_NAMES.xlsx),
      ...described('The budget report as a workbook: the pivot’s layout, subtotals and formats.'),
      source: 'cube',
      cubeId: cubes.report,
      format: 'xlsx',
    },
    {
      ...named(REPORT_NAMES.pdf),
      ...described('The budget report to print or send.'),
      source: 'cube',
      cubeId: cubes.report,
      format: 'pdf',
    },
    {
      ...named(REPORT_NAMES.plan),
      ...described('This year’s budget against the actuals, with the variance.'),
      source: 'cube',
      cubeId: cubes.plan,
      format: 'xlsx',
    },
  ];
}
