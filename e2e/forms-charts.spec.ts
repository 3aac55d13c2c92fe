import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

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
});
