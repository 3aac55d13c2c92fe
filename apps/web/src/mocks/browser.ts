import { HttpHandler, matchRequestUrl, type RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/**
 * A handler that matches by method and path alone. To hand its resolver the request's
 * `cookies`, MSW reads `document.cookie` once for every handler it tries, for every request the
 * worker sees (the console's own API calls included) — hundreds of synchronous cookie reads per
 * request, each reported by Chrome as an issue. No demo handler reads cookies.
 */
function withoutCookies(handler: RequestHandler): RequestHandler {
  if (!(handler instanceof HttpHandler)) return handler;
  const path = handler.info.path;
  if (typeof path === 'function') return handler;
  handler.parse = ({ request, resolutionContext }) =>
    Promise.resolve({
      match: matchRequestUrl(new URL(request.url), path, resolutionContext?.baseUrl),
      cookies: {},
    });
  return handler;
}

export const worker = setupWorker(...handlers.map(withoutCookies));

/** Starts the service worker; every request it does not serve goes to the network untouched. */
export async function startWorker(): Promise<void> {
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
}
