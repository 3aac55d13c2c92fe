import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const shots = (name: string) =>
  fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** Language and skin of a returning user, set before the console starts. */
async function withPreferences(page: Page, language: string, skin: string) {
  await page.addInitScript(
    ([l, s]) => {
      if (window.sessionStorage.getItem('e2e-prefs')) return;
      window.sessionStorage.setItem('e2e-prefs', '1');
      window.localStorage.setItem('fiscus-language', l);
      window.localStorage.setItem('fiscus-skin', s);
    },
    [language, skin] as const,
  );
}

// The mock mailbox lives in the page: a full reload starts again from the seed data, so each
// journey moves around with in-app links only.

/** The first screen waits for the lazy screen module and the mock backend to start. */
const firstLoad = { timeout: 30_000 };

test.describe('email', () => {
  test.describe.configure({ timeout: 120_000 });

  test('opening a mail marks it read and lowers the inbox count', async ({ signedIn: page }) => {
    await page.goto('/apps/email');
    const row = page.getByTestId('email-row-24');
    await expect(row).toBeVisible(firstLoad);
    await expect(row).not.toHaveAttribute('data-read');
    await expect(page.getByTestId('email-count-inbox')).toHaveText('3');

    await page.getByTestId('email-open-24').click();
    const view = page.getByTestId('email-view');
    await expect(view.getByRole('heading', { name: 'Trip to the coast' })).toBeVisible();
    await expect(page.getByTestId('email-count-inbox')).toHaveText('2');
    // the reply thread and the attachments
    await page.getByTestId('email-earlier').click();
    await expect(page.getByTestId('email-reply-25')).toContainText('Count me in for the coast');
    await expect(page.getByTestId('email-attachment')).toHaveCount(2);

    await page.screenshot({ path: shots('email-view-en-light') });

    await page.getByTestId('email-back').click();
    await expect(page.getByTestId('email-row-24')).toHaveAttribute('data-read', 'true');
    await page.screenshot({ path: shots('email-inbox-en-light') });
  });

  test('speaks German in the dark skin', async ({ signedIn: page }) => {
    await withPreferences(page, 'de', 'dark');
    await page.goto('/apps/email/label/company');
    await expect(page.getByTestId('email-list').locator('li')).toHaveCount(9, firstLoad);
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    await expect(page.getByRole('button', { name: 'Verfassen' })).toBeVisible();
    await expect(page.getByTestId('email-folder-inbox')).toContainText('Posteingang');
    await expect(page.getByPlaceholder('E-Mails durchsuchen')).toBeVisible();
    await page.screenshot({ path: shots('email-label-de-dark') });
    await page.getByTestId('email-compose').click();
    await expect(page.getByRole('dialog', { name: 'E-Mail verfassen' })).toBeVisible();
    await page.screenshot({ path: shots('email-compose-de-dark') });
  });

  test('works at phone width', async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/apps/email');
    await expect(page.getByTestId('email-row-24')).toBeVisible(firstLoad);
    await expect(page.getByTestId('app-sidebar')).not.toBeInViewport();
    await page.getByTestId('app-sidebar-toggle').click();
    await page.getByTestId('email-folder-spam').click();
    await expect(page).toHaveURL(/\/apps\/email\/spam$/);
    await expect(page.getByTestId('email-list').locator('li')).toHaveCount(6);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: shots('email-spam-phone') });
  });

  test('starring a mail puts it into Starred', async ({ signedIn: page }) => {
    await page.goto('/apps/email');
    const star = page.getByTestId('email-star-3');
    await expect(star).toHaveAttribute('aria-pressed', 'false', firstLoad);
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('email-folder-starred').click();
    await expect(page).toHaveURL(/\/apps\/email\/starred$/);
    await expect(page.getByTestId('email-row-3')).toBeVisible();
  });

  test('a composed mail is found in Sent', async ({ signedIn: page }) => {
    await page.goto('/apps/email');
    await expect(page.getByTestId('email-row-24')).toBeVisible(firstLoad);
    await page.getByTestId('email-compose').click();
    const modal = page.getByRole('dialog', { name: 'Compose Mail' });
    await expect(modal).toBeVisible();

    // Sending without a recipient is refused with a message.
    await modal.getByTestId('compose-send').click();
    await expect(modal.getByText('Choose at least one recipient')).toBeVisible();

    await modal.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: 'Jane Foster' }).click();
    await modal.getByTestId('compose-subject').fill('Quarterly numbers are in');
    await modal.getByRole('textbox', { name: 'Message' }).fill('The figures look good.');
    await modal.getByTestId('compose-send').click();
    await expect(page.getByText('Mail sent')).toBeVisible();
    await expect(modal).toBeHidden();

    await page.getByTestId('email-folder-sent').click();
    await expect(page).toHaveURL(/\/apps\/email\/sent$/);
    const list = page.getByTestId('email-list');
    await expect(list.locator('li')).toHaveCount(3);
    await expect(list.locator('li').first()).toContainText('Quarterly numbers are in');
    await expect(list.locator('li').first()).toContainText('To: Jane Foster');
  });

  test('search is kept in the URL', async ({ signedIn: page }) => {
    await page.goto('/apps/email');
    await expect(page.getByTestId('email-row-24')).toBeVisible(firstLoad);
    await page.getByTestId('email-search').fill('invoice');
    await expect(page).toHaveURL(/\?q=invoice$/);
    await expect(page.getByTestId('email-list').locator('li')).toHaveCount(1);
    await page.getByTestId('email-search').fill('no such subject');
    await expect(page.getByTestId('email-empty')).toHaveText('No Items Found');
  });

  test('unknown folders and labels show the 404 page', async ({ signedIn: page }) => {
    await page.goto('/apps/email/archive');
    await expect(page).toHaveURL(/\/error-404$/, firstLoad);
    await page.goto('/apps/email/label/urgent');
    await expect(page).toHaveURL(/\/error-404$/, firstLoad);
    await page.goto('/apps/email/label/company');
    await expect(page.getByTestId('email-list').locator('li')).toHaveCount(9, firstLoad);
  });
});
