import { isErrorEnvelope } from '@fiscus/contracts';
import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { resetRules } from './ability';
import { appConfig, storageKeys } from './config';
import { i18next } from './i18n';
import { useSession } from './session';
import { tokens } from './tokens';

/** Calls that never carry the Authorization header and never trigger a refresh (seed §7). */
export const authPaths = [
  '/api/login',
  '/api/register',
  '/jwt/refresh-token',
  '/api/forgot',
  '/api/forgot-set-new',
  '/api/whoami',
];
export const isAuthPath = (url: string | undefined) => {
  if (!url) return false;
  const path = url.split('?')[0]!;
  return authPaths.some((p) => path.endsWith(p));
};

/**
 * 401 answers that speak about what the user typed (a wrong password or code), not about the
 * session: they never start a refresh.
 */
const inputErrorCodes = new Set([
  'invalid_credentials',
  'invalid_second_factor',
  'second_factor_required',
]);

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
  _bearer?: string | null;
}

/** Pages where a signed-out visitor already is; never used as a return address. */
const publicPrefixes = ['/login', '/register', '/forgot-password', '/pages/authentication/'];

/** Where the browser goes when the session cannot be renewed; replaceable (router, tests). */
export const navigation = {
  /** Set by the navigation guard to the router's navigate function (no full reload). */
  navigate: null as ((to: string) => void) | null,
  toLogin() {
    const { pathname, search } = window.location;
    if (publicPrefixes.some((p) => pathname.startsWith(p))) return;
    const back = pathname + search;
    const to = back && back !== '/' ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
    if (navigation.navigate) navigation.navigate(to);
    else window.location.assign(to);
  },
};

/** Ends the session in this tab: tokens, session and abilities are cleared. */
export function endLocalSession() {
  tokens.clear();
  resetRules();
  useSession.getState().clear();
}

let refreshing: Promise<string | null> | null = null;

/** How long a failed refresh waits for another tab that may be rotating the same token. */
export const crossTabGraceMs = 1500;

/** Resolves with a stored access token other than `sent` once one appears, or null after `ms`. */
function waitForRotatedToken(sent: string | null, ms: number): Promise<string | null> {
  const now = tokens.access();
  if (now && now !== sent) return Promise.resolve(now);
  if (ms <= 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (value: string | null) => {
      window.removeEventListener('storage', onStorage);
      clearInterval(poll);
      clearTimeout(timer);
      resolve(value);
    };
    const check = () => {
      const current = tokens.access();
      if (current && current !== sent) done(current);
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKeys.accessToken || e.key === storageKeys.fiscusToken || e.key === null)
        check();
    };
    window.addEventListener('storage', onStorage);
    const poll = setInterval(check, 100);
    const timer = setTimeout(() => done(null), ms);
  });
}

/**
 * One refresh for any number of callers: concurrent 401s and the navigation guard share the same
 * promise. Resolves to the new access token, or null when the session cannot be renewed. When
 * the refresh fails because another tab already rotated the token, the newer stored one is used.
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
    .catch((err: unknown) => {
      // A network failure is not a verdict on the session; a refused token may have been
      // rotated by another tab a moment ago — its result lands in the shared storage.
      if (err instanceof AxiosError && !err.response) throw err;
      const rotated = tokens.refresh() !== refreshToken;
      return waitForRotatedToken(sentAccess, rotated ? crossTabGraceMs : crossTabGraceMs / 3);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function createApiClient(): AxiosInstance {
  const client = axios.create({ baseURL: appConfig.apiBaseUrl, timeout: 0 });

  client.interceptors.request.use((config: RetriableConfig) => {
    config.headers.set('Accept-Language', i18next.language || 'en');
    if (isAuthPath(config.url)) {
      config.headers.delete('Authorization');
      return config;
    }
    const bearer = tokens.bearer();
    config._bearer = bearer;
    if (bearer) config.headers.set('Authorization', `Bearer ${bearer}`);
    else config.headers.delete('Authorization');
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError)) throw error;
    const config = error.config as RetriableConfig | undefined;
    if (error.response?.status !== 401 || !config || config._retried || isAuthPath(config.url)) {
      throw error;
    }
    const body: unknown = error.response.data;
    if (isErrorEnvelope(body) && inputErrorCodes.has(body.error.code)) throw error;
    if (!config._bearer && !tokens.bearer() && !tokens.refresh()) throw error; // never signed in
    config._retried = true;

    // Tokens rotated since this request left (a refresh here or in another tab): just retry.
    const current = tokens.bearer();
    let fresh: string | null;
    if (current && current !== config._bearer) fresh = current;
    else {
      try {
        fresh = await refreshOnce(client);
      } catch {
        throw error; // server unreachable: keep the session, report the failure
      }
    }
    if (!fresh) {
      endLocalSession();
      navigation.toLogin();
      throw error;
    }
    return client.request(config);
  });
  return client;
}

/** The one HTTP client of the console for the real API. No time-out (seed §7). */
export const api = createApiClient();

/**
 * Keeps this tab in step with the others: tokens rotated elsewhere are read from storage on the
 * next call anyway; a sign-out elsewhere (tokens removed) ends the session here as well.
 */
function syncAcrossTabs() {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (e) => {
    if (e.storageArea && e.storageArea !== window.localStorage) return;
    const signedOut =
      (e.key === storageKeys.fiscusToken || e.key === null) &&
      e.newValue === null &&
      !tokens.bearer();
    if (signedOut && useSession.getState().session) {
      resetRules();
      useSession.getState().clear();
      navigation.toLogin();
    }
  });
}
syncAcrossTabs();

export { errorOf, messageOf } from './http-errors';
