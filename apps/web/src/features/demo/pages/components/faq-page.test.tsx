import { screen } from '@testing-library/react';
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
});
