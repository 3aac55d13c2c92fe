import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler, type QryBody } from '@/test/msw';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { renderScreen } from '@/test/render';
import { summary } from '../test/fixtures';
import { CubesScreen } from './cubes-screen';

mockServerWithDefaultRules();

const budgetLines = {
  id: 'o2',
  name: 'Budget lines',
  code: 'budget_lines',
  kind: 'table' as const,
  description: '',
  displayFieldId: null,
  tableName: 'obj_o2',
  fieldCount: 4,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('CubesScreen', () => {
  it('lists the cubes with their object and counts, and searches them', async () => {
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [] }),
        'cubes.list': () => ({
          items: [
            summary(),
            summary({
              id: 'c2',
              name: 'Budget report',
              objectId: 'o2',
              objectName: 'Budget lines',
              dimensionCount: 4,
              measureCount: 3,
            }),
          ],
        }),
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<CubesScreen />);
    const rows = await screen.findAllByTestId('cube-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Budget report' })).toHaveAttribute(
      'href',
      '/fiscus/cubes/c2',
    );
    expect(within(rows[0]!).getByText('Budget lines')).toBeInTheDocument();
    expect(screen.getByTestId('cubes-total')).toHaveTextContent('2 cubes');
    await user.type(screen.getByTestId('cubes-search'), 'sales');
    await waitFor(() => expect(screen.getAllByTestId('cube-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Sales cube' })).toBeInTheDocument();
    await user.type(screen.getByTestId('cubes-search'), 'xyz');
    expect(await screen.findByText('No cube matches the search.')).toBeInTheDocument();
  });

  it('shows the cube and its object by their names in the user’s language', async () => {
    server.use(
      qryHandler({
        'objects.list': () => ({
          items: [{ ...budgetLines, names: { ru: 'Строки бюджета' } }],
        }),
        'cubes.list': () => ({
          items: [
            summary({
              id: 'c2',
              name: 'Budget report',
              names: { ru: 'Бюджетный отчёт' },
              objectId: 'o2',
              objectName: 'Budget lines',
            }),
          ],
        }),
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<CubesScreen />, { language: 'ru' });
    const row = await screen.findByTestId('cube-row');
    expect(within(row).getByRole('link', { name: 'Бюджетный отчёт' })).toBeInTheDocument();
    expect(await within(row).findByText('Строки бюджета')).toBeInTheDocument();
    expect(within(row).queryByText('Budget lines')).toBeNull();
    await user.type(screen.getByTestId('cubes-search'), 'строки');
    expect(await screen.findByTestId('cube-row')).toBeInTheDocument();
  });

  it('shows the empty state with New cube', async () => {
    server.use(
      qryHandler({ 'objects.list': () => ({ items: [] }), 'cubes.list': () => ({ items: [] }) }),
    );
    await renderScreen(<CubesScreen />);
    const empty = await screen.findByTestId('cubes-empty');
    expect(within(empty).getByText('No cubes yet')).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'New cube' })).toBeInTheDocument();
  });

  it('shows the error and tries again', async () => {
    let fail = true;
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [] }),
        'cubes.list': () =>
          fail
            ? HttpResponse.json(
                { error: { code: 'internal', message: 'Boom', requestId: 'r' } },
                { status: 500 },
              )
            : { items: [summary()] },
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<CubesScreen />);
    const alert = await screen.findByTestId('cubes-error', {}, { timeout: 20_000 });
    expect(within(alert).getByText('Boom')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('cube-row')).toBeInTheDocument();
  });

  it('deletes a cube after confirmation', async () => {
    const calls: QryBody[] = [];
    let items = [summary()];
    server.use(
      qryHandler(
        {
          'objects.list': () => ({ items: [] }),
          'cubes.list': () => ({ items }),
          'cubes.delete': () => {
            items = [];
            return { ok: true };
          },
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<CubesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Actions for Sales cube' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    await user.click(await screen.findByTestId('cubes-delete-confirm'));
    expect(await screen.findByTestId('cubes-empty')).toBeInTheDocument();
    expect(calls.find((c) => c.op === 'cubes.delete')).toMatchObject({ id: 'c1' });
  });
});
