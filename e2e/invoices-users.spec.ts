import { expect, test } from './fixtures.js';

// Invoices and users of the demo, served by the in-browser mock backend.

test.describe('invoices and users', () => {
  test('filter invoices by status and open a preview', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.goto('/apps/invoice/list');
    await expect(page.getByTestId('invoice-showing')).toHaveText('Showing 1 to 10 of 50 entries', {
      timeout: 30_000,
    });
    await page.getByPlaceholder('Select status').click();
    await page.getByRole('option', { name: 'Past due' }).click();
    await expect(page.getByTestId('invoice-showing')).toHaveText('Showing 1 to 3 of 3 entries');
    await expect(page.getByTestId('invoice-row')).toHaveCount(3);
    const first = page.getByTestId('invoice-row').first();
    const number = (await first.getByRole('link').first().innerText()).replace(/\D/g, '');
    await first.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/apps/invoice/preview/${number}$`));
    await expect(page.getByText(`#${number}`).first()).toBeVisible();
  });

  test('add a user and find them in the list', async ({ signedIn: page }) => {
    test.setTimeout(150_000);
    await page.goto('/apps/users/list');
    await expect(page.getByTestId('users-showing')).toHaveText('Showing 1 to 10 of 50 entries', {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Add user' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: /Full name/ }).fill('Nora Quill');
    await drawer.getByRole('textbox', { name: /Username/ }).fill('noraquill');
    await drawer.getByRole('textbox', { name: /E-mail/ }).fill('nora@example.com');
    await drawer.getByRole('textbox', { name: /Contact/ }).fill('+1 555 0100');
    await drawer.getByRole('textbox', { name: /Company/ }).fill('Quill Co');
    for (const [label, option] of [
      ['Country', 'Germany'],
      ['Role', 'Editor'],
      ['Plan', 'Team'],
    ] as const) {
      await drawer.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await drawer.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('textbox', { name: 'Search' }).fill('nora');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toContainText('Nora Quill');
  });
});
