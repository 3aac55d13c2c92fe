import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import {
  errorAnswer,
  fakeQry,
  makeImport,
  now,
  preview,
  renderAt,
  vehicles,
} from '../test/fake-backend';
import { ImportsScreen } from './imports-screen';

mockServerWithDefaultRules();

const objects = () => ({ items: [vehicles] });

describe('ImportsScreen', () => {
  it('lists imports with status, counts and who', async () => {
    await i18nReady;
    fakeQry({
      'objects.list': objects,
      'imports.list': () => ({
        items: [
          makeImport({
            id: 'i2',
            fileName: 'vans.xlsx',
            format: 'xlsx',
            status: 'succeeded',
            processed: 120,
            total: 120,
            progress: 1,
            result: { inserted: 118, updated: 0, skipped: 0, failed: 2 },
          }),
          makeImport({ id: 'i1' }),
        ],
        total: 2,
      }),
    });
    renderAt(<ImportsScreen />);
    const rows = await screen.findAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('vans.xlsx')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('118')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('120 / 120')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Anna')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('2 imports')).toBeInTheDocument();
  });

  it('shows the empty state with a call to action that opens the wizard', async () => {
    await i18nReady;
    fakeQry({ 'objects.list': objects, 'imports.list': () => ({ items: [], total: 0 }) });
    const user = userEvent.setup();
    renderAt(<ImportsScreen />);
    const empty = await screen.findByTestId('imports-empty');
    expect(within(empty).getByText('No imports yet')).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'New import' }));
    expect(await screen.findByText('Drag a file here or click to choose one')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/fiscus/imports?import=new');
  });

  it('shows the error state and retries', async () => {
    await i18nReady;
    let fail = true;
    fakeQry({
      'objects.list': objects,
      'imports.list': () =>
        fail ? errorAnswer(500, 'The database is busy') : { items: [makeImport()], total: 1 },
    });
    const user = userEvent.setup();
    renderAt(<ImportsScreen />);
    const alert = await screen.findByTestId('imports-error');
    expect(within(alert).getByText('The database is busy')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('import-row')).toBeInTheDocument();
  });

  it('polls while an import runs', async () => {
    await i18nReady;
    let calls = 0;
    fakeQry({
      'objects.list': objects,
      'imports.list': () => {
        calls += 1;
        const done = calls > 1;
        return {
          items: [
            makeImport({
              status: done ? 'succeeded' : 'running',
              progress: done ? 1 : 0.4,
              processed: done ? 10 : 4,
              total: 10,
              startedAt: now,
              result: done ? { inserted: 10, updated: 0, skipped: 0, failed: 0 } : null,
            }),
          ],
          total: 1,
        };
      },
    });
    renderAt(<ImportsScreen />);
    const row = await screen.findByTestId('import-row');
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Succeeded')).toBeInTheDocument());
    expect(within(row).queryByRole('progressbar')).toBeNull();
  });

  it('enables the toolbar by selection and deletes after confirmation', async () => {
    await i18nReady;
    let items = [
      makeImport({
        id: 'i1',
        status: 'failed',
        error: 'Row 3: Seats must be a whole number',
        result: { inserted: 0, updated: 0, skipped: 0, failed: 1 },
      }),
      makeImport({ id: 'i2', fileName: 'b.csv' }),
    ];
    const api = fakeQry({
      'objects.list': objects,
      'imports.list': () => ({ items, total: items.length }),
      'imports.delete': (b) => {
        const ids = b.ids as string[];
        items = items.filter((i) => !ids.includes(i.id));
        return { affected: ids.length };
      },
      'imports.log': () => ({
        items: [
          { row: 3, column: 'Seats', field: 'seats', value: 'x', message: 'Not a whole number' },
        ],
        total: 1,
      }),
    });
    const user = userEvent.setup();
    renderAt(<ImportsScreen />);
    const rows = await screen.findAllByTestId('import-row');
    const result = screen.getByTestId('imports-result');
    expect(result).toBeDisabled();
    expect(screen.getByTestId('imports-delete')).toBeDisabled();

    await user.click(within(rows[0]!).getByRole('checkbox'));
    expect(result).toBeEnabled();
    await user.click(result);
    const dialog = await screen.findByRole('dialog', { name: 'Result of cars.csv' });
    expect(within(dialog).getByText('Row 3: Seats must be a whole number')).toBeInTheDocument();
    expect(within(dialog).getByTestId('result-failed')).toHaveTextContent('1');
    await user.click(within(dialog).getByRole('button', { name: 'Log' }));
    expect(await screen.findByText('Not a whole number')).toBeInTheDocument();
    expect(api.of('imports.log')[0]).toMatchObject({ id: 'i1', offset: 0, limit: 50 });
    await user.keyboard('{Escape}');

    await user.click(screen.getByTestId('imports-delete'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete imports' });
    expect(api.of('imports.delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(1));
    expect(api.of('imports.delete')[0]).toMatchObject({ ids: ['i1'] });
  });

  it('opens an import from a deep link', async () => {
    await i18nReady;
    fakeQry({
      'objects.list': objects,
      'objects.get': () => vehicles,
      'imports.list': () => ({ items: [makeImport()], total: 1 }),
      'imports.get': () => makeImport(),
      'imports.preview': () => preview,
    });
    renderAt(<ImportsScreen />, '/fiscus/imports?import=i1');
    expect(await screen.findByTestId('wizard-step-preview')).toBeInTheDocument();
    expect(await screen.findByText('Truck')).toBeInTheDocument();
  });

  it('keeps an object chosen and New clicked before the screen showed the object', async () => {
    await i18nReady;
    fakeQry({ 'objects.list': objects, 'imports.list': () => ({ items: [], total: 0 }) });
    const user = userEvent.setup();
    renderAt(<ImportsScreen />);
    await screen.findByTestId('imports-empty');
    await user.click(screen.getByLabelText('Filter by object', { selector: 'input' }));
    const option = await screen.findByRole('option', { name: 'Vehicles', hidden: true });
    // Both before the screen renders again, as on a busy device.
    act(() => {
      option.click();
      screen.getByTestId('imports-new').click();
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/fiscus/imports?object=o1&import=new');
    expect(await screen.findByText('Drag a file here or click to choose one')).toBeInTheDocument();
  });
});
