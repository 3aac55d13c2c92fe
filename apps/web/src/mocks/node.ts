import { setupServer } from 'msw/node';
import { beforeEach } from 'vitest';
import { handlers } from './handlers';

/** The same demo handlers in Node, for handler and component tests. */
export const server = setupServer(...handlers);

/*
 * Test files reset the handlers after each test (`afterEach(() => server.resetHandlers())`).
 * A request a screen starts in its last moments (a refetch after a save, a search after a
 * keystroke) can still be on its way then, and would meet no handler and fail the next test.
 * So the reset takes effect when the next test starts: until then the handlers of the test that
 * made the request answer it, and a request they do not expect still fails that test. A test that
 * wants the demo handlers back in its middle calls `resetHandlersNow()`.
 */
const resetNow = server.resetHandlers.bind(server);
export function resetHandlersNow(): void {
  resetNow();
}
let resetDue = false;
server.resetHandlers = (...next) => {
  if (next.length) resetNow(...next);
  else resetDue = true;
};
beforeEach(() => {
  if (!resetDue) return;
  resetDue = false;
  resetNow();
});
