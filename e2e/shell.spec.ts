import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const shots = (name: string) =>
  fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

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

const html = (page: Page) => page.locator('html');

test.describe('console shell', () => {
  test('/ goes to the dashboard', async ({ signedIn: page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
    await expect(page.getByTestId('vertical-menu')).toBeVisible();
    await expect(page.locator('#loading-bg')).toBeHidden();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByTestId('error-404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).not.toHaveURL(/error-404/);
  });

  test('without a session a console page sends to the login page', async ({ page }) => {
    await page.goto('/fiscus/objects');
    await expect(page).toHaveURL(/\/login\?redirect=%2Ffiscus%2Fobjects$/);
  });

  test('scroll-to-top appears after 250 px and brings the page back up', async ({
    signedIn: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/pages/faq');
    await expect(page.getByTestId('vertical-menu')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeGreaterThan(400);
    const button = page.getByTestId('scroll-to-top');
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible();
    // Back under 250 px it goes again, and past it it comes back.
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('the skin persists across a reload', async ({ signedIn: page }) => {
    await page.goto('/dashboard/fiscus');
    await expect(html(page)).toHaveAttribute('data-skin', 'light');
    await page.getByTestId('skin-toggle').click();
    await expect(html(page)).toHaveAttribute('data-skin', 'dark');
    await page.reload();
    await expect(page.getByTestId('vertical-menu')).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-skin', 'dark');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('the customizer switches to the horizontal layout, live and persisted', async ({
    signedIn: page,
  }) => {
    await page.goto('/dashboard/fiscus');
    await expect(page.getByTestId('vertical-menu')).toBeVisible();
    await page.getByTestId('customizer-toggle').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('customizer-layout').getByText('Horizontal').click();
    await expect(page.getByTestId('horizontal-menu')).toBeVisible();
    await expect(page.getByTestId('vertical-menu')).toHaveCount(0);
    await drawer.getByTestId('customizer-footer').getByText('Hidden').click();
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByTestId('horizontal-menu')).toBeVisible();
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await page.getByTestId('horizontal-menu').getByRole('button', { name: 'BUDGET' }).click();
    await page.getByRole('menuitem', { name: 'Budget report' }).click();
    await expect(page).toHaveURL(/\/fiscus\/budget\/report$/);
  });

  test('the menu collapses to icons and expands again', async ({ signedIn: page }) => {
    await page.goto('/dashboard/fiscus');
    const menu = page.getByTestId('vertical-menu');
    const label = menu.locator('.mantine-NavLink-label', { hasText: 'Objects' });
    await expect(label).toBeVisible();
    await page.getByTestId('menu-collapse').click();
    await expect(menu).toHaveAttribute('data-collapsed', 'true');
    await expect(label).toHaveCount(0);
    // Icons stay reachable by name.
    await expect(menu.getByRole('link', { name: 'Objects' })).toBeVisible();
    await page.reload();
    await expect(menu).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('menu-collapse').click();
    await expect(label).toBeVisible();
  });

  test('switching the language to Deutsch translates the menu, and it sticks', async ({
    signedIn: page,
  }) => {
    await page.goto('/dashboard/fiscus');
    const menu = page.getByTestId('vertical-menu');
    await expect(menu.getByRole('link', { name: 'Data sources' })).toBeVisible();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(menu.getByRole('link', { name: 'Datenquellen' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Fahrzeuge' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(menu.getByRole('link', { name: 'Datenquellen' })).toBeVisible();
  });

  test('on a phone the menu opens as a drawer and closes after navigating', async ({
    signedIn: page,
  }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto('/dashboard/fiscus');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Ribbon' })).toBeVisible();
    await page.screenshot({ path: shots('shell-phone-menu') });
    await drawer.getByRole('link', { name: 'Ribbon' }).click();
    await expect(page).toHaveURL(/\/fiscus\/ribbon$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const skin of ['light', 'dark'] as const) {
    for (const layout of ['vertical', 'horizontal'] as const) {
      test(`screenshot: ${skin} skin, ${layout} layout`, async ({ signedIn: page }) => {
        await withTheme(page, skin, { layout });
        await page.goto('/dashboard/fiscus');
        await expect(page.getByTestId(`${layout}-menu`)).toBeVisible();
        await expect(html(page)).toHaveAttribute('data-skin', skin);
        await expect(page.locator('#loading-bg')).toBeHidden();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: shots(`shell-${skin}-${layout}`) });
      });
    }
  }
});
