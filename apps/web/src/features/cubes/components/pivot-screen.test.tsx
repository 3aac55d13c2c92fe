import { defaultRules } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
