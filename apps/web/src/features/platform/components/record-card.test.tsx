import { MantineProvider } from '@mantine/core';
import { defaultRules, type PlatformObject } from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { i18nReady } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { RecordCard } from './record-card';
import { qryHandler, strict } from '@/test/msw';

const now = '2026-01-01T00:00:00.000Z';
const meta: PlatformObject = {
  id: 'o1',
  name: 'Vehicles',
  code: 'vehicles',
  kind: 'table',
  description: '',
  displayFieldId: 'f1',
  tableName: 'obj_o1',
  fieldCount: 2,
  createdAt: now,
  updatedAt: now,
  fields: [
    {
      id: 'f1',
      objectId: 'o1',
      name: 'Name',
      code: 'name',
      type: 'text',
      options: { required: true },
      position: 0,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: 'f3',
      objectId: 'o1',
      name: 'Status',
      code: 'status',
      type: 'select',
      options: {
        choices: [
          { value: 'active', label: 'Active' },
          { value: 'retired', label: 'Retired' },
        ],
      },
      position: 2,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: 'f2',
      objectId: 'o1',
      name: 'Seats',
      code: 'seats',
      type: 'integer',
      options: { min: 1 },
      position: 1,
      createdAt: now,
      updatedAt: now,
    },
  ],
};

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetRules();
});

function renderCard(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <Suspense fallback={null}>
            <RecordCard meta={meta} recordId={null} opened onClose={onClose} />
          </Suspense>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('RecordCard', () => {
  it('checks fields before sending and shows the server’s per-field errors', async () => {
    await i18nReady;
    const bodies: unknown[] = [];
    server.use(
      qryHandler(
        {
          'records.create': () =>
            HttpResponse.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Some values are not valid',
                  fields: { name: ['This value is already used'] },
                },
              },
              { status: 400 },
            ),
        },
        (body) => bodies.push(body),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(name, 'Truck');
    await user.type(screen.getByRole('textbox', { name: 'Seats' }), '3');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    expect(await screen.findByText('This value is already used')).toBeInTheDocument();
    expect(bodies).toEqual([
      { op: 'records.create', objectId: 'o1', values: { name: 'Truck', status: null, seats: 3 } },
    ]);
  });

  it('Create and Clear empties the form, Create and Close closes it', async () => {
    await i18nReady;
    let id = 0;
    server.use(
      qryHandler({
        'records.create': (body) => ({
          id: ++id,
          values: body.values,
          display: {},
          createdAt: now,
          createdBy: null,
          updatedAt: now,
          updatedBy: null,
          deletedAt: null,
        }),
      }),
    );
    const user = userEvent.setup();
    const { onClose } = renderCard();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Truck');
    await user.click(screen.getByRole('button', { name: 'Create and Clear' }));
    await waitFor(() => expect(name).toHaveValue(''));
    expect(onClose).not.toHaveBeenCalled();
    await user.type(name, 'Van');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(id).toBe(2);
  });

  it('a click on the chosen option of a select keeps it', async () => {
    await i18nReady;
    const bodies: unknown[] = [];
    server.use(
      qryHandler(
        {
          'records.create': (body) => ({
            id: 1,
            values: body.values,
            display: {},
            createdAt: now,
            createdBy: null,
            updatedAt: now,
            updatedBy: null,
            deletedAt: null,
          }),
        },
        (body) => bodies.push(body),
      ),
    );
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Bus');
    const status = screen.getByRole('combobox', { name: 'Status' });
    // Options stay out of the accessibility tree while jsdom runs the dropdown's transition.
    const pick = async () => {
      await user.click(status);
      const list = await waitFor(() => {
        const el = document.getElementById(status.getAttribute('aria-controls') ?? '');
        if (!el) throw new Error('no list');
        return el;
      });
      await user.click(await within(list).findByRole('option', { name: 'Active', hidden: true }));
    };
    await pick();
    expect(status).toHaveValue('Active');
    // Open the list again and click the option already chosen.
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await pick();
    expect(status).toHaveValue('Active');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ values: { name: 'Bus', status: 'active' } });
  });
});
