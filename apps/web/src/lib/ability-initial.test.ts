import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './config';

async function freshAbility() {
  vi.resetModules();
  return (await import('./ability')).ability;
}

/** Seed §6: "manage all" at start only when a product token is stored. */
describe('initial ability', () => {
  beforeEach(() => localStorage.clear());

  it('without a stored fiscusToken only allows reading Auth pages', async () => {
    const ability = await freshAbility();
    expect(ability.can('read', 'Auth')).toBe(true);
    expect(ability.can('read', 'Dashboard')).toBe(false);
    expect(ability.can('manage', 'all')).toBe(false);
  });

  it('with a stored fiscusToken starts with the default rules (manage all)', async () => {
    localStorage.setItem(storageKeys.fiscusToken, 'token');
    const ability = await freshAbility();
    expect(ability.can('read', 'Auth')).toBe(true);
    expect(ability.can('manage', 'all')).toBe(true);
    expect(ability.can('delete', 'Budget')).toBe(true);
  });
});
