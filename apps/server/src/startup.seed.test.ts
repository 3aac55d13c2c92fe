import { afterEach, describe, expect, it } from 'vitest';
import { registerUser } from './test/auth-helpers.js';
import { makeTestApp } from './test/helpers.js';
import { isNewInstallation, seedDemoOnNewInstallation } from './startup.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const domainsOf = async (app: Awaited<ReturnType<typeof makeTestApp>>['app']) =>
  (await app.db.kysely.selectFrom('domains').select('name').execute()).map((d) => d.name);

describe('seeding the Demo budget at start', () => {
  it('skips an installation that has accounts or domains', async () => {
    const t = await makeTestApp({ seedDemo: true });
    cleanup = t.cleanup;
    expect(await isNewInstallation(t.app.db)).toBe(true);
    await registerUser(t.app);
    expect(await isNewInstallation(t.app.db)).toBe(false);
    await seedDemoOnNewInstallation(t.app);
    expect(await domainsOf(t.app)).not.toContain('Demo budget');
  });

  it('does nothing when SEED_DEMO is false', async () => {
    const t = await makeTestApp({ seedDemo: false });
    cleanup = t.cleanup;
    expect(seedDemoOnNewInstallation(t.app)).toBeUndefined();
    expect(await domainsOf(t.app)).toEqual([]);
  });
});
