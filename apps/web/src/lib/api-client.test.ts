import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, authPaths, navigation } from './api-client';
import { tokens } from './tokens';
import { strict } from '@/test/msw';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const expired = () =>
  HttpResponse.json({ error: { code: 'token_expired', message: 'expired' } }, { status: 401 });

let toLogin: ReturnType<typeof vi.fn>;
beforeEach(() => {
  toLogin = vi.fn();
  navigation.navigate = toLogin as unknown as (to: string) => void;
  window.history.replaceState(null, '', '/fiscus/objects');
  tokens.save('old-access', 'refresh-1');
});

/** A protected endpoint that accepts only the given bearer, counting what it saw. */
function protectedEndpoint(valid: () => string) {
  const seen: (string | null)[] = [];
  server.use(
    http.post('/api/qry', ({ request }) => {
      const auth = request.headers.get('authorization');
      seen.push(auth);
      return auth === `Bearer ${valid()}` ? HttpResponse.json({ data: 'ok' }) : expired();
    }),
  );
  return seen;
}

describe('api client refresh', () => {
  it('refreshes once for 20 concurrent 401s and retries each request once with the new token', async () => {
    const seen = protectedEndpoint(() => 'new-access');
    const refreshBodies: unknown[] = [];
    server.use(
      http.post('/jwt/refresh-token', async ({ request }) => {
        refreshBodies.push(await request.json());
        await delay(30);
        return HttpResponse.json({ accessToken: 'new-access', refreshToken: 'refresh-2' });
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.post('/api/qry', { op: 'x', i })),
    );
    expect(results.every((r) => r.data.data === 'ok')).toBe(true);
    expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(seen.filter((h) => h === 'Bearer old-access')).toHaveLength(20);
    expect(seen.filter((h) => h === 'Bearer new-access')).toHaveLength(20);
    expect(tokens.access()).toBe('new-access');
    expect(tokens.bearer()).toBe('new-access');
    expect(tokens.refresh()).toBe('refresh-2');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('retries a request at most once', async () => {
    const seen = protectedEndpoint(() => 'never-valid');
    let refreshes = 0;
    server.use(
      http.post('/jwt/refresh-token', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'new-access', refreshToken: 'refresh-2' });
      }),
    );
    await expect(api.post('/api/qry', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(seen).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(refreshes).toBe(1);
  });

  it('clears the tokens and goes to login when the refresh fails', async () => {
    protectedEndpoint(() => 'new-access');
    server.use(
      http.post('/jwt/refresh-token', () =>
        HttpResponse.json(
          { error: { code: 'invalid_refresh_token', message: 'no' } },
          { status: 401 },
        ),
      ),
    );
    await expect(api.post('/api/qry', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
    expect(tokens.bearer()).toBeNull();
    expect(toLogin).toHaveBeenCalledWith('/login?redirect=%2Ffiscus%2Fobjects');
  });

  it('clears the tokens and goes to login when the refresh answers without an access token', async () => {
    protectedEndpoint(() => 'new-access');
    server.use(http.post('/jwt/refresh-token', () => HttpResponse.json({ refreshToken: 'x' })));
    await expect(api.post('/api/qry', {})).rejects.toBeTruthy();
    expect(tokens.bearer()).toBeNull();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 about a wrong password or code', async () => {
    let refreshes = 0;
    server.use(
      http.post('/api/changepassword', () =>
        HttpResponse.json(
          { error: { code: 'invalid_credentials', message: 'wrong' } },
          { status: 401 },
        ),
      ),
      http.post('/jwt/refresh-token', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'a', refreshToken: 'b' });
      }),
    );
    await expect(api.post('/api/changepassword', {})).rejects.toBeTruthy();
    expect(refreshes).toBe(0);
    expect(tokens.bearer()).toBe('old-access');
    expect(toLogin).not.toHaveBeenCalled();
  });
});

describe('api client headers', () => {
  it('sends no Authorization header on the auth paths and the bearer everywhere else', async () => {
    const headers = new Map<string, string | null>();
    server.use(
      http.post('*', ({ request }) => {
        headers.set(new URL(request.url).pathname, request.headers.get('authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    for (const path of [
      ...authPaths,
      '/api/qry',
      '/api/second-factor',
      '/api/logout',
      '/api/changepassword',
    ]) {
      await api.post(path, {});
    }
    for (const path of [
      '/api/login',
      '/api/register',
      '/jwt/refresh-token',
      '/api/forgot',
      '/api/forgot-set-new',
      '/api/whoami',
    ]) {
      expect(headers.get(path), path).toBeNull();
    }
    for (const path of ['/api/qry', '/api/second-factor', '/api/logout', '/api/changepassword']) {
      expect(headers.get(path), path).toBe('Bearer old-access');
    }
  });

  it('sends the bearer from fiscusToken and the interface language', async () => {
    localStorage.setItem('fiscusToken', 'product-token');
    let auth: string | null = null;
    let lang: string | null = null;
    server.use(
      http.post('/api/qry', ({ request }) => {
        auth = request.headers.get('authorization');
        lang = request.headers.get('accept-language');
        return HttpResponse.json({});
      }),
    );
    await api.post('/api/qry', {});
    expect(auth).toBe('Bearer product-token');
    expect(lang).toBeTruthy();
  });
});

describe('api client across tabs', () => {
  it('uses the token another tab rotated when its own refresh is refused', async () => {
    const seen = protectedEndpoint(() => 'tab-b-access');
    server.use(
      http.post('/jwt/refresh-token', async () => {
        // Meanwhile the other tab rotated the same refresh token and stored the result.
        localStorage.setItem('accessToken', 'tab-b-access');
        localStorage.setItem('fiscusToken', 'tab-b-access');
        localStorage.setItem('refreshToken', 'refresh-b');
        window.dispatchEvent(
          new StorageEvent('storage', { key: 'fiscusToken', newValue: 'tab-b-access' }),
        );
        return HttpResponse.json(
          { error: { code: 'invalid_refresh_token', message: 'reused' } },
          { status: 401 },
        );
      }),
    );
    const res = await api.post('/api/qry', {});
    expect(res.data.data).toBe('ok');
    expect(seen).toEqual(['Bearer old-access', 'Bearer tab-b-access']);
    expect(tokens.refresh()).toBe('refresh-b');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('retries with a token rotated elsewhere while the request was under way, without refreshing', async () => {
    let refreshes = 0;
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/qry', ({ request }) => {
        const auth = request.headers.get('authorization');
        seen.push(auth);
        if (auth === 'Bearer rotated') return HttpResponse.json({ data: 'ok' });
        tokens.save('rotated', 'refresh-r'); // the other tab wins the race
        return expired();
      }),
      http.post('/jwt/refresh-token', () => {
        refreshes += 1;
        return HttpResponse.json({ accessToken: 'z', refreshToken: 'z' });
      }),
    );
    const res = await api.post('/api/qry', {});
    expect(res.data.data).toBe('ok');
    expect(refreshes).toBe(0);
    expect(seen).toEqual(['Bearer old-access', 'Bearer rotated']);
  });

  it('ends the session here when another tab signs out', async () => {
    const { useSession } = await import('./session');
    useSession.getState().setSession({
      user: {
        id: 'u',
        username: 'u',
        email: 'u@example.com',
        fullName: '',
        avatar: null,
        totpEnabled: false,
        createdAt: '',
      },
      domain: { id: 'd', name: 'D', role: 'owner' },
      domains: [],
      rules: [{ action: 'manage', subject: 'all' }],
    });
    tokens.clear(); // what the other tab did
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'fiscusToken', oldValue: 'old-access', newValue: null }),
    );
    expect(useSession.getState().session).toBeNull();
    expect(toLogin).toHaveBeenCalledWith('/login?redirect=%2Ffiscus%2Fobjects');
  });

  it('keeps the session here when another tab only rotates the tokens', async () => {
    const { useSession } = await import('./session');
    useSession.getState().setSession({
      user: {
        id: 'u',
        username: 'u',
        email: 'u@example.com',
        fullName: '',
        avatar: null,
        totpEnabled: false,
        createdAt: '',
      },
      domain: { id: 'd', name: 'D', role: 'owner' },
      domains: [],
      rules: [{ action: 'manage', subject: 'all' }],
    });
    tokens.save('rotated', 'refresh-r');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'fiscusToken',
        oldValue: 'old-access',
        newValue: 'rotated',
      }),
    );
    expect(useSession.getState().session).not.toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
    let auth: string | null = null;
    server.use(
      http.post('/api/qry', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await api.post('/api/qry', {});
    expect(auth).toBe('Bearer rotated');
  });
});
