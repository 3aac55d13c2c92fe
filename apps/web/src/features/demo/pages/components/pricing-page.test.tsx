import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { renderScreen } from '@/test/render';
import { PricingPage } from './pricing-page';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('pricing page', () => {
  it('shows monthly prices, and per-month and yearly totals when switched to annual', async () => {
    await renderScreen(<PricingPage />);
    const standard = await screen.findByTestId('plan-standard');
    expect(within(standard).getByTestId('price-standard')).toHaveTextContent('49');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent('99');
    expect(screen.getByTestId('price-basic')).toHaveTextContent('0');

    await userEvent.click(screen.getByTestId('pricing-switch'));
    expect(screen.getByTestId('price-standard')).toHaveTextContent('40');
    expect(screen.getByTestId('total-standard')).toHaveTextContent('480');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent('80');
    expect(screen.getByTestId('total-enterprise')).toHaveTextContent('960');
    expect(within(standard).getByText('Popular')).toBeInTheDocument();
  });

  it('is translated', async () => {
    await renderScreen(<PricingPage />, { language: 'de' });
    expect(await screen.findByText('Preispläne')).toBeInTheDocument();
    expect(screen.getByText('Ihr aktueller Plan')).toBeInTheDocument();
  });
});
