/**
 * How the console finds the budget in a domain: the Demo budget is made of ordinary platform
 * parts, found here by the codes of its objects and the names of its cube, procedure and
 * reports (docs/budget.md). A domain without them has no budget.
 */

/** The budget entries of the menu that open an object's list, by the object's code. */
export const entryObjects = {
  vehicles: 'vehicles',
  marketing: 'marketing',
  taxes: 'taxes',
  insurance: 'insurance',
  capex: 'capex',
} as const;
export type ObjectEntry = keyof typeof entryObjects;

export const LINES_OBJECT = 'budget_lines';
export const SCENARIOS_OBJECT = 'scenarios';
export const PERIODS_OBJECT = 'periods';
export const REPORT_CUBE = 'Budget report';
export const PLAN_CUBE = 'Plan vs actual';
export const ASSEMBLY_PROCEDURE = 'Budget assembly';
export const REPORTS = { xlsx: 'Budget report', pdf: 'Budget report (PDF)' } as const;

/** The seeded Demo budget domain (fixed id). */
export const DEMO_DOMAIN_ID = 'demo-budget';

/** A cube value (a decimal string, a number or empty) as a float for charts and bars. */
export function toNumber(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}
