import { expect, test } from './fixtures.js';

/**
 * The console runs under a strict Content-Security-Policy (no inline script, no `eval`;
 * apps/server/src/plugins/security.ts). A refused `eval` — even one the code catches, like the
 * schema library's probe for compiling its parsers — is reported by the browser (Chrome's Issues
 * panel, Lighthouse's best practices). The dashboard and a screen that loads the schema library
 * must raise none (docs/footprint.md).
 */
test('the dashboard and a screen with the schema library raise no Content-Security-Policy violation', async ({
  signedIn: page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/dashboard/fiscus');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  // The ribbon's screen builds the contracts' schemas as it loads.
  await page.goto('/fiscus/ribbon');
  await expect(page.getByTestId('ribbon-screen')).toBeVisible();
  expect(await violations()).toEqual([]);
});
