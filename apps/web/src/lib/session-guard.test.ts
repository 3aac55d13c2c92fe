import type { Session } from '@fiscus/contracts';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ability } from './ability';
import { navigation } from './api-client';
import { useSession } from './session';
import { runSessionCheck, sessionCheck, startSessionCheckEarly } from './session-guard';
import { tokens } from './tokens';
import { strict } from '@/test/msw';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const session: Session = {
  user: {
    id: 'u1',
    username: 'ann',
    email: 'ann@example.com',
    fullName: 'Ann',
    avatar: null,
    totpEnabled: false,
    createdAt: '2026-01-01T00:00:00Z',
  },
  domain: { id: 'd1', name: 'Main', role: 'viewer' },
  domains: [{ id: 'd1', name: 'Main', role: 'viewer' }],
  rules: [{ action: 'read', subject: 'Record' }],
};

/** Answers whoami with the session and counts the calls. */
function countWhoami(): { calls: number } {
  const seen = { calls: 0 };
  server.use(
    http.post('/api/whoami', () => {
      seen.calls += 1;
      return HttpResponse.json({ session });
    }),
  );
  return seen;
}

let toLogin: ReturnType<typeof vi.fn>;
beforeEach(() => {
  toLogin = vi.fn();
  navigation.navigate = toLogin as unknown as (to: string) => void;
  window.history.replaceState(null, '', '/fiscus/objects');
  useSession.getState().clear();
});

describe('navigation session check', () => {
  it('sends a visitor without a token to login without asking the server', async () => {
    const whoami = countWhoami();
    expect(await runSessionCheck()).toBe('login');
    expect(whoami.calls).toBe(0);
    expect(toLogin).toHaveBeenCalledWith('/login?redirect=%2Ffiscus%2Fobjects');
  });

  it('saves the session and applies its rules', async () => {
    tokens.save('acc', 'ref');
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/whoami', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ session });
      }),
    );
    expect(await runSessionCheck()).toBe('loaded');
    expect(bodies).toEqual([{ token: 'acc' }]);
    expect(useSession.getState()).toMatchObject({ status: 'loaded', loaded: true, session });
    expect(ability.can('read', 'Record')).toBe(true);
    expect(ability.can('manage', 'all')).toBe(false);
  });

  it('refreshes an expired access token once and asks again instead of logging out', async () => {
    tokens.save('expired-acc', 'ref-1');
    const asked: unknown[] = [];
    let refreshes = 0;
    server.use(
      http.post('/api/whoami', async ({ request }) => {
        const { token } = (await request.json()) as { token: string };
        asked.push(token);
        return HttpResponse.json(
          token === 'fresh' ? { session } : { session: null, reason: 'expired' },
        );
      }),
      http.post('/jwt/refresh-token', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'fresh', refreshToken: 'ref-2' });
      }),
    );
    expect(await runSessionCheck()).toBe('loaded');
    expect(asked).toEqual(['expired-acc', 'fresh']);
    expect(refreshes).toBe(1);
    expect(tokens.bearer()).toBe('fresh');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('goes to login when the session cannot be renewed', async () => {
    tokens.save('expired-acc', 'ref-1');
    server.use(
      http.post('/api/whoami', () => HttpResponse.json({ session: null })),
      http.post('/jwt/refresh-token', () =>
        HttpResponse.json(
          { error: { code: 'invalid_refresh_token', message: 'no' } },
          { status: 401 },
        ),
      ),
    );
    expect(await runSessionCheck()).toBe('login');
    expect(tokens.bearer()).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('goes to login when whoami answers with an error', async () => {
    tokens.save('acc');
    server.use(
      http.post('/api/whoami', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
      ),
    );
    expect(await runSessionCheck()).toBe('login');
    expect(useSession.getState().session).toBeNull();
    expect(tokens.bearer()).toBeNull();
  });

  it('asks once for concurrent checks of the same token', async () => {
    tokens.save('acc', 'ref');
    let calls = 0;
    server.use(
      http.post('/api/whoami', async () => {
        calls += 1;
        await delay(20);
        return HttpResponse.json({ session });
      }),
    );
    const results = await Promise.all([runSessionCheck(), runSessionCheck(), runSessionCheck()]);
    expect(results).toEqual(['loaded', 'loaded', 'loaded']);
    expect(calls).toBe(1);
  });

  it('the first navigation uses the check started as the console loaded; the next asks again', async () => {
    tokens.save('acc', 'ref');
    const whoami = countWhoami();
    startSessionCheckEarly();
    await vi.waitFor(() => expect(useSession.getState().session?.user.id).toBe('u1'));
    expect(sessionCheck.run?.()).toBeUndefined();
    expect(whoami.calls).toBe(1);
    expect(await sessionCheck.run?.()).toBe('loaded');
    expect(whoami.calls).toBe(2);
  });

  it('a check started early for a token since replaced does not stand for the new one', async () => {
    tokens.save('old', 'ref');
    const whoami = countWhoami();
    startSessionCheckEarly();
    await vi.waitFor(() => expect(whoami.calls).toBe(1));
    tokens.save('new', 'ref2');
    expect(await sessionCheck.run?.()).toBe('loaded');
    expect(whoami.calls).toBe(2);
  });

  it('keeps the session when the server cannot be reached', async () => {
    tokens.save('acc', 'ref');
    server.use(http.post('/api/whoami', () => HttpResponse.error()));
    expect(await runSessionCheck()).toBe('offline');
    expect(tokens.bearer()).toBe('acc');
    expect(useSession.getState().status).toBe('error');
    expect(toLogin).not.toHaveBeenCalled();
  });
});
