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

/** One `/api/qry` command with a bearer token. */
async function demoQry(request: APIRequestContext, token: string, op: string, input = {}) {
  const res = await request.post('/api/qry', {
    headers: { authorization: `Bearer ${token}` },
    data: { op, ...input },
  });
  expect(res.ok(), `${op}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: unknown }).data;
}

/**
 * The Demo budget's owner (the installation's first account, registered by the global setup),
 * signed in to the Demo budget domain once its seeding has finished.
 */
export async function demoOwner(request: APIRequestContext): Promise<TestUser> {
  const creds = JSON.parse(process.env.E2E_BUDGET_OWNER ?? 'null') as {
    username: string;
    email: string;
    password: string;
  } | null;
  expect(creds, 'the global setup registers the Demo budget’s owner').not.toBeNull();
  const login = await request.post('/api/login', {
    data: { login: creds!.username, password: creds!.password },
  });
  expect(login.ok(), `login: ${login.status()}`).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const switched = (await demoQry(request, accessToken, 'domains.switch', {
    id: 'demo-budget',
  })) as {
    accessToken: string;
    refreshToken: string;
  };
  // The seeding runs in the background after the server starts; its reports are made last.
  await expect
    .poll(
      async () =>
        ((await demoQry(request, switched.accessToken, 'reports.list')) as { items: unknown[] })
          .items.length,
      { timeout: 240_000, intervals: [2000] },
    )
    .toBeGreaterThanOrEqual(3);
  return { ...creds!, ...switched };
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
