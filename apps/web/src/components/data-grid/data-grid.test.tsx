import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataGrid } from './data-grid';
import type { DataGridProps, GridColumn, GridLabels } from './types';

interface Row {
  id: number;
  name: string;
  qty: number;
  price: number;
}

const labels: GridLabels = {
  selectRow: 'Select row',
  selectAll: 'Select all',
  loading: 'Loading',
  empty: 'No records',
  error: 'Error',
  retry: 'Retry',
  resizeColumn: 'Resize column',
  sortHint: 'click sorts, shift-click adds a sort key',
  expandGroup: 'Expand',
  collapseGroup: 'Collapse',
  yes: 'Yes',
  no: 'No',
  rowsCount: (n) => `${n} rows`,
};

const columns: GridColumn<Row>[] = [
  { id: 'id', header: 'ID', title: 'ID', type: 'integer', width: 80 },
  { id: 'name', header: 'Name', title: 'Name', type: 'text', editable: true },
  {
    id: 'qty',
    header: 'Quantity',
    title: 'Quantity',
    type: 'integer',
    editable: true,
    parse: (text) =>
      /^-?\d+$/.test(text.trim())
        ? { ok: true, value: Number(text) }
        : { ok: false, error: 'Enter a whole number' },
  },
  { id: 'price', header: 'Price', title: 'Price', type: 'money', currency: 'EUR' },
];

function makeRows(offset: number, limit: number, total: number): Row[] {
  const out: Row[] = [];
  for (let i = offset; i < Math.min(total, offset + limit); i++)
    out.push({ id: i + 1, name: `Row ${i + 1}`, qty: i, price: i * 1.5 });
  return out;
}

const wrap = (ui: ReactNode) => (
  <MantineProvider>
    <MemoryRouter>{ui}</MemoryRouter>
  </MantineProvider>
);

function renderGrid(over: Partial<DataGridProps<Row>> & { total: number }) {
  const fetchWindow = vi.fn((offset: number, limit: number) =>
    Promise.resolve(makeRows(offset, limit, over.total)),
  );
  const props: DataGridProps<Row> = {
    columns,
    fetchWindow,
    dataKey: 'q1',
    getRowId: (r) => r.id,
    labels,
    locale: 'en',
    height: 400,
    ...over,
  };
  const utils = render(wrap(<DataGrid {...props} />));
  return { ...utils, fetchWindow, scroller: screen.getByTestId('data-grid-scroller') };
}

const VIEWPORT_HEIGHT = 400;
let heightSpy: PropertyDescriptor | undefined;
let widthSpy: PropertyDescriptor | undefined;
beforeAll(() => {
  heightSpy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  widthSpy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'data-grid-scroller' ? VIEWPORT_HEIGHT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'data-grid-scroller' ? 600 : 0;
    },
  });
});
afterAll(() => {
  if (heightSpy) Object.defineProperty(HTMLElement.prototype, 'clientHeight', heightSpy);
  if (widthSpy) Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthSpy);
});

async function scrollTo(scroller: HTMLElement, top: number) {
  await act(async () => {
    scroller.scrollTop = top;
    fireEvent.scroll(scroller);
  });
}

describe('DataGrid', () => {
  it('keeps only the visible rows and overscan in the DOM for a million rows', async () => {
    const { scroller } = renderGrid({ total: 1_000_000 });
    await screen.findByText('Row 1');
    const visible = Math.ceil(VIEWPORT_HEIGHT / 36);
    const max = visible + 2 * 10 + 1;
    expect(screen.getAllByTestId('grid-row').length).toBeLessThanOrEqual(max);
    // Columns are virtualised too: a 600 px viewport does not hold cells for every column forever.
    expect(scroller.getAttribute('aria-rowcount')).toBe('1000001');

    await scrollTo(scroller, 3_000_000);
    expect(screen.getAllByTestId('grid-row').length).toBeLessThanOrEqual(max);
    await scrollTo(scroller, 8_000_000 - VIEWPORT_HEIGHT);
    const rows = screen.getAllByTestId('grid-row');
    expect(rows.length).toBeLessThanOrEqual(max);
    // The last row is reachable.
    expect(rows.some((r) => r.getAttribute('aria-rowindex') === String(1_000_000 + 1))).toBe(true);
  });

  it('keeps the same row elements when the scroll jumps far, only their content changes', async () => {
    const { scroller } = renderGrid({ total: 1_000_000 });
    await screen.findByText('Row 1');
    const before = new Set(screen.getAllByTestId('grid-row'));
    await scrollTo(scroller, 3_000_000);
    const after = screen.getAllByTestId('grid-row');
    expect(after.some((r) => r.getAttribute('aria-rowindex') === '2')).toBe(false);
    // The row elements from the top of the list are still in use further down (the slots are
    // sized for the fullest viewport, so one may be spare when fewer rows fit).
    expect(after.filter((r) => before.has(r)).length).toBeGreaterThanOrEqual(before.size - 1);
  });

  it('requests windows as the user scrolls and shows placeholders until they arrive', async () => {
    const { scroller, fetchWindow } = renderGrid({ total: 1_000_000 });
    await screen.findByText('Row 1');
    expect(fetchWindow).toHaveBeenCalledWith(0, 100);
    expect(fetchWindow).toHaveBeenCalledTimes(1);

    await scrollTo(scroller, 4_000_000);
    // Scrolled to about the middle: the window there is asked for, rows show placeholders meanwhile.
    expect(screen.getAllByTestId('grid-row')[0]).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(fetchWindow).toHaveBeenCalledTimes(2));
    const [offset, limit] = fetchWindow.mock.calls[1]!;
    expect(limit).toBe(100);
    expect(offset).toBeGreaterThan(400_000);
    expect(offset).toBeLessThan(600_000);
    expect(offset % 100).toBe(0);
    await waitFor(() =>
      expect(screen.getAllByTestId('grid-row').some((r) => !r.hasAttribute('aria-busy'))).toBe(
        true,
      ),
    );
    const loaded = screen.getAllByTestId('grid-row').find((r) => !r.hasAttribute('aria-busy'))!;
    const rowNumber = Number(loaded.getAttribute('aria-rowindex')) - 1;
    expect(rowNumber).toBeGreaterThanOrEqual(offset);
    expect(within(loaded).getByText(`Row ${rowNumber}`)).toBeInTheDocument();
  });

  it('shows the first page before the total is known', async () => {
    const fetchWindow = vi.fn((o: number, l: number) => Promise.resolve(makeRows(o, l, 30)));
    render(
      wrap(
        <DataGrid
          columns={columns}
          total={undefined}
          fetchWindow={fetchWindow}
          dataKey="k"
          getRowId={(r) => r.id}
          labels={labels}
          locale="en"
        />,
      ),
    );
    await screen.findByText('Row 1');
    expect(fetchWindow).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '-1');
    // The loaded page is shorter than a page: no placeholder rows beyond it.
    expect(screen.getAllByTestId('grid-row').every((r) => !r.hasAttribute('aria-busy'))).toBe(true);
  });

  it('moves the active cell with the keyboard', async () => {
    const user = userEvent.setup();
    const { scroller } = renderGrid({ total: 500 });
    await screen.findByText('Row 1');
    scroller.focus();
    const activeCell = () =>
      document.getElementById(scroller.getAttribute('aria-activedescendant')!);
    expect(activeCell()).toHaveTextContent('1');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    expect(activeCell()).toHaveTextContent('Row 3');
    await user.keyboard('{End}');
    expect(activeCell()).toHaveTextContent('€3.00');
    await user.keyboard('{Home}');
    expect(activeCell()).toHaveTextContent('3');
    await user.keyboard('{PageDown}');
    expect(scroller.getAttribute('aria-activedescendant')).toMatch(/-r(\d+)-c0$/);
    const index = Number(/-r(\d+)-c0$/.exec(scroller.getAttribute('aria-activedescendant')!)![1]);
    expect(index).toBeGreaterThan(2);
    await user.keyboard('{ArrowUp}');
    expect(scroller.getAttribute('aria-activedescendant')).toMatch(
      new RegExp(`-r${index - 1}-c0$`),
    );
  });

  it('edits a cell in place, validates and saves', async () => {
    const user = userEvent.setup();
    const onCellEdit = vi.fn((row: Row, column: GridColumn<Row>, value: unknown) =>
      Promise.resolve({ ...row, [column.id]: value }),
    );
    const { scroller } = renderGrid({ total: 50, onCellEdit });
    await screen.findByText('Row 1');
    scroller.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveValue('0');
    await user.clear(input);
    await user.type(input, 'abc{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
    expect(onCellEdit).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '42{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    expect(onCellEdit).toHaveBeenCalledTimes(1);
    expect(onCellEdit.mock.calls[0]![2]).toBe(42);
    const firstRow = screen.getAllByTestId('grid-row')[0]!;
    expect(within(firstRow).getByText('42')).toBeInTheDocument();
  });

  it('shows the server error of a rejected edit and cancels with Escape', async () => {
    const user = userEvent.setup();
    const onCellEdit = vi.fn(() => Promise.reject(new Error('Name must be unique')));
    const { scroller } = renderGrid({ total: 5, onCellEdit });
    await screen.findByText('Row 1');
    scroller.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(input);
    await user.type(input, 'Row 2{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Name must be unique');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Row 1')).toBeInTheDocument();
  });

  it('collapses and expands groups with their counts', async () => {
    const user = userEvent.setup();
    const groups = [
      { id: 'a', label: 'Alpha', count: 3, aggregates: { price: 100 } },
      { id: 'b', label: 'Beta', count: 2 },
    ];
    renderGrid({ total: 5, groups });
    await screen.findByText('Row 1');
    expect(screen.getAllByTestId('grid-group')).toHaveLength(2);
    expect(screen.getByText('3 rows')).toBeInTheDocument();
    expect(screen.getByText('€100.00')).toBeInTheDocument();
    expect(screen.getAllByTestId('grid-row')).toHaveLength(5);
    await user.click(screen.getAllByRole('button', { name: 'Collapse' })[0]!);
    expect(screen.getAllByTestId('grid-row')).toHaveLength(2);
    expect(screen.queryByText('Row 1')).not.toBeInTheDocument();
    expect(screen.getByText('Row 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(screen.getAllByTestId('grid-row')).toHaveLength(5);
  });

  it('selects rows and reorders columns by dragging a header', async () => {
    const user = userEvent.setup();
    const onSelectedChange = vi.fn();
    const onColumnOrder = vi.fn();
    renderGrid({ total: 5, onSelectedChange, selected: new Set(), onColumnOrder });
    await screen.findByText('Row 1');
    await user.click(screen.getAllByRole('checkbox', { name: 'Select row' })[1]!);
    expect(onSelectedChange).toHaveBeenCalledWith(new Set([2]));

    const headers = () =>
      screen
        .getAllByRole('columnheader')
        .map((h) => h.getAttribute('data-column-id'))
        .filter(Boolean);
    expect(headers()).toEqual(['id', 'name', 'qty', 'price']);
    const price = screen.getByTitle('Price');
    const name = screen.getByTitle('Name');
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(price, { dataTransfer });
    fireEvent.dragOver(name, { dataTransfer });
    fireEvent.drop(name, { dataTransfer });
    expect(onColumnOrder).toHaveBeenCalledWith(['id', 'price', 'name', 'qty']);
    expect(headers()).toEqual(['id', 'price', 'name', 'qty']);
  });

  it('double-click opens the record card, also on editable cells; typing edits', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn();
    const onCellEdit = vi.fn((row: Row, column: GridColumn<Row>, value: unknown) =>
      Promise.resolve({ ...row, [column.id]: value }),
    );
    const { scroller } = renderGrid({ total: 5, onRowOpen, onCellEdit });
    const cell = await screen.findByText('Row 2');
    await user.dblClick(cell);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen.mock.calls[0]![0]).toMatchObject({ id: 2 });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    // Typing on the active editable cell (the one clicked) edits it, starting with what was typed.
    scroller.focus();
    await user.keyboard('Z');
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Z');
    await user.type(input, 'oe{Enter}');
    await waitFor(() => expect(onCellEdit).toHaveBeenCalledTimes(1));
    expect(onCellEdit.mock.calls[0]![2]).toBe('Zoe');
    // A read-only cell: typing does nothing, Enter opens the record.
    await user.keyboard('{ArrowRight}{ArrowRight}q');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(2);
  });

  it('sorts by a click on a header; shift-click adds a key, a second click turns it', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const sortable = columns.map((c) => ({ ...c, sortable: c.id !== 'price' }));
    const { rerender } = renderGrid({ total: 5, columns: sortable, onSortChange });
    await screen.findByText('Row 1');
    await user.click(screen.getByTitle(/^Name/));
    expect(onSortChange).toHaveBeenLastCalledWith([{ field: 'name', dir: 'asc' }]);
    const sorted = (sorts: { field: string; dir: 'asc' | 'desc' }[]) =>
      rerender(
        wrap(
          <DataGrid
            columns={sortable}
            fetchWindow={(o, l) => Promise.resolve(makeRows(o, l, 5))}
            dataKey="q1"
            getRowId={(r) => r.id}
            labels={labels}
            locale="en"
            height={400}
            total={5}
            sorts={sorts}
            onSortChange={onSortChange}
          />,
        ),
      );
    sorted([{ field: 'name', dir: 'asc' }]);
    expect(screen.getByTitle(/^Name/)).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByTitle(/^Name/));
    expect(onSortChange).toHaveBeenLastCalledWith([{ field: 'name', dir: 'desc' }]);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByTitle(/^Quantity/));
    await user.keyboard('{/Shift}');
    expect(onSortChange).toHaveBeenLastCalledWith([
      { field: 'name', dir: 'asc' },
      { field: 'qty', dir: 'asc' },
    ]);
    sorted([
      { field: 'name', dir: 'asc' },
      { field: 'qty', dir: 'desc' },
    ]);
    expect(screen.getAllByTestId('sort-mark').map((m) => m.textContent)).toEqual(['1', '2']);
    // Not sortable: no sort on click.
    onSortChange.mockClear();
    await user.click(screen.getByTitle('Price'));
    expect(onSortChange).not.toHaveBeenCalled();
  });

  it('shows a refused value under the grid, not over the next row', async () => {
    const user = userEvent.setup();
    const onCellEdit = vi.fn();
    const { scroller } = renderGrid({ total: 5, onCellEdit });
    await screen.findByText('Row 1');
    scroller.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}x{Enter}');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Quantity: Enter a whole number');
    expect(alert.closest('[role="row"]')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveAttribute(
      'aria-describedby',
      alert.id,
    );
  });

  it('shows the empty state', async () => {
    renderGrid({ total: 0 });
    expect(await screen.findByText('No records')).toBeInTheDocument();
  });
});
