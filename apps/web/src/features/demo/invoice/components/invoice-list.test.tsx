import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetInvoice } from '@/mocks/db/invoice';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { InvoiceList } from './invoice-list';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetInvoice());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Invoice list', () => {
  it('shows the newest invoices first and filters by status', async () => {
    await renderScreen(<InvoiceList />);
    expect(await screen.findByText('#5036')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-showing')).toHaveTextContent(
      'Showing 1 to 10 of 50 entries',
    );
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(10);

    await userEvent.click(screen.getByPlaceholderText('Select status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Past due', hidden: true }));

    await waitFor(() =>
      expect(screen.getByTestId('invoice-showing')).toHaveTextContent(
        'Showing 1 to 3 of 3 entries',
      ),
    );
    const rows = screen.getAllByTestId('invoice-row');
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(within(row).getByLabelText('Past due')).toHaveAttribute('data-status', 'Past Due');
  });
});
