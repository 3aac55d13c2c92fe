import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * Accessibility of the sign-in page and the signed-in dashboard (QUALITY.md P9): axe-core finds
 * no WCAG 2.1 A/AA violation and none of its best practices that Lighthouse scores (heading
 * order, ARIA on the right roles, links told apart by more than colour) — in both skins, in two
 * languages and at a phone's width. Screenshots of each go to e2e/screenshots.
 */

const shot = (name: string) =>
  fileURLToPath(new URL(`./screenshots/a11y-${name}.png`, import.meta.url));

/** The skin and language a returning user would have, before the console starts. */
async function prefer(page: Page, skin: 'light' | 'dark', language: string) {
  await page.addInitScript(
    ([s, l]) => {
      window.localStorage.setItem('fiscus-skin', s);
      window.localStorage.setItem('fiscus-language', l);
    },
    [skin, language] as const,
  );
}

/** Every violation axe finds on the page, one line each with the elements it names. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Landmark best practices Lighthouse does not score: every screen's content sits in the
    // shell's landmarks; popovers and toasts render in portals outside them.
    .disableRules(['region'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('')}`)
        .join(' | ')}`,
  );
}

const cases = [
  { skin: 'light', language: 'en', phone: false },
  { skin: 'dark', language: 'en', phone: false },
  { skin: 'light', language: 'de', phone: true },
  { skin: 'dark', language: 'ru', phone: true },
] as const;

test.describe('accessibility (axe)', () => {
  for (const { skin, language, phone } of cases) {
    const name = `${language}-${skin}${phone ? '-phone' : ''}`;

    test(`sign-in page: ${name}`, async ({ page }) => {
      if (phone) await page.setViewportSize({ width: 390, height: 844 });
      await prefer(page, skin, language);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', skin);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('form input').first()).toBeVisible();
      await expect(page.locator('#loading-bg')).toBeHidden();
      await page.screenshot({ path: shot(`sign-in-${name}`) });
      expect(await violations(page)).toEqual([]);
    });

    test(`dashboard: ${name}`, async ({ signedIn: page }) => {
      if (phone) await page.setViewportSize({ width: 390, height: 844 });
      await prefer(page, skin, language);
      await page.goto('/dashboard/fiscus');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', skin);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('home-dashboard')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('home-empty')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('home-activity')).toBeVisible();
      await expect(page.getByTestId('home-jobs')).toBeVisible();
      await expect(page.getByTestId('footer')).toBeVisible();
      await page.screenshot({ path: shot(`dashboard-${name}`), fullPage: true });
      expect(await violations(page)).toEqual([]);
    });
  }
});
