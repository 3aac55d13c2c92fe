import { defaultRules } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setRules } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { qryHandler, strict, type QryBody } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { BudgetDashboard } from './budget-dashboard';
import { BudgetFrame } from './budget-frame';
import { testUser } from '@/test/session';

const session = {
  user: testUser,
  domain: { id: 'own', name: 'Ann’s domain', role: 'owner' as const },
  domains: [],
  rules: defaultRules,
};

beforeAll(() => server.listen(strict));
beforeEach(() => {
  useSession.getState().setSession(session);
  setRules(defaultRules);
});
afterEach(() => {
  server.resetHandlers();
  useSession.getState().clear();
});
afterAll(() => server.close());

const domain = (id: string, name: string, current: boolean) => ({
  id,
  name,
  role: 'owner',
  memberCount: 1,
  current,
  createdAt: '',
});
const object = (id: string, code: string, name: string) => ({
  id,
  code,
  name,
  kind: 'table',
  description: '',
  displayFieldId: null,
  tableName: `obj_${id}`,
  fieldCount: 3,
  createdAt: '',
  updatedAt: '',
});
const cube = (id: string, name: string) => ({
  id,
  name,
  description: '',
  objectId: 'lines',
  objectName: 'Budget lines',
  dimensionCount: 6,
  measureCount: 2,
  updatedAt: '',
});

describe('budget screens', () => {
  it('a domain without a budget says so and switches to the Demo budget', async () => {
    const bodies: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'objects.list': () => ({ items: [object('o1', 'customers', 'Customers')] }),
          'cubes.list': () => ({ items: [] }),
          'procedures.list': () => ({ items: [] }),
          'reports.list': () => ({ items: [] }),
          'domains.list': () => ({
            items: [
              domain('own', 'Ann’s domain', true),
              domain('demo-budget', 'Demo budget', false),
            ],
          }),
          'domains.switch': () => ({
            accessToken: 'a',
            refreshToken: 'r',
            session: {
              ...session,
              domain: { id: 'demo-budget', name: 'Demo budget', role: 'owner' },
            },
          }),
        },
        (b) => bodies.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(
      <BudgetFrame need={(b) => !!b.object('vehicles')}>{() => <p>vehicles</p>}</BudgetFrame>,
      { language: 'ru' },
    );
    expect(await screen.findByText('В этом домене нет бюджета')).toBeInTheDocument();
    expect(screen.queryByText('vehicles')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Перейти в Demo budget' }));
    await waitFor(() =>
      expect(bodies.find((b) => b.op === 'domains.switch')).toMatchObject({ id: 'demo-budget' }),
    );
  });

  it('with the budget, the screen gets its parts', async () => {
    server.use(
      qryHandler({
        'objects.list': () => ({
          items: [
            object('veh', 'vehicles', 'Vehicles'),
            object('lines', 'budget_lines', 'Budget lines'),
          ],
        }),
        'cubes.list': () => ({
          items: [cube('c2', 'Plan vs actual'), cube('c1', 'Budget report')],
        }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'domains.list': () => ({ items: [domain('own', 'Ann’s domain', true)] }),
      }),
    );
    await renderScreen(
      <BudgetFrame need={(b) => !!b.reportCube}>
        {(b) => <p>{`${b.object('vehicles')?.id} ${b.reportCube?.id} ${b.planCube?.id}`}</p>}
      </BudgetFrame>,
    );
    expect(await screen.findByText('veh c1 c2')).toBeInTheDocument();
  });

  it('the dashboard shows plan against actual, the largest variances first and each cost centre’s budget used', async () => {
    const item = (labels: string[], path: unknown[]) => ({
      path,
      labels,
      kind: 'leaf',
      hasChildren: false,
      collapsed: false,
    });
    const measures = ['amount', 'actual', 'variance', 'variance_pct'].map((key) => ({
      key,
      label: key,
      fn: 'sum',
      valueType: 'decimal',
      scale: 2,
      writable: key === 'amount',
    }));
    const answer = (rows: ReturnType<typeof item>[], cells: unknown[][]) => ({
      rows: { offset: 0, total: rows.length, items: rows },
      cols: { offset: 0, total: 1, items: [item([], [])] },
      measures,
      cells: cells.map((c) => [c]),
      locked: [],
      records: 10,
      cached: false,
    });
    server.use(
      qryHandler({
        'objects.list': () => ({
          items: [
            object('lines', 'budget_lines', 'Budget lines'),
            object('per', 'periods', 'Periods'),
            object('scn', 'scenarios', 'Scenarios'),
          ],
        }),
        'cubes.list': () => ({ items: [cube('plan', 'Plan vs actual')] }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'domains.list': () => ({ items: [domain('own', 'Ann’s domain', true)] }),
        'cubes.get': () => ({
          ...cube('plan', 'Plan vs actual'),
          dimensions: [],
          measures: [],
          calculated: [],
          parameters: null,
          locks: [],
          keyDimensions: [],
          createdAt: '',
          createdBy: null,
          defaultLayout: {
            rows: ['article'],
            cols: ['period'],
            measures: ['amount'],
            filter: {
              isactive: true,
              isexpanded: true,
              name: 'layout',
              operator: { id: 1, sid: 'and', name: 'AND' },
              conditions: [],
              children: [
                {
                  isactive: true,
                  isexpanded: true,
                  name: 'param:scenario',
                  operator: { id: 2, sid: 'or', name: 'OR' },
                  conditions: [],
                  children: [
                    {
                      isactive: true,
                      isexpanded: true,
                      name: '',
                      operator: { id: 1, sid: 'and', name: 'AND' },
                      conditions: [{ field: 'scenario', op: 'eq', value: 7 }],
                      children: [],
                    },
                  ],
                },
              ],
            },
          },
        }),
        'records.get': (b) => {
          expect(b).toMatchObject({ objectId: 'scn', id: 7 });
          return {
            id: 7,
            values: { name: 'Budget 2026', year: 2026 },
            display: {},
            createdAt: '',
            createdBy: null,
            updatedAt: '',
            updatedBy: null,
            deletedAt: null,
          };
        },
        'records.list': () => ({
          rows: [2025, 2026, 2026, 2026].map((year, i) => ({
            id: i + 1,
            values: { name: `${year}-0${i + 1}`, year },
            display: {},
            createdAt: '',
            createdBy: null,
            updatedAt: '',
            updatedBy: null,
            deletedAt: null,
          })),
          offset: 0,
          limit: 500,
          hasMore: false,
        }),
        'cubes.query': (b) => {
          const rows = b.rows as string[];
          if (rows[0] === 'period')
            return answer(
              [item(['2026-01'], [1]), item(['2026-02'], [2])],
              [
                ['100.00', '90.00'],
                ['120.00', null],
              ],
            );
          if (rows[0] === 'cost_centre')
            return answer(
              [item(['Production'], [1]), item(['Finance'], [2])],
              [
                ['1200.00', '450.00'],
                ['1000.00', '100.00'],
              ],
            );
          return answer(
            [
              item(['Other', 'Rent'], ['other', 1]),
              item(['Revenue', 'Product sales'], ['revenue', 2]),
              item(['Vehicles', 'Fuel'], ['vehicles', 3]),
            ],
            [
              ['300.00', '310.00', '10.00', '0.0333'],
              ['1000.00', '900.00', '-100.00', '-0.1000'],
              ['200.00', '250.00', '50.00', '0.2500'],
            ],
          );
        },
      }),
    );
    await renderScreen(<BudgetDashboard />);
    expect(await screen.findByText('Plan vs actual by month')).toBeInTheDocument();
    const variances = await screen.findAllByTestId('budget-variance');
    // By size of the variance, whatever its sign.
    expect(variances.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Product sales',
      'Fuel',
      'Rent',
    ]);
    // Less revenue than planned and more cost are bad; less cost is good.
    expect(within(variances[0]!).getByText('-100')).toBeInTheDocument();
    expect(within(variances[0]!).getByText('-10%')).toBeInTheDocument();
    // Three of the plan year's months are closed: a quarter of the year's budget is "on plan".
    expect(screen.getByText(/on plan is about 25 %/)).toBeInTheDocument();
    const ccs = screen.getAllByTestId('budget-cc');
    expect(ccs.map((c) => c.textContent)).toEqual([
      'Production450 / 1,200 · 38 %',
      'Finance100 / 1,000 · 10 %',
    ]);
    expect(within(ccs[0]!).getByRole('progressbar')).toHaveAttribute(
      'aria-label',
      'Production: 38 %',
    );
  });
});
