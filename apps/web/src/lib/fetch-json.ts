import { appConfig } from './config';
import { HttpError } from './http-errors';
import { i18next } from './i18n';

/**
 * POSTs JSON to the API with the browser's fetch and answers the parsed body. For the calls of
 * the sign-in pages, which carry no token: they render before the console's HTTP client (with
 * its token refresh) is loaded. A failure throws HttpError, which lib/http-errors reads like the
 * client's errors.
 */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${appConfig.apiBaseUrl}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': i18next.language || 'en',
      },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new HttpError(err instanceof Error ? err.message : 'Network Error');
  }
  const text = await res.text();
  let data: unknown = text || undefined;
  try {
    if (text) data = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  if (!res.ok) {
    throw new HttpError(`Request failed with status code ${res.status}`, {
      status: res.status,
      data,
      headers: { 'retry-after': res.headers.get('retry-after') ?? undefined },
    });
  }
  return data as T;
}
