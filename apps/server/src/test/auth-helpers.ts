import { signedInSchema, type SignedIn } from '@fiscus/contracts';
import type { FastifyInstance } from 'fastify';

let counter = 0;

export interface RegisteredUser {
  accessToken: string;
  refreshToken: string;
  session: SignedIn['session'];
  /** The credentials used, to sign in again. */
  username: string;
  email: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject`. */
  headers: { authorization: string };
}

/**
 * Registers a new user through the real `/api/register` (each gets a domain of their own as
 * owner) and answers the tokens and the session. Names are unique per call unless given.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: { username?: string; email?: string; password?: string } = {},
): Promise<RegisteredUser> {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const username = overrides.username ?? `user_${tag}`;
  const email = overrides.email ?? `${username.toLowerCase()}@example.com`;
  const password = overrides.password ?? 'Secret123';
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = signedInSchema.parse(res.json());
  return {
    ...body,
    username,
    email,
    password,
    headers: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** `{ authorization: 'Bearer <token>' }`. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

/** POSTs JSON through `app.inject`. */
export function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
