import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.js';

// Integrations in the console: a personal API token made in Account Settings, shown once, used
// by a script for a read, seen as used, revoked and then refused; an admin's webhook for one
// object, its delivery reaching a receiver, and the delivery log saying so.

test.describe('Integrations', () => {
  test('a personal token: shown once, used for a read, seen as used, revoked and refused', async ({
    signedIn: page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/pages/account-setting?tab=tokens');
    await page.getByTestId('token-name').fill('Nightly BI read');
    await page.getByTestId('token-create').click();
    const secretBox = page.getByTestId('token-secret');
    await expect(secretBox).toHaveText(/^fst_/);
    const secret = (await secretBox.textContent())!.trim();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(secretBox).toBeHidden();

    const row = page.getByTestId('token-row').filter({ hasText: 'Nightly BI read' });
    await expect(row).toContainText('Not used yet');
    // Shown once: the list never shows the secret again.
    await expect(page.getByTestId('api-tokens')).not.toContainText(secret);

    const read = await request.post('/api/qry', {
      headers: { authorization: `Bearer ${secret}` },
      data: { op: 'objects.list' },
    });
    expect(read.status()).toBe(200);
    const write = await request.post('/api/qry', {
      headers: { authorization: `Bearer ${secret}` },
      data: { op: 'objects.create', name: 'Not allowed' },
    });
    expect(write.status()).toBe(403);

    await expect(async () => {
      await page.reload();
      await expect(row).not.toContainText('Not used yet', { timeout: 20_000 });
    }).toPass({ timeout: 90_000 });

    await row.getByTestId('token-revoke').click();
    await page.getByTestId('token-revoke-confirm').click();
    await expect(row).toContainText('Revoked');
    const refused = await request.post('/api/qry', {
      headers: { authorization: `Bearer ${secret}` },
      data: { op: 'objects.list' },
    });
    expect(refused.status()).toBe(401);
  });

  test('an admin’s webhook for one object reaches its receiver, and the delivery log shows it', async ({
    signedIn: page,
    request,
    user,
  }) => {
    test.setTimeout(180_000);
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const port = (receiver.address() as AddressInfo).port;
    try {
      const auth = { authorization: `Bearer ${user.accessToken}` };
      const created = await request.post('/api/qry', {
        headers: auth,
        data: { op: 'objects.create', name: 'Hooked actuals' },
      });
      expect(created.ok()).toBe(true);
      const objectId = ((await created.json()) as { data: { id: string } }).data.id;

      await page.goto('/fiscus/integrations');
      await page.getByTestId('tab-webhooks').click();
      await page.getByTestId('webhook-new').click();
      await page.getByTestId('webhook-name').fill('Actuals to the warehouse');
      await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/hooks/fiscus`);
      await page.getByRole('checkbox', { name: 'Record created' }).check();
      await page.getByTestId('webhook-objects').click();
      await page.getByRole('option', { name: 'Hooked actuals' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('webhook-form')).toContainText('Hooked actuals');
      await page.getByRole('switch', { name: 'Allow private network addresses' }).check();
      await page.getByTestId('webhook-save').click();
      await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
      await page.getByRole('button', { name: 'Done' }).click();
      const hook = page.getByTestId('webhook-row').filter({ hasText: 'Actuals to the warehouse' });
      await expect(hook).toBeVisible();

      const rec = await request.post('/api/qry', {
        headers: auth,
        data: { op: 'records.create', objectId, values: { name: 'March' } },
      });
      expect(rec.ok()).toBe(true);
      await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0);
      expect(received[0]!.headers['fiscus-event']).toBe('record.created');
      expect(received[0]!.headers['fiscus-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

      await hook.getByTestId('webhook-log').click();
      const log = page.getByTestId('deliveries');
      await expect(async () => {
        await log.getByRole('button', { name: 'Refresh' }).click();
        await expect(log.getByTestId('delivery-state').first()).toHaveText('Delivered', {
          timeout: 10_000,
        });
      }).toPass({ timeout: 60_000 });
      await expect(log.getByTestId('attempt-status').first()).toContainText('204');
    } finally {
      await new Promise((ok) => receiver.close(ok));
    }
  });
});
