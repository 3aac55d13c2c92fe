import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type TestUser } from './fixtures.js';

/** Screenshots go to e2e/screenshots/ wherever the tests are started from. */
const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** One `/api/qry` command as the given user. */
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
 * The import journey: an object with fields (through the API), then the wizard — pick the
 * object, upload a CSV, preview, map, run — the result, and the records in the object's grid.
 */
test('imports a CSV through the wizard and shows the records in the grid', async ({
  signedIn: page,
  request,
  user,
}) => {
  test.setTimeout(180_000);
  const objectName = `Fleet ${Date.now().toString(36)}`;
  const object = await qry<{ id: string }>(request, user, 'objects.create', {
    name: objectName,
    code: `fleet_${Date.now().toString(36)}`,
  });
  await qry(request, user, 'fields.create', {
    objectId: object.id,
    name: 'Seats',
    code: 'seats',
    type: 'integer',
  });
  await qry(request, user, 'fields.create', {
    objectId: object.id,
    name: 'Colour',
    code: 'colour',
    type: 'text',
  });

  await page.goto('/fiscus/imports');
  await expect(page.getByTestId('imports-empty')).toBeVisible();
  await page.getByTestId('imports-new').click();
  const wizard = page.getByRole('dialog', { name: 'Import a file' });
  await expect(wizard.getByTestId('wizard-step-upload')).toBeVisible();

  // Upload: the object, then the file (through the drop zone's file input).
  await wizard.getByRole('combobox', { name: 'Object' }).click();
  await page.getByRole('option', { name: objectName, exact: true }).click();
  await wizard
    .getByTestId('wizard-dropzone')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'fleet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name;Seats;Colour;Note\nTruck A;3;red;x\nVan B;8;blue;y\nBus C;40;;z\n'),
    });

  // Preview: the rows as read, with the delimiter the server detected.
  const preview = wizard.getByTestId('wizard-step-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('preview-table')).toContainText('Van B');
  await expect(preview.getByRole('combobox', { name: 'Delimiter' })).toHaveValue('Semicolon (;)');
  await page.screenshot({ path: shot('imports-preview') });
  await wizard.getByTestId('wizard-next').click();

  // Map: suggestions by name; the extra column stays out.
  const map = wizard.getByTestId('wizard-step-map');
  await expect(map).toBeVisible();
  await expect(map.getByRole('combobox', { name: 'Field for column Seats' })).toHaveValue(
    'Seats (seats)',
  );
  await expect(map.getByRole('combobox', { name: 'Field for column Note' })).toHaveValue(
    '— not imported —',
  );
  await wizard.getByTestId('wizard-next').click();

  // Options, then run.
  await expect(wizard.getByTestId('wizard-step-options')).toBeVisible();
  await wizard.getByTestId('wizard-run').click();

  // Result.
  const result = wizard.getByTestId('wizard-step-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByTestId('result-inserted')).toHaveText('3');
  await expect(result.getByTestId('result-failed')).toHaveText('0');
  await page.screenshot({ path: shot('imports-result') });

  // The records in the grid.
  await wizard.getByTestId('wizard-open-records').click();
  await expect(page).toHaveURL(new RegExp(`/fiscus/object/${object.id}`));
  await expect(page.getByTestId('records-total')).toHaveText('3 records');
  await expect(page.getByText('Van B')).toBeVisible();
  await expect(page.getByText('Bus C')).toBeVisible();

  // The import is listed, and in the IMPORTS menu section.
  await page.goto('/fiscus/imports');
  const row = page.getByTestId('import-row').first();
  await expect(row.getByTestId('import-status')).toHaveText('Succeeded');
  await expect(row).toContainText('fleet.csv');
  // The IMPORTS section lists the object imported into, opening its imports.
  await expect(
    page.locator('a[href^="/fiscus/imports?object="]', { hasText: objectName }),
  ).toBeVisible();
});

test.describe('lost connection', () => {
  // Requests must reach the page's network layer to be cut (no service worker in between).
  test.use({ serviceWorkers: 'block' });

  test('an upload resumes by itself after a lost connection', async ({
    signedIn: page,
    context,
    request,
    user,
  }) => {
    test.setTimeout(180_000);
    const objectName = `Lines ${Date.now().toString(36)}`;
    await qry(request, user, 'objects.create', { name: objectName });
    // About 20 MB: three chunks; the connection drops while the second one is on its way.
    const rows = ['Name'];
    for (let i = 0; rows.length < 1_100_000; i++) rows.push(`Line number ${i}`);
    const csv = Buffer.from(rows.join('\n') + '\n');
    let calls = 0;
    await page.route('**/api/uploadchunk', async (route) => {
      calls += 1;
      if (calls === 3) {
        await context.setOffline(true);
        setTimeout(() => void context.setOffline(false), 3000);
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });

    await page.goto('/fiscus/imports?import=new');
    const wizard = page.getByRole('dialog', { name: 'Import a file' });
    await wizard.getByTestId('wizard-object').click();
    await page.getByRole('option', { name: objectName, exact: true }).click();
    await wizard
      .getByTestId('wizard-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'lines.csv', mimeType: 'text/csv', buffer: csv });
    await expect(wizard.getByTestId('upload-state')).toHaveText(
      'Connection lost — resuming by itself…',
    );
    await expect(wizard.getByTestId('wizard-step-preview')).toBeVisible({ timeout: 90_000 });
    await expect(wizard.getByTestId('preview-table')).toContainText('Line number 0');
    expect(calls).toBeGreaterThan(4);
  });
});
