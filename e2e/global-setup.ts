import type { FullConfig } from '@playwright/test';

/**
 * For the server this configuration starts (a new installation, which seeds the Demo budget):
 * registers the first account — it owns the Demo budget — before any journey registers its
 * own, and hands its credentials to the journeys as E2E_BUDGET_OWNER. Against an external
 * server (E2E_BASE_URL) nothing is done: its first account is somebody else.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  if (process.env.E2E_BASE_URL || process.env.E2E_BUDGET_OWNER) return;
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  const owner = {
    username: 'e2e_budget_owner',
    email: 'e2e_budget_owner@example.com',
    password: 'Budget-Owner-2026',
  };
  const res = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!res.ok)
    throw new Error(`registering the Demo budget's owner: ${res.status} ${await res.text()}`);
  process.env.E2E_BUDGET_OWNER = JSON.stringify(owner);
}
