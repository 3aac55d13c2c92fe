import { MantineProvider } from '@mantine/core';
import {
  defaultRules,
  filterOps,
  type FilterNode,
  type FilterOp,
  type PlatformObject,
  type RecordRow,
} from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FilterBuilder,
  newGroup,
  type FilterField,
  type FilterLabels,
} from '@/components/filter-builder';
import { resetRules, setRules } from '@/lib/ability';
import { i18nReady, i18next } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { ReferencePicker } from './reference-picker';
import { qryHandler, strict } from '@/test/msw';

const now = '2026-01-01T00:00:00.000Z';
const customers: PlatformObject = {
  id: 'o2',
  name: 'Customers',
  code: 'customers',
  kind: 'reference',
  description: '',
  displayFieldId: 'c1',
  tableName: 'obj_o2',
  fieldCount: 1,
  createdAt: now,
  updatedAt: now,
  fields: [
    {
      id: 'c1',
      objectId: 'o2',
      name: 'Name',
      code: 'name',
      type: 'text',
      options: {},
      position: 0,
      createdAt: now,
      updatedAt: now,
    },
  ],
};
const people: Record<number, string> = {
  3: 'Acme Ltd',
  7: 'Acorn Farms',
  9: 'Blue Harbour',
  12: 'Cobalt Labs',
};
const row = (id: number): RecordRow => ({
  id,
  values: { name: people[id] },
  display: {},
  createdAt: now,
  createdBy: null,
  updatedAt: now,
  updatedBy: null,
  deletedAt: null,
});

const labels: FilterLabels = {
  and: 'AND',
  or: 'OR',
  active: 'Active',
  addCondition: 'Add condition',
  addGroup: 'Add group',
  removeCondition: 'Remove condition',
  removeGroup: 'Remove group',
  expand: 'Expand',
  collapse: 'Collapse',
  field: 'Field',
  operator: 'Operator',
  value: 'Value',
  from: 'From',
  to: 'To',
  days: 'Days',
  yes: 'Yes',
  no: 'No',
  noConditions: 'No conditions',
  notANumber: 'Not a number',
  groupName: (n) => `Group ${n}`,
  ops: Object.fromEntries(filterOps.map((op) => [op, `op:${op}`])) as Record<FilterOp, string>,
};
const fields: FilterField[] = [
  { code: 'customer', name: 'Customer', type: 'reference', target: 'o2' },
];

const searches: (string | undefined)[] = [];
/** While set, the answer to a search waits for it (the search is "on its way"). */
let hold: Promise<void> | null = null;
beforeAll(async () => {
  server.listen(strict);
  await i18nReady;
  await i18next.changeLanguage('en');
});
beforeEach(() => {
  setRules(defaultRules);
  searches.length = 0;
  server.use(
    qryHandler({
      'objects.get': () => customers,
      'records.list': async (request) => {
        const body = request as { search?: string; filter?: FilterNode };
        let ids = Object.keys(people).map(Number);
        const byId = body.filter?.conditions.find((c) => c.field === 'id');
        if (byId) ids = ids.filter((i) => (byId.value as number[]).includes(i));
        else searches.push(body.search);
        if (body.search && hold) await hold;
        if (body.search) {
          const s = body.search.toLowerCase();
          ids = ids.filter((i) => people[i]!.toLowerCase().includes(s));
        }
        return { rows: ids.map(row), offset: 0, limit: 50, hasMore: false };
      },
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetRules();
});

const tree = (op: FilterOp, value?: unknown): FilterNode => ({
  ...newGroup('root'),
  conditions: [{ field: 'customer', op, value }],
});

function Harness({ initial, onTree }: { initial: FilterNode; onTree: (t: FilterNode) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <FilterBuilder
      value={value}
      fields={fields}
      labels={labels}
      onChange={(next) => {
        setValue(next);
        onTree(next);
      }}
      renderReferenceInput={(props) => <ReferencePicker {...props} />}
    />
  );
}

function renderBuilder(initial: FilterNode) {
  const trees: FilterNode[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <Suspense fallback={null}>
          <Harness initial={initial} onTree={(t) => trees.push(t)} />
        </Suspense>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return trees;
}

describe('reference picker in the filter builder', () => {
  it('searches the target’s records and stores the picked record’s id', async () => {
    const user = userEvent.setup();
    const trees = renderBuilder(tree('eq'));
    const input = await screen.findByRole('combobox', { name: 'Value' });
    await user.click(input);
    await user.type(input, 'aco');
    // The server is asked with the typed text (debounced), and only its answer is offered.
    await waitFor(() => expect(searches).toContain('aco'));
    const option = await screen.findByRole('option', { name: 'Acorn Farms' });
    expect(screen.queryByRole('option', { name: 'Blue Harbour' })).toBeNull();
    await user.click(option);
    await waitFor(() => expect(trees.at(-1)?.conditions[0]?.value).toBe(7));
    expect(input).toHaveValue('Acorn Farms');
  });

  it('shows the chosen record’s text when a saved filter is reopened', async () => {
    renderBuilder(tree('eq', 12));
    const input = await screen.findByRole('combobox', { name: 'Value' });
    await waitFor(() => expect(input).toHaveValue('Cobalt Labs'));
  });

  it('offers several records for “in” and keeps their ids', async () => {
    const user = userEvent.setup();
    const trees = renderBuilder(tree('in', [3]));
    // The chosen record shows as a pill with its text.
    await waitFor(() =>
      expect(document.querySelector('.mantine-Pill-label')).toHaveTextContent('Acme Ltd'),
    );
    const input = screen.getByRole('combobox', { name: 'Value' });
    await user.click(input);
    let release = () => {};
    hold = new Promise<void>((resolve) => (release = resolve));
    await user.type(input, 'blue');
    // While the search is on its way the list keeps the last answer instead of emptying under
    // the pointer: a record shown there is picked.
    await waitFor(() => expect(searches).toContain('blue'));
    await user.click(screen.getByRole('option', { name: 'Blue Harbour' }));
    await waitFor(() => expect(trees.at(-1)?.conditions[0]?.value).toEqual([3, 9]));
    hold = null;
    release();
  });
});
