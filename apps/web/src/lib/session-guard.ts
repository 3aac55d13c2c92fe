import type { Session } from '@fiscus/contracts';
import { AxiosError } from 'axios';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setRules } from './ability';
import { api, endLocalSession, navigation, refreshOnce } from './api-client';
import { useSession } from './session';
import { tokens } from './tokens';

/** The route fields the session check needs. */
interface GuardedRoute {
  id: string;
  public?: boolean;
}

/** Answer of POST /api/whoami; `reason` tells why there is no session, when the server says. */
interface WhoamiReply {
  session: Session | null;
  reason?: 'missing' | 'expired' | 'invalid';
}

async function whoami(token: string): Promise<WhoamiReply> {
  const res = await api.post<WhoamiReply>('/api/whoami', { token });
  return { session: res.data?.session ?? null, reason: res.data?.reason };
}

/** Saves a session and applies its rules to the abilities (sign-in, whoami). */
export function applySession(session: Session) {
  setRules(session.rules);
  useSession.getState().setSession(session);
}

export type SessionCheckResult = 'loaded' | 'login' | 'offline' | 'stale';

let inflight: { token: string; promise: Promise<SessionCheckResult> } | null = null;

async function check(token: string): Promise<SessionCheckResult> {
  const goToLogin = (): SessionCheckResult => {
    // Only if nobody signed in or out meanwhile.
    if (tokens.bearer() !== token && tokens.bearer() !== null) return 'stale';
    endLocalSession();
    navigation.toLogin();
    return 'login';
  };
  try {
    let reply = await whoami(token);
    let current = token;
    if (!reply.session && reply.reason !== 'missing' && tokens.refresh()) {
      // An expired access token alone never ends a session: refresh once (shared with any
      // other call waiting on it) and ask again.
      const fresh = await refreshOnce();
      if (!fresh) return goToLogin();
      current = fresh;
      reply = await whoami(fresh);
    }
    if (tokens.bearer() !== current) return 'stale';
    if (!reply.session) return goToLogin();
    applySession(reply.session);
    return 'loaded';
  } catch (err) {
    if (err instanceof AxiosError && !err.response) {
      // The server cannot be reached: keep the session and the page; the next navigation asks again.
      useSession.getState().setError('network');
      return 'offline';
    }
    useSession.getState().setError(err instanceof Error ? err.message : 'whoami failed');
    return goToLogin();
  }
}

/**
 * Seed §4: the stored token is read; none → login. Otherwise whoami is asked (callers do not
 * wait); a session in the answer is saved, otherwise the user goes to login. Concurrent checks
 * of the same token share one call.
 */
export function runSessionCheck(): Promise<SessionCheckResult> {
  const token = tokens.bearer();
  if (!token) {
    endLocalSession();
    navigation.toLogin();
    return Promise.resolve('login');
  }
  if (inflight?.token === token) return inflight.promise;
  const promise = check(token).finally(() => {
    if (inflight?.promise === promise) inflight = null;
  });
  inflight = { token, promise };
  return promise;
}

let pendingRedirect: string | null = null;

/**
 * Where a fresh sign-in is headed (`?redirect=`). The sign-in page sends a signed-in user home
 * as soon as the tokens are stored, which can overtake the navigation to the requested page; the
 * first protected page reached afterwards then forwards to it.
 */
export function setPendingRedirect(to: string | null) {
  pendingRedirect = to;
}

/**
 * Runs the session check on every navigation to a non-public route, without blocking it, and
 * gives the HTTP client the router's navigate so a lost session goes to login without a reload.
 */
export function useNavigationSessionCheck(route: GuardedRoute, navigationKey: string) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigation.navigate = (to) => void navigate(to, { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (route.public) return;
    void sessionCheck.run?.();
    if (pendingRedirect) {
      const target = pendingRedirect;
      pendingRedirect = null;
      if (location.pathname + location.search !== target) void navigate(target, { replace: true });
    }
  }, [route.public, navigationKey, location.pathname, location.search, navigate]);
}

/** A check started before the first screen rendered, for the token it asked about. */
let early: string | null = null;

/**
 * Starts the session check as the console's layer loads, alongside the first screen's code and
 * texts instead of after its first render: the screen's queries wait for the session. The first
 * navigation's check is then this one.
 */
export function startSessionCheckEarly() {
  const token = tokens.bearer();
  if (!token) return;
  early = token;
  void runSessionCheck();
}

/**
 * The check the guard runs (its answer, or nothing when the early check stands for it);
 * replaceable in tests.
 */
export const sessionCheck: { run?: () => Promise<SessionCheckResult> | void } = {
  run: () => {
    const token = early;
    early = null;
    if (token !== null && token === tokens.bearer()) return;
    return runSessionCheck();
  },
};
