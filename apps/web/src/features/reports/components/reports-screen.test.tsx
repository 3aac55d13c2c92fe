import { type Report, type ReportRun } from '@fiscus/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler, type QryBody } from '@/test/msw';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { renderScreen, settled } from '@/test/render';
import { ReportsScreen } from './reports-screen';

mockServerWithDefaultRules();

const now = '2026-03-01T10:00:00.000Z';
const report: Report = {
  id: 'r1',
  name: 'Sales by month',
  description: '',
  source: 'cube',
  objectId: 'o1',
  objectName: 'Sales',
  viewId: null,
  viewName: null,
  cubeId: 'c1',
  cubeName: 'Sales cube',
  layout: null,
  parameters: null,
  format: 'xlsx',
  createdAt: now,
  createdBy: null,
  updatedAt: now,
  lastRun: null,
};
const run = (over: Partial<ReportRun> = {}): ReportRun => ({
  id: 'j1',
  reportId: 'r1',
  reportName: 'Sales by month',
  format: 'xlsx',
  status: 'running',
  progress: 0.5,
  parameters: null,
  parametersText: '',
  fileId: null,
  fileName: null,
  size: null,
  durationMs: null,
  result: null,
  log: [],
  error: null,
  createdAt: now,
  createdBy: 'u1',
  createdByName: 'Anna',
  startedAt: now,
  finishedAt: null,
  ...over,
});
const sales = {
  id: 'o1',
  name: 'Sales',
  code: 'sales',
  kind: 'table',
  description: '',
  displayFieldId: null,
  tableName: 'obj_o1',
  fieldCount: 1,
  createdAt: now,
  updatedAt: now,
  fields: [],
};

describe('ReportsScreen', () => {
  it('generates a report with its parameters, shows progress, then the file and its run', async () => {
    const calls: QryBody[] = [];
    let polls = 0;
    const done = run({
      status: 'succeeded',
      progress: 1,
      fileId: 'f1',
      fileName: 'Sales by month.xlsx',
      size: 2048,
      durationMs: 1500,
      result: { rows: 12, columns: 4, pages: null, bytes: 2048 },
      parametersText: 'Region = North',
    });
    server.use(
      qryHandler(
        {
          'reports.list': () => ({
            items: [
              polls > 1
                ? {
                    ...report,
                    lastRun: {
                      id: 'j1',
                      status: 'succeeded',
                      createdAt: now,
                      finishedAt: now,
                      fileId: 'f1',
                    },
                  }
                : report,
            ],
          }),
          'reports.runs': () => ({
            items: polls > 1 ? [(({ log: _log, ...r }) => r)(done)] : [],
            hasMore: false,
          }),
          'objects.list': () => ({ items: [] }),
          'cubes.list': () => ({ items: [] }),
          'objects.get': () => sales,
          'reports.generate': () => run(),
          'reports.getRun': () => (++polls > 1 ? done : run()),
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportsScreen />, { path: '/fiscus/reports' });
    const row = await screen.findByTestId('report-row');
    expect(within(row).getByText('Cube: Sales cube')).toBeInTheDocument();
    expect(screen.getByTestId('reports-generate')).toBeDisabled();
    await user.click(row);
    await user.click(screen.getByTestId('reports-generate'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('generate-run'));
    expect(await within(dialog).findByTestId('generate-progress')).toBeInTheDocument();
    expect(
      await within(dialog).findByTestId('generate-download', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('12 rows × 4 columns')).toBeInTheDocument();
    expect(calls.find((c) => c.op === 'reports.generate')).toMatchObject({
      id: 'r1',
      format: 'xlsx',
      parameters: null,
    });
    // The run is listed with who, parameters, size and duration; its file opens from the list.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const runRow = await screen.findByTestId('run-row');
    expect(within(runRow).getByTestId('run-file')).toHaveTextContent('Sales by month.xlsx');
    expect(within(runRow).getByText('Anna')).toBeInTheDocument();
    expect(within(runRow).getByText('Region = North')).toBeInTheDocument();
    expect(within(runRow).getByText('2 KB')).toBeInTheDocument();
    expect(within(runRow).getByText('1.5 s')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('reports-download')).toBeEnabled());
  });

  it('says a cube without a default layout cannot be reported, and creates nothing', async () => {
    const calls: QryBody[] = [];
    const cube = {
      id: 'c2',
      objectId: 'o1',
      objectName: 'Sales',
      name: 'Unlaid cube',
      description: '',
      dimensions: [{ key: 'region', field: 'region' }],
      measures: [{ key: 'records', fn: 'count' }],
      calculated: [],
      parameters: null,
      defaultLayout: null,
      locks: [],
      keyDimensions: [],
      createdAt: now,
      updatedAt: now,
      createdBy: null,
    };
    server.use(
      qryHandler(
        {
          'reports.list': () => ({ items: [] }),
          'reports.runs': () => ({ items: [], hasMore: false }),
          'objects.list': () => ({ items: [] }),
          'objects.get': () => sales,
          'cubes.list': () => ({
            items: [
              {
                id: 'c2',
                name: 'Unlaid cube',
                description: '',
                objectId: 'o1',
                objectName: 'Sales',
                dimensionCount: 1,
                measureCount: 1,
                updatedAt: now,
              },
            ],
          }),
          'cubes.get': () => cube,
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportsScreen />, { path: '/fiscus/reports' });
    await user.click(await screen.findByTestId('reports-new'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('report-name'), 'Unlaid');
    await user.click(within(dialog).getByText('Cube'));
    const select = within(dialog).getByTestId('report-cube');
    await user.click(select);
    const list = await waitFor(() => {
      const el = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('no list');
      return el;
    });
    await user.click(
      await within(list).findByRole('option', { name: 'Unlaid cube', hidden: true }),
    );
    const hint = /has no default layout yet: open its pivot, arrange it and choose Save layout/;
    expect(await within(dialog).findByText(hint)).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('report-save'));
    expect(within(dialog).getByText(hint)).toBeInTheDocument();
    expect(calls.some((c) => c.op === 'reports.create')).toBe(false);
  });

  it('names a new report in other languages', async () => {
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'reports.list': () => ({ items: [] }),
          'reports.runs': () => ({ items: [], hasMore: false }),
          'objects.list': () => ({ items: [{ ...sales, fields: undefined }] }),
          'objects.get': () => sales,
          'cubes.list': () => ({ items: [] }),
          'views.list': () => ({ items: [] }),
          'reports.create': (b) => ({ ...report, name: b.name, names: b.names }),
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportsScreen />, { path: '/fiscus/reports' });
    await user.click(await screen.findByTestId('reports-new'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('report-name'), 'Sales list');
    await user.click(within(within(dialog).getByTestId('names')).getByRole('button'));
    expect(within(dialog).getByTestId('name-fr')).toHaveAttribute('placeholder', 'Sales list');
    await user.type(within(dialog).getByTestId('name-fr'), 'Liste des ventes');
    const select = within(dialog).getByTestId('report-object');
    await user.click(select);
    const list = await waitFor(() => {
      const el = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('no list');
      return el;
    });
    await user.click(await within(list).findByRole('option', { name: 'Sales', hidden: true }));
    await user.click(within(dialog).getByTestId('report-save'));
    await waitFor(() => expect(calls.some((c) => c.op === 'reports.create')).toBe(true));
    expect(calls.find((c) => c.op === 'reports.create')).toMatchObject({
      name: 'Sales list',
      names: { fr: 'Liste des ventes' },
      source: 'view',
      objectId: 'o1',
    });
  });

  it('names the report’s cube and object in the user’s language', async () => {
    server.use(
      qryHandler({
        'reports.list': () => ({
          items: [
            { ...report, name: 'Budget report', names: { ru: 'Бюджетный отчёт' } },
            {
              ...report,
              id: 'r2',
              name: 'Sales list',
              source: 'view',
              cubeId: null,
              cubeName: null,
              viewId: 'v1',
              viewName: 'Open orders',
            },
          ],
        }),
        'reports.runs': () => ({ items: [], hasMore: false }),
        'objects.list': () => ({ items: [{ ...sales, names: { ru: 'Продажи' } }] }),
        'cubes.list': () => ({
          items: [
            {
              id: 'c1',
              name: 'Sales cube',
              names: { ru: 'Куб продаж' },
              description: '',
              objectId: 'o1',
              objectName: 'Sales',
              dimensionCount: 2,
              measureCount: 1,
              updatedAt: now,
            },
          ],
        }),
      }),
    );
    await renderScreen(<ReportsScreen />, { path: '/fiscus/reports', language: 'ru' });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(await screen.findByText('Куб: Куб продаж')).toBeInTheDocument();
    expect(await screen.findByText(/Продажи · Open orders/)).toBeInTheDocument();
    expect(screen.queryByText(/Sales cube/)).toBeNull();
  });

  it('shows the empty state', async () => {
    server.use(
      qryHandler({
        'reports.list': () => ({ items: [] }),
        'reports.runs': () => ({ items: [], hasMore: false }),
        'objects.list': () => ({ items: [] }),
        'cubes.list': () => ({ items: [] }),
      }),
    );
    await renderScreen(<ReportsScreen />, { path: '/fiscus/reports' });
    expect(await screen.findByTestId('reports-empty')).toHaveTextContent('No reports yet');
    expect(screen.getByTestId('runs-empty')).toBeInTheDocument();
  });

  it('takes two clicks on a report asked in one tick as two: selected, then not', async () => {
    server.use(
      qryHandler({
        'reports.list': () => ({ items: [report, { ...report, id: 'r2', name: 'Sales list' }] }),
        'reports.runs': () => ({ items: [], hasMore: false }),
        'objects.list': () => ({ items: [sales] }),
        'cubes.list': () => ({ items: [] }),
      }),
    );
    const view = await renderScreen(<ReportsScreen />, { path: '/fiscus/reports?x=1' });
    const [first, second] = await screen.findAllByTestId('report-row');
    // Clicked twice before the first click's address has been rendered: as two slow clicks.
    act(() => {
      first!.click();
      first!.click();
    });
    expect(view.router.state.location.search).toBe('?x=1');
    expect(first).toHaveAttribute('aria-selected', 'false');
    // A row, then another: the other one.
    act(() => {
      first!.click();
      second!.click();
    });
    expect(view.router.state.location.search).toBe('?x=1&report=r2');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-selected', 'false');
    await settled(view);
  });
});
