import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** Screenshots go to e2e/screenshots/ wherever the tests are started from. */
const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/**
 * The platform journey: create an object with fields, add records, filter with a nested
 * group, group, sort, save a view, reload and find it, open the record page by its link.
 */

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addField(page: Page, name: string, type: string, choices: string[] = []) {
  await page.getByTestId('field-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await pickOption(page, 'Type', type);
  for (const c of choices) {
    await dialog.getByRole('button', { name: 'Add choice' }).click();
    await dialog.getByPlaceholder('Value').last().fill(c);
  }
  await dialog.getByTestId('field-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('field-row').filter({ hasText: name })).toBeVisible();
}

test('object, records, nested filter, group, sort, saved view and record page', async ({
  signedIn: page,
  context,
}) => {
  test.setTimeout(420_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const objectName = `Fleet ${Date.now().toString(36)}`;

  // An object with fields.
  await page.goto('/fiscus/objects');
  await page.getByTestId('object-new').click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill(objectName);
  await page.getByTestId('object-submit').click();
  await expect(
    page.getByTestId('object-details').getByRole('heading', { name: objectName }),
  ).toBeVisible();
  await addField(page, 'Amount', 'Money');
  await addField(page, 'Region', 'Select', ['north', 'south', 'west']);
  await page.screenshot({ path: shot('platform-objects') });

  // Records through the record card.
  await page.getByTestId('object-open').click();
  await expect(page.getByRole('heading', { name: objectName })).toBeVisible();
  await expect(page.getByTestId('records-total')).toHaveText('0 records');
  const rows: [string, string, string][] = [
    ['Truck A', '50', 'north'],
    ['Truck B', '150', 'north'],
    ['Van C', '250', 'south'],
    ['Van D', '350', 'west'],
  ];
  await page.getByTestId('toolbar-new').click();
  const card = page.getByRole('dialog');
  for (const [i, [name, amount, region]] of rows.entries()) {
    await card.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await card.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
    await pickOption(page, 'Region', region);
    const last = i === rows.length - 1;
    await card
      .getByRole('button', { name: last ? 'Create and Close' : 'Create and Clear' })
      .click();
    if (!last)
      await expect(card.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  }
  await expect(card).toBeHidden();
  await expect(page.getByTestId('records-total')).toHaveText('4 records');

  // A required field left empty is refused with the field's message.
  await page.getByTestId('toolbar-new').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create and Close' }).click();
  await expect(page.getByRole('dialog').getByText('This field is required')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Filter: Amount > 100 AND (Region = north OR Region = west).
  await page.getByTestId('toolbar-filter').click();
  const filter = page.getByRole('dialog');
  await filter.getByRole('button', { name: 'Condition', exact: true }).first().click();
  const root = filter.getByTestId('filter-condition').first();
  await root.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Amount' });
  await root.getByRole('combobox', { name: 'Operator' }).selectOption('gt');
  await root.getByRole('textbox', { name: 'Value' }).fill('100');
  await filter.getByRole('button', { name: 'Group', exact: true }).first().click();
  const group = filter.getByTestId('filter-group').nth(1);
  await group.getByText('OR', { exact: true }).click();
  for (const region of ['north', 'west']) {
    await group.getByRole('button', { name: 'Condition', exact: true }).click();
    const c = group.getByTestId('filter-condition').last();
    await c.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Region' });
    await c.getByRole('combobox', { name: 'Value' }).selectOption(region);
  }
  await page.screenshot({ path: shot('platform-filter') });
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');
  const grid = page.getByRole('grid');
  await expect(grid.getByText('Truck B')).toBeVisible();
  await expect(grid.getByText('Van D')).toBeVisible();
  await expect(grid.getByText('Van C')).toHaveCount(0);

  // Group by Region.
  await page.getByTestId('toolbar-group').click();
  await page.getByTestId('group-add').click();
  await page.getByRole('combobox', { name: 'Group level 1' }).selectOption({ label: 'Region' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('grid-group')).toHaveCount(2);
  await expect(page.getByTestId('grid-group').first()).toContainText('1 record');

  // Sort by Amount, descending (within the groups).
  await page.getByTestId('toolbar-sort').click();
  await page.getByTestId('sort-add').click();
  await page.getByRole('combobox', { name: 'Sort level 1' }).selectOption({ label: 'Amount' });
  await page.getByText('Z → A').click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: shot('platform-list') });

  // Save the view, reload and find it again.
  await page.getByTestId('toolbar-views').click();
  await page.getByTestId('views-save-as').click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'View name' })
    .fill('Big trucks by region');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toolbar-views')).toContainText('Big trucks by region');
  await page.reload();
  await expect(page.getByTestId('toolbar-views')).toContainText('Big trucks by region');
  await expect(page.getByTestId('records-total')).toHaveText('2 records');
  await expect(page.getByTestId('grid-group')).toHaveCount(2);
  // Back to the default view from the view the address opened: it stays (the address's view,
  // still there for one render, does not come back).
  await page.getByTestId('toolbar-views').click();
  await page.getByRole('menuitem', { name: 'Default view' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(page.getByTestId('grid-group')).toHaveCount(0);
  await expect(page.getByTestId('toolbar-views')).not.toContainText('Big trucks by region');
  await page.goto(page.url().split('?')[0]!);
  await page.getByTestId('toolbar-views').click();
  await page.getByRole('menuitem', { name: 'Big trucks by region' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');

  // Open a record, then its page by the link.
  // Double-click on a cell that is not edited in place (the ID) opens the record card.
  await page
    .getByRole('grid')
    .getByRole('row')
    .filter({ hasText: 'Van D' })
    .getByRole('gridcell')
    .first()
    .dblclick();
  await expect(page.getByRole('dialog').getByText('Record card')).toBeVisible();
  await page.getByRole('link', { name: 'Open as page' }).click();
  await expect(page).toHaveURL(/\/fiscus\/recordpage\/[^/]+\/\d+$/);
  await expect(page.getByTestId('record-page')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Van D');
  await page.getByTestId('get-link').click();
  await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());
  await page.screenshot({ path: shot('platform-record-page') });

  // The copied link opens the same record.
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('record-page')).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Van D');
  await other.close();
});

test('reference filter with the record picker, CSV export of the view, attachment download', async ({
  signedIn: page,
  request,
  user,
}) => {
  test.setTimeout(180_000);
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const qry = async <T>(op: string, input: Record<string, unknown>): Promise<T> => {
    const res = await request.post('/api/qry', { headers, data: { op, ...input } });
    expect(res.ok(), `${op}: ${res.status()} ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const tag = Date.now().toString(36);

  // Customers (a catalog) and Orders pointing at them, with an attached contract.
  const customers = await qry<{ id: string }>('objects.create', {
    name: `Customers ${tag}`,
    kind: 'reference',
  });
  const orders = await qry<{ id: string }>('objects.create', { name: `Orders ${tag}` });
  await qry('fields.create', {
    objectId: orders.id,
    name: 'Customer',
    type: 'reference',
    options: { target: customers.id },
  });
  await qry('fields.create', { objectId: orders.id, name: 'Amount', type: 'integer' });
  await qry('fields.create', { objectId: orders.id, name: 'Contract', type: 'attachment' });
  const ids: Record<string, number> = {};
  for (const name of ['Acme Ltd', 'Acorn Farms', 'Blue Harbour']) {
    ids[name] = (
      await qry<{ id: number }>('records.create', {
        objectId: customers.id,
        values: { name },
      })
    ).id;
  }
  const upload = await request.post('/api/upload', {
    headers,
    multipart: {
      file: {
        name: 'lease.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('term,years\nlease,3\n'),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { fileId } = (await upload.json()) as { fileId: string };
  const rows: [string, string, number, string | null][] = [
    ['Order 1', 'Acme Ltd', 100, fileId],
    ['Order 2', 'Acorn Farms', 200, null],
    ['Order 3', 'Acme Ltd', 300, null],
    ['Order 4', 'Blue Harbour', 400, null],
  ];
  for (const [name, customer, amount, contract] of rows) {
    await qry('records.create', {
      objectId: orders.id,
      values: { name, customer: ids[customer], amount, contract },
    });
  }

  await page.goto(`/fiscus/object/${orders.id}`);
  await expect(page.getByTestId('records-total')).toHaveText('4 records');
  const grid = page.getByRole('grid');

  // The attachment cell shows the file's name and downloads the file.
  const cell = grid.getByRole('button', { name: 'lease.csv' });
  await expect(cell).toBeVisible();
  const fileDownload = page.waitForEvent('download');
  await cell.click();
  const attached = await fileDownload;
  expect(attached.suggestedFilename()).toBe('lease.csv');
  expect(fs.readFileSync(await attached.path(), 'utf8')).toBe('term,years\nlease,3\n');

  // Filter Customer = Acme Ltd, chosen by searching the customers.
  await page.getByTestId('toolbar-filter').click();
  const filter = page.getByRole('dialog');
  await filter.getByRole('button', { name: 'Condition', exact: true }).first().click();
  const condition = filter.getByTestId('filter-condition').first();
  await condition.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Customer' });
  const picker = condition.getByRole('combobox', { name: 'Value' });
  await picker.fill('acm');
  await expect(page.getByRole('option', { name: 'Acorn Farms' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Acme Ltd' }).click();
  await expect(picker).toHaveValue('Acme Ltd');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');

  // Reopened, the filter shows the customer's name, not its id.
  await page.getByTestId('toolbar-filter').click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Value' })).toHaveValue(
    'Acme Ltd',
  );
  await page.keyboard.press('Escape');

  // Sort by Amount descending, then export the view as CSV with field codes as headings.
  await page.getByTestId('toolbar-sort').click();
  await page.getByTestId('sort-add').click();
  await page.getByRole('combobox', { name: 'Sort level 1' }).selectOption({ label: 'Amount' });
  await page.getByText('Z → A').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('toolbar-export').click();
  await page.getByText('Field codes').click();
  const exported = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = await exported;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('name,customer,amount,contract');
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
    'Order 3,Acme Ltd,300',
    'Order 1,Acme Ltd,100',
  ]);
  await expect(page.getByText('Export ready: 2 rows')).toBeVisible();
});
