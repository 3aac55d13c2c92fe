import type { Locator, Page } from '@playwright/test';
import { demoOwner, expect, signIn, test } from './fixtures';

/**
 * The planning lists of the Demo budget in languages with long words, on a desktop and a
 * phone: every badge (a run's status, where an action is shown, a cube's object, a table's
 * kind, a job's status on the home page) shows its whole text — a column narrower than its
 * badge cut it short ("ERFOLGRE…", "BUD…", "Fert…").
 */

/** The badges on the page whose text is cut short. */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label')]
      .filter((l) => l.getClientRects().length > 0 && l.scrollWidth > l.clientWidth + 1)
      .map((l) => l.textContent?.trim() ?? ''),
  );

const screens: { path: string; rows: (page: Page) => Locator }[] = [
  { path: '/fiscus/cubes', rows: (page) => page.getByTestId('cube-row') },
  { path: '/fiscus/procedures', rows: (page) => page.getByTestId('procedure-row') },
  { path: '/fiscus/actions', rows: (page) => page.getByTestId('action-row') },
  {
    path: '/dashboard/fiscus',
    rows: (page) => page.getByTestId('home-largest').locator('tbody tr'),
  },
];

for (const language of ['de', 'ru'])
  test(`planning lists in ${language} show every badge whole on a desktop and a phone`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const owner = await demoOwner(request);
    await page.addInitScript((l) => window.localStorage.setItem('fiscus-language', l), language);
    await signIn(page, owner);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(screen.rows(page).first()).toBeVisible({ timeout: 30_000 });
        expect(await cutBadges(page), `${screen.path} at ${width} px`).toEqual([]);
      }
    }
  });
