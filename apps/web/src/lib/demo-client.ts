import axios from 'axios';
import { useSyncExternalStore } from 'react';

let ready: Promise<void> | null = null;
/** In unit tests the mock backend is a Node server that always runs. */
let started = import.meta.env.MODE === 'test';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the mock backend runs already (a demo screen was opened). Widgets outside the demo
 * areas (the navbar's cart) wait for it instead of starting it, so the platform's screens never
 * load the mock code or send their API calls through its service worker.
 */
export function useMocksStarted(): boolean {
  return useSyncExternalStore(subscribe, () => started);
}

/**
 * Starts the mock backend of the demo areas (a service worker) on first use. Its code is loaded
 * lazily so the sign-in page and the real API never wait for it.
 */
export function startMocks(): Promise<void> {
  ready ??= import('../mocks/browser')
    .then((m) => m.startWorker())
    .then(() => {
      started = true;
      for (const l of listeners) l();
    })
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
