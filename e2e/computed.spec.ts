import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as base, test, type TestUser } from './fixtures.js';

/**
 * Computed fields: a formula (amount = quantity × price), a lookup and a rollup are added in
 * the field designer; the lists filter and sort by each; a change of a referenced record shows
 * in the lookup and the rollup. The journey waits for state only (a busy machine is slow).
 */
const expect = base.configure({ timeout: 60_000 });

/** Screenshots go to e2e/screenshots/ wherever the tests are started from. */
const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

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

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openDesigner(page: Page, objectName: string) {
  await page.goto('/fiscus/objects');
  await page.getByTestId('object-item').filter({ hasText: objectName }).click();
  await expect(
    page.getByTestId('object-details').getByRole('heading', { name: objectName }),
  ).toBeVisible();
}

async function newComputedField(page: Page, name: string, mode: string) {
  await page.getByTestId('field-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(mode, { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  return dialog;
}

async function save(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('computed-result')).toBeVisible();
  await dialog.getByTestId('field-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('field-row').filter({ hasText: name })).toBeVisible();
}

/** The grid's rows (names in order) once the list shows `count` records. */
async function names(page: Page, count: number) {
  await expect(page.getByTestId('records-total')).toHaveText(
    `${count} record${count === 1 ? '' : 's'}`,
  );
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(count);
  return grid.getByRole('row');
}

async function sortBy(page: Page, field: string, dir: 'A → Z' | 'Z → A') {
  await page.getByTestId('toolbar-sort').click();
  await page.getByTestId('sort-add').click();
  await page.getByRole('combobox', { name: 'Sort level 1' }).selectOption({ label: field });
  if (dir === 'Z → A') await page.getByText('Z → A').click();
  await page.keyboard.press('Escape');
}

async function filterAbove(page: Page, field: string, value: string) {
  await page.getByTestId('toolbar-filter').click();
  const filter = page.getByRole('dialog');
  await filter.getByRole('button', { name: 'Condition', exact: true }).first().click();
  const c = filter.getByTestId('filter-condition').first();
  await c.getByRole('combobox', { name: 'Field' }).selectOption({ label: field });
  await c.getByRole('combobox', { name: 'Operator' }).selectOption('gt');
  await c.getByRole('textbox', { name: 'Value' }).fill(value);
  await page.getByTestId('filter-apply').click();
}

test('formula, lookup and rollup: designed, filtered, sorted, and updated from their sources', async ({
  signedIn: page,
  user,
  request,
}) => {
  test.setTimeout(420_000);
  const tag = Date.now().toString(36);
  const ordersName = `Orders ${tag}`;
  const linesName = `Lines ${tag}`;
  // The objects and records the journey starts from.
  const orders = await qry<{ id: string }>(request, user, 'objects.create', { name: ordersName });
  await qry(request, user, 'fields.create', {
    objectId: orders.id,
    name: 'Customer',
    code: 'customer',
    type: 'text',
  });
  const lines = await qry<{ id: string }>(request, user, 'objects.create', { name: linesName });
  const field = (name: string, code: string, type: string, options: object = {}) =>
    qry(request, user, 'fields.create', { objectId: lines.id, name, code, type, options });
  await field('Quantity', 'qty', 'integer');
  await field('Price', 'price', 'decimal', { scale: 2 });
  await field('Order', 'order', 'reference', { target: orders.id });
  const order = async (name: string, customer: string) =>
    (
      await qry<{ id: number }>(request, user, 'records.create', {
        objectId: orders.id,
        values: { name, customer },
      })
    ).id;
  const o1 = await order('North order', 'Acme');
  const o2 = await order('South order', 'Beta');
  for (const [name, qty, price, o] of [
    ['Bolts', 3, '2.50', o1],
    ['Nuts', 1, '10.00', o1],
    ['Gears', 2, '4.00', o2],
  ] as const)
    await qry(request, user, 'records.create', {
      objectId: lines.id,
      values: { name, qty, price, order: o },
    });

  // A formula, checked as it is typed: a misspelt field is named.
  await page.goto('/fiscus/objects');
  await openDesigner(page, linesName);
  let dialog = await newComputedField(page, 'Amount', 'Formula');
  const formula = dialog.getByTestId('computed-formula');
  await formula.fill('qty * prise');
  await expect(dialog.getByText(/prise/).last()).toBeVisible();
  await formula.fill('qty * price');
  await expect(dialog.getByTestId('computed-result')).toContainText('Decimal');
  await page.screenshot({ path: shot('computed-formula') });
  await save(page, 'Amount');

  // A lookup through the order.
  dialog = await newComputedField(page, 'Customer name', 'Lookup');
  await pick(page, 'Through reference', 'Order');
  await pick(page, 'Field shown', 'Customer · Text');
  await save(page, 'Customer name');

  // A rollup on the orders: the sum of their lines' amounts.
  await openDesigner(page, ordersName);
  dialog = await newComputedField(page, 'Total', 'Rollup');
  await pick(page, 'Records of', linesName);
  await pick(page, 'Linked by', 'Order');
  await pick(page, 'Of field', 'Amount · Decimal');
  await page.screenshot({ path: shot('computed-rollup') });
  await save(page, 'Total');

  // The lines: filter and sort by the formula; the lookup shows each line's customer.
  await page.goto(`/fiscus/object/${lines.id}`);
  let rows = await names(page, 3);
  await filterAbove(page, 'Amount', '7.6');
  rows = await names(page, 2);
  await sortBy(page, 'Amount', 'Z → A');
  await expect(rows.nth(0)).toContainText('Nuts');
  await expect(rows.nth(0)).toContainText('10.00');
  await expect(rows.nth(0)).toContainText('Acme');
  await expect(rows.nth(1)).toContainText('Gears');
  await expect(rows.nth(1)).toContainText('8.00');
  await expect(rows.nth(1)).toContainText('Beta');

  // The orders: sort by the rollup, then filter by it.
  await page.goto(`/fiscus/object/${orders.id}`);
  rows = await names(page, 2);
  await sortBy(page, 'Total', 'A → Z');
  await expect(rows.nth(0)).toContainText('South order');
  await expect(rows.nth(0)).toContainText('8.00');
  await expect(rows.nth(1)).toContainText('North order');
  await expect(rows.nth(1)).toContainText('17.50');
  await page.screenshot({ path: shot('computed-orders') });

  // A change of a line shows in its order's total; the total cannot be typed into.
  // (The list keeps its filter, Amount > 7.6.)
  await page.goto(`/fiscus/object/${lines.id}`);
  rows = await names(page, 2);
  await page.getByRole('grid').getByText('Gears').dblclick();
  const card = page.getByRole('dialog');
  await expect(card.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('readonly');
  await card.getByRole('textbox', { name: 'Quantity' }).fill('5');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/qry') && !!r.request().postData()?.includes('records.update'),
  );
  await card.getByTestId('record-save').click();
  expect((await saved).ok()).toBe(true);
  await page.goto(`/fiscus/object/${orders.id}`);
  await filterAbove(page, 'Total', '18');
  rows = await names(page, 1);
  await expect(rows.nth(0)).toContainText('South order');
  await expect(rows.nth(0)).toContainText('20.00');

  // A change of the order shows in its lines' lookup.
  await qry(request, user, 'records.update', {
    objectId: orders.id,
    id: o1,
    values: { customer: 'Zeta' },
  });
  await page.goto(`/fiscus/object/${lines.id}`);
  rows = await names(page, 2);
  await expect(rows.nth(0)).toContainText('Gears');
  await expect(rows.nth(0)).toContainText('20.00');
  await expect(rows.nth(1)).toContainText('Nuts');
  await expect(rows.nth(1)).toContainText('Zeta');
});
