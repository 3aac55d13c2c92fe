import type { ArticleGroup } from './budget.model.js';

/**
 * The records of the Demo budget, computed — never random at run time: a seeded generator
 * (mulberry32 over a fixed seed per purpose) draws the same numbers on every machine, so the
 * domain has the same totals on SQLite and PostgreSQL and a second seeding changes nothing.
 * Amounts are whole cents, written as decimal text.
 */

// ---- numbers ---------------------------------------------------------------------------------

/** A deterministic generator of numbers in [0, 1) from a text seed. */
export function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cents as decimal text: 123456 → "1234.56". */
export function money(cents: number): string {
  const neg = cents < 0;
  const a = Math.abs(Math.round(cents));
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Euros → whole cents, times a factor. */
const c = (euros: number, factor = 1) => Math.round(euros * factor * 100);

/** The index-th of `parts` shares of `cents`, adding up exactly (as the expression allocate()). */
export function share(cents: number, parts: number, index: number): number {
  const at = (k: number) => roundHalfEven((cents * k) / parts);
  return at(index) - at(index - 1);
}

function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (Math.abs(d - 0.5) < 1e-9) return f % 2 === 0 ? f : f + 1;
  return Math.round(x);
}

// ---- calendar --------------------------------------------------------------------------------

export interface Calendar {
  /** This year (the seeding date's). */
  year: number;
  /** First month not yet closed, `YYYY-MM` (months before it are closed). */
  firstOpen: string;
}

export const monthKey = (year: number, month: number) =>
  `${year}-${String(month).padStart(2, '0')}`;

export function calendarOf(today: string): Calendar {
  const year = Number(today.slice(0, 4));
  return { year, firstOpen: today.slice(0, 7) };
}

/** Periods: January of last year to December twelve years on (room for depreciation). */
export function periodRows(cal: Calendar) {
  const rows: { name: string; month: string; year: number; quarter: string; closed: boolean }[] =
    [];
  for (let y = cal.year - 1; y <= cal.year + 12; y++)
    for (let m = 1; m <= 12; m++) {
      const name = monthKey(y, m);
      rows.push({
        name,
        month: `${name}-01`,
        year: y,
        quarter: `${y}-Q${Math.ceil(m / 3)}`,
        closed: name < cal.firstOpen,
      });
    }
  return rows;
}

// ---- scenarios -------------------------------------------------------------------------------

export interface ScenarioDef {
  name: string;
  kind: 'actual' | 'budget' | 'forecast';
  year: number;
  locked: boolean;
  description: string;
  /** Plan scenarios: level of amounts against last year's budget. */
  level: number;
}

export function scenarioDefs(cal: Calendar): ScenarioDef[] {
  const y = cal.year;
  return [
    {
      name: `Actual ${y - 1}`,
      kind: 'actual',
      year: y - 1,
      locked: true,
      description: 'Booked figures of last year.',
      level: 1,
    },
    {
      name: `Budget ${y - 1}`,
      kind: 'budget',
      year: y - 1,
      locked: true,
      description: 'Last year’s approved budget.',
      level: 1,
    },
    {
      name: `Actual ${y}`,
      kind: 'actual',
      year: y,
      locked: true,
      description: 'Booked figures of this year, month by month as they close.',
      level: 1,
    },
    {
      name: `Budget ${y}`,
      kind: 'budget',
      year: y,
      locked: false,
      description: 'This year’s budget.',
      level: 1.045,
    },
    {
      name: `Forecast ${y}`,
      kind: 'forecast',
      year: y,
      locked: false,
      description: 'This year’s latest estimate.',
      level: 1.06,
    },
    {
      name: `Budget ${y + 1}`,
      kind: 'budget',
      year: y + 1,
      locked: false,
      description: 'Next year’s budget, a draft.',
      level: 1.09,
    },
  ];
}

// ---- catalogs --------------------------------------------------------------------------------

export const COST_CENTRES = [
  { code: 'CC100', name: 'Management', manager: 'Anna Berger', fte: 4, salary: 9800 },
  { code: 'CC110', name: 'Finance', manager: 'Marc Dubois', fte: 8, salary: 5600 },
  { code: 'CC120', name: 'Human resources', manager: 'Sofia Costa', fte: 5, salary: 5100 },
  { code: 'CC130', name: 'IT', manager: 'Jonas Keller', fte: 12, salary: 6200 },
  { code: 'CC200', name: 'Sales North', manager: 'Laura Schmidt', fte: 14, salary: 5400 },
  { code: 'CC210', name: 'Sales South', manager: 'Pedro Alves', fte: 12, salary: 5300 },
  { code: 'CC220', name: 'Online shop', manager: 'Elena Volkova', fte: 9, salary: 5000 },
  { code: 'CC300', name: 'Marketing', manager: 'Claire Martin', fte: 7, salary: 5200 },
  { code: 'CC400', name: 'Production', manager: 'Tom Fischer', fte: 45, salary: 3900 },
  { code: 'CC410', name: 'Logistics', manager: 'Ivan Petrov', fte: 22, salary: 3600 },
  { code: 'CC420', name: 'Customer service', manager: 'Ana Ribeiro', fte: 16, salary: 3800 },
  { code: 'CC500', name: 'Research and development', manager: 'Max Weber', fte: 18, salary: 6500 },
] as const;
type CcCode = (typeof COST_CENTRES)[number]['code'];

export const ARTICLES: { code: string; name: string; group: ArticleGroup }[] = [
  { code: '4000', name: 'Product sales', group: 'revenue' },
  { code: '4010', name: 'Service revenue', group: 'revenue' },
  { code: '4020', name: 'Maintenance contracts', group: 'revenue' },
  { code: '4030', name: 'Licence revenue', group: 'revenue' },
  { code: '4040', name: 'Online shop sales', group: 'revenue' },
  { code: '4090', name: 'Other operating income', group: 'revenue' },
  { code: '6000', name: 'Salaries', group: 'personnel' },
  { code: '6010', name: 'Wages', group: 'personnel' },
  { code: '6020', name: 'Bonuses', group: 'personnel' },
  { code: '6030', name: 'Social security', group: 'personnel' },
  { code: '6040', name: 'Pension contributions', group: 'personnel' },
  { code: '6050', name: 'Training', group: 'personnel' },
  { code: '6060', name: 'Recruiting', group: 'personnel' },
  { code: '6070', name: 'Temporary staff', group: 'personnel' },
  { code: '6200', name: 'Fuel', group: 'vehicles' },
  { code: '6210', name: 'Vehicle leasing', group: 'vehicles' },
  { code: '6220', name: 'Vehicle maintenance', group: 'vehicles' },
  { code: '6230', name: 'Tyres', group: 'vehicles' },
  { code: '6240', name: 'Tolls and parking', group: 'vehicles' },
  { code: '6250', name: 'Car wash and care', group: 'vehicles' },
  { code: '6300', name: 'Online advertising', group: 'marketing' },
  { code: '6310', name: 'Print advertising', group: 'marketing' },
  { code: '6320', name: 'Trade fairs', group: 'marketing' },
  { code: '6330', name: 'Events', group: 'marketing' },
  { code: '6340', name: 'Sponsoring', group: 'marketing' },
  { code: '6350', name: 'Public relations', group: 'marketing' },
  { code: '6360', name: 'Agency fees', group: 'marketing' },
  { code: '6370', name: 'Promotional materials', group: 'marketing' },
  { code: '6400', name: 'Property tax', group: 'taxes' },
  { code: '6410', name: 'Vehicle tax', group: 'taxes' },
  { code: '6420', name: 'Trade tax', group: 'taxes' },
  { code: '6430', name: 'Land transfer tax', group: 'taxes' },
  { code: '6440', name: 'Environmental levies', group: 'taxes' },
  { code: '6450', name: 'Other taxes', group: 'taxes' },
  { code: '6500', name: 'Property insurance', group: 'insurance' },
  { code: '6510', name: 'Liability insurance', group: 'insurance' },
  { code: '6520', name: 'Fleet insurance', group: 'insurance' },
  { code: '6530', name: 'Cyber insurance', group: 'insurance' },
  { code: '6540', name: 'D&O insurance', group: 'insurance' },
  { code: '6550', name: 'Business interruption insurance', group: 'insurance' },
  { code: '6600', name: 'Depreciation of buildings', group: 'depreciation' },
  { code: '6610', name: 'Depreciation of machinery', group: 'depreciation' },
  { code: '6620', name: 'Depreciation of vehicles', group: 'depreciation' },
  { code: '6630', name: 'Depreciation of IT equipment', group: 'depreciation' },
  { code: '6640', name: 'Amortisation of software', group: 'depreciation' },
  { code: '6650', name: 'Depreciation of furniture', group: 'depreciation' },
  { code: '6700', name: 'Rent', group: 'other' },
  { code: '6710', name: 'Utilities', group: 'other' },
  { code: '6720', name: 'Telecommunications', group: 'other' },
  { code: '6730', name: 'Office supplies', group: 'other' },
  { code: '6740', name: 'IT services', group: 'other' },
  { code: '6750', name: 'Consulting', group: 'other' },
  { code: '6760', name: 'Legal fees', group: 'other' },
  { code: '6770', name: 'Audit fees', group: 'other' },
  { code: '6780', name: 'Bank charges', group: 'other' },
  { code: '6790', name: 'Travel', group: 'other' },
  { code: '6800', name: 'Cleaning', group: 'other' },
  { code: '6810', name: 'Security services', group: 'other' },
  { code: '6820', name: 'Software subscriptions', group: 'other' },
  { code: '6830', name: 'Repairs of premises', group: 'other' },
];
type ArticleName = string;

interface Vehicle {
  name: string;
  plate: string;
  cc: CcCode;
  fuel: 'diesel' | 'petrol' | 'electric' | 'hybrid';
  lease: number;
  /** km per month */
  km: number;
  /** litres (or kWh) per 100 km */
  use: number;
  kind: 'car' | 'van' | 'truck';
}

const MODELS: Record<
  Vehicle['kind'],
  { name: string; fuel: Vehicle['fuel']; lease: number; km: number; use: number }[]
> = {
  car: [
    { name: 'VW Passat Variant', fuel: 'diesel', lease: 489, km: 2600, use: 5.4 },
    { name: 'Skoda Octavia Combi', fuel: 'petrol', lease: 419, km: 2300, use: 6.2 },
    { name: 'Tesla Model 3', fuel: 'electric', lease: 559, km: 2100, use: 15.5 },
    { name: 'Toyota Corolla Hybrid', fuel: 'hybrid', lease: 399, km: 2000, use: 4.6 },
    { name: 'BMW 520d Touring', fuel: 'diesel', lease: 729, km: 2400, use: 5.6 },
  ],
  van: [
    { name: 'Mercedes Sprinter', fuel: 'diesel', lease: 689, km: 3800, use: 9.8 },
    { name: 'Ford Transit Custom', fuel: 'diesel', lease: 549, km: 3400, use: 8.6 },
  ],
  truck: [{ name: 'MAN TGL 12t', fuel: 'diesel', lease: 1490, km: 5200, use: 19.5 }],
};

export function fleet(): Vehicle[] {
  const plan: [CcCode, Vehicle['kind'], number][] = [
    ['CC100', 'car', 2],
    ['CC200', 'car', 5],
    ['CC210', 'car', 5],
    ['CC410', 'van', 4],
    ['CC410', 'truck', 2],
    ['CC420', 'van', 3],
  ];
  const r = rng('fleet');
  const out: Vehicle[] = [];
  let no = 101;
  for (const [cc, kind, count] of plan)
    for (let i = 0; i < count; i++) {
      const models = MODELS[kind];
      const m = models[Math.floor(r() * models.length)] ?? models[0]!;
      const plate = `B-FS ${no++}`;
      out.push({ ...m, name: `${m.name} · ${plate}`, plate, cc, kind });
    }
  return out;
}

export const INSURANCE_TYPES = [
  { name: 'Property', article: 'Property insurance' },
  { name: 'Liability', article: 'Liability insurance' },
  { name: 'Motor fleet', article: 'Fleet insurance' },
  { name: 'Cyber', article: 'Cyber insurance' },
  { name: 'Directors and officers', article: 'D&O insurance' },
  { name: 'Business interruption', article: 'Business interruption insurance' },
];

export const TAX_TYPES = [
  {
    name: 'Property tax',
    rate: '0.350',
    article: 'Property tax',
    base: 'Assessed value of the premises',
  },
  { name: 'Vehicle tax', rate: '0.600', article: 'Vehicle tax', base: 'List value of the fleet' },
  { name: 'Trade tax', rate: '14.000', article: 'Trade tax', base: 'Taxable trading profit' },
  {
    name: 'Land transfer tax',
    rate: '5.000',
    article: 'Land transfer tax',
    base: 'Purchase price of land',
  },
  {
    name: 'Environmental levy',
    rate: '3.000',
    article: 'Environmental levies',
    base: 'Energy bought',
  },
  { name: 'Other taxes', rate: '1.000', article: 'Other taxes', base: 'Various' },
];

export const CAPEX_CATEGORIES = [
  { name: 'IT hardware', life: 36, article: 'Depreciation of IT equipment' },
  { name: 'Software', life: 36, article: 'Amortisation of software' },
  { name: 'Vehicles', life: 60, article: 'Depreciation of vehicles' },
  { name: 'Machinery', life: 96, article: 'Depreciation of machinery' },
  { name: 'Furniture and fittings', life: 120, article: 'Depreciation of furniture' },
  { name: 'Leasehold improvements', life: 120, article: 'Depreciation of buildings' },
];

// ---- functional lines ------------------------------------------------------------------------

/** A line before its references are ids: names of catalog records. */
export interface Line {
  scenario: string;
  period: string;
  article: ArticleName;
  cc: CcCode;
  cents: number;
  extra: Record<string, unknown>;
  /** The display field (description, campaign, insured asset). */
  name: string | null;
}

const SEASON = {
  flat: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  sales: [0.78, 0.84, 0.98, 1.0, 1.04, 0.97, 0.86, 0.82, 1.05, 1.1, 1.2, 1.36],
  online: [0.85, 0.8, 0.9, 0.92, 0.95, 0.9, 0.88, 0.9, 0.98, 1.08, 1.32, 1.52],
  heating: [1.45, 1.35, 1.15, 0.95, 0.8, 0.7, 0.68, 0.7, 0.82, 1.0, 1.2, 1.4],
  fuel: [1.08, 1.05, 1.0, 0.98, 0.97, 0.96, 0.9, 0.88, 1.0, 1.02, 1.05, 1.11],
  service: [0.95, 0.95, 1.0, 1.0, 1.02, 1.0, 0.92, 0.9, 1.03, 1.05, 1.08, 1.1],
};

/** Scenario-level context for one plan scenario. */
export interface PlanContext {
  scenario: ScenarioDef;
  r: () => number;
}

/** ±spread noise around 1. */
const noise = (r: () => number, spread: number) => 1 + (r() * 2 - 1) * spread;

export function operatingLines(p: PlanContext): Line[] {
  const { scenario: s, r } = p;
  const out: Line[] = [];
  const line = (
    m: number,
    article: string,
    cc: CcCode,
    euros: number,
    name: string | null = null,
    extra: Record<string, unknown> = {},
  ) => {
    const cents = c(euros, s.level * noise(r, 0.025));
    if (cents !== 0)
      out.push({ scenario: s.name, period: monthKey(s.year, m), article, cc, cents, extra, name });
  };
  const revenue: [CcCode, string, number, keyof typeof SEASON][] = [
    ['CC200', 'Product sales', 668_000, 'sales'],
    ['CC200', 'Service revenue', 92_500, 'service'],
    ['CC210', 'Product sales', 561_000, 'sales'],
    ['CC210', 'Service revenue', 76_000, 'service'],
    ['CC220', 'Online shop sales', 284_000, 'online'],
    ['CC220', 'Licence revenue', 39_500, 'flat'],
    ['CC420', 'Maintenance contracts', 146_000, 'flat'],
    ['CC100', 'Other operating income', 12_400, 'flat'],
  ];
  for (let m = 1; m <= 12; m++) {
    for (const [cc, article, base, season] of revenue)
      line(m, article, cc, base * SEASON[season][m - 1]!);
    for (const cc of COST_CENTRES) {
      const fte = Math.round(cc.fte * (1 + (s.level - 1) * 0.6) * 10) / 10;
      const hourly = cc.code === 'CC400' || cc.code === 'CC410';
      const pay = fte * cc.salary;
      line(m, hourly ? 'Wages' : 'Salaries', cc.code, pay, null, { fte: fte.toFixed(1) });
      line(m, 'Social security', cc.code, pay * 0.205);
      line(m, 'Pension contributions', cc.code, pay * 0.048);
      if (m === 3 || m === 12) line(m, 'Bonuses', cc.code, pay * (m === 12 ? 0.55 : 0.35));
      if (m % 3 === 2) line(m, 'Training', cc.code, fte * 160 + 900);
      if (r() < 0.18) line(m, 'Recruiting', cc.code, 2_500 + r() * 6_000, 'Recruiting campaign');
    }
    if ([6, 7, 11, 12].includes(m)) {
      line(m, 'Temporary staff', 'CC400', 18_500);
      line(m, 'Temporary staff', 'CC410', 12_800);
    }
    line(m, 'Rent', 'CC100', 38_500, 'Head office and warehouse');
    line(m, 'Utilities', 'CC400', 21_000 * SEASON.heating[m - 1]!);
    line(m, 'Utilities', 'CC100', 5_600 * SEASON.heating[m - 1]!);
    line(m, 'Telecommunications', 'CC130', 6_900);
    for (const cc of ['CC100', 'CC110', 'CC120', 'CC200', 'CC210'] as CcCode[])
      line(m, 'Office supplies', cc, 420 + r() * 380);
    line(m, 'IT services', 'CC130', 17_800);
    line(m, 'Software subscriptions', 'CC130', 13_900);
    if (m % 2 === 0) line(m, 'Consulting', 'CC100', 9_000 + r() * 7_000);
    if (m % 3 === 0) line(m, 'Legal fees', 'CC100', 4_800 + r() * 3_000);
    if (m === 2 || m === 3) line(m, 'Audit fees', 'CC110', m === 3 ? 28_000 : 14_000);
    line(m, 'Bank charges', 'CC110', 1_180);
    for (const cc of ['CC100', 'CC200', 'CC210', 'CC500'] as CcCode[])
      line(m, 'Travel', cc, (cc === 'CC100' ? 3_600 : 5_200) * (m === 8 ? 0.5 : 1));
    line(m, 'Cleaning', 'CC100', 4_950);
    line(m, 'Security services', 'CC400', 3_850);
    if (m === 4 || m === 9) line(m, 'Repairs of premises', 'CC400', 11_000 + r() * 9_000);
  }
  return out;
}

export function vehicleLines(p: PlanContext, vehicles: Vehicle[]): Line[] {
  const { scenario: s, r } = p;
  const out: Line[] = [];
  const price = { diesel: 1.68, petrol: 1.79, electric: 0.34, hybrid: 1.79 };
  for (const v of vehicles)
    for (let m = 1; m <= 12; m++) {
      const period = monthKey(s.year, m);
      const km = Math.round(v.km * SEASON.fuel[m - 1]! * noise(r, 0.08));
      const litres = Math.round(((km * v.use) / 100) * 10) / 10;
      const base = {
        scenario: s.name,
        period,
        cc: v.cc,
        extra: { vehicle: v.name },
      };
      const add = (article: string, cents: number, name: string, extra = {}) =>
        out.push({ ...base, article, cents, name, extra: { ...base.extra, ...extra } });
      add(
        'Fuel',
        c(litres * price[v.fuel], s.level),
        `${v.fuel === 'electric' ? 'Charging' : 'Fuel'} ${period}`,
        {
          mileage: km,
          ...(v.fuel === 'electric' ? {} : { litres: litres.toFixed(1) }),
        },
      );
      add('Vehicle leasing', c(v.lease, s.level > 1.05 ? 1.03 : 1), `Lease ${period}`);
      if (m % 4 === (v.plate.length + m) % 2)
        add('Vehicle maintenance', c(300 + r() * 650, s.level), 'Service');
      if (m === 4 || m === 10)
        add('Tyres', c(v.kind === 'truck' ? 1_450 : 520, s.level), 'Tyre change');
      add(
        'Tolls and parking',
        c(v.kind === 'car' ? 70 + r() * 60 : 180 + r() * 420, s.level),
        `Tolls ${period}`,
      );
      if (v.kind === 'car') add('Car wash and care', c(32, s.level), `Care ${period}`);
    }
  return out;
}

const CAMPAIGNS: {
  name: string;
  channel: string;
  article: string;
  cc: CcCode;
  months: number[];
  monthly: number;
}[] = [
  {
    name: 'Search ads (always on)',
    channel: 'online',
    article: 'Online advertising',
    cc: 'CC300',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    monthly: 14_500,
  },
  {
    name: 'Social media',
    channel: 'online',
    article: 'Online advertising',
    cc: 'CC220',
    months: [2, 3, 4, 5, 9, 10, 11, 12],
    monthly: 8_200,
  },
  {
    name: 'Spring sale',
    channel: 'online',
    article: 'Online advertising',
    cc: 'CC220',
    months: [3, 4],
    monthly: 16_000,
  },
  {
    name: 'Black Friday',
    channel: 'online',
    article: 'Online advertising',
    cc: 'CC220',
    months: [11],
    monthly: 38_000,
  },
  {
    name: 'Christmas mailing',
    channel: 'print',
    article: 'Print advertising',
    cc: 'CC300',
    months: [11, 12],
    monthly: 22_000,
  },
  {
    name: 'Product catalogue',
    channel: 'print',
    article: 'Print advertising',
    cc: 'CC300',
    months: [1, 8],
    monthly: 31_000,
  },
  {
    name: 'Trade fair Hannover',
    channel: 'events',
    article: 'Trade fairs',
    cc: 'CC200',
    months: [3, 4],
    monthly: 44_000,
  },
  {
    name: 'Trade fair Lyon',
    channel: 'events',
    article: 'Trade fairs',
    cc: 'CC210',
    months: [9, 10],
    monthly: 29_000,
  },
  {
    name: 'Customer day',
    channel: 'events',
    article: 'Events',
    cc: 'CC300',
    months: [6],
    monthly: 26_000,
  },
  {
    name: 'Dealer conference',
    channel: 'events',
    article: 'Events',
    cc: 'CC200',
    months: [2],
    monthly: 19_500,
  },
  {
    name: 'Football club sponsorship',
    channel: 'sponsoring',
    article: 'Sponsoring',
    cc: 'CC300',
    months: [1, 4, 7, 10],
    monthly: 15_000,
  },
  {
    name: 'PR agency retainer',
    channel: 'pr',
    article: 'Public relations',
    cc: 'CC300',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    monthly: 6_500,
  },
  {
    name: 'Creative agency',
    channel: 'online',
    article: 'Agency fees',
    cc: 'CC300',
    months: [1, 3, 5, 7, 9, 11],
    monthly: 12_000,
  },
  {
    name: 'Give-aways and brochures',
    channel: 'print',
    article: 'Promotional materials',
    cc: 'CC300',
    months: [3, 9],
    monthly: 7_400,
  },
  {
    name: 'Product launch',
    channel: 'online',
    article: 'Online advertising',
    cc: 'CC300',
    months: [5, 6],
    monthly: 24_000,
  },
];

export function marketingLines(p: PlanContext): Line[] {
  const { scenario: s, r } = p;
  const out: Line[] = [];
  for (const k of CAMPAIGNS)
    for (const m of k.months)
      out.push({
        scenario: s.name,
        period: monthKey(s.year, m),
        article: k.article,
        cc: k.cc,
        cents: c(k.monthly, s.level * noise(r, 0.06)),
        name: k.name,
        extra: { channel: k.channel },
      });
  return out;
}

/** Tax lines: base × rate. */
export function taxLines(p: PlanContext): Line[] {
  const { scenario: s, r } = p;
  const out: Line[] = [];
  const rate = (name: string) => TAX_TYPES.find((t) => t.name === name)!.rate;
  const add = (m: number, type: string, cc: CcCode, baseEuros: number, name: string) => {
    const base = c(baseEuros, s.level);
    const rt = rate(type);
    // amount = round(base × rate / 100, 2), rate with three places: integer arithmetic on cents.
    const milli = Math.round(Number(rt) * 1000);
    const cents = roundHalfEven((base * milli) / 100_000);
    out.push({
      scenario: s.name,
      period: monthKey(s.year, m),
      article: TAX_TYPES.find((t) => t.name === type)!.article,
      cc,
      cents,
      name,
      extra: { tax_type: type, tax_base: money(base), rate: rt },
    });
  };
  for (const m of [2, 5, 8, 11]) {
    add(m, 'Property tax', 'CC100', 1_065_000, `Property tax Q${Math.ceil(m / 3)}`);
    add(
      m,
      'Trade tax',
      'CC110',
      405_000 * noise(r, 0.05),
      `Trade tax advance Q${Math.ceil(m / 3)}`,
    );
  }
  add(1, 'Vehicle tax', 'CC410', 612_000, 'Vehicle tax, fleet');
  for (let m = 1; m <= 12; m++)
    add(m, 'Environmental levy', 'CC400', 21_000 * SEASON.heating[m - 1]!, `Levy on energy`);
  add(6, 'Other taxes', 'CC110', 88_000, 'Stamp duties and fees');
  if (s.year % 2 === 0) add(9, 'Land transfer tax', 'CC100', 240_000, 'Parking lot purchase');
  return out;
}

const POLICIES: { asset: string; type: string; cc: CcCode; premium: number }[] = [
  { asset: 'Head office building', type: 'Property', cc: 'CC100', premium: 18_600 },
  { asset: 'Warehouse and stock', type: 'Property', cc: 'CC410', premium: 12_400 },
  { asset: 'Production machinery', type: 'Property', cc: 'CC400', premium: 22_800 },
  { asset: 'General and product liability', type: 'Liability', cc: 'CC100', premium: 31_500 },
  { asset: 'Vehicle fleet', type: 'Motor fleet', cc: 'CC410', premium: 27_900 },
  { asset: 'IT systems and data', type: 'Cyber', cc: 'CC130', premium: 9_800 },
  { asset: 'Management board', type: 'Directors and officers', cc: 'CC100', premium: 8_700 },
  { asset: 'Production site', type: 'Business interruption', cc: 'CC400', premium: 14_200 },
];

/** Insurance lines: the annual premium in twelve monthly shares adding up to it. */
export function insuranceLines(p: PlanContext): Line[] {
  const { scenario: s } = p;
  const out: Line[] = [];
  for (const pol of POLICIES) {
    const premium = c(pol.premium, s.level);
    const article = INSURANCE_TYPES.find((t) => t.name === pol.type)!.article;
    for (let m = 1; m <= 12; m++)
      out.push({
        scenario: s.name,
        period: monthKey(s.year, m),
        article,
        cc: pol.cc,
        cents: share(premium, 12, m),
        name: pol.asset,
        extra: { insurance_type: pol.type, premium: money(premium) },
      });
  }
  return out;
}

export interface Project {
  name: string;
  category: string;
  cents: number;
  start: string;
  cc: CcCode;
  scenario: string;
}

const PROJECTS: { name: string; category: string; cost: number; month: number; cc: CcCode }[] = [
  {
    name: 'Server and storage refresh',
    category: 'IT hardware',
    cost: 86_400,
    month: 3,
    cc: 'CC130',
  },
  { name: 'Notebooks for sales', category: 'IT hardware', cost: 41_250, month: 2, cc: 'CC200' },
  { name: 'ERP upgrade', category: 'Software', cost: 128_000, month: 6, cc: 'CC110' },
  { name: 'Shop platform relaunch', category: 'Software', cost: 96_500, month: 9, cc: 'CC220' },
  { name: 'Delivery vans (3)', category: 'Vehicles', cost: 137_900, month: 4, cc: 'CC410' },
  { name: 'Packaging line', category: 'Machinery', cost: 412_000, month: 5, cc: 'CC400' },
  { name: 'CNC milling centre', category: 'Machinery', cost: 268_333.33, month: 10, cc: 'CC400' },
  { name: 'Lab equipment', category: 'Machinery', cost: 74_800, month: 7, cc: 'CC500' },
  {
    name: 'Office furniture, 2nd floor',
    category: 'Furniture and fittings',
    cost: 58_600,
    month: 8,
    cc: 'CC100',
  },
  {
    name: 'Warehouse lighting (LED)',
    category: 'Leasehold improvements',
    cost: 91_700,
    month: 11,
    cc: 'CC410',
  },
];

export function projects(p: PlanContext): Project[] {
  const { scenario: s, r } = p;
  return PROJECTS.map((x) => ({
    name: x.name,
    category: x.category,
    cents: c(x.cost, s.level * noise(r, 0.04)),
    start: monthKey(s.year, x.month),
    cc: x.cc,
    scenario: s.name,
  }));
}

/** Booked actuals of a closed month: the budget's line with the deviations of real life. */
export function actualCents(budgetCents: number, r: () => number, group: ArticleGroup): number {
  const spread =
    group === 'depreciation' || group === 'insurance' ? 0 : group === 'revenue' ? 0.09 : 0.07;
  return Math.round(budgetCents * noise(r, spread));
}

/** Forecast: this year's budget lines, moved by what the year has shown so far. */
export const FORECAST_DRIFT: Record<ArticleGroup, number> = {
  revenue: 0.985,
  personnel: 1.012,
  vehicles: 1.06,
  marketing: 0.93,
  taxes: 1.0,
  insurance: 1.0,
  depreciation: 1.0,
  other: 1.02,
};
