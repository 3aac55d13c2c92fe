import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as base, test, type TestUser } from './fixtures.js';

/**
 * The computed-field designer in German and French, light and dark skin, at desktop and phone
 * width: the formula, lookup and rollup forms are translated, fit the screen and show the
 * checked result. Screenshots go to e2e/screenshots/computed-designer-*.png to be looked at.
 */
const expect = base.configure({ timeout: 60_000 });
const shot = (name: string) =>
  fileURLToPath(new URL(`./screenshots/computed-designer-${name}.png`, import.meta.url));

async function qry<T>(
  request: APIRequestContext,
  user: TestUser,
  op: string,
  input: Record<string, unknown>,
): Promise<T> {
  const res = await request.post('/api/qry', {
    headers: { authorization: `Bearer ${user.accessToken}` },
    data: { op, ...input },
  });
  expect(res.ok(), `${op}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Nothing wider than the screen, nothing past the dialog's edge (cut off or scrolling). */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const dialog = document.querySelector('[role="dialog"]');
    const edge = Math.min(width, dialog?.getBoundingClientRect().right ?? width);
    const wide = [...(dialog?.querySelectorAll('*') ?? [])].filter(
      (el) => el.getBoundingClientRect().right > edge + 1,
    );
    return {
      page: document.documentElement.scrollWidth - width,
      elements: wide.slice(0, 5).map((el) => el.outerHTML.slice(0, 120)),
    };
  });
  expect(overflow.page, 'page scrolls sideways').toBeLessThanOrEqual(0);
  expect(overflow.elements, 'elements beyond the dialog').toEqual([]);
}

const cases = [
  { lang: 'de', skin: 'light', phone: false },
  { lang: 'de', skin: 'dark', phone: true },
  { lang: 'fr', skin: 'dark', phone: false },
  { lang: 'fr', skin: 'light', phone: true },
] as const;

for (const c of cases) {
  test(`the computed-field designer in ${c.lang}, ${c.skin} skin, ${c.phone ? 'phone' : 'desktop'}`, async ({
    signedIn: page,
    user,
    request,
  }) => {
    test.setTimeout(240_000);
    const tag = `${c.lang}${c.skin}${c.phone ? 'p' : 'd'}${Date.now().toString(36)}`;
    const orders = await qry<{ id: string }>(request, user, 'objects.create', {
      name: `Aufträge ${tag}`,
    });
    const lines = await qry<{ id: string }>(request, user, 'objects.create', {
      name: `Positionen ${tag}`,
    });
    const field = (objectId: string, name: string, code: string, type: string, options = {}) =>
      qry(request, user, 'fields.create', { objectId, name, code, type, options });
    await field(orders.id, 'Kunde', 'customer', 'text');
    await field(lines.id, 'Menge', 'qty', 'integer');
    await field(lines.id, 'Preis', 'price', 'money', { scale: 2, currency: 'EUR' });
    await field(lines.id, 'Auftrag', 'order', 'reference', { target: orders.id });

    await page.addInitScript(
      ({ lang, skin }) => {
        localStorage.setItem('fiscus-language', lang);
        localStorage.setItem('fiscus-skin', skin);
      },
      { lang: c.lang, skin: c.skin },
    );
    if (c.phone) await page.setViewportSize({ width: 390, height: 844 });
    const name = `${c.lang}-${c.skin}-${c.phone ? 'phone' : 'desktop'}`;

    await page.goto('/fiscus/objects');
    await expect(page.locator('html')).toHaveAttribute('data-skin', c.skin);
    await page
      .getByTestId('object-item')
      .filter({ hasText: `Positionen ${tag}` })
      .click();
    await page.getByTestId('field-new').click();
    const dialog = page.getByRole('dialog');
    const modes = dialog.getByTestId('field-mode').locator('label');
    // Formula: an unknown name is reported as it is typed, then the checked result shows.
    await modes.nth(1).click();
    await fitsWidth(page);
    const formula = dialog.getByTestId('computed-formula');
    await formula.fill('qty * prise');
    await expect(dialog.getByText(/prise/).last()).toBeVisible();
    await page.screenshot({ path: shot(`${name}-formula-error`), fullPage: true });
    await formula.fill('round(qty * price * 1.19, 2)');
    await expect(dialog.getByTestId('computed-result')).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: shot(`${name}-formula`), fullPage: true });
    // Lookup and rollup forms.
    await modes.nth(2).click();
    await expect(dialog.getByTestId('computed-path-0')).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: shot(`${name}-lookup`), fullPage: true });
    await modes.nth(3).click();
    await expect(dialog.getByTestId('computed-rollup-object')).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: shot(`${name}-rollup`), fullPage: true });
  });
}
