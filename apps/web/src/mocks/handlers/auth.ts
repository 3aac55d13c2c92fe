import { http, HttpResponse, type RequestHandler } from 'msw';
import { authDb, demoToken, toUserData, type DemoUser } from '../db/auth';
import { nextId, readJson } from '../util';

// Demo sign-in and registration (DEMO.md §2a). `/jwt/refresh-token` is the real server's
// endpoint and is deliberately not handled here.

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export const authHandlers: RequestHandler[] = [
  http.post('/jwt/login', async ({ request }) => {
    const body = await readJson(request);
    const email = text(body.email).toLowerCase();
    const password = typeof body.password === 'string' ? body.password : '';
    const user = authDb.users.find(
      (u) => u.email.toLowerCase() === email && u.password === password,
    );
    if (!user) {
      return HttpResponse.json(
        { error: { email: ['Email or Password is Invalid'] } },
        { status: 400 },
      );
    }
    return HttpResponse.json({
      userData: toUserData(user),
      accessToken: demoToken(user.id, 'access'),
      refreshToken: demoToken(user.id, 'refresh'),
    });
  }),

  http.post('/jwt/register', async ({ request }) => {
    const body = await readJson(request);
    const username = text(body.username);
    const email = text(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    const error = {
      email: !email
        ? ['Please enter your email.']
        : authDb.users.some((u) => u.email.toLowerCase() === email.toLowerCase())
          ? ['This email is already in use.']
          : null,
      username: !username
        ? ['Please enter your username.']
        : authDb.users.some((u) => u.username.toLowerCase() === username.toLowerCase())
          ? ['This username is already in use.']
          : null,
      password: password ? null : ['Please enter your password.'],
    };
    if (error.email || error.username || error.password) {
      return HttpResponse.json({ error }, { status: 400 });
    }
    const user: DemoUser = {
      id: nextId(authDb.users),
      fullName: '',
      username,
      password,
      avatar: null,
      email,
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
      extras: { eCommerceCartItemsCount: 0 },
    };
    authDb.users.push(user);
    return HttpResponse.json({
      userData: toUserData(user),
      accessToken: demoToken(user.id, 'access'),
      refreshToken: demoToken(user.id, 'refresh'),
    });
  }),
];
