import type { FieldOptions, FieldType, NameTranslations } from '@fiscus/contracts';

/**
 * The objects of the Demo budget domain — catalogs, functional budgets, CAPEX, depreciation and
 * the master budget lines — as a user would build them in the console: objects of kind
 * `reference` or `table`, fields of the platform's types, names in the five languages.
 */

/** A name in en, de, fr, pt, ru. */
export type Names = readonly [string, string, string, string, string];

/** The translations of a name (English is the default name itself). */
export function translations(n: Names): NameTranslations {
  return { de: n[1], fr: n[2], pt: n[3], ru: n[4] };
}

export interface FieldDef {
  code: string;
  names: Names;
  type: FieldType;
  /** Options as the platform takes them; `target` is the code of an object of this model. */
  options?: Omit<FieldOptions, 'target'>;
  target?: string;
}

export interface ObjectDef {
  code: string;
  kind: 'table' | 'reference';
  names: Names;
  description: string;
  /** The display field every object starts with (code `name`): its names and whether required. */
  display: { names: Names; required: boolean };
  fields: FieldDef[];
}

const money = (code: string, names: Names): FieldDef => ({
  code,
  names,
  type: 'money',
  options: { scale: 2, currency: 'EUR' },
});
const ref = (code: string, names: Names, target: string, required = false): FieldDef => ({
  code,
  names,
  type: 'reference',
  target,
  ...(required ? { options: { required: true } } : {}),
});

export const ARTICLE_GROUPS = [
  'revenue',
  'personnel',
  'vehicles',
  'marketing',
  'taxes',
  'insurance',
  'depreciation',
  'other',
] as const;
export type ArticleGroup = (typeof ARTICLE_GROUPS)[number];

const GROUP_LABELS: Record<ArticleGroup, string> = {
  revenue: 'Revenue',
  personnel: 'Personnel',
  vehicles: 'Vehicles',
  marketing: 'Marketing',
  taxes: 'Taxes',
  insurance: 'Insurance',
  depreciation: 'Depreciation',
  other: 'Other',
};

/** Where a master budget line comes from. */
export const SOURCES = [
  'operating',
  'vehicles',
  'marketing',
  'taxes',
  'insurance',
  'depreciation',
  'ledger',
  'actual',
] as const;
export type Source = (typeof SOURCES)[number];

const SOURCE_LABELS: Record<Source, string> = {
  operating: 'Operating budget',
  vehicles: 'Vehicles',
  marketing: 'Marketing',
  taxes: 'Taxes',
  insurance: 'Insurance',
  depreciation: 'Depreciation',
  ledger: 'Ledger (actual)',
  actual: 'Actual for comparison',
};

// Names used by several objects.
const N = {
  name: ['Name', 'Name', 'Nom', 'Nome', 'Название'],
  description: ['Description', 'Beschreibung', 'Description', 'Descrição', 'Описание'],
  code: ['Code', 'Kürzel', 'Code', 'Código', 'Код'],
  scenario: ['Scenario', 'Szenario', 'Scénario', 'Cenário', 'Сценарий'],
  period: ['Month', 'Monat', 'Mois', 'Mês', 'Месяц'],
  article: ['Budget article', 'Budgetposition', 'Poste budgétaire', 'Rubrica', 'Статья бюджета'],
  costCentre: ['Cost centre', 'Kostenstelle', 'Centre de coûts', 'Centro de custo', 'Центр затрат'],
  amount: ['Amount', 'Betrag', 'Montant', 'Montante', 'Сумма'],
  year: ['Year', 'Jahr', 'Année', 'Ano', 'Год'],
  rate: ['Rate, %', 'Satz, %', 'Taux, %', 'Taxa, %', 'Ставка, %'],
} satisfies Record<string, Names>;

/** The line of a budget: article, cost centre, month, scenario, amount. */
const lineFields = (): FieldDef[] => [
  ref('scenario', N.scenario, 'scenarios', true),
  ref('period', N.period, 'periods', true),
  ref('article', N.article, 'articles', true),
  ref('cost_centre', N.costCentre, 'cost_centres', true),
  money('amount', N.amount),
];

const hiddenNumber = (code: string, names: Names): FieldDef => ({
  code,
  names,
  type: 'decimal',
  options: { scale: 2, hidden: true },
});

/**
 * Working fields of a functional budget's line, empty between runs: the Budget assembly puts
 * a budget line's typed amount and its assembled amount beside the lines it came from, scales
 * them, and empties these again (docs/budget.md).
 */
export const CARRY_FIELDS = {
  target: 'carry_amount',
  base: 'carry_base',
  anchor: 'carry_anchor',
  sum: 'carry_sum',
} as const;

const carryFields = (): FieldDef[] => [
  hiddenNumber(CARRY_FIELDS.target, [
    'Typed amount',
    'Eingegebener Betrag',
    'Montant saisi',
    'Montante digitado',
    'Введённая сумма',
  ]),
  hiddenNumber(CARRY_FIELDS.base, [
    'Assembled amount',
    'Zusammengeführter Betrag',
    'Montant consolidé',
    'Montante consolidado',
    'Собранная сумма',
  ]),
  {
    code: CARRY_FIELDS.anchor,
    names: ['Remainder line', 'Restzeile', 'Ligne du reste', 'Linha do resto', 'Строка остатка'],
    type: 'integer',
    options: { hidden: true },
  },
  hiddenNumber(CARRY_FIELDS.sum, [
    'Scaled sum',
    'Skalierte Summe',
    'Somme ajustée',
    'Soma ajustada',
    'Пересчитанная сумма',
  ]),
];

/** A catalog: a reference object whose records are named (`name`, required) unless said otherwise. */
const catalog = (
  code: string,
  names: Names,
  description: string,
  fields: FieldDef[],
  display: ObjectDef['display'] = { names: N.name, required: true },
): ObjectDef => ({ code, kind: 'reference', names, description, display, fields });

/**
 * A functional budget: its own fields around the line (article, cost centre, month, scenario,
 * amount) and the working fields of carrying typed changes.
 */
const functionalBudget = (
  code: string,
  names: Names,
  description: string,
  own: { before?: FieldDef[]; after?: FieldDef[]; display?: ObjectDef['display'] },
): ObjectDef => ({
  code,
  kind: 'table',
  names,
  description,
  display: own.display ?? { names: N.description, required: false },
  fields: [...(own.before ?? []), ...lineFields(), ...(own.after ?? []), ...carryFields()],
});

export const OBJECTS: ObjectDef[] = [
  catalog(
    'scenarios',
    ['Scenarios', 'Szenarien', 'Scénarios', 'Cenários', 'Сценарии'],
    'Versions of the plan: actuals, budgets and forecasts by year. A locked scenario cannot be changed or typed into.',
    [
      {
        code: 'kind',
        names: ['Kind', 'Art', 'Type', 'Tipo', 'Вид'],
        type: 'select',
        options: {
          required: true,
          choices: [
            { value: 'actual', label: 'Actual', color: 'teal' },
            { value: 'budget', label: 'Budget', color: 'blue' },
            { value: 'forecast', label: 'Forecast', color: 'grape' },
          ],
        },
      },
      { code: 'year', names: N.year, type: 'integer', options: { min: 2000, max: 2100 } },
      {
        code: 'locked',
        names: ['Locked', 'Gesperrt', 'Verrouillé', 'Bloqueado', 'Заблокирован'],
        type: 'boolean',
      },
      {
        code: 'copied_from',
        names: ['Copied from', 'Kopiert aus', 'Copié de', 'Copiado de', 'Скопирован из'],
        type: 'text',
      },
      { code: 'description', names: N.description, type: 'longtext' },
    ],
  ),
  catalog(
    'periods',
    ['Periods', 'Perioden', 'Périodes', 'Períodos', 'Периоды'],
    'The months of the plan. A closed month cannot be typed into.',
    [
      {
        code: 'month',
        names: ['First day', 'Erster Tag', 'Premier jour', 'Primeiro dia', 'Первый день'],
        type: 'date',
        options: { required: true, unique: true },
      },
      { code: 'year', names: N.year, type: 'integer' },
      {
        code: 'quarter',
        names: ['Quarter', 'Quartal', 'Trimestre', 'Trimestre', 'Квартал'],
        type: 'text',
      },
      {
        code: 'closed',
        names: ['Closed', 'Abgeschlossen', 'Clôturé', 'Fechado', 'Закрыт'],
        type: 'boolean',
      },
    ],
    { names: N.period, required: true },
  ),
  catalog(
    'cost_centres',
    ['Cost centres', 'Kostenstellen', 'Centres de coûts', 'Centros de custo', 'Центры затрат'],
    'Who spends and earns: departments and teams.',
    [
      { code: 'code', names: N.code, type: 'text', options: { required: true, unique: true } },
      {
        code: 'manager',
        names: ['Manager', 'Verantwortlich', 'Responsable', 'Responsável', 'Руководитель'],
        type: 'text',
      },
    ],
  ),
  catalog(
    'articles',
    [
      'Budget articles',
      'Budgetpositionen',
      'Postes budgétaires',
      'Rubricas orçamentais',
      'Статьи бюджета',
    ],
    'The chart of budget articles, grouped.',
    [
      { code: 'code', names: N.code, type: 'text', options: { required: true, unique: true } },
      {
        code: 'group',
        names: ['Group', 'Gruppe', 'Groupe', 'Grupo', 'Группа'],
        type: 'select',
        options: {
          required: true,
          choices: ARTICLE_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] })),
        },
      },
    ],
  ),
  catalog(
    'fleet',
    ['Fleet', 'Fuhrpark', 'Flotte', 'Frota', 'Автопарк'],
    'The company’s vehicles.',
    [
      {
        code: 'plate',
        names: ['Licence plate', 'Kennzeichen', 'Immatriculation', 'Matrícula', 'Госномер'],
        type: 'text',
        options: { unique: true },
      },
      ref('cost_centre', N.costCentre, 'cost_centres'),
      {
        code: 'fuel',
        names: ['Fuel', 'Kraftstoff', 'Carburant', 'Combustível', 'Топливо'],
        type: 'select',
        options: {
          choices: [
            { value: 'diesel', label: 'Diesel' },
            { value: 'petrol', label: 'Petrol' },
            { value: 'electric', label: 'Electric' },
            { value: 'hybrid', label: 'Hybrid' },
          ],
        },
      },
      money('monthly_lease', [
        'Monthly lease',
        'Monatliche Leasingrate',
        'Loyer mensuel',
        'Renda mensal',
        'Ежемесячный лизинг',
      ]),
    ],
    {
      names: ['Vehicle', 'Fahrzeug', 'Véhicule', 'Veículo', 'Автомобиль'],
      required: true,
    },
  ),
  catalog(
    'insurance_types',
    [
      'Insurance types',
      'Versicherungsarten',
      'Types d’assurance',
      'Tipos de seguro',
      'Виды страхования',
    ],
    'Kinds of insurance and the article each books to.',
    [ref('article', N.article, 'articles', true)],
  ),
  catalog(
    'tax_types',
    ['Tax types', 'Steuerarten', 'Types d’impôts', 'Tipos de imposto', 'Виды налогов'],
    'Taxes the company pays, their usual rate and article.',
    [
      { code: 'rate', names: N.rate, type: 'percent', options: { scale: 3 } },
      ref('article', N.article, 'articles', true),
      {
        code: 'base',
        names: ['Tax base', 'Bemessungsgrundlage', 'Assiette', 'Base tributável', 'Налоговая база'],
        type: 'text',
      },
    ],
  ),
  catalog(
    'capex_categories',
    [
      'CAPEX categories',
      'Anlagenkategorien',
      'Catégories d’immobilisations',
      'Categorias de CAPEX',
      'Категории CAPEX',
    ],
    'Kinds of investment, their useful life and depreciation article.',
    [
      {
        code: 'life_months',
        names: [
          'Useful life, months',
          'Nutzungsdauer, Monate',
          'Durée d’utilité, mois',
          'Vida útil, meses',
          'Срок полезного использования, мес.',
        ],
        type: 'integer',
        options: { required: true, min: 1, max: 600 },
      },
      ref('article', N.article, 'articles', true),
    ],
  ),
  functionalBudget(
    'operating',
    [
      'Operating budget',
      'Betriebsbudget',
      'Budget d’exploitation',
      'Orçamento operacional',
      'Операционный бюджет',
    ],
    'Revenue, personnel and other operating costs by cost centre and month.',
    {
      after: [
        {
          code: 'fte',
          names: [
            'Headcount (FTE)',
            'Mitarbeiter (VZÄ)',
            'Effectif (ETP)',
            'Efetivo (ETI)',
            'Штат (ставки)',
          ],
          type: 'decimal',
          options: { scale: 1, min: 0 },
        },
      ],
    },
  ),
  functionalBudget(
    'vehicles',
    ['Vehicles', 'Fahrzeuge', 'Véhicules', 'Veículos', 'Транспорт'],
    'Fuel, leasing, maintenance and other costs of each vehicle by month.',
    {
      before: [
        ref('vehicle', ['Vehicle', 'Fahrzeug', 'Véhicule', 'Veículo', 'Автомобиль'], 'fleet', true),
      ],
      after: [
        {
          code: 'mileage',
          names: [
            'Mileage, km',
            'Fahrleistung, km',
            'Kilométrage, km',
            'Quilometragem, km',
            'Пробег, км',
          ],
          type: 'integer',
          options: { min: 0 },
        },
        {
          code: 'litres',
          names: ['Fuel, l', 'Kraftstoff, l', 'Carburant, l', 'Combustível, l', 'Топливо, л'],
          type: 'decimal',
          options: { scale: 1, min: 0 },
        },
      ],
    },
  ),
  functionalBudget(
    'marketing',
    ['Marketing', 'Marketing', 'Marketing', 'Marketing', 'Маркетинг'],
    'Campaigns by channel, article, cost centre and month.',
    {
      display: {
        names: ['Campaign', 'Kampagne', 'Campagne', 'Campanha', 'Кампания'],
        required: true,
      },
      before: [
        {
          code: 'channel',
          names: ['Channel', 'Kanal', 'Canal', 'Canal', 'Канал'],
          type: 'select',
          options: {
            choices: [
              { value: 'online', label: 'Online' },
              { value: 'print', label: 'Print' },
              { value: 'events', label: 'Events and fairs' },
              { value: 'sponsoring', label: 'Sponsoring' },
              { value: 'pr', label: 'PR' },
            ],
          },
        },
      ],
    },
  ),
  functionalBudget(
    'taxes',
    ['Taxes', 'Steuern', 'Impôts', 'Impostos', 'Налоги'],
    'Taxes by type: the base, the rate and the amount (base × rate).',
    {
      before: [
        ref(
          'tax_type',
          ['Tax type', 'Steuerart', 'Type d’impôt', 'Tipo de imposto', 'Вид налога'],
          'tax_types',
          true,
        ),
        money('tax_base', [
          'Tax base',
          'Bemessungsgrundlage',
          'Assiette',
          'Base tributável',
          'Налоговая база',
        ]),
        { code: 'rate', names: N.rate, type: 'percent', options: { scale: 3 } },
      ],
    },
  ),
  functionalBudget(
    'insurance',
    ['Insurance', 'Versicherungen', 'Assurances', 'Seguros', 'Страхование'],
    'Insured assets, their annual premium and its monthly share.',
    {
      display: {
        names: [
          'Insured asset',
          'Versichertes Objekt',
          'Bien assuré',
          'Bem seguro',
          'Застрахованный объект',
        ],
        required: true,
      },
      before: [
        ref(
          'insurance_type',
          [
            'Insurance type',
            'Versicherungsart',
            'Type d’assurance',
            'Tipo de seguro',
            'Вид страхования',
          ],
          'insurance_types',
          true,
        ),
        money('premium', [
          'Annual premium',
          'Jahresprämie',
          'Prime annuelle',
          'Prémio anual',
          'Годовая премия',
        ]),
      ],
    },
  ),
  {
    code: 'capex',
    kind: 'table',
    names: [
      'CAPEX',
      'Investitionen (CAPEX)',
      'Investissements (CAPEX)',
      'Investimentos (CAPEX)',
      'Капвложения (CAPEX)',
    ],
    description:
      'Investment projects: category, cost and start month. CAPEX depreciation turns them into monthly depreciation.',
    display: { names: ['Project', 'Projekt', 'Projet', 'Projeto', 'Проект'], required: true },
    fields: [
      ref(
        'category',
        ['Category', 'Kategorie', 'Catégorie', 'Categoria', 'Категория'],
        'capex_categories',
        true,
      ),
      money('cost', ['Cost', 'Kosten', 'Coût', 'Custo', 'Стоимость']),
      ref(
        'start',
        ['Start month', 'Startmonat', 'Mois de début', 'Mês de início', 'Месяц начала'],
        'periods',
        true,
      ),
      ref('cost_centre', N.costCentre, 'cost_centres', true),
      ref('scenario', N.scenario, 'scenarios', true),
    ],
  },
  {
    code: 'depreciation',
    kind: 'table',
    names: ['Depreciation', 'Abschreibungen', 'Amortissements', 'Amortizações', 'Амортизация'],
    description:
      'Monthly straight-line depreciation of the CAPEX projects (made by CAPEX depreciation).',
    display: { names: N.description, required: false },
    fields: [
      ref('project', ['Project', 'Projekt', 'Projet', 'Projeto', 'Проект'], 'capex', true),
      ...lineFields(),
    ],
  },
  {
    code: 'budget_lines',
    kind: 'table',
    names: [
      'Budget lines',
      'Budgetzeilen',
      'Lignes budgétaires',
      'Linhas orçamentais',
      'Строки бюджета',
    ],
    description:
      'The master budget: the functional budgets and depreciation assembled per scenario, the booked actuals, and the actuals beside each plan.',
    display: { names: N.description, required: false },
    fields: [
      ...lineFields(),
      {
        code: 'group',
        names: ['Group', 'Gruppe', 'Groupe', 'Grupo', 'Группа'],
        type: 'select',
        options: { choices: ARTICLE_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] })) },
      },
      {
        code: 'source',
        names: ['Source', 'Quelle', 'Source', 'Origem', 'Источник'],
        type: 'select',
        options: { choices: SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })) },
      },
      money('actual', ['Actual', 'Ist', 'Réel', 'Real', 'Факт']),
      {
        ...money('assembled', [
          'Assembled amount',
          'Zusammengeführter Betrag',
          'Montant consolidé',
          'Montante consolidado',
          'Собранная сумма',
        ]),
        options: { scale: 2, currency: 'EUR', hidden: true },
      },
    ],
  },
];

/** Functional budgets and what they consolidate into the master budget as. */
export const FUNCTIONAL: { code: string; source: Source }[] = [
  { code: 'operating', source: 'operating' },
  { code: 'vehicles', source: 'vehicles' },
  { code: 'marketing', source: 'marketing' },
  { code: 'taxes', source: 'taxes' },
  { code: 'insurance', source: 'insurance' },
];

/** Objects whose records are a scenario's lines (what Copy Scenario copies). */
export const SCENARIO_LINES = [
  'operating',
  'vehicles',
  'marketing',
  'taxes',
  'insurance',
  'capex',
  'depreciation',
  'budget_lines',
] as const;
