import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

// The API reference: the server's reference page (Scalar API Reference over the OpenAPI
// document, served outside the console's build) shown in the console's screen, following the
// console's skin and language, at a phone's width, and saying so when the document is missing.

const shot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

test.describe('API reference', () => {
  test('shows every op with its curl and TypeScript examples, follows the skin and the language, fits a phone', async ({
    signedIn: page,
  }) => {
    // The viewer's bundle is a few megabytes of scripts to parse on a busy machine.
    test.setTimeout(240_000);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/dashboard/fiscus');
    await page.getByRole('link', { name: 'API reference' }).click();
    await expect(page).toHaveURL(/\/fiscus\/api$/);
    await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();

    const frame = page.frameLocator('[data-testid="api-reference-viewer"] iframe');
    // Every op of the contracts is an operation of its own, with the document's examples.
    await frame.getByRole('button', { name: 'Open Group - records' }).click({ timeout: 120_000 });
    await expect(page.getByText('Loading the API reference…')).toBeHidden();
    await expect(frame.locator('html')).toHaveAttribute('data-state', 'ready');
    // The viewer came from the server's own copy, not from the console's chunks.
    expect(scripts.some((s) => s.startsWith('/api/reference/viewer/'))).toBe(true);
    expect(scripts.filter((s) => s.startsWith('/assets/')).join()).not.toMatch(/scalar/i);

    await frame
      .getByRole('link', { name: /records\.list/ })
      .first()
      .click();
    await expect(frame.getByRole('heading', { name: 'records.list' })).toBeVisible();
    const sample = frame.locator('pre, code').filter({ hasText: '"op":"records.list"' }).first();
    await expect(sample).toBeVisible();
    await expect(sample).toContainText('curl -X POST');
    await frame
      .getByRole('button', { name: /Change code sample language/ })
      .first()
      .click();
    await frame.getByRole('option', { name: 'TypeScript (@fiscus/client)' }).click();
    await expect(
      frame.locator('pre, code').filter({ hasText: "client.op('records.list'" }).first(),
    ).toBeVisible();
    await expect(frame.getByRole('button', { name: /Test Request/ })).toHaveCount(0);
    await expect(frame.locator('body')).toHaveClass(/light-mode/);
    await page.screenshot({ path: shot('api-reference-light') });

    await page.getByTestId('skin-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    await expect(frame.locator('body')).toHaveClass(/dark-mode/);
    await page.screenshot({ path: shot('api-reference-dark') });

    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { name: 'API-Referenz' })).toBeVisible();
    await expect(frame.getByText('Suchen').first()).toBeVisible();
    await expect(frame.locator('body')).toHaveClass(/dark-mode/);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'API-Referenz' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    const frameBox = await page.getByTitle('Fiscus-API-Referenz').boundingBox();
    expect(frameBox!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shot('api-reference-phone') });
  });

  test('says when the server does not send the document, and shows it after trying again', async ({
    signedIn: page,
  }) => {
    test.setTimeout(180_000);
    let fail = true;
    await page.route('**/api/openapi.json', (route) =>
      fail ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await page.goto('/fiscus/api');
    await expect(page.getByRole('alert')).toContainText(
      'The server did not send the API description.',
    );
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toBeHidden();
    const frame = page.frameLocator('[data-testid="api-reference-viewer"] iframe');
    await expect(frame.getByRole('button', { name: 'Open Group - records' })).toBeVisible({
      timeout: 120_000,
    });
  });
});
