import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestUser {
  username: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string | null;
}

/**
 * Registers a fresh user through the API. A server that refuses (registration missing or
 * broken) fails the test that asked: journeys never skip for it.
 */
export async function registerUser(request: APIRequestContext): Promise<TestUser> {
  const id = randomBytes(5).toString('hex');
  const user = {
    username: `e2e_${id}`,
    email: `e2e_${id}@example.com`,
    password: `Pw-${id}-Secret1`,
  };
  const res = await request.post('/api/register', { data: user });
  expect(res.ok(), `register: ${res.status()} ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { accessToken: string; refreshToken?: string | null };
  return { ...user, accessToken: body.accessToken, refreshToken: body.refreshToken ?? null };
}

/** Puts the tokens into local storage before the console starts (seed §9 keys). */
export async function signIn(page: Page, user: TestUser) {
  const tokens: Record<string, string | null> = {
    accessToken: user.accessToken,
    fiscusToken: user.accessToken,
    refreshToken: user.refreshToken,
  };
  await page.addInitScript((values: Record<string, string | null>) => {
    // Only on the first document of the test: a later sign-out must stick across reloads.
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    for (const [key, value] of Object.entries(values)) {
      if (value) window.localStorage.setItem(key, value);
    }
  }, tokens);
}

export const test = base.extend<{ user: TestUser; signedIn: Page }>({
  user: async ({ request }, use) => {
    await use(await registerUser(request));
  },
  /** A page whose console starts signed in as a fresh user. */
  signedIn: async ({ page, user }, use) => {
    await signIn(page, user);
    await use(page);
  },
});

/**
 * The issues Chrome reports for the page from now on (its DevTools Issues panel: a label that
 * names a missing field, a synchronous `document.cookie` access, …), as they arrive.
 */
export async function chromeIssues(page: Page): Promise<{ code: string; details: unknown }[]> {
  const issues: { code: string; details: unknown }[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(issue));
  await cdp.send('Audits.enable');
  return issues;
}

export { expect };
