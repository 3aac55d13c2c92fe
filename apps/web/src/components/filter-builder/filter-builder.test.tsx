import { MantineProvider } from '@mantine/core';
import { defaultFilter, filterOps, type FilterNode, type FilterOp } from '@fiscus/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterBuilder, type FilterLabels } from './filter-builder';
import { countConditions, pruneFilter, type FilterField } from './ops';

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
  notANumber: 'Not a number: type digits.',
  groupName: (n) => `Group ${n}`,
  ops: Object.fromEntries(filterOps.map((op) => [op, `op:${op}`])) as Record<FilterOp, string>,
};

const fields: FilterField[] = [
  { code: 'name', name: 'Name', type: 'text' },
  { code: 'amount', name: 'Amount', type: 'money' },
  { code: 'due', name: 'Due', type: 'date' },
  {
    code: 'status',
    name: 'Status',
    type: 'select',
    choices: [
      { value: 'open', label: 'Open' },
      { value: 'done', label: 'Done' },
    ],
  },
];

function Harness({ onTree }: { onTree: (t: FilterNode) => void }) {
  const [tree, setTree] = useState<FilterNode>(defaultFilter());
  return (
    <MantineProvider>
      <FilterBuilder
        value={tree}
        fields={fields}
        labels={labels}
        onChange={(t) => {
          setTree(t);
          onTree(t);
        }}
      />
    </MantineProvider>
  );
}

describe('FilterBuilder', () => {
  it('builds a nested AND/OR tree in the seed shape', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    let tree = defaultFilter();
    render(<Harness onTree={(t) => (tree = t)} />);
    expect(screen.getByText('No conditions')).toBeInTheDocument();

    // Root: Name contains "car"
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const root = screen.getAllByTestId('filter-group')[0]!;
    const cond = within(root).getAllByTestId('filter-condition')[0]!;
    await user.selectOptions(within(cond).getByRole('combobox', { name: 'Operator' }), 'contains');
    await user.type(within(cond).getByRole('textbox', { name: 'Value' }), 'car');

    // Nested group: Amount > 100 OR Status = Done
    await user.click(within(root).getAllByRole('button', { name: 'Add group' })[0]!);
    const group = screen.getAllByTestId('filter-group')[1]!;
    await user.click(within(group).getByText('OR'));
    await user.click(within(group).getByRole('button', { name: 'Add condition' }));
    await user.click(within(group).getByRole('button', { name: 'Add condition' }));
    const [c1, c2] = within(group).getAllByTestId('filter-condition');
    await user.selectOptions(within(c1!).getByRole('combobox', { name: 'Field' }), 'amount');
    // Operators follow the field type: no "contains" for money.
    const opOptions = within(within(c1!).getByRole('combobox', { name: 'Operator' }))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(opOptions).toContain('between');
    expect(opOptions).not.toContain('contains');
    await user.selectOptions(within(c1!).getByRole('combobox', { name: 'Operator' }), 'gt');
    await user.type(within(c1!).getByRole('textbox', { name: 'Value' }), '100');
    await user.selectOptions(within(c2!).getByRole('combobox', { name: 'Field' }), 'status');
    await user.selectOptions(within(c2!).getByRole('combobox', { name: 'Value' }), 'done');

    expect(tree).toMatchObject({
      isactive: true,
      operator: { id: 1, sid: 'and', name: 'AND' },
      conditions: [{ field: 'name', op: 'contains', value: 'car' }],
      children: [
        {
          name: 'Group 1',
          isactive: true,
          isexpanded: true,
          operator: { id: 2, sid: 'or', name: 'OR' },
          conditions: [
            // A money value is sent as the exact decimal string typed.
            { field: 'amount', op: 'gt', value: '100' },
            { field: 'status', op: 'eq', value: 'done' },
          ],
          children: [],
        },
      ],
    });
    expect(countConditions(tree)).toBe(3);
  });

  it('says under a money value that a text is no number, and sends no value for it', async () => {
    const user = userEvent.setup();
    let tree = defaultFilter();
    render(<Harness onTree={(t) => (tree = t)} />);
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const cond = screen.getByTestId('filter-condition');
    await user.selectOptions(within(cond).getByRole('combobox', { name: 'Field' }), 'amount');
    const box = within(cond).getByRole('textbox', { name: 'Value' });
    await user.type(box, '12abc');
    expect(within(cond).getByText('Not a number: type digits.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(tree.conditions[0]?.value).toBeUndefined();
    await user.clear(box);
    await user.type(box, '12.5');
    expect(within(cond).queryByText('Not a number: type digits.')).toBeNull();
    expect(tree.conditions[0]?.value).toBe('12.5');
  });

  it('offers date ranges and hides the value for operators without one', async () => {
    const user = userEvent.setup();
    let tree = defaultFilter();
    render(<Harness onTree={(t) => (tree = t)} />);
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const cond = screen.getByTestId('filter-condition');
    await user.selectOptions(within(cond).getByRole('combobox', { name: 'Field' }), 'due');
    await user.selectOptions(
      within(cond).getByRole('combobox', { name: 'Operator' }),
      'this_month',
    );
    expect(within(cond).queryByRole('textbox')).not.toBeInTheDocument();
    expect(tree.conditions[0]).toEqual({ field: 'due', op: 'this_month', value: undefined });
    await user.selectOptions(within(cond).getByRole('combobox', { name: 'Operator' }), 'between');
    expect(within(cond).getByLabelText('From')).toBeInTheDocument();
    expect(within(cond).getByLabelText('To')).toBeInTheDocument();
    // An unfinished range is left out of what is sent.
    expect(pruneFilter(tree)).toBeUndefined();
  });

  it('removes conditions and groups, and switches a group off', async () => {
    const user = userEvent.setup();
    let tree = defaultFilter();
    render(<Harness onTree={(t) => (tree = t)} />);
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const group = screen.getAllByTestId('filter-group')[1]!;
    await user.click(within(group).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(group).getByRole('combobox', { name: 'Operator' }), 'is_empty');
    expect(countConditions(tree)).toBe(1);
    await user.click(within(group).getByRole('switch'));
    expect(tree.children[0]!.isactive).toBe(false);
    expect(countConditions(tree)).toBe(0);
    expect(pruneFilter(tree)).toBeUndefined();
    await user.click(within(group).getByRole('button', { name: 'Remove group' }));
    expect(tree.children).toHaveLength(0);
    expect(screen.getAllByTestId('filter-group')).toHaveLength(1);
  });
});
