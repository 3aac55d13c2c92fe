import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

// Template pages served by the in-browser mock backend: pricing, FAQ, knowledge base, blog,
// account settings (General through the real API), tables and access control.

const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

test.describe('pages', () => {
  test('pricing: switching to annual shows 40 a month and 480 a year', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/pricing');
    await expect(page.getByTestId('price-standard')).toHaveText('49', { timeout: 30_000 });
    await expect(page.getByTestId('page-header')).toContainText('Pricing');
    await page.getByRole('switch', { name: 'Annually' }).check({ force: true });
    await expect(page.getByTestId('price-standard')).toHaveText('40');
    await expect(page.getByTestId('total-standard')).toContainText('480');
    await expect(page.getByTestId('price-enterprise')).toHaveText('80');
    await expect(page.getByTestId('total-enterprise')).toContainText('960');
    await page.screenshot({ path: shot('pricing-annual'), fullPage: true });
  });

  test('FAQ: the search filters questions and keeps the query in the address', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/faq');
    await expect(page.getByText('Does my subscription automatically renew?')).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('textbox', { name: 'Search faq...' }).fill('refund');
    await expect(page.getByText('When will I get my refund?')).toBeVisible();
    await expect(page.getByText('Does my subscription automatically renew?')).toHaveCount(0);
    await expect(page).toHaveURL(/q=refund/);
    await page.getByRole('textbox', { name: 'Search faq...' }).fill('no such question');
    await expect(page.getByTestId('faq-empty')).toBeVisible();
  });

  test('FAQ: the search box follows the address on back and forward', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/faq');
    const box = page.getByRole('textbox', { name: 'Search faq...' });
    const renew = page.getByText('Does my subscription automatically renew?');
    await expect(renew).toBeVisible({ timeout: 30_000 });
    await box.fill('refund');
    await expect(page).toHaveURL(/q=refund/);
    await expect(renew).toHaveCount(0);
    // The user menu's FAQ link opens the FAQ without a search.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/pages\/faq$/);
    await expect(box).toHaveValue('');
    await expect(renew).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/q=refund/);
    await expect(box).toHaveValue('refund');
    await expect(renew).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/\/pages\/faq$/);
    await expect(box).toHaveValue('');
    await expect(renew).toBeVisible();
    // Typing a search adds no history entry: Back leaves the FAQ's searches as they were.
    await box.fill('delivery');
    await expect(page).toHaveURL(/q=delivery/);
    await page.goBack();
    await expect(page).toHaveURL(/q=refund/);
    await expect(box).toHaveValue('refund');
  });

  test('knowledge base: card → category → article', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/knowledge-base');
    await page.getByRole('link', { name: /API Questions/ }).click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/pages\/knowledge-base\/api-questions$/);
    await page.getByRole('link', { name: 'How secure is my password?' }).click();
    await expect(page.getByTestId('kb-question-page')).toContainText('Argon2id');
  });

  test('blog: the search keeps every key typed fast and keeps the query in the address', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/blog/list');
    await expect(page.getByTestId('blog-list')).toBeVisible({ timeout: 30_000 });
    const box = page.getByRole('textbox', { name: 'Search here' });
    await box.pressSequentially('depreciation');
    await expect(box).toHaveValue('depreciation');
    await expect(page).toHaveURL(/q=depreciation/);
    await expect(page.getByRole('link', { name: /CAPEX without spreadsheets/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Five habits of teams/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search here' })).toHaveValue('depreciation', {
      timeout: 30_000,
    });
  });

  test('blog: a posted comment appears under the post', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/blog/2');
    await expect(page.getByTestId('blog-detail')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ann Example');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ann@example.com');
    await page
      .getByRole('textbox', { name: 'Comment', exact: true })
      .fill('Depreciation finally makes sense.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByText('Depreciation finally makes sense.')).toBeVisible();
  });

  test('account settings: the General tab changes the signed-in user through the API', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/pages/account-setting');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toBeVisible({ timeout: 30_000 });
    await name.fill('Erika Example');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile was updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Erika Example', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('user-menu')).toContainText('Erika Example');
  });

  test('good table: search, page size and the entries line', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.goto('/tables/good-table');
    await expect(page.getByTestId('good-table-showing')).toHaveText(
      'Showing 1 to 3 of 10 entries',
      { timeout: 30_000 },
    );
    await page.getByRole('textbox', { name: 'Search' }).first().fill('professional');
    await expect(page.getByTestId('good-table-showing')).toHaveText('Showing 1 to 3 of 5 entries');
  });

  test('access control: the administrator card follows the ability', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.goto('/access-control');
    await expect(page.getByTestId('acl-admin')).toBeVisible({ timeout: 30_000 });
    await page.getByText('Demo client').click();
    await expect(page.getByTestId('acl-hidden')).toBeVisible();
    await expect(page.getByTestId('acl-admin')).toHaveCount(0);
  });
});
