import { defaultRules } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { server } from '@/mocks/node';
import { qryHandler, strict, type QryBody } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { sales, salesCube, salesQuery } from '../test/fixtures';
import { PivotScreen } from './pivot-screen';

let heightSpy: PropertyDescriptor | undefined;
let widthSpy: PropertyDescriptor | undefined;
beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
  // jsdom lays nothing out: the pivot's and the records grid's scrollers get a viewport so the
  // virtualisers render.
  heightSpy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  widthSpy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'pivot-scroller' ||
        this.dataset.testid === 'data-grid-scroller'
        ? 600
        : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'pivot-scroller' ||
        this.dataset.testid === 'data-grid-scroller'
        ? 1000
        : 0;
    },
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetRules();
  if (heightSpy) Object.defineProperty(HTMLElement.prototype, 'clientHeight', heightSpy);
  if (widthSpy) Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthSpy);
});

function backend(extra: Parameters<typeof qryHandler>[0] = {}) {
  const calls: QryBody[] = [];
  server.use(
    qryHandler(
      {
        'cubes.get': () => salesCube,
        'objects.get': () => sales,
        'cubes.query': salesQuery,
        ...extra,
      },
      (b) => calls.push(b),
    ),
  );
  return { queries: () => calls.filter((c) => c.op === 'cubes.query'), calls };
}

/**
 * Opens a field's menu and finds one of its items. The items are looked up in the menu the button
 * controls, with `hidden`: on a loaded machine jsdom may not finish the menu's opening transition.
 */
async function menuItem(user: ReturnType<typeof userEvent.setup>, button: string, item: string) {
  const target = screen.getByRole('button', { name: button });
  await user.click(target);
  const menu = await waitFor(() => {
    const el = document.getElementById(target.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error('the menu is not open');
    return el;
  });
  return within(menu).findByRole('menuitem', { name: item, hidden: true });
}

const rowHeaders = () => screen.getAllByTestId('pivot-row-header').map((h) => h.textContent);

describe('PivotScreen', () => {
  it('shows the layout with exact decimals formatted in the user locale', async () => {
    backend();
    await renderScreen(<PivotScreen cubeId="c1" />, { language: 'de' });
    await screen.findAllByTestId('pivot-cell');
    // On its own the pivot is headed with the cube's name, which also names its grid.
    expect(screen.getByRole('heading', { level: 3, name: 'Sales cube' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Sales cube' })).toBeInTheDocument();
    expect(rowHeaders()).toEqual(['North', 'Apples', 'Pears', 'South', 'Apples', 'Gesamtsumme']);
    const cells = screen.getAllByTestId('pivot-cell').map((c) => c.textContent);
    expect(cells).toEqual([
      '1.234,60',
      '1.234,50',
      '0,10',
      '99.999.999.999.999.999,99',
      '99.999.999.999.999.999,99',
      '100.000.000.000.001.234,59',
    ]);
    // The fields sit in the seed's zones.
    const rows = screen.getByTestId('pivot-zone-rows');
    expect(
      within(rows)
        .getAllByTestId('pivot-field')
        .map((f) => f.dataset.field),
    ).toEqual(['d:region', 'd:product']);
    expect(
      within(screen.getByTestId('pivot-zone-values')).getByText('Summe von Amount'),
    ).toBeInTheDocument();
  });

  it('collapses a member: its row stays with its total, its children go', async () => {
    const api = backend();
    const user = userEvent.setup();
    await renderScreen(<PivotScreen cubeId="c1" />);
    await screen.findAllByTestId('pivot-cell');
    await user.click(screen.getByRole('button', { name: 'Collapse: North' }));
    await waitFor(() => expect(rowHeaders()).toEqual(['North', 'South', 'Apples', 'Grand total']));
    expect(api.queries().at(-1)).toMatchObject({ collapsedRows: [['north']] });
    expect(screen.getByRole('button', { name: 'Expand: North' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('moves a field to another zone with its menu (no drag needed)', async () => {
    const api = backend();
    const user = userEvent.setup();
    await renderScreen(<PivotScreen cubeId="c1" />);
    await screen.findAllByTestId('pivot-cell');
    await user.click(await menuItem(user, 'Options of Product', 'Columns'));
    await waitFor(() =>
      expect(api.queries().at(-1)).toMatchObject({ rows: ['region'], cols: ['product'] }),
    );
    const cols = screen.getByTestId('pivot-zone-cols');
    expect(
      within(cols)
        .getAllByTestId('pivot-field')
        .map((f) => f.dataset.field),
    ).toEqual(['d:product']);
    // A measure cannot go to Rows: its menu offers only Values and the field list.
    const values = await menuItem(user, 'Options of Sum of Amount', 'Remove from the pivot');
    const menu = values.closest('[role=menu]') as HTMLElement;
    expect(within(menu).queryByRole('menuitem', { name: 'Rows', hidden: true })).toBeNull();
  });

  it('Show Records lists the records behind the chosen cell', async () => {
    const api = backend({
      'cubes.cellFilter': (b) => ({
        objectId: 'o1',
        filter: {
          isactive: true,
          isexpanded: true,
          name: 'cell',
          operator: { id: 1, sid: 'and', name: 'AND' },
          children: [],
          conditions: (b.coords as { dimension: string; member: string }[]).map((c) => ({
            field: c.dimension,
            op: 'eq',
            value: c.member,
          })),
        },
      }),
      'records.count': () => ({ total: 2 }),
      'records.list': () => ({
        rows: [1, 2].map((id) => ({
          id,
          values: {
            name: `Line ${id}`,
            region: 'north',
            product: 'Apples',
            amount: id === 1 ? '1000.00' : '234.50',
          },
          display: {},
          createdAt: '2026-01-01T00:00:00Z',
          createdBy: null,
          updatedAt: '2026-01-01T00:00:00Z',
          updatedBy: null,
          deletedAt: null,
        })),
        offset: 0,
        limit: 100,
        hasMore: false,
      }),
    });
    const user = userEvent.setup();
    await renderScreen(<PivotScreen cubeId="c1" />);
    const cells = await screen.findAllByTestId('pivot-cell');
    await user.click(cells[1]!);
    await user.click(screen.getByTestId('pivot-show-records'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByTestId('records-cell')).toHaveTextContent('North › Apples');
    expect(await within(drawer).findByText('Line 2')).toBeInTheDocument();
    expect(within(drawer).getByTestId('records-count')).toHaveTextContent('2 records');
    expect(within(drawer).getByTestId('records-value')).toHaveTextContent('1,234.50');
    expect(api.calls.find((c) => c.op === 'cubes.cellFilter')).toMatchObject({
      cubeId: 'c1',
      coords: [
        { dimension: 'region', member: 'north' },
        { dimension: 'product', member: 'Apples' },
      ],
    });
  });
});

describe('PivotScreen write-back', () => {
  it('types into a subtotal with the chosen spread, highlights what changed, and undoes', async () => {
    let written = false;
    const api = backend({
      'cubes.query': (b) => {
        const out = salesQuery(b);
        if (written)
          // North 2,000.00 spread equally over its two products.
          out.cells = out.rows.items.map((r, i) =>
            r.path[0] === 'north' ? [[r.path.length === 1 ? '2000.00' : '1000.00']] : out.cells[i]!,
          );
        return out;
      },
      'cubes.write': () => {
        written = true;
        return {
          id: 'w1',
          updated: 2,
          created: 0,
          before: '1234.60',
          after: '2000.00',
          applied: 'equal',
          message: null,
        };
      },
      'cubes.undo': () => {
        written = false;
        return { id: 'w1', restored: 2, removed: 0 };
      },
    });
    const user = userEvent.setup();
    await renderScreen(<PivotScreen cubeId="c1" />);
    const cells = await screen.findAllByTestId('pivot-cell');
    await pick(user, screen.getByTestId('pivot-spread'), 'Equal');
    await user.dblClick(cells[0]!);
    const editor = await screen.findByTestId('pivot-editor');
    expect(editor).toHaveValue('1234.60');
    await user.clear(editor);
    await user.type(editor, '2,000{Enter}');
    await waitFor(() => expect(screen.queryByTestId('pivot-editor')).toBeNull());
    expect(api.calls.find((c) => c.op === 'cubes.write')).toMatchObject({
      cubeId: 'c1',
      coords: [{ dimension: 'region', member: 'north' }],
      measure: 'amount',
      value: '2000',
      mode: 'equal',
    });
    // The subtotal and its children show their new values, highlighted.
    await waitFor(() =>
      expect(screen.getAllByTestId('pivot-cell')[1]).toHaveTextContent('1,000.00'),
    );
    const after = screen.getAllByTestId('pivot-cell');
    expect(after[0]).toHaveTextContent('2,000.00');
    expect(after.slice(0, 3).map((c) => c.dataset.changed)).toEqual(['true', 'true', 'true']);
    expect(after[3]!.dataset.changed).toBe('false');

    await user.click(screen.getByTestId('pivot-undo'));
    await waitFor(() =>
      expect(screen.getAllByTestId('pivot-cell')[1]).toHaveTextContent('1,234.50'),
    );
    expect(api.calls.some((c) => c.op === 'cubes.undo')).toBe(true);
  });

  it('shows the server refusal under the cell and keeps locked cells read-only', async () => {
    backend({
      'cubes.query': (b) => {
        const out = salesQuery(b);
        // South lies on a locked member.
        out.locked = out.rows.items.flatMap((r, index) =>
          r.path[0] === 'south' ? [{ axis: 'rows' as const, index, member: 'Actual' }] : [],
        );
        return out;
      },
      'cubes.write': () =>
        HttpResponse.json(
          {
            error: {
              code: 'conflict',
              message: '“Closed” is locked; its cells cannot be changed.',
              requestId: 'r',
            },
          },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    await renderScreen(<PivotScreen cubeId="c1" />);
    const cells = await screen.findAllByTestId('pivot-cell');
    expect(cells[3]).toHaveAttribute('data-locked', 'true');
    expect(cells[3]).toHaveAttribute('title', 'Locked: Actual');
    await user.click(cells[3]!);
    expect(screen.getByTestId('pivot-locked-reason')).toHaveTextContent('Locked: Actual');
    await user.keyboard('5');
    expect(screen.queryByTestId('pivot-editor')).toBeNull();

    await user.click(cells[1]!);
    await user.keyboard('7{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“Closed” is locked; its cells cannot be changed.',
    );
    expect(screen.getByTestId('pivot-editor')).toHaveValue('7');
  });
});

async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error('no list');
    return el;
  });
  await user.click(await within(list).findByRole('option', { name, hidden: true }));
}
