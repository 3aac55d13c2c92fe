import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { FaqPage } from './faq-page';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('FAQ page', () => {
  it('filters questions as the user types and shows an empty state', async () => {
    await renderScreen(<FaqPage />);
    expect(
      await screen.findByText('Does my subscription automatically renew?'),
    ).toBeInTheDocument();
    const search = screen.getByRole('textbox', { name: 'Search faq...' });
    await userEvent.type(search, 'refund');
    expect(await screen.findByText('When will I get my refund?')).toBeInTheDocument();
    expect(screen.queryByText('Does my subscription automatically renew?')).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzzz');
    expect(await screen.findByTestId('faq-empty')).toBeInTheDocument();
  });

  it('keeps the search in the address without a history entry per search', async () => {
    const { router } = await renderScreen(<FaqPage />, { path: '/pages/faq' });
    await screen.findByText('Does my subscription automatically renew?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search faq...' }), 'refund');
    await waitFor(() => expect(router.state.location.search).toBe('?q=refund'));
    // The search replaced the address: Back leaves the page as it was entered.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('When will I get my refund?')).toBeInTheDocument();
  });

  it('follows the address on back and forward and on a link to the FAQ', async () => {
    const { router } = await renderScreen(<FaqPage />, { path: '/pages/faq?q=refund' });
    const search = screen.getByRole('textbox', { name: 'Search faq...' });
    expect(await screen.findByText('When will I get my refund?')).toBeInTheDocument();
    expect(search).toHaveValue('refund');
    // A link to the FAQ without a search (the menu, the user menu) shows every question.
    await act(() => router.navigate('/pages/faq'));
    expect(search).toHaveValue('');
    expect(
      await screen.findByText('Does my subscription automatically renew?'),
    ).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(search).toHaveValue('refund');
    await waitFor(() =>
      expect(
        screen.queryByText('Does my subscription automatically renew?'),
      ).not.toBeInTheDocument(),
    );
    await act(() => router.navigate(1));
    expect(search).toHaveValue('');
    expect(
      await screen.findByText('Does my subscription automatically renew?'),
    ).toBeInTheDocument();
  });
});
