import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** Sets theme choices before the console starts (as a returning user would have them). */
async function withTheme(page: Page, skin: string, theme: Record<string, unknown> = {}) {
  await page.addInitScript(
    ([s, t]) => {
      if (window.sessionStorage.getItem('e2e-theme')) return;
      window.sessionStorage.setItem('e2e-theme', '1');
      window.localStorage.setItem('fiscus-skin', s);
      window.localStorage.setItem('fiscus-theme', JSON.stringify(t));
    },
    [skin, theme] as const,
  );
}

test.describe('languages before signing in', () => {
  test.use({ locale: 'de-DE' });

  test("the sign-in page speaks the browser's language, offers the switch, and the choice sticks", async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    // The miscellaneous pages offer it too.
    await page.goto('/pages/miscellaneous/coming-soon');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { name: 'Скоро запуск' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});

test.describe('layout', () => {
  test('horizontal menu labels are whole; boxed width boxes the navbar and footer with the content', async ({
    signedIn: page,
  }) => {
    await withTheme(page, 'light', { layout: 'horizontal', contentWidth: 'boxed' });
    await page.setViewportSize({ width: 1920, height: 900 });
    await page.goto('/dashboard/fiscus');
    const buttons = page.getByTestId('horizontal-menu').getByRole('button');
    await expect(buttons.first()).toBeVisible();
    for (const b of await buttons.all()) {
      // No label is cut: its text fits its box.
      const cut = await b.evaluate((el) => {
        const label = el.querySelector<HTMLElement>('.mantine-Button-label');
        return label ? label.scrollWidth > label.clientWidth : true;
      });
      expect(cut, await b.innerText()).toBe(false);
    }
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const content = await box('[data-content]');
    const navbar = await box('header > div[data-type]');
    const footer = await box('[data-testid=footer]');
    expect(Math.abs(navbar.x - content.x)).toBeLessThan(2);
    expect(Math.abs(navbar.width - content.width)).toBeLessThan(2);
    expect(Math.abs(footer.width - content.width)).toBeLessThan(2);
    // The customizer's tab leaves the content alone on a desktop, and is gone on a phone.
    const tab = await box('[data-testid=customizer-toggle]');
    expect(content.x + content.width).toBeLessThanOrEqual(tab.x);
    await page.screenshot({ path: shot('console-boxed-horizontal') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('customizer-toggle')).toBeHidden();
  });
});

test.describe('demo users', () => {
  test('the user view deletes a user after confirming', async ({ signedIn: page }) => {
    await page.goto('/apps/users/view/3');
    const name = await page.getByRole('heading', { level: 4 }).first().innerText();
    await page.getByTestId('user-delete').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(name);
    await dialog.getByTestId('user-delete-confirm').click();
    await expect(page).toHaveURL(/\/apps\/users\/list$/);
    await expect(page.getByTestId('users-showing')).toContainText('of 49 entries');
  });
});
