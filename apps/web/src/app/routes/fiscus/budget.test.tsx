import { defaultRules } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { qryHandler, strict } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { sales, salesCube, salesQuery, summary } from '@/features/cubes/test/fixtures';
import BudgetScreen from './budget';
import { testUser } from '@/test/session';

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
  useSession.getState().setSession({
    user: testUser,
    domain: { id: 'demo-budget', name: 'Demo budget', role: 'owner' },
    domains: [],
    rules: defaultRules,
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetRules();
  useSession.getState().clear();
});

const lines = {
  id: 'o1',
  code: 'budget_lines',
  name: 'Budget lines',
  kind: 'table',
  description: '',
  displayFieldId: null,
  tableName: 'obj_o1',
  fieldCount: 5,
  createdAt: '',
  updatedAt: '',
};

describe('budget report', () => {
  it('is titled once: the report names itself, the cube below keeps only its tools and a named grid', async () => {
    // The report's cube is named like the report, as in the Demo budget.
    const cube = { ...salesCube, name: 'Budget report' };
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [lines] }),
        'cubes.list': () => ({ items: [summary({ name: 'Budget report' })] }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'domains.list': () => ({ items: [] }),
        'cubes.get': () => cube,
        'objects.get': () => sales,
        'cubes.query': salesQuery,
      }),
    );
    await renderScreen(<BudgetScreen />, {
      path: '/fiscus/budget/report',
      route: '/fiscus/budget/:entry',
    });
    // The cube's figures have arrived (jsdom lays out no cells: the count says they came).
    await screen.findByTestId('pivot-records', undefined, { timeout: 15_000 });
    expect(screen.getAllByRole('heading', { name: 'Budget report' })).toHaveLength(1);
    expect(
      within(screen.getByTestId('budget-report-bar')).getByRole('heading', {
        level: 3,
        name: 'Budget report',
      }),
    ).toBeInTheDocument();
    // The pivot has no heading of its own, nor a way back to the cubes' list…
    const pivot = screen.getByTestId('pivot-screen');
    expect(within(pivot).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(pivot).queryByRole('link', { name: 'Back to cubes' })).not.toBeInTheDocument();
    // …its grid is still named, and its facts and tools stay.
    expect(within(pivot).getByRole('grid', { name: 'Budget report' })).toBeInTheDocument();
    expect(within(pivot).getByTestId('pivot-records')).toBeInTheDocument();
    expect(within(pivot).getByTestId('pivot-design')).toBeInTheDocument();
  });
});
