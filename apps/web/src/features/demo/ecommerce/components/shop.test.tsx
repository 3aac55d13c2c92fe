import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { i18nReady, i18next } from '@/lib/i18n';
import { ecommerceDb, resetEcommerce } from '@/mocks/db/ecommerce';
import { server } from '@/mocks/node';
import CartDropdown from '../cart-dropdown';
import { ProductScreen } from './product-screen';
import { ShopScreen } from './shop-screen';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
beforeEach(() => resetEcommerce());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The navbar cart next to a shop screen, sharing one query client like the console. */
async function renderShop(path: string) {
  await i18nReady;
  await i18next.changeLanguage('en');
  const router = createMemoryRouter(
    [
      {
        path: '/apps/e-commerce/shop',
        element: (
          <>
            <CartDropdown />
            <ShopScreen />
          </>
        ),
      },
      { path: '/apps/e-commerce/:slug', element: <ProductScreen /> },
      { path: '/apps/e-commerce/checkout', element: <p>checkout page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={makeQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>,
  );
  return router;
}

const count = () => screen.getByTestId('cart-count').getAttribute('data-count');
const card = (name: string) =>
  screen.getAllByTestId('product-card').find((c) => within(c).queryByText(name))!;

describe('shop and navbar cart', () => {
  it('keeps the navbar count and the product buttons in sync', async () => {
    const user = userEvent.setup();
    await renderShop('/apps/e-commerce/shop');
    expect(
      await screen.findByText('27 results found', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(count()).toBe('5'));
    expect(screen.getAllByTestId('product-card')).toHaveLength(9);

    const name = 'Canon PIXMA Wireless Printer';
    await user.click(screen.getByLabelText(`Add ${name} to cart`));
    await waitFor(() => expect(count()).toBe('6'));
    expect(within(card(name)).getByText('View in cart')).toBeInTheDocument();
    expect(ecommerceDb.cart.map((c) => c.productId)).toContain(24);

    // The popup's attributes are on the button that opens it, not on the count around it.
    expect(screen.getByTestId('cart-count')).not.toHaveAttribute('aria-haspopup');
    expect(screen.getByTestId('cart-toggle')).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(screen.getByTestId('cart-toggle'));
    const dropdown = await screen.findByTestId('cart-dropdown');
    expect(screen.getByTestId('cart-toggle')).toHaveAttribute('aria-expanded', 'true');
    expect(await within(dropdown).findByText('6 items')).toBeInTheDocument();
    await user.click(within(dropdown).getByLabelText(`Remove ${name}`));
    await waitFor(() => expect(count()).toBe('5'));
    await waitFor(() =>
      expect(within(card(name)).getByLabelText(`Add ${name} to cart`)).toBeInTheDocument(),
    );
  }, 90_000);

  it('filters by free shipping and searches by name, kept in the address', async () => {
    const user = userEvent.setup();
    const router = await renderShop('/apps/e-commerce/shop');
    expect(
      await screen.findByText('27 results found', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(await screen.findByLabelText('Free shipping only'));
    expect(
      await screen.findByText('15 results found', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toContain('free=1');

    // On a busy machine a pause between keystrokes may already search for "ap" (6 as well):
    // the search is done once the whole word is in the address.
    await user.type(screen.getByLabelText('Search product'), 'apple');
    expect(screen.getByLabelText('Search product')).toHaveValue('apple');
    await waitFor(() => expect(router.state.location.search).toContain('q=apple'));
    expect(
      await screen.findByText('6 results found', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();

    // Clearing the filters keeps the search: still 6 apples, now with any shipping.
    await user.click(screen.getByText('Clear all filters'));
    await waitFor(() => expect(router.state.location.search).not.toContain('free'));
    expect(screen.getByLabelText('Free shipping only')).not.toBeChecked();
    expect(screen.getByLabelText('Search product')).toHaveValue('apple');
    expect(
      await screen.findByText('6 results found', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 90_000);

  it('pages through 9 products per page', async () => {
    const user = userEvent.setup();
    await renderShop('/apps/e-commerce/shop?page=3');
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(9), {
      timeout: 15_000,
    });
    expect(screen.getByText('VicTsing Wireless Mouse')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Previous page'));
    expect(await screen.findByText('Sony 85-inch 4K Ultra HD LED TV')).toBeInTheDocument();
  }, 90_000);
});

describe('product details', () => {
  it('shows the product of the id after the last dash', async () => {
    await renderShop('/apps/e-commerce/apple-watch-series-5-27');
    expect(
      await screen.findByRole('heading', { name: 'Apple Watch Series 5' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('View in cart')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Colours')).getAllByRole('radio')).toHaveLength(5);
  }, 90_000);

  it('answers an unknown product with an alert linking back to the shop', async () => {
    const user = userEvent.setup();
    const router = await renderShop('/apps/e-commerce/no-such-item-999');
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Product not found');
    await user.click(within(alert).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/e-commerce/shop'));
  }, 90_000);
});
