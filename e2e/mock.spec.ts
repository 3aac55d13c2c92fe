import { expect, test } from './fixtures.js';

// The demo areas' mock backend (a service worker) must leave the real API alone and must not
// weigh on the sign-in page.

test.describe('mock backend', () => {
  test.describe.configure({ timeout: 120_000 });

  test('while the mock runs, a real /api call still reaches the server', async ({
    signedIn: page,
  }) => {
    await page.goto('/fiscus/todo');
    await expect(page.getByTestId('todo-item').first()).toBeVisible({ timeout: 30_000 });
    // The page is now controlled by the mock's service worker.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
      .toContain('/mockServiceWorker.js');

    const health = await page.evaluate(async () => {
      const res = await fetch('/api/health');
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    });
    expect(health.status).toBe(200);
    expect(health.type).toContain('application/json');
    expect(health.body).toMatchObject({ status: 'ok' });

    // A demo endpoint is answered by the mock, not the server.
    const tasks = await page.evaluate(async () => (await fetch('/apps/todo/tasks')).json());
    expect(Array.isArray(tasks)).toBe(true);
    expect((tasks as unknown[]).length).toBe(16);
  });

  test('the sign-in page loads no mock code', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.filter((u) => /mockServiceWorker|\/assets\/(msw|browser)-/.test(u))).toEqual([]);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
    ).toBe(0);
  });

  test('platform screens load no mock code; opening the cart starts it', async ({
    signedIn: page,
  }) => {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(new URL(r.url()).pathname));
    await page.goto('/fiscus/objects');
    await expect(page.getByTestId('cart-toggle')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const mockCode = () => urls.filter((u) => /mockServiceWorker|\/assets\/browser-/.test(u));
    expect(mockCode()).toEqual([]);
    // The navbar cart belongs to the demo: opening it starts the mock and shows its lines.
    await page.getByTestId('cart-toggle').click();
    await expect(page.getByTestId('cart-count')).toHaveAttribute('data-count', '5', {
      timeout: 30_000,
    });
    expect(mockCode().length).toBeGreaterThan(0);
  });
});
