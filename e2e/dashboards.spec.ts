import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { chromeIssues, expect, test } from './fixtures.js';

// The dashboards and card pages read the in-browser mock backend (/analytics/data,
// /ecommerce/data, /card/*).

const shots = (name: string) =>
  fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

const html = (page: Page) => page.locator('html');

/** Waits until every chart on the page has drawn its SVG. */
async function chartsDrawn(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const charts = [...document.querySelectorAll('[role="img"]')];
        return charts.length > 0 && charts.every((c) => c.querySelector('svg'));
      }),
    )
    .toBe(true);
}

test.describe('dashboards', () => {
  test('eCommerce dashboard: figures, year selector, dark skin', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.goto('/dashboard/ecommerce');
    const stats = page.getByTestId('statistics-card');
    await expect(stats).toBeVisible({ timeout: 30_000 });
    await expect(stats.getByText('230K')).toBeVisible();
    await expect(stats.getByText('8.55K')).toBeVisible();
    await expect(page.getByTestId('medal-card')).toContainText('You have won gold medal');
    await expect(page.getByTestId('revenue-price')).toHaveText('$25,852');
    await expect(page.getByTestId('goal-completed')).toHaveText('786,617');
    await expect(page.getByTestId('transaction')).toHaveCount(5);

    // The year selector changes the report.
    await page.getByTestId('revenue-year').click();
    await page.getByRole('menuitem', { name: '2018' }).click();
    await expect(page.getByTestId('revenue-price')).toHaveText('$18,204');

    await chartsDrawn(page);
    await page.screenshot({ path: shots('dashboard-ecommerce-light'), fullPage: true });

    await page.getByTestId('skin-toggle').click();
    await expect(html(page)).toHaveAttribute('data-skin', 'dark');
    await chartsDrawn(page);
    await page.screenshot({ path: shots('dashboard-ecommerce-dark'), fullPage: true });
  });

  test('analytics dashboard: figures, period selector, dark skin', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    const issues = await chromeIssues(page);
    await page.goto('/dashboard/analytics');
    await expect(page.getByTestId('subscribers-card-value')).toHaveText('92.6K', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('app-design-planing-1')).toHaveText('$49,251.91');
    // The mock backend has answered the page's requests (and the console's own went past it)
    // without reading document.cookie, which Chrome reports as an issue each time.
    expect(issues.map((i) => JSON.stringify(i))).toEqual([]);
    await expect(page.getByTestId('orders-received-card-value')).toHaveText('38.4K');
    await expect(page.getByTestId('avg-sessions-value')).toHaveText('2.7K');
    await expect(page.getByTestId('support-total')).toHaveText('163');

    await page.getByRole('combobox', { name: 'Period of the sessions' }).click();
    await page
      .getByRole('listbox', { name: 'Period of the sessions' })
      .getByRole('option', { name: 'Last year' })
      .click();
    await expect(page.getByTestId('avg-sessions-value')).toHaveText('34.8K');

    await expect(page.getByRole('link', { name: 'Open invoice list' })).toHaveAttribute(
      'href',
      '/apps/invoice/list',
    );

    await page.getByTestId('skin-toggle').click();
    await expect(html(page)).toHaveAttribute('data-skin', 'dark');
    await chartsDrawn(page);
    await page.screenshot({ path: shots('dashboard-analytics-dark'), fullPage: true });
  });

  test('card pages render at phone width', async ({ signedIn: page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/card/statistic');
    await expect(page.getByTestId('stat-subscribers-value')).toHaveText('92.6K', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('vertical-stat')).toHaveCount(6);
    await expect(page.getByTestId('horizontal-stat')).toHaveCount(4);
    // Nothing overflows the phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/card/analytic');
    await expect(page.getByTestId('revenue-this-month')).toHaveText('$86,589', {
      timeout: 30_000,
    });

    await page.goto('/card/advance');
    const chat = page.getByTestId('chat-card');
    await chat.getByRole('textbox').fill('Hello from the phone');
    await chat.getByRole('button', { name: 'Send message' }).click();
    await expect(chat.getByTestId('chat-messages')).toContainText('Hello from the phone');
    await chartsDrawn(page);
    await page.screenshot({ path: shots('cards-advance-phone'), fullPage: true });
  });
});
