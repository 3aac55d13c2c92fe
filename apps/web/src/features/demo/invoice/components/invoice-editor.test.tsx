import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceDb, resetInvoice } from '@/mocks/db/invoice';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { InvoiceAdd } from './invoice-editor';
import { InvoicePreview } from './invoice-preview';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetInvoice());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function pick(input: HTMLElement, option: string) {
  await userEvent.click(input);
  const listbox = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('Invoice add', () => {
  it('validates, computes totals from the rows and saves into the mock', async () => {
    await renderScreen(<InvoiceAdd />, { path: '/apps/invoice/add' });
    const client = invoiceDb.invoices[0]!.client;
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a client')).toBeInTheDocument();
    expect(invoiceDb.invoices).toHaveLength(50);

    const clientInput = screen.getByLabelText(/^Invoice to/, { selector: 'input' });
    await waitFor(() => expect(clientInput).not.toBeDisabled());
    await pick(clientInput, `${client.name} (${client.companyEmail})`);
    await pick(screen.getByLabelText(/^Item/, { selector: 'input' }), 'App Development');
    const qty = screen.getByRole('textbox', { name: 'Qty' });
    fireEvent.change(qty, { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('total-subtotal')).toHaveTextContent('$96.00'));
    const discount = screen.getByRole('textbox', { name: 'Discount' });
    fireEvent.change(discount, { target: { value: '10%' } });
    await waitFor(() => expect(screen.getByTestId('total-discount')).toHaveTextContent('$9.60'));
    expect(screen.getByTestId('total-total')).toHaveTextContent('$86.40');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(invoiceDb.invoices).toHaveLength(51));
    expect(invoiceDb.invoices.at(-1)).toMatchObject({
      id: 5037,
      total: 86.4,
      balance: 86.4,
      client: { companyEmail: client.companyEmail },
    });
  }, 60_000);
});

describe('Invoice preview', () => {
  it('records a payment that lowers the balance', async () => {
    const invoice = invoiceDb.invoices.find((i) => i.balance > 20)!;
    const before = invoice.balance;
    await renderScreen(<InvoicePreview />, {
      path: `/apps/invoice/preview/${invoice.id}`,
      route: '/apps/invoice/preview/:id',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add payment' }));
    const drawer = await screen.findByRole('dialog');
    const amount = within(drawer).getByRole('textbox', { name: /Payment amount/ });
    fireEvent.change(amount, { target: { value: '$10' } });
    await pick(within(drawer).getByLabelText(/^Payment method/, { selector: 'input' }), 'Cash');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(invoice.balance).toBeCloseTo(before - 10, 2));
  }, 60_000);

  it('shows a not-found alert for an unknown invoice', async () => {
    await renderScreen(<InvoicePreview />, {
      path: '/apps/invoice/preview/999',
      route: '/apps/invoice/preview/:id',
    });
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the invoice list' })).toHaveAttribute(
      'href',
      '/apps/invoice/list',
    );
  });
});
