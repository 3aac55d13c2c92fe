import axios from 'axios';

let ready: Promise<void> | null = null;

/**
 * Starts the mock backend of the demo areas (a service worker) on first use. Its code is loaded
 * lazily so the sign-in page and the real API never wait for it.
 */
export function startMocks(): Promise<void> {
  ready ??= import('../mocks/browser')
    .then((m) => m.startWorker())
    .catch((err: unknown) => {
      ready = null;
      throw err;
    });
  return ready;
}

/** HTTP client of the demo areas: every call waits until the mock backend is running. */
export const demoApi = axios.create({ timeout: 0 });
demoApi.interceptors.request.use(async (config) => {
  if (import.meta.env.MODE !== 'test') await startMocks();
  return config;
});
