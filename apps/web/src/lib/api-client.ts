import { isErrorEnvelope, type ErrorEnvelope } from '@fiscus/contracts';
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { appConfig } from './config';
import { i18next } from './i18n';
import { tokens } from './tokens';

/** Calls that never carry the Authorization header and never trigger a refresh (seed §7). */
export const authPaths = [
  '/api/login',
  '/api/register',
  '/jwt/refresh-token',
  '/api/forgot',
  '/api/forgot-set-new',
  '/api/whoami',
  '/api/second-factor',
];
export const isAuthPath = (url: string | undefined) => !!url && authPaths.some((p) => url.split('?')[0]!.endsWith(p));

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

/** Where the browser goes when the session cannot be renewed; replaceable in tests. */
export const navigation = {
  toLogin: () => {
    if (!window.location.pathname.startsWith('/login')) window.location.assign('/login');
  },
};

let refreshing: Promise<string | null> | null = null;

/**
 * One refresh for any number of callers: concurrent 401s (and the navigation guard) share the
 * same promise. Resolves to the new access token, or null when the session cannot be renewed.
 */
export function refreshOnce(client: AxiosInstance = api): Promise<string | null> {
  if (refreshing) return refreshing;
  const refreshToken = tokens.refresh();
  if (!refreshToken) return Promise.resolve(null);
  const sentAccess = tokens.access();
  refreshing = client
    .post<{ accessToken?: string; refreshToken?: string }>('/jwt/refresh-token', { refreshToken })
    .then((res) => {
      if (!res.data?.accessToken) return null;
      tokens.save(res.data.accessToken, res.data.refreshToken);
      return res.data.accessToken;
    })
    .catch(() => {
      // Another tab may have rotated the token meanwhile: if storage holds a newer one, use it.
      const current = tokens.access();
      if (current && current !== sentAccess) return current;
      return null;
    })
    .finally(() => {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    });
  return refreshing;
}

function createApiClient(): AxiosInstance {
  const client = axios.create({ baseURL: appConfig.apiBaseUrl, timeout: 0 });

  client.interceptors.request.use((config) => {
    config.headers.set('Accept-Language', i18next.language || 'en');
    const bearer = tokens.bearer();
    if (bearer && !isAuthPath(config.url)) config.headers.set('Authorization', `Bearer ${bearer}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    if (error.response?.status !== 401 || !config || config._retried || isAuthPath(config.url)) {
      throw error;
    }
    config._retried = true;
    const fresh = await refreshOnce(client);
    if (!fresh) {
      tokens.clear();
      navigation.toLogin();
      throw error;
    }
    config.headers.set('Authorization', `Bearer ${fresh}`);
    return client.request(config);
  });
  return client;
}

/** The one HTTP client of the console for the real API. No time-out (seed §7). */
export const api = createApiClient();

/** The envelope of a failed call, if the server sent one. */
export function errorOf(err: unknown): ErrorEnvelope['error'] | undefined {
  if (err instanceof AxiosError && isErrorEnvelope(err.response?.data)) return err.response.data.error;
  return undefined;
}

/** A message for the user: the server's translated message, or a translated generic one. */
export function messageOf(err: unknown): string {
  const env = errorOf(err);
  if (env) return env.message;
  if (err instanceof AxiosError && !err.response) return i18next.t('errors:network');
  return i18next.t('errors:unexpected');
}
