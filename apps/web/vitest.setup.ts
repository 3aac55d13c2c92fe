import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { takeUnexpected } from './src/test/msw';

// Screens wait on debounced input and the mock backend; allow for a busy machine.
configure({ asyncUtilTimeout: 15_000 });

/** A request no mock handler answers fails the test (see src/test/msw.ts). */
function failOnUnexpectedRequests() {
  const requests = takeUnexpected();
  if (requests.length)
    throw new Error(`Requests no mock handler answers:\n  ${requests.join('\n  ')}`);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  failOnUnexpectedRequests();
});
afterAll(failOnUnexpectedRequests);

// jsdom lacks these browser APIs that the UI library uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver ??= RO;
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => {};
// Auto-sizing text areas listen for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
