import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { expect, registerUser, test } from './fixtures.js';

// Sign-in journeys against the production build served by the real server.
// The server under test writes mails to <E2E_DATA_DIR>/outbox (no SMTP_URL).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR;
const shotDir = path.join(repoRoot, 'e2e', 'screenshots');

let seq = 0;
function newUser() {
  seq += 1;
  const id = `${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `u${id}`, email: `u${id}@example.com`, password: `Secret${seq}pass` };
}
type NewUser = ReturnType<typeof newUser>;

/** A fresh user registered through the API by the shared fixture (fails if registration fails). */
const registeredUser = registerUser;

async function registerInUi(page: Page, user: NewUser) {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.username);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
}

async function signIn(page: Page, login: string, password: string) {
  await page.getByRole('textbox', { name: 'Email or username', exact: true }).fill(login);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logoutFromUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('authentication', () => {
  test('register → logout → login → reload keeps the session', async ({ page }) => {
    const user = newUser();
    await registerInUi(page, user);
    // The greeting is a toast that closes by itself (its text is checked in the form's unit test);
    // the user menu names the new user.
    await expect(page.getByTestId('user-menu')).toContainText(user.username);
    await page.screenshot({ path: path.join(shotDir, 'auth-after-register.png') });

    await logoutFromUserMenu(page);
    expect(await page.evaluate(() => localStorage.getItem('fiscusToken'))).toBeNull();
    // A signed-out visitor is sent back to login from a protected page.
    await page.goto('/fiscus/objects');
    await expect(page).toHaveURL(/\/login\?redirect=%2Ffiscus%2Fobjects/);

    await signIn(page, user.email, 'wrong-password1');
    await expect(page.getByTestId('form-alert')).toBeVisible();
    await signIn(page, user.username, user.password);
    await expect(page).toHaveURL(/\/fiscus\/objects$/);

    await page.reload();
    await expect(page).toHaveURL(/\/fiscus\/objects$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    // A signed-in user is sent away from the sign-in pages.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
  });

  test('the sign-in screens are translated and follow the skin', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('fiscus-language', 'de');
      localStorage.setItem('fiscus-skin', 'dark');
    });
    await page.goto('/pages/authentication/register-v2');
    await expect(page.getByRole('button', { name: 'Registrieren' })).toBeVisible();
    await page.screenshot({ path: path.join(shotDir, 'auth-register-v2-de-dark.png') });
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Bitte geben Sie Ihren Benutzernamen ein.')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/pages/authentication/login-v1');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await page.screenshot({ path: path.join(shotDir, 'auth-login-v1-de-dark-phone.png') });
  });

  test('a signed-out visitor in German downloads the German texts, not the English ones too', async ({
    page,
  }) => {
    const texts = (lng: string) =>
      [
        `apps/web/src/locales/${lng}/common.json`,
        `apps/web/src/locales/${lng}/errors.json`,
        `apps/web/src/features/auth/i18n/${lng}.json`,
      ].map((file) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as unknown);
    const downloaded: Promise<unknown>[] = [];
    page.on('response', (res) => {
      if (/\/assets\/.*\.json$/.test(new URL(res.url()).pathname))
        downloaded.push(res.json() as Promise<unknown>);
    });
    await page.addInitScript(() => localStorage.setItem('fiscus-language', 'de'));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    const got = await Promise.all(downloaded);
    const among = (files: unknown[]) =>
      files.filter((file) => got.some((g) => isDeepStrictEqual(g, file))).length;
    expect(among(texts('de')), 'German texts downloaded').toBe(3);
    expect(among(texts('en')), 'English texts downloaded').toBe(0);
  });

  test('forgot password via the mailed link', async ({ page, request }) => {
    // Against an outside server (E2E_BASE_URL) the journey needs that server's DATA_DIR: without
    // it the journey fails rather than passing unchecked.
    expect(dataDir, 'E2E_DATA_DIR (the server DATA_DIR) to read the outbox').toBeTruthy();
    const user = await registeredUser(request);
    const outbox = path.join(dataDir!, 'outbox');
    const before = new Set(listMails(outbox));

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('forgot-sent')).toContainText(user.email);

    let link = '';
    await expect
      .poll(
        () => {
          for (const file of listMails(outbox)
            .filter((f) => !before.has(f))
            .reverse()) {
            const mail = readFileSync(path.join(outbox, file), 'utf8');
            if (!mail.includes(user.email)) continue;
            const found = /https?:\/\/[^\s"'<>\\]+\/forgot-password-set-new\?token=[\w-]+/.exec(
              mail,
            );
            if (found) link = found[0];
          }
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    const target = new URL(link);
    await page.goto(target.pathname + target.search);
    const newPassword = 'Brandnew42';
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link works once only.
    await page.goto(target.pathname + target.search);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another42x');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Another42x');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('reset-link-invalid')).toBeVisible();

    await page.goto('/login');
    await signIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
  });

  test('TOTP enrolment in the account settings, then sign-in with a second factor', async ({
    page,
  }) => {
    const user = newUser();
    await registerInUi(page, user);
    await page.goto('/pages/account-setting');
    await page.getByRole('tab', { name: /two-factor|two-step/i }).click();
    const card = page.getByTestId('two-factor');
    await expect(card.getByTestId('totp-status')).toHaveText(/disabled/i);
    await card.getByRole('button', { name: 'Enable two-step verification' }).click();
    await expect(
      card.getByRole('img', { name: 'QR code for the authenticator app' }),
    ).toBeVisible();
    const secret = (await card.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await card.getByRole('textbox').first().click();
    await page.keyboard.type(authenticator.generate(secret));
    // Switching on asks for the current password too.
    await card.getByLabel('Current password').fill(user.password);
    await card.getByRole('button', { name: 'Verify and enable' }).click();
    await expect(card.getByTestId('backup-codes')).toBeVisible();
    await page.screenshot({ path: path.join(shotDir, 'auth-totp-backup-codes.png') });
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByTestId('totp-status')).toHaveText(/enabled/i);

    await logoutFromUserMenu(page);
    await signIn(page, user.username, user.password);
    const step = page.getByTestId('second-factor-form');
    await expect(step).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('fiscusToken'))).toBeNull();
    await page.screenshot({ path: path.join(shotDir, 'auth-second-factor.png') });

    // A wrong code is refused; then the next time step's code (a code works once, ±1 step).
    await step.getByRole('textbox').first().click();
    await page.keyboard.type('000000');
    await expect(step.getByText(/not correct|not valid/i)).toBeVisible();
    const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    await step.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('sign-in with a backup code after enabling TOTP through the API', async ({
    page,
    request,
  }) => {
    const user = await registeredUser(request);
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const setup = await request.post('/api/second-factor', { headers, data: { action: 'setup' } });
    expect(setup.ok(), await setup.text()).toBeTruthy();
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await request.post('/api/second-factor', {
      headers,
      data: { action: 'enable', code: authenticator.generate(secret), password: user.password },
    });
    expect(enable.ok(), await enable.text()).toBeTruthy();
    const { backupCodes } = (await enable.json()) as { backupCodes: string[] };

    await page.goto('/login');
    await signIn(page, user.email, user.password);
    const step = page.getByTestId('second-factor-form');
    await step.getByRole('button', { name: 'Use a backup code' }).click();
    await step.getByRole('textbox', { name: 'Backup code' }).fill(backupCodes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
  });

  test('an expired access token is refreshed silently mid-session', async ({ browser }) => {
    test.setTimeout(120_000);
    const server = await startServer({ ACCESS_TOKEN_TTL: '5' });
    try {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      const user = newUser();
      await registerInUi(page, user);
      const firstToken = await page.evaluate(() => localStorage.getItem('fiscusToken'));

      const refreshes: number[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('/jwt/refresh-token')) refreshes.push(res.status());
      });
      await page.waitForTimeout(6_500); // the access token is now past its 5 s lifetime

      // Navigate inside the console: the guard finds the token expired, refreshes and goes on.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/pages\/account-setting$/);
      await expect.poll(() => refreshes).toContain(200);
      await page.waitForTimeout(1_000);
      await expect(page).toHaveURL(/\/pages\/account-setting$/);
      await expect(page.getByTestId('user-menu')).toBeVisible();
      const secondToken = await page.evaluate(() => localStorage.getItem('fiscusToken'));
      expect(secondToken).toBeTruthy();
      expect(secondToken).not.toBe(firstToken);

      // Still signed in after a reload with the renewed tokens.
      await page.reload();
      await expect(page).toHaveURL(/\/pages\/account-setting$/);

      // Two tabs whose token expires at the same time both renew it; neither logs the other out.
      const other = await context.newPage();
      await other.goto('/fiscus/objects');
      await expect(other.getByTestId('user-menu')).toBeVisible();
      await page.waitForTimeout(6_500);
      await Promise.all([page.goto('/dashboard/fiscus'), other.goto('/fiscus/domains')]);
      await page.waitForTimeout(3_000);
      await expect(page).toHaveURL(/\/dashboard\/fiscus$/);
      await expect(other).toHaveURL(/\/fiscus\/domains$/);
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await expect(other.getByTestId('user-menu')).toBeVisible();
      expect(await other.evaluate(() => localStorage.getItem('fiscusToken'))).toBeTruthy();
      await context.close();
    } finally {
      await server.stop();
    }
  });
});

function listMails(outbox: string): string[] {
  try {
    return readdirSync(outbox)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A server of its own (same production build, fresh data) for settings the shared one lacks. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'fiscus-e2e-auth-'));
  // The built server, as in the shared configuration; the sources when it is not built (or when
  // E2E_SERVER_FROM_SOURCE is set).
  const built =
    !process.env.E2E_SERVER_FROM_SOURCE &&
    existsSync(path.join(repoRoot, 'apps/server/dist/server.js'));
  const args = built
    ? ['dist/server.js']
    : ['--conditions=source', '--import', 'tsx', 'src/server.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/login`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error('the test server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
