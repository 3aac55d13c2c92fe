import { fileURLToPath } from 'node:url';
import { chromeIssues, expect, test } from './fixtures.js';

const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

test.describe('forms and charts demo', () => {
  test('autosuggest suggests people from the mock endpoint', async ({ signedIn: page }) => {
    await page.goto('/forms/form-element/auto-suggest');
    const basic = page.getByTestId('autosuggest-basic');
    await basic.fill('re');
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: 'Rena Brant' })).toBeVisible();
    await expect(options.filter({ hasText: 'Vivian Kremer' })).toBeVisible();
    await expect(options.filter({ hasText: 'Dan Rudis' })).toHaveCount(0);
    await options.filter({ hasText: 'Rena Brant' }).click();
    await expect(basic).toHaveValue('Rena Brant');
  });

  test('form elements: every label names a field on the page; Chrome reports no issue', async ({
    signedIn: page,
  }) => {
    const issues = await chromeIssues(page);
    await page.goto('/forms/form-element');
    // The first screen of a session loads the console (slow on a busy machine).
    await expect(page.getByTestId('elements-page')).toBeVisible({ timeout: 60_000 });
    const editor = page.getByRole('textbox', { name: 'Text' });
    await expect(editor).toBeVisible();
    const dangling = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('label[for]')]
          .filter((l) => !document.getElementById(l.getAttribute('for') ?? ''))
          .map((l) => l.outerHTML),
      );
    expect(await dangling()).toEqual([]);
    expect(await page.locator('label[for]').count()).toBeGreaterThan(5);
    // The editor's label is not a form label, yet a click on it goes to the editor.
    await page.getByText('Text', { exact: true }).click();
    await expect(editor).toBeFocused();
    expect(issues.map((i) => JSON.stringify(i))).toEqual([]);
  });

  test('validation names each rule, the wizard checks each step and the repeater totals its lines', async ({
    signedIn: page,
  }) => {
    await page.goto('/forms/form-validation');
    await page.getByTestId('validation-submit').click();
    const form = page.getByTestId('validation-page');
    await expect(form.getByText('Enter a valid e-mail address.')).toBeVisible();
    await expect(form.getByText('Accept the terms to continue.')).toBeVisible();
    await form.getByLabel(/^Password/).fill('abcdefgh');
    await form.getByLabel(/^Password/).blur();
    await expect(form.getByText('Use at least one letter and one digit.')).toBeVisible();

    await page.goto('/forms/form-wizard');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();

    await page.goto('/forms/form-repeater');
    const lines = page.getByTestId('repeater-line');
    await lines.first().getByLabel('Cost').fill('12.5');
    await lines.first().getByLabel('Quantity').fill('2');
    await page.getByTestId('repeater-add').click();
    await expect(lines).toHaveCount(2);
    await lines.nth(1).getByLabel('Cost').fill('5');
    await expect(page.getByTestId('repeater-total')).toHaveText('Total: $30.00');
    await page.screenshot({ path: shot('forms-repeater') });
  });

  test('the charts page draws its seven charts', async ({ signedIn: page }) => {
    await page.goto('/charts/echart');
    for (const kind of ['line', 'bar', 'area', 'pie', 'radar', 'scatter', 'candlestick'])
      await expect(page.getByTestId(`chart-${kind}`).locator('svg').first()).toBeVisible();
    await page.screenshot({ path: shot('charts-echart'), fullPage: true });
  });

  test('the Leaflet maps draw the built-in world offline and open a marker’s popup', async ({
    signedIn: page,
  }) => {
    await page.goto('/maps/leaflet');
    // The first screen of a session loads the console (slow on a busy machine).
    await expect(page.getByTestId('maps-offline-note')).toBeVisible({ timeout: 60_000 });
    const basic = page.getByTestId('map-basic');
    // The bundled country outlines: vector paths, no tile images (there is no network).
    await expect
      .poll(() => basic.locator('.leaflet-overlay-pane path').count())
      .toBeGreaterThan(150);
    await expect(basic.locator('img.leaflet-tile')).toHaveCount(0);
    const markers = page.getByTestId('map-markers');
    await markers.getByTitle('London').click();
    await expect(markers.locator('.leaflet-popup')).toContainText('120 employees');
    await page.screenshot({ path: shot('maps-leaflet'), fullPage: true });

    await page.evaluate(() => localStorage.setItem('fiscus-skin', 'dark'));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    const layers = page.getByTestId('map-layers');
    await layers.scrollIntoViewIfNeeded();
    await expect
      .poll(() => layers.locator('.leaflet-overlay-pane path').count())
      .toBeGreaterThan(150);
    const box = await page.getByTestId('map-basic').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: shot('maps-leaflet-phone-dark'), fullPage: true });
  });
});
