import { MantineProvider } from '@mantine/core';
import { type Field, type PlatformObject } from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18nReady } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { qryHandler, type QryBody } from '@/test/msw';
import { FieldEditor } from './field-editor';
import { RecordCard } from './record-card';

const now = '2026-01-01T00:00:00.000Z';
const field = (id: string, code: string, type: Field['type'], extra: Partial<Field> = {}) =>
  ({
    id,
    objectId: 'o1',
    name: code[0]?.toUpperCase() + code.slice(1),
    code,
    type,
    options: {},
    position: Number(id.slice(1)),
    createdAt: now,
    updatedAt: now,
    ...extra,
  }) as Field;

const meta: PlatformObject = {
  id: 'o1',
  name: 'Lines',
  code: 'lines',
  kind: 'table',
  description: '',
  displayFieldId: 'f1',
  tableName: 'obj_o1',
  fieldCount: 4,
  createdAt: now,
  updatedAt: now,
  fields: [
    field('f1', 'name', 'text'),
    field('f2', 'qty', 'integer'),
    field('f3', 'price', 'decimal', { options: { scale: 2 } }),
    field('f4', 'amount', 'decimal', {
      options: { scale: 2 },
      computed: { kind: 'formula', formula: 'qty * price', stored: true, problem: null },
    }),
  ],
};

mockServerWithDefaultRules();

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <Suspense fallback={null}>{node}</Suspense>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the field designer’s formulas', () => {
  it('checks the formula as it is typed, names the missing field, and sends the definition', async () => {
    await i18nReady;
    const sent: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'fields.check': (body) => {
            const formula = (body.computed as { formula: string }).formula;
            return /prise/.test(formula)
              ? {
                  valid: false,
                  type: null,
                  options: null,
                  stored: false,
                  errors: { 'computed.formula': ['At 7–11: Lines has no field prise.'] },
                }
              : { valid: true, type: 'decimal', options: { scale: 2 }, stored: true, errors: {} };
          },
          'fields.create': (body) => ({ ...meta.fields[3], id: 'f9', name: body.name }),
        },
        (body) => sent.push(body),
      ),
    );
    const user = userEvent.setup();
    wrap(<FieldEditor objectId="o1" field={null} opened onClose={() => {}} objects={[]} />);
    await user.click(await screen.findByRole('radio', { name: 'Formula' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Amount');
    const formula = screen.getByRole('textbox', { name: /^Formula/ });
    await user.type(formula, 'qty * prise');
    expect(await screen.findByText('At 7–11: Lines has no field prise.')).toBeInTheDocument();
    await user.clear(formula);
    await user.type(formula, 'qty * price');
    expect(await screen.findByText(/Gives Decimal \(2 decimal places\)/)).toBeInTheDocument();
    expect(screen.queryByText(/has no field prise/)).not.toBeInTheDocument();
    await user.click(screen.getByTestId('field-submit'));
    await waitFor(() => expect(sent.some((b) => b.op === 'fields.create')).toBe(true));
    expect(sent.find((b) => b.op === 'fields.create')).toMatchObject({
      objectId: 'o1',
      name: 'Amount',
      computed: { kind: 'formula', formula: 'qty * price' },
    });
    expect(sent.find((b) => b.op === 'fields.create')).not.toHaveProperty('options.required');
  });
});

describe('the record card', () => {
  it('shows a computed field read-only with its formula, and never sends it', async () => {
    await i18nReady;
    const sent: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'records.create': (body) => ({
            id: 1,
            values: { ...(body.values as object), amount: '7.50' },
            display: {},
            createdAt: now,
            createdBy: null,
            updatedAt: now,
            updatedBy: null,
            deletedAt: null,
          }),
        },
        (body) => sent.push(body),
      ),
    );
    const user = userEvent.setup();
    wrap(<RecordCard meta={meta} recordId={null} opened onClose={() => {}} />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveAttribute('readonly');
    expect(screen.getByText('= qty * price')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'l1');
    await user.type(screen.getByRole('textbox', { name: 'Qty' }), '3');
    await user.click(screen.getByRole('button', { name: 'Create and Close' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.values).not.toHaveProperty('amount');
  });
});
