import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// Changing the sign-in e-mail: the current password, a link mailed to the new address (read
// from <E2E_DATA_DIR>/outbox, the server has no SMTP_URL), the old address told, the link
// opened by the signed-in owner once.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shotDir = path.join(repoRoot, 'e2e', 'screenshots');
const dataDir = process.env.E2E_DATA_DIR;

interface Mail {
  to: { address: string }[];
  subject: string;
  text: string;
}

function mailsTo(address: string): Mail[] {
  const outbox = path.join(dataDir!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as Mail)
    .filter((m) => m.to.some((t) => t.address === address));
}

/** The path and query of the confirmation link mailed to `address` (waits for the mail). */
async function confirmationLink(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(address)) {
          const found = /https?:\/\/[^\s"'<>\\]+\/confirm-email\?token=[\w-]+/.exec(mail.text);
          if (found) link = found[0];
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  return url.pathname + url.search;
}

async function openGeneralTab(page: Page) {
  await page.goto('/pages/account-setting');
  await expect(page.getByTestId('account-general')).toBeVisible({ timeout: 30_000 });
}

test.describe('changing the sign-in e-mail', () => {
  test('password, mailed link, sign-in and back, confirmed once', async ({
    signedIn: page,
    user,
  }) => {
    // Without the server's DATA_DIR the journey fails rather than passing unchecked.
    expect(dataDir, 'E2E_DATA_DIR (the server DATA_DIR) to read the outbox').toBeTruthy();
    test.setTimeout(150_000);
    const me = user;
    const next = `moved.${me.username}@example.com`;

    await openGeneralTab(page);
    const form = page.getByTestId('account-general');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(next);
    const proof = form.getByTestId('email-change-proof');
    await expect(proof).toBeVisible();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Please enter your current password.')).toBeVisible();
    await proof.getByLabel('Current password').fill('not-my-password1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('The password is not correct.')).toBeVisible();
    await proof.getByLabel('Current password').fill(me.password);
    await form.getByRole('button', { name: 'Save changes' }).click();

    const pending = page.getByTestId('email-change-pending');
    await expect(pending).toContainText(`Confirmation sent to ${next}`);
    await expect(pending).toContainText(`Until then you sign in with ${me.email}`);
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(me.email);
    await page.screenshot({ path: path.join(shotDir, 'account-email-pending.png') });
    // The old address is told.
    await expect
      .poll(() => mailsTo(me.email).map((m) => m.subject))
      .toContain('A new e-mail address was requested for your Fiscus account');
    const link = await confirmationLink(next);

    // Opened signed out (another device): sign in with the address still in force, then back.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fconfirm-email/);
    await page.getByRole('textbox', { name: 'Email or username', exact: true }).fill(me.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const done = page.getByTestId('confirm-email-done');
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect(done).toContainText(`You now sign in with ${next}.`);
    await page.screenshot({ path: path.join(shotDir, 'account-email-confirmed.png') });

    await done.getByRole('link', { name: 'Account settings' }).click();
    await expect(page.getByTestId('account-general')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(next);
    await expect(page.getByTestId('email-change-pending')).toHaveCount(0);
    await expect
      .poll(() => mailsTo(me.email).map((m) => m.subject))
      .toContain('The e-mail address of your Fiscus account was changed');

    // The link works once: in German and the dark skin it says so.
    await page.evaluate(() => {
      localStorage.setItem('fiscus-language', 'de');
      localStorage.setItem('fiscus-skin', 'dark');
    });
    await page.goto(link);
    const used = page.getByTestId('confirm-email-used');
    await expect(used).toContainText('Link bereits verwendet', { timeout: 30_000 });
    await expect(used).toContainText(next);
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(shotDir, 'account-email-used-de-dark-phone.png') });
  });

  test('a pending change can be cancelled; its link then says so', async ({
    signedIn: page,
    user,
  }) => {
    // Without the server's DATA_DIR the journey fails rather than passing unchecked.
    expect(dataDir, 'E2E_DATA_DIR (the server DATA_DIR) to read the outbox').toBeTruthy();
    test.setTimeout(120_000);
    const me = user;
    const next = `cancelled.${me.username}@example.com`;
    await openGeneralTab(page);
    const form = page.getByTestId('account-general');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(next);
    await form.getByTestId('email-change-proof').getByLabel('Current password').fill(me.password);
    await form.getByRole('button', { name: 'Save changes' }).click();
    const pending = page.getByTestId('email-change-pending');
    await expect(pending).toContainText(`Confirmation sent to ${next}`);
    const link = await confirmationLink(next);
    await pending.getByRole('button', { name: 'Cancel the change' }).click();
    await expect(pending).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('account-general')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('email-change-pending')).toHaveCount(0);

    await page.goto(link);
    const invalid = page.getByTestId('confirm-email-invalid');
    await expect(invalid).toContainText('Link not valid', { timeout: 30_000 });
    await expect(invalid).toContainText(me.email);
  });
});
