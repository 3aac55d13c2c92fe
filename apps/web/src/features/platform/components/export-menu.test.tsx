import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultRules, type Job } from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Suspense } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { i18nReady, i18next } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { ExportMenu, type ExportView } from './export-menu';
import { qryHandler, strict } from '@/test/msw';

const downloadFile = vi.hoisted(() =>
  vi.fn((_id: string, _name?: string, _p?: (l: number, t?: number) => void) => Promise.resolve()),
);
vi.mock('@/lib/download', () => ({ downloadFile }));

const now = '2026-01-01T00:00:00.000Z';
const job = (patch: Partial<Job>): Job => ({
  id: 'job1',
  kind: 'export',
  status: 'queued',
  progress: 0,
  processed: 0,
  total: null,
  error: null,
  fileId: null,
  createdBy: 'u1',
  createdAt: now,
  startedAt: null,
  finishedAt: null,
  ...patch,
});

const view: ExportView = {
  objectId: 'o1',
  filter: {
    isactive: true,
    isexpanded: true,
    name: 'root',
    operator: { sid: 'and', name: 'AND' },
    children: [],
    conditions: [{ field: 'seats', op: 'gt', value: 2 }],
  },
  search: 'van',
  state: 'deleted',
  orderby: { isActive: true, sorts: [{ field: 'name', dir: 'desc' }] },
  fields: ['seats', 'name'],
};

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <Notifications />
        <Suspense fallback={null}>
          <ExportMenu view={view} baseName="vehicles" title="Vehicles" />
        </Suspense>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** Answers `records.export` and then `exports.get` with the given jobs in turn. */
function backend(steps: Job[]) {
  const bodies: Record<string, unknown>[] = [];
  let polls = 0;
  server.use(
    qryHandler(
      {
        'records.export': () => job({}),
        'exports.get': () => steps[Math.min(polls++, steps.length - 1)]!,
      },
      (body) => bodies.push(body),
    ),
  );
  return bodies;
}

beforeAll(async () => {
  server.listen(strict);
  await i18nReady;
  await i18next.changeLanguage('en');
});
beforeEach(() => {
  setRules(defaultRules);
  downloadFile.mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetRules();
});

describe('ExportMenu', () => {
  it('exports the current view, shows progress while polling and downloads the file', async () => {
    const bodies = backend([
      job({ status: 'running', processed: 5, total: 10, progress: 0.5 }),
      job({ status: 'running', processed: 5, total: 10, progress: 0.5 }),
      job({
        status: 'succeeded',
        processed: 10,
        total: 10,
        progress: 1,
        fileId: 'abcdef0123456789',
      }),
    ]);
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByText('Field codes'));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (comma-separated)' }));

    expect(await screen.findByText('5 of 10 rows · 50%')).toBeInTheDocument();
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(downloadFile.mock.calls[0]?.[0]).toBe('abcdef0123456789');
    expect(downloadFile.mock.calls[0]?.[1]).toBe('vehicles.csv');
    expect(await screen.findByText('Export ready: 10 rows')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('export-progress')).not.toBeInTheDocument());

    expect(bodies[0]).toEqual({
      op: 'records.export',
      ...view,
      format: 'csv',
      headings: 'codes',
      csvStyle: 'comma',
    });
    expect(bodies.filter((b) => b.op === 'exports.get').length).toBeGreaterThanOrEqual(3);
    expect(bodies.filter((b) => b.op === 'exports.get').every((b) => b.id === 'job1')).toBe(true);
  });

  it('asks for the semicolon style from the “CSV for Excel” item', async () => {
    const bodies = backend([
      job({ status: 'succeeded', processed: 1, total: 1, progress: 1, fileId: 'abcdef0123456789' }),
    ]);
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'CSV for Excel (semicolons, decimal commas)' }),
    );
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(bodies[0]).toMatchObject({ format: 'csv', csvStyle: 'semicolon', headings: 'names' });
  });

  it('shows the job’s error when the export fails and downloads nothing', async () => {
    backend([job({ status: 'failed', error: 'The disk is full' })]);
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel workbook (XLSX)' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('The disk is full')).toBeInTheDocument();
    expect(downloadFile).not.toHaveBeenCalled();
    // The button is usable again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
  });

  it('shows the server’s message when the export cannot start', async () => {
    server.use(
      qryHandler({
        'records.export': () =>
          HttpResponse.json(
            { error: { code: 'validation_failed', message: 'Unknown field: colour' } },
            { status: 400 },
          ),
      }),
    );
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (comma-separated)' }));
    expect(await screen.findByText('Unknown field: colour')).toBeInTheDocument();
    expect(screen.queryByTestId('export-progress')).not.toBeInTheDocument();
  });

  it('is not offered to users who may not export', async () => {
    setRules([{ action: 'read', subject: 'Record' }]);
    renderMenu();
    // Translations are loaded once the screen shows; the button stays absent.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});
