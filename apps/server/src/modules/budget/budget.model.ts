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

export const OBJECTS: ObjectDef[] = [
  {
    code: 'scenarios',
    kind: 'reference',
    names: ['Scenarios', 'Szenarien', 'Scénarios', 'Cenários', 'Сценарии'],
    description:
      'Versions of the plan: actuals, budgets and forecasts by year. A locked scenario cannot be changed or typed into.',
    display: { names: N.name, required: true },
    fields: [
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
  },
  {
    code: 'periods',
    kind: 'reference',
    names: ['Periods', 'Perioden', 'Périodes', 'Períodos', 'Периоды'],
    description: 'The months of the plan. A closed month cannot be typed into.',
    display: { names: N.period, required: true },
    fields: [
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
  },
  {
    code: 'cost_centres',
    kind: 'reference',
    names: [
      'Cost centres',
      'Kostenstellen',
      'Centres de coûts',
      'Centros de custo',
      'Центры затрат',
    ],
    description: 'Who spends and earns: departments and teams.',
    display: { names: N.name, required: true },
    fields: [
      { code: 'code', names: N.code, type: 'text', options: { required: true, unique: true } },
      {
        code: 'manager',
        names: ['Manager', 'Verantwortlich', 'Responsable', 'Responsável', 'Руководитель'],
        type: 'text',
      },
    ],
  },
  {
    code: 'articles',
    kind: 'reference',
    names: [
      'Budget articles',
      'Budgetpositionen',
      'Postes budgétaires',
      'Rubricas orçamentais',
      'Статьи бюджета',
    ],
    description: 'The chart of budget articles, grouped.',
    display: { names: N.name, required: true },
    fields: [
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
  },
  {
    code: 'fleet',
    kind: 'reference',
    names: ['Fleet', 'Fuhrpark', 'Flotte', 'Frota', 'Автопарк'],
    description: 'The company’s vehicles.',
    display: {
      names: ['Vehicle', 'Fahrzeug', 'Véhicule', 'Veículo', 'Автомобиль'],
      required: true,
    },
    fields: [
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
  },
  {
    code: 'insurance_types',
    kind: 'reference',
    names: [
      'Insurance types',
      'Versicherungsarten',
      'Types d’assurance',
      'Tipos de seguro',
      'Виды страхования',
    ],
    description: 'Kinds of insurance and the article each books to.',
    display: { names: N.name, required: true },
    fields: [ref('article', N.article, 'articles', true)],
  },
  {
    code: 'tax_types',
    kind: 'reference',
    names: ['Tax types', 'Steuerarten', 'Types d’impôts', 'Tipos de imposto', 'Виды налогов'],
    description: 'Taxes the company pays, their usual rate and article.',
    display: { names: N.name, required: true },
    fields: [
      { code: 'rate', names: N.rate, type: 'percent', options: { scale: 3 } },
      ref('article', N.article, 'articles', true),
      {
        code: 'base',
        names: ['Tax base', 'Bemessungsgrundlage', 'Assiette', 'Base tributável', 'Налоговая база'],
        type: 'text',
      },
    ],
  },
  {
    code: 'capex_categories',
    kind: 'reference',
    names: [
      'CAPEX categories',
      'Anlagenkategorien',
      'Catégories d’immobilisations',
      'Categorias de CAPEX',
      'Категории CAPEX',
    ],
    description: 'Kinds of investment, their useful life and depreciation article.',
    display: { names: N.name, required: true },
    fields: [
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
  },
  {
    code: 'operating',
    kind: 'table',
    names: [
      'Operating budget',
      'Betriebsbudget',
      'Budget d’exploitation',
      'Orçamento operacional',
      'Операционный бюджет',
    ],
    description: 'Revenue, personnel and other operating costs by cost centre and month.',
    display: { names: N.description, required: false },
    fields: [
      ...lineFields(),
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
      ...carryFields(),
    ],
  },
  {
    code: 'vehicles',
    kind: 'table',
    names: ['Vehicles', 'Fahrzeuge', 'Véhicules', 'Veículos', 'Транспорт'],
    description: 'Fuel, leasing, maintenance and other costs of each vehicle by month.',
    display: { names: N.description, required: false },
    fields: [
      ref('vehicle', ['Vehicle', 'Fahrzeug', 'Véhicule', 'Veículo', 'Автомобиль'], 'fleet', true),
      ...lineFields(),
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
      ...carryFields(),
    ],
  },
  {
    code: 'marketing',
    kind: 'table',
    names: ['Marketing', 'Marketing', 'Marketing', 'Marketing', 'Маркетинг'],
    description: 'Campaigns by channel, article, cost centre and month.',
    display: {
      names: ['Campaign', 'Kampagne', 'Campagne', 'Campanha', 'Кампания'],
      required: true,
    },
    fields: [
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
      ...lineFields(),
      ...carryFields(),
    ],
  },
  {
    code: 'taxes',
    kind: 'table',
    names: ['Taxes', 'Steuern', 'Impôts', 'Impostos', 'Налоги'],
    description: 'Taxes by type: the base, the rate and the amount (base × rate).',
    display: { names: N.description, required: false },
    fields: [
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
      ...lineFields(),
      ...carryFields(),
    ],
  },
  {
    code: 'insurance',
    kind: 'table',
    names: ['Insurance', 'Versicherungen', 'Assurances', 'Seguros', 'Страхование'],
    description: 'Insured assets, their annual premium and its monthly share.',
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
    fields: [
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
      ...lineFields(),
      ...carryFields(),
    ],
  },
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
