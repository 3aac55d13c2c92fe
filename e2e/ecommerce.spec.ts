import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// The shop demo runs against the in-browser mock backend; its data resets on every page load
// (27 products, 5 of them in the cart).

const cartCount = (page: Page) => page.getByTestId('cart-count');

async function openShop(page: Page) {
  await page.goto('/apps/e-commerce/shop');
  await expect(page.getByTestId('product-grid')).toBeVisible({ timeout: 30_000 });
}

test.describe('e-commerce', () => {
  test('add a product to the cart and check out', async ({ signedIn: page }) => {
    test.setTimeout(180_000);
    await openShop(page);
    await expect(page.getByTestId('results-count')).toHaveText('27 results found');
    await expect(page.getByTestId('product-card')).toHaveCount(9);
    await expect(cartCount(page)).toHaveAttribute('data-count', '5');

    // Add a product that is not in the cart yet: the navbar count follows.
    const name = 'Canon PIXMA Wireless Printer';
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expect(cartCount(page)).toHaveAttribute('data-count', '6');
    await expect(card.getByRole('button', { name: 'View in cart' })).toBeVisible();

    // The navbar dropdown lists it with the others.
    await page.getByTestId('cart-toggle').click();
    const dropdown = page.getByTestId('cart-dropdown');
    await expect(dropdown.getByText('6 items')).toBeVisible();
    await expect(dropdown.getByTestId('cart-line')).toHaveCount(6);
    await expect(dropdown.getByText(name)).toBeVisible();
    await dropdown.getByRole('button', { name: 'Checkout' }).click();

    // Step 1: cart.
    await expect(page).toHaveURL(/\/apps\/e-commerce\/checkout$/);
    await expect(page.getByTestId('checkout-line')).toHaveCount(6);
    await page.getByLabel(`Quantity of ${name}`).fill('2');
    await expect(page.getByText('Total MRP (7 items)')).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();

    // Step 2: address, validated.
    await page.getByRole('button', { name: 'Save and deliver here' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByLabel('Full name').fill('Jane Doe');
    await page.getByLabel('Mobile number').fill('12ab');
    await page.getByLabel('Flat, house no.').fill('12 Main Street');
    await page.getByLabel('Landmark').fill('Opposite the park');
    await page.getByLabel('Town / city').fill('Springfield');
    await page.getByLabel('Postcode').fill('40512');
    await page.getByLabel('State').fill('Ohio');
    await page.getByRole('button', { name: 'Save and deliver here' }).click();
    await expect(page.getByText('Enter a mobile number of 7 to 15 digits')).toBeVisible();
    await page.getByLabel('Mobile number').fill('5551234567');
    await page.getByRole('button', { name: 'Save and deliver here' }).click();

    // Step 3: payment by card, validated.
    await expect(page.getByText('Payment options')).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Name on card').fill('Jane Doe');
    await page.getByLabel('Expiry date').fill('12/39');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByText('Enter a valid card number')).toBeVisible();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: /^Pay / }).click();

    // Step 4: confirmation; the cart is empty now.
    const confirmation = page.getByTestId('order-confirmation');
    await expect(confirmation.getByText('Thank you for your order!')).toBeVisible();
    await expect(confirmation.getByText(/Order FS-\d+ has been placed\./)).toBeVisible();
    await expect(confirmation.getByText('Card ending in 4242')).toBeVisible();
    await expect(confirmation.getByRole('row')).toHaveCount(7);
    await expect(cartCount(page)).toHaveAttribute('data-count', '0');
    await page.getByTestId('cart-toggle').click();
    await expect(page.getByTestId('cart-dropdown').getByText('Your cart is empty.')).toBeVisible();
  });

  test('filters, sort and an unknown product', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await openShop(page);
    const apple = page.getByRole('checkbox', { name: /Apple/ });
    await apple.click();
    await expect(apple).toBeChecked();
    await expect(page.getByTestId('results-count')).toHaveText('6 results found');
    await page.getByRole('combobox', { name: 'Sort products' }).click();
    await page.getByRole('option', { name: 'Highest price' }).click();
    await expect(page.getByTestId('product-card').first()).toContainText('Apple iMac 27-inch');
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page.getByTestId('results-count')).toHaveText('27 results found');

    await page.goto('/apps/e-commerce/no-such-thing-999');
    await expect(page.getByRole('alert')).toContainText('Product not found');
    await page.getByRole('link', { name: 'Check the shop for other items.' }).click();
    await expect(page.getByTestId('product-grid')).toBeVisible();
  });
});
