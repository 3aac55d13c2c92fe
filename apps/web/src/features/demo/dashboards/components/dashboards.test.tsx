import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { CardAdvancePage, CardAnalyticPage } from './card-screens';
import { AnalyticsDashboard, EcommerceDashboard } from './dashboard-screens';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => {
  server.resetHandlers();
  useSession.getState().clear();
});
afterAll(() => server.close());

describe('eCommerce dashboard', () => {
  it('renders its cards from /ecommerce/data', async () => {
    await renderScreen(<EcommerceDashboard />);
    const stats = await screen.findByTestId('statistics-card');
    expect(within(stats).getByText('230K')).toBeInTheDocument();
    expect(within(stats).getByText('8.55K')).toBeInTheDocument();
    expect(within(stats).getByText('$9,745')).toBeInTheDocument();
    const medal = screen.getByTestId('medal-card');
    expect(within(medal).getByText('Congratulations John!')).toBeInTheDocument();
    expect(within(medal).getByText('You have won gold medal')).toBeInTheDocument();
    expect(within(medal).getByTestId('medal-amount')).toHaveTextContent('$48.9K');
    expect(within(medal).getByRole('button', { name: 'View Sales' })).toBeInTheDocument();
    expect(screen.getByTestId('revenue-price')).toHaveTextContent('$25,852');
    expect(screen.getByTestId('goal-completed')).toHaveTextContent('786,617');
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^2\.76K$/);
    expect(screen.getByTestId('profit-total')).toHaveTextContent(/^6\.24K$/);
    expect(
      within(screen.getByTestId('transactions-card')).getAllByTestId('transaction'),
    ).toHaveLength(5);
    expect(within(screen.getByTestId('company-table-card')).getAllByRole('row')).toHaveLength(8);
    expect(screen.getByTestId('browser-states-card')).toHaveTextContent('Google Chrome');
  });

  it('greets the signed-in user by first name and switches the report year', async () => {
    useSession.getState().setSession({
      user: {
        id: 'u1',
        username: 'ada',
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
        avatar: null,
        totpEnabled: false,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      domain: { id: 'd1', name: 'Main', role: 'admin' },
      domains: [],
      rules: [],
    });
    await renderScreen(<EcommerceDashboard />);
    expect(await screen.findByText('Congratulations Ada!')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('revenue-year'));
    await userEvent.click(await screen.findByRole('menuitem', { name: '2019', hidden: true }));
    expect(screen.getByTestId('revenue-year')).toHaveTextContent('2019');
    expect(screen.getByTestId('revenue-price')).toHaveTextContent('$21,436');
  });

  it('shows an error when the data does not arrive', async () => {
    server.use(http.get('/ecommerce/data', () => HttpResponse.json({}, { status: 500 })));
    await renderScreen(<EcommerceDashboard />);
    // One retry, then the error.
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this card');
  });

  it('writes its short figures the reader’s way', async () => {
    await renderScreen(<EcommerceDashboard />, { language: 'ru' });
    const stats = await screen.findByTestId('statistics-card');
    // Intl puts a no-break space between the figure and its suffix (matched as a space).
    expect(within(stats).getByText('230 тыс.')).toBeInTheDocument();
    expect(screen.getByTestId('orders-total')).toHaveTextContent(/^2,76\sтыс\.$/);
    expect(screen.getByTestId('revenue-price')).toHaveTextContent(/^25\s852\s\$$/);
  });
});

describe('analytics dashboard', () => {
  it('renders its cards from /analytics/data and links to the invoices', async () => {
    await renderScreen(<AnalyticsDashboard />);
    expect(await screen.findByText('Congratulations John,')).toBeInTheDocument();
    expect(screen.getByTestId('subscribers-card-value')).toHaveTextContent('92.6K');
    expect(screen.getByTestId('orders-received-card-value')).toHaveTextContent('38.4K');
    expect(screen.getByTestId('avg-sessions-value')).toHaveTextContent('2.7K');
    expect(screen.getByTestId('support-total')).toHaveTextContent('163');
    expect(screen.getByTestId('timeline-card')).toHaveTextContent('12 invoices have been paid');
    expect(screen.getByTestId('app-design-date')).toHaveTextContent('Sep 3, 20');
    expect(screen.getByTestId('app-design-planing-0')).toHaveTextContent('Apr 12, 21');
    expect(screen.getByTestId('app-design-planing-1')).toHaveTextContent('$49,251.91');
    expect(screen.getByTestId('app-design-planing-2')).toHaveTextContent('$840.99');
    expect(
      within(screen.getByTestId('invoices-link-card')).getByRole('link', {
        name: 'Open invoice list',
      }),
    ).toHaveAttribute('href', '/apps/invoice/list');
  });

  it('writes the App Design card’s dates and amounts the reader’s way', async () => {
    await renderScreen(<AnalyticsDashboard />, { language: 'de' });
    await screen.findByTestId('app-design-card');
    expect(screen.getByTestId('app-design-date')).toHaveTextContent('3. Sept. 20');
    expect(screen.getByTestId('app-design-planing-0')).toHaveTextContent('12. Apr. 21');
    expect(screen.getByTestId('app-design-planing-1')).toHaveTextContent(/^49\.251,91\s\$$/);
    expect(screen.getByTestId('app-design-planing-2')).toHaveTextContent(/^840,99\s\$$/);
  });

  it('changes the figures with the period', async () => {
    await renderScreen(<AnalyticsDashboard />);
    const card = await screen.findByTestId('support-tracker-card');
    const select = within(card).getByLabelText('Period of the tickets');
    await userEvent.click(select);
    const listbox = await waitFor(() => {
      const el = document.getElementById(select.getAttribute('aria-controls') ?? '');
      expect(el).not.toBeNull();
      return el!;
    });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Last year', hidden: true }));
    expect(screen.getByTestId('support-total')).toHaveTextContent('2140');
  });

  it('is translated', async () => {
    await renderScreen(<AnalyticsDashboard />, { language: 'de' });
    expect(await screen.findByText('Glückwunsch John,')).toBeInTheDocument();
    expect(screen.getByText('Neue Abonnenten')).toBeInTheDocument();
    expect(screen.getByText('Rechnungsliste öffnen')).toBeInTheDocument();
  });
});

describe('card pages', () => {
  it('shows the analytic cards from their endpoints', async () => {
    await renderScreen(<CardAnalyticPage />);
    expect(await screen.findByTestId('revenue-this-month')).toHaveTextContent('$86,589');
    expect(await screen.findByTestId('orders-finished')).toHaveTextContent('23043');
    expect(await screen.findByTestId('customers-card')).toHaveTextContent('890');
    expect(await screen.findByTestId('sessions-device-card')).toHaveTextContent('58.6%');
  });

  it('sends a chat message locally on the advance page', async () => {
    await renderScreen(<CardAdvancePage />);
    const chat = screen.getByTestId('chat-card');
    await userEvent.type(within(chat).getByRole('textbox'), 'See you at the meetup');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send message' }));
    expect(within(chat).getByTestId('chat-messages')).toHaveTextContent('See you at the meetup');
    expect(within(chat).getByRole('textbox')).toHaveValue('');
  });
});
