import { defaultRules } from '@fiscus/contracts';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { server } from '@/mocks/node';
import { strict } from './msw';

/**
 * A test file of a screen signed in with the default role's rules: the mock server listens
 * strictly (a request no handler answers fails the test, see msw.ts) for the whole file, its
 * handlers are reset after each test, and the rules are reset at the end.
 */
export function mockServerWithDefaultRules(): void {
  beforeAll(() => {
    server.listen(strict);
    setRules(defaultRules);
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    server.close();
    resetRules();
  });
}
