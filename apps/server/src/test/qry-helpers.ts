import type { FastifyInstance } from 'fastify';
import type { RegisteredUser } from './auth-helpers.js';

export interface QryResult<T = unknown> {
  status: number;
  data: T;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
}

/** POST /api/qry as a signed-in user. */
export async function qry<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  user: Pick<RegisteredUser, 'headers'> | null,
  op: string,
  input: Record<string, unknown> = {},
  lang?: string,
): Promise<QryResult<T>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/qry',
    headers: { ...(user?.headers ?? {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: { op, ...input },
  });
  const body = res.json() as { data?: T; error?: QryResult['error'] };
  return {
    status: res.statusCode,
    data: body.data as T,
    ...(body.error ? { error: body.error } : {}),
  };
}

/** Like `qry` but fails the test unless the answer is 200. */
export async function ok<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  user: Pick<RegisteredUser, 'headers'>,
  op: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const r = await qry<T>(app, user, op, input);
  if (r.status !== 200) throw new Error(`${op} answered ${r.status}: ${JSON.stringify(r.error)}`);
  return r.data;
}

export const AND = { id: 1, sid: 'and', name: 'AND' } as const;
export const OR = { id: 2, sid: 'or', name: 'OR' } as const;

export function group(
  operator: typeof AND | typeof OR,
  conditions: { field: string; op: string; value?: unknown }[],
  children: unknown[] = [],
) {
  return { isactive: true, isexpanded: true, name: 'g', operator, conditions, children };
}
