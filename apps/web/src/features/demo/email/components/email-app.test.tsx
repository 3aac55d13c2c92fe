import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEmail } from '@/mocks/db/email';
import { resetHandlersNow, server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { EmailApp } from './email-app';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetEmail());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('email app', { timeout: 60_000 }, () => {
  it('lists the inbox and marks an opened mail read', async () => {
    await renderScreen(<EmailApp folder="inbox" />, { path: '/apps/email' });
    const list = await screen.findByTestId('email-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByTestId('email-count-inbox')).toHaveTextContent('3');
    expect(screen.getByTestId('email-count-draft')).toHaveTextContent('4');
    expect(screen.getByTestId('email-count-spam')).toHaveTextContent('2');

    await userEvent.click(screen.getByTestId('email-open-23'));
    expect(await screen.findByRole('heading', { name: 'Invoice approval needed' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('email-count-inbox')).toHaveTextContent('2'));
    expect(screen.getByTestId('email-attachment')).toHaveTextContent('invoice-4471.pdf');

    // mark unread from the mail view: back to the list, the count goes up again
    await userEvent.click(screen.getByTestId('email-mark-unread'));
    await waitFor(() => expect(screen.getByTestId('email-count-inbox')).toHaveTextContent('3'));
    expect(await screen.findByTestId('email-row-23')).not.toHaveAttribute('data-read');
  });

  it('selects all with an indeterminate state and moves the selection to trash', async () => {
    await renderScreen(<EmailApp folder="inbox" />, { path: '/apps/email' });
    await screen.findByTestId('email-list');
    const selectAll = screen.getByRole('checkbox', { name: 'Select All' });
    await userEvent.click(screen.getByTestId('email-select-24'));
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(selectAll);
    expect(selectAll).toBeChecked();
    await userEvent.click(screen.getByTestId('email-delete'));
    expect(await screen.findByText('No Items Found')).toBeVisible();
    expect(screen.queryByTestId('email-count-inbox')).not.toBeInTheDocument();
  });

  it('toggles a label on the selected mails', async () => {
    await renderScreen(<EmailApp label="important" />, { path: '/apps/email/label/important' });
    const list = await screen.findByTestId('email-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByTestId('email-select-23'));
    await userEvent.click(screen.getByTestId('email-labels'));
    await userEvent.click(await screen.findByTestId('email-toggle-label-important'));
    await waitFor(() =>
      expect(within(screen.getByTestId('email-list')).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('shows an error with a retry when the mails cannot be loaded', async () => {
    server.use(
      http.get('/apps/email/emails', () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'Mailbox unavailable' } },
          { status: 500 },
        ),
      ),
    );
    await renderScreen(<EmailApp folder="inbox" />, { path: '/apps/email' });
    expect(await screen.findByTestId('email-error')).toHaveTextContent('Mailbox unavailable');
    resetHandlersNow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('email-list')).toBeVisible();
  });

  it('speaks the user’s language', async () => {
    await renderScreen(<EmailApp folder="inbox" />, { path: '/apps/email', language: 'de' });
    expect(await screen.findByRole('button', { name: 'Verfassen' })).toBeVisible();
    expect(screen.getByPlaceholderText('E-Mails durchsuchen')).toBeVisible();
    expect(screen.getByText('Posteingang')).toBeVisible();
  });
});
