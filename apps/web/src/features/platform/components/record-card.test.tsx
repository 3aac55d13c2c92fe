import { MantineProvider } from '@mantine/core';
import { type PlatformObject } from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nReady, i18next } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { RecordCard } from './record-card';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { qryHandler } from '@/test/msw';

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

mockServerWithDefaultRules();

function renderCard(onClose = vi.fn(), object: PlatformObject = meta) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <Suspense fallback={null}>
            <RecordCard meta={object} recordId={null} opened onClose={onClose} />
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

/** An object with a money field of scale 2 and a decimal of scale 4. */
const prices: PlatformObject = {
  ...meta,
  id: 'o2',
  fields: [
    meta.fields[0]!,
    {
      id: 'p1',
      objectId: 'o2',
      name: 'Price',
      code: 'price',
      type: 'money',
      options: { scale: 2, currency: 'EUR' },
      position: 1,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: 'p2',
      objectId: 'o2',
      name: 'Rate',
      code: 'rate',
      type: 'decimal',
      options: { scale: 4 },
      position: 2,
      createdAt: now,
      updatedAt: now,
    },
  ],
};

describe('RecordCard decimals', () => {
  const created = (bodies: unknown[]) =>
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
    );
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('sends every digit typed, as the exact decimal string', async () => {
    await i18nReady;
    await i18next.changeLanguage('en');
    const bodies: unknown[] = [];
    server.use(created(bodies));
    const user = userEvent.setup();
    renderCard(vi.fn(), prices);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Big');
    // 123456789012345678 cents: far beyond 2^53, where a binary number drops the cents.
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '1,234,567,890,123,456.78');
    await user.type(screen.getByRole('textbox', { name: 'Rate' }), '0.0001');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      op: 'records.create',
      objectId: 'o2',
      values: { name: 'Big', price: '1234567890123456.78', rate: '0.0001' },
    });
  });

  it('reads German input: 1.234,5 is 1234.5, and shows it grouped again', async () => {
    await i18nReady;
    await i18next.changeLanguage('de');
    const bodies: unknown[] = [];
    server.use(created(bodies));
    const user = userEvent.setup();
    renderCard(vi.fn(), prices);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Bus');
    const price = screen.getByRole('textbox', { name: 'Price' });
    await user.type(price, '1.234,5');
    await user.tab();
    expect(price).toHaveValue('1.234,50');
    await user.type(screen.getByRole('textbox', { name: 'Rate' }), '0,125');
    await user.click(screen.getByRole('button', { name: 'Erstellen und schließen' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ values: { price: '1234.5', rate: '0.125' } });
  });

  it('refuses more places than the field keeps, naming the field and the rule', async () => {
    await i18nReady;
    await i18next.changeLanguage('en');
    const bodies: unknown[] = [];
    server.use(created(bodies));
    const user = userEvent.setup();
    renderCard(vi.fn(), prices);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Van');
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '12.345');
    await user.type(screen.getByRole('textbox', { name: 'Rate' }), '12345678901234567');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    expect(await screen.findByText('Price: at most 2 decimal places')).toBeInTheDocument();
    expect(
      screen.getByText('Rate: too large — at most 14 digits before the decimal point'),
    ).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Price' }));
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '12,5x');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    expect(await screen.findByText('Price: enter a number such as 1234.56')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});
