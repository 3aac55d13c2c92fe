import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as base, test, type TestUser } from './fixtures.js';

/**
 * The journey waits for state only; on a busy machine a screen may take long to show it, so
 * each wait is given a minute.
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

/**
 * Drags a pivot field onto a zone with the mouse, in small steps (as a person does), waiting
 * for the console to show that the drag has started and that the zone will take the field
 * before letting go.
 */
async function drag(page: Page, field: Locator, zone: Locator) {
  await field.scrollIntoViewIfNeeded();
  const from = (await field.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 });
  await expect(page.getByTestId('pivot-drag-overlay')).toBeVisible();
  const to = (await zone.boundingBox())!;
  await page.mouse.move(to.x + to.width - 24, to.y + to.height / 2, { steps: 12 });
  await expect(zone).toHaveAttribute('data-over', 'true');
  await page.mouse.up();
  await expect(page.getByTestId('pivot-drag-overlay')).toHaveCount(0);
}

/** Hundredths of a money text as the English console shows it (`1,234.50`). */
const cents = (text: string) => {
  const clean = text.replace(/[^\d.-]/g, '');
  const [i = '0', f = ''] = clean.replace('-', '').split('.');
  const v = Number(i) * 100 + Number((f + '00').slice(0, 2));
  return clean.startsWith('-') ? -v : v;
};

/**
 * The cube journey: a cube designed on an object, its pivot built by dragging fields, a value
 * typed into a subtotal spread over its children, Show Records listing the records that add up
 * to a cell, and a report of the cube generated and downloaded.
 */
test('builds a pivot by dragging, writes into a subtotal, shows the records, reports it', async ({
  signedIn: page,
  request,
  user,
}) => {
  test.setTimeout(600_000);
  const tag = Date.now().toString(36);
  const objectName = `Sales ${tag}`;
  const sales = await qry<{ id: string }>(request, user, 'objects.create', {
    name: objectName,
    code: `sales_${tag}`,
  });
  await qry(request, user, 'fields.create', {
    objectId: sales.id,
    name: 'Region',
    type: 'select',
    options: {
      choices: [
        { value: 'north', label: 'North' },
        { value: 'south', label: 'South' },
      ],
    },
  });
  await qry(request, user, 'fields.create', { objectId: sales.id, name: 'Product', type: 'text' });
  await qry(request, user, 'fields.create', {
    objectId: sales.id,
    name: 'Amount',
    type: 'money',
    options: { scale: 2 },
  });
  const rows = [
    ['north', 'Apples', '100.00'],
    ['north', 'Apples', '50.00'],
    ['north', 'Pears', '250.00'],
    ['south', 'Apples', '80.00'],
    ['south', 'Plums', '20.00'],
  ].map(([region, product, amount], i) => ({ name: `Line ${i + 1}`, region, product, amount }));
  await qry(request, user, 'records.createMany', { objectId: sales.id, rows });

  // Design the cube: two dimensions and the sum of the amount.
  await page.goto('/fiscus/cubes');
  await expect(page.getByTestId('cubes-empty')).toBeVisible();
  await page.getByTestId('cubes-new').click();
  await page.getByTestId('designer-name').fill(`Sales cube ${tag}`);
  await page.getByTestId('designer-object').click();
  await page.getByRole('option', { name: objectName, exact: true }).click();
  await page.getByTestId('designer-add-dimension').click();
  await page.getByTestId('designer-add-dimension').click();
  await expect(page.getByTestId('dimension-field-0')).toHaveValue('Region');
  await expect(page.getByTestId('dimension-field-1')).toHaveValue('Name');
  await page.getByTestId('dimension-field-1').click();
  await page.getByRole('option', { name: 'Product', exact: true }).click();
  await page.getByTestId('designer-add-measure').click();
  await expect(page.getByTestId('measure-field-1')).toHaveValue('Amount');
  await page.screenshot({ path: shot('cube-designer') });
  await page.getByTestId('designer-save').click();

  // Saved without a layout, the cube opens with its default: Region in Rows, Product in
  // Columns, the record count in Values.
  await expect(page.getByTestId('pivot-screen')).toBeVisible();
  const zone = (z: string) => page.getByTestId(`pivot-zone-${z}`);
  const field = (id: string) => page.locator(`[data-testid=pivot-field][data-field="${id}"]`);
  await expect(zone('rows').locator('[data-field="d:region"]')).toBeVisible();
  await expect(zone('cols').locator('[data-field="d:product"]')).toBeVisible();
  await expect(zone('values').locator('[data-field="m:records"]')).toBeVisible();

  // Build the layout by dragging: Product under Region, the amount into Values, the count out.
  await drag(page, field('d:product'), zone('rows'));
  await expect(zone('rows').locator('[data-testid=pivot-field]')).toHaveCount(2);
  await drag(page, field('m:amount'), zone('values'));
  await expect(zone('values').locator('[data-field="m:amount"]')).toBeVisible();
  await drag(page, field('m:records'), page.getByTestId('pivot-zone-fields'));
  await expect(zone('values').locator('[data-testid=pivot-field]')).toHaveCount(1);

  const headers = page.getByTestId('pivot-row-header');
  await expect(headers).toHaveText([
    'North',
    'Apples',
    'Pears',
    'South',
    'Apples',
    'Plums',
    'Grand total',
  ]);
  const cell = (row: number) =>
    page.locator(`[data-testid=pivot-cell][data-row="${row}"][data-measure="amount"]`);
  await expect(cell(0)).toHaveText('400.00');
  await expect(cell(1)).toHaveText('150.00');
  await expect(cell(2)).toHaveText('250.00');
  await expect(cell(6)).toHaveText('500.00');
  await page.screenshot({ path: shot('cube-pivot') });

  // Save the layout as the cube's default: reports of the cube take it.
  const cubeId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByTestId('pivot-save').click();
  await page.getByTestId('pivot-save-default').click();
  await expect
    .poll(
      async () =>
        (await qry<{ defaultLayout: unknown }>(request, user, 'cubes.get', { id: cubeId }))
          .defaultLayout,
      { timeout: 60_000 },
    )
    .toMatchObject({ rows: ['region', 'product'], cols: [], measures: ['amount'] });

  // Type into the North subtotal: proportional spread over Apples and Pears.
  await cell(0).dblclick();
  const editor = page.getByTestId('pivot-editor');
  await editor.fill('1000');
  await editor.press('Enter');
  await expect(cell(0)).toHaveText('1,000.00');
  await expect(cell(1)).toHaveText('375.00');
  await expect(cell(2)).toHaveText('625.00');
  await expect(cell(6)).toHaveText('1,100.00');
  await expect(cell(1)).toHaveAttribute('data-changed', 'true');
  await expect(cell(3)).toHaveAttribute('data-changed', 'false');
  await page.screenshot({ path: shot('cube-write-back') });

  // Show Records on North › Apples: its records add up to the cell.
  await cell(1).click();
  await page.getByTestId('pivot-show-records').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('records-cell')).toHaveText('North › Apples');
  await expect(drawer.getByTestId('records-count')).toHaveText('2 records');
  const amountCol = await drawer
    .getByRole('columnheader', { name: 'Amount' })
    .getAttribute('aria-colindex');
  const amounts = drawer.locator(
    `[data-testid=grid-row]:not([aria-busy]) [role=gridcell][aria-colindex="${amountCol}"]`,
  );
  await expect(amounts).toHaveCount(2);
  const sum = (await amounts.allTextContents()).reduce((a, t) => a + cents(t), 0);
  expect(sum).toBe(cents('375.00'));
  await page.screenshot({ path: shot('cube-show-records') });
  await page.keyboard.press('Escape');

  // A report of the cube, generated and downloaded.
  await page.goto('/fiscus/reports');
  await expect(page.getByTestId('reports-empty')).toBeVisible();
  await page.getByTestId('reports-new').click();
  await page.getByTestId('report-name').fill(`Sales report ${tag}`);
  await page.getByTestId('report-source').getByText('Cube').click();
  await page.getByTestId('report-cube').click();
  await page.getByRole('option', { name: `Sales cube ${tag}`, exact: true }).click();
  await page.getByTestId('report-save').click();
  await expect(page.getByTestId('report-row')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('reports-generate').click();
  await page.getByTestId('generate-run').click();
  const downloadButton = page.getByTestId('generate-download');
  await expect(downloadButton).toBeVisible({ timeout: 180_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  expect(path).toBeTruthy();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('run-row').first().getByTestId('run-status')).toHaveAttribute(
    'data-status',
    'succeeded',
  );
  await page.screenshot({ path: shot('reports') });
});

/** How far the page is wider than the screen (0 when nothing overflows sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The cube and report screens in Russian and the dark skin, then at phone width: the texts and
 * numbers follow the language, the skin applies, and no screen is wider than the phone (the
 * pivot scrolls inside its grid).
 */
test('cubes and reports speak Russian in the dark skin and fit a phone', async ({
  signedIn: page,
  request,
  user,
}) => {
  test.setTimeout(600_000);
  const tag = Date.now().toString(36);
  const obj = await qry<{ id: string }>(request, user, 'objects.create', {
    name: `Продажи ${tag}`,
    code: `sales_ru_${tag}`,
  });
  await qry(request, user, 'fields.create', {
    objectId: obj.id,
    name: 'Регион',
    code: 'region',
    type: 'text',
  });
  await qry(request, user, 'fields.create', {
    objectId: obj.id,
    name: 'Выручка',
    code: 'amount',
    type: 'money',
    options: { scale: 2 },
  });
  await qry(request, user, 'records.createMany', {
    objectId: obj.id,
    rows: [
      { name: 'Строка 1', region: 'Север', amount: '1200.50' },
      { name: 'Строка 2', region: 'Юг', amount: '300.00' },
    ],
  });
  const cube = await qry<{ id: string }>(request, user, 'cubes.create', {
    objectId: obj.id,
    name: `Куб продаж ${tag}`,
    dimensions: [{ key: 'region', field: 'region' }],
    measures: [{ key: 'amount', fn: 'sum', field: 'amount' }],
    defaultLayout: { rows: ['region'], cols: [], measures: ['amount'] },
  });
  await qry(request, user, 'reports.create', {
    name: `Отчёт ${tag}`,
    source: 'cube',
    cubeId: cube.id,
    format: 'xlsx',
  });
  await page.addInitScript(() => {
    if (window.sessionStorage.getItem('e2e-prefs')) return;
    window.sessionStorage.setItem('e2e-prefs', '1');
    window.localStorage.setItem('fiscus-language', 'ru');
    window.localStorage.setItem('fiscus-skin', 'dark');
  });

  const screens = async (suffix: string) => {
    await page.goto('/fiscus/cubes');
    await expect(
      page.getByTestId('cubes-screen').getByRole('heading', { name: 'Кубы', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('cube-row')).toContainText(`Куб продаж ${tag}`);
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    await page.screenshot({ path: shot(`cubes-ru-dark${suffix}`) });
    const widths = [await overflow(page)];

    await page.goto(`/fiscus/cubes/${cube.id}`);
    await expect(page.getByTestId('pivot-row-header')).toHaveText(['Север', 'Юг', 'Общий итог']);
    // Russian numbers: a space between thousands, a comma before the decimals.
    await expect(
      page.locator('[data-testid=pivot-cell][data-row="2"][data-measure="amount"]'),
    ).toHaveText(/^1\s500,50$/);
    // On a phone the grid gets the screen and Fields opens the zones.
    await expect(page.getByTestId('pivot-fields-toggle')).toHaveAttribute(
      'aria-expanded',
      suffix ? 'false' : 'true',
    );
    await page.screenshot({ path: shot(`cube-pivot-ru-dark${suffix}`) });
    widths.push(await overflow(page));

    await page.goto(`/fiscus/cubes/${cube.id}/design`);
    await expect(page.getByTestId('designer-name')).toHaveValue(`Куб продаж ${tag}`);
    await page.screenshot({ path: shot(`cube-designer-ru-dark${suffix}`) });
    widths.push(await overflow(page));

    await page.goto('/fiscus/reports');
    await expect(
      page.getByTestId('reports-screen').getByRole('heading', { name: 'Отчёты', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('report-row')).toContainText(`Отчёт ${tag}`);
    await page.screenshot({ path: shot(`reports-ru-dark${suffix}`) });
    widths.push(await overflow(page));
    return widths;
  };

  await screens('');
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await screens('-phone')).toEqual([0, 0, 0, 0]);
});
