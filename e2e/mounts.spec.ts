import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, test } from './fixtures.js';

/** Screenshots go to e2e/screenshots/ wherever the tests are started from. */
const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/**
 * The mounts journey: add a PostgreSQL data source, Test it, save it, mount one of its tables
 * live, filter it in the grid (the query runs at the source), switch it to synced, sync, and
 * see the row count; then the same screens in German, the dark skin and at phone width.
 *
 * The source is a schema of its own in the database `TEST_SOURCE_DATABASE_URL` names (CI sets
 * it in every pass); without it the journey fails in CI and is left out elsewhere.
 */
const url = process.env.TEST_SOURCE_DATABASE_URL || process.env.E2E_SOURCE_DATABASE_URL;
if (!url && process.env.CI) throw new Error('CI must set TEST_SOURCE_DATABASE_URL');

const schema = `e2e_mnt_${Math.random().toString(36).slice(2, 8)}`;
const REGIONS = ['North', 'South', 'East', 'West'];

async function source(sqlText: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

test.describe('mounts', () => {
  test.skip(!url, 'needs a PostgreSQL database for the source (TEST_SOURCE_DATABASE_URL)');

  test.beforeAll(async () => {
    const rows = Array.from({ length: 40 }, (_, i) => {
      const n = i + 1;
      return `(${n}, 'Order ${n}', ${(n * 12.5).toFixed(2)}, '${REGIONS[n % 4]}')`;
    });
    await source(`create schema "${schema}";
      create table "${schema}".orders (id bigint primary key, name text not null, amount numeric(12,2), region text);
      insert into "${schema}".orders values ${rows.join(', ')};`);
  });
  test.afterAll(async () => {
    await source(`drop schema if exists "${schema}" cascade`);
  });

  async function pick(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  test('add a PostgreSQL source, test it, mount a table live, filter, switch to synced, sync', async ({
    signedIn: page,
  }) => {
    // A long journey, on a busy machine.
    test.setTimeout(300_000);
    const u = new URL(url as string);
    await page.goto('/fiscus/datasources');
    // The first screen of a fresh session loads the console (slow on a busy machine).
    await expect(page.getByTestId('datasources-empty')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('datasource-new').click();
    const form = page.getByTestId('datasource-form');
    await form.getByRole('textbox', { name: 'Name' }).fill('ERP');
    await form.getByRole('textbox', { name: 'Host' }).fill(u.hostname);
    await form.getByRole('textbox', { name: 'Port' }).fill(u.port || '5432');
    await form.getByRole('textbox', { name: 'Database' }).fill(u.pathname.slice(1));
    await form.getByRole('textbox', { name: 'User' }).fill(decodeURIComponent(u.username));
    await form.getByLabel('Password', { exact: true }).fill(decodeURIComponent(u.password));

    // A wrong password first: the test names the reason.
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await form.getByTestId('datasource-test').click();
    await expect(form.getByTestId('datasource-test-result')).toContainText(/password|user name/i);
    await form.getByLabel('Password', { exact: true }).fill(decodeURIComponent(u.password));
    await form.getByTestId('datasource-test').click();
    await expect(form.getByTestId('datasource-test-result')).toContainText(/Connected in \d+ ms/);
    await page.screenshot({ path: shot('mounts-source-tested') });
    await form.getByTestId('datasource-save').click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('datasource-row').filter({ hasText: 'ERP' });
    await expect(row).toContainText(`@${u.hostname}:${u.port || '5432'}/${u.pathname.slice(1)}`);
    // Tested before it was saved: the stored source is tested again and says so.
    await expect(row.getByTestId('source-status')).toHaveText('Connected');
    await page.screenshot({ path: shot('mounts-sources') });

    // Mount the table live.
    await page.goto('/fiscus/mounts');
    await expect(page.getByTestId('mounts-empty')).toBeVisible();
    await page.getByTestId('mount-new').click();
    const wizard = page.getByTestId('mount-wizard');
    await pick(page, 'wizard-source', 'ERP');
    await wizard.getByTestId('wizard-next').click();
    await pick(page, 'wizard-table', `${schema}.orders`);
    await wizard.getByTestId('wizard-next').click();
    await expect(wizard.getByTestId('wizard-name')).toHaveValue('orders');
    await wizard.getByTestId('wizard-name').fill('ERP orders');
    await expect(wizard.getByTestId('wizard-key')).toHaveValue('id');
    await page.screenshot({ path: shot('mounts-wizard-columns') });
    await wizard.getByTestId('wizard-next').click();
    await expect(wizard.getByTestId('wizard-live')).toBeChecked();
    await wizard.getByTestId('wizard-create').click();

    // The mounted object opens in the grid: 40 rows, read at the source.
    await expect(page).toHaveURL(/\/fiscus\/object\//);
    await expect(page.getByTestId('records-total')).toHaveText('40 records', { timeout: 60_000 });
    await page.getByTestId('toolbar-filter').click();
    const filter = page.getByRole('dialog');
    await filter.getByRole('button', { name: 'Condition', exact: true }).first().click();
    const c = filter.getByTestId('filter-condition').first();
    await c.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'amount' });
    await c.getByRole('combobox', { name: 'Operator' }).selectOption('gt');
    await c.getByRole('textbox', { name: 'Value' }).fill('400');
    await page.getByTestId('filter-apply').click();
    // 12.5 × n > 400 for n = 33…40.
    await expect(page.getByTestId('records-total')).toHaveText('8 records');
    await expect(page.getByRole('grid').getByText('Order 40', { exact: true })).toBeVisible();
    await expect(page.getByRole('grid').getByText('Order 32', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: shot('mounts-live-filtered') });

    // Switch to synced: a sync runs; then sync again on demand and see the row count.
    await page.goto('/fiscus/mounts');
    const mount = page.getByTestId('mount-row').filter({ hasText: 'ERP orders' });
    await expect(mount.getByTestId('mount-mode')).toHaveText('Live');
    await mount.getByTestId('mount-actions').click();
    await page.getByTestId('mount-switch').click();
    await expect(mount.getByTestId('mount-mode')).toHaveText('Synced');
    await expect(mount.getByTestId('mount-rows')).toHaveText('40 rows', { timeout: 30_000 });
    await source(
      `insert into "${schema}".orders values (41, 'Order 41', 1.00, 'North'), (42, 'Order 42', 2.00, 'South')`,
    );
    await mount.getByTestId('mount-actions').click();
    await page.getByTestId('mount-sync').click();
    await expect(mount.getByTestId('mount-rows')).toHaveText('42 rows', { timeout: 30_000 });
    await page.screenshot({ path: shot('mounts-synced') });

    // The synced copy answers the list's filter (kept from before) as the source did: the two
    // new orders are below 400.
    await mount.getByRole('link', { name: 'ERP orders' }).click();
    await expect(page.getByTestId('records-total')).toHaveText('8 records');
    await expect(page.getByRole('grid').getByText('Order 40', { exact: true })).toBeVisible();

    // German, the dark skin, phone width.
    await page.evaluate(() => {
      localStorage.setItem('fiscus-language', 'de');
      localStorage.setItem('fiscus-skin', 'dark');
    });
    await page.goto('/fiscus/mounts');
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    const de = page.getByTestId('mount-row').filter({ hasText: 'ERP orders' });
    await expect(de.getByTestId('mount-mode')).toHaveText('Synchronisiert');
    await page.screenshot({ path: shot('mounts-list-de-dark') });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(de).toBeVisible();
    await page.screenshot({ path: shot('mounts-list-de-dark-phone') });
    await page.goto('/fiscus/datasources');
    await expect(page.getByTestId('datasource-row').filter({ hasText: 'ERP' })).toBeVisible();
    await page.screenshot({ path: shot('mounts-sources-de-dark-phone') });
  });

  test('upload a CSV file in the mount wizard and mount its table live', async ({
    signedIn: page,
  }) => {
    test.setTimeout(240_000);
    const csv = Buffer.from(
      'Region;Amount;Day\nNorth;12.50;2026-01-05\nSouth;7;2026-02-10\nNorth;100.25;2026-03-15\n',
    );
    await page.goto('/fiscus/mounts');
    await expect(page.getByTestId('mounts-empty')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('mount-new').click();
    const wizard = page.getByTestId('mount-wizard');
    await wizard
      .getByTestId('wizard-file-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: csv });
    // The file became a data source; the wizard goes on to its one table.
    await page.getByTestId('wizard-table').click();
    await page.getByRole('option', { name: 'sales', exact: true }).click();
    await wizard.getByTestId('wizard-next').click();
    await expect(wizard.getByTestId('wizard-name')).toHaveValue('sales');
    await expect(wizard.getByTestId('wizard-key')).toHaveValue('rowid');
    await wizard.getByTestId('wizard-next').click();
    await wizard.getByTestId('wizard-create').click();
    await expect(page).toHaveURL(/\/fiscus\/object\//);
    await expect(page.getByTestId('records-total')).toHaveText('3 records', { timeout: 60_000 });
    await expect(page.getByRole('grid').getByText('100.25')).toBeVisible();
    await page.goto('/fiscus/datasources');
    await expect(page.getByTestId('datasource-row').filter({ hasText: 'sales.csv' })).toBeVisible();
  });
});
