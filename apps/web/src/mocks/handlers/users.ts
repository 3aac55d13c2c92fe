import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  emptyInfo,
  emptySocial,
  plans,
  roles,
  statuses,
  type User,
  type UserInfo,
  type UserSocial,
} from '@/features/demo/users/api/types';
import { usersDb as db } from '../db/users';
import { nextId, paginate, parseBool, parseId, parseIntParam, readJson } from '../util';

const base = '/apps/user/users';
const notFound = () => new HttpResponse(null, { status: 404 });
const badRequest = (fields: Record<string, string>) =>
  HttpResponse.json(
    { error: { code: 'VALIDATION_FAILED', message: 'Invalid user', fields } },
    { status: 400 },
  );
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

function compare(a: unknown, b: unknown): number {
  if (a === undefined || b === undefined || typeof a === 'object' || typeof b === 'object')
    return 0;
  const x = typeof a === 'string' ? a.toLowerCase() : (a as number);
  const y = typeof b === 'string' ? b.toLowerCase() : (b as number);
  return x < y ? -1 : x > y ? 1 : 0;
}

const textFields = ['fullName', 'username', 'email', 'contact', 'company', 'country'] as const;

/** Checks the account fields present in `body` (all of them when `full`). */
function validate(body: Record<string, unknown>, full: boolean, selfId?: number) {
  const fields: Record<string, string> = {};
  for (const f of textFields) if ((full || f in body) && !str(body[f])) fields[f] = 'required';
  if (
    (full || 'username' in body) &&
    str(body.username) &&
    !/^[a-z0-9]+$/i.test(str(body.username))
  )
    fields.username = 'alphanumeric';
  if ((full || 'email' in body) && str(body.email) && !/^\S+@\S+\.\S+$/.test(str(body.email)))
    fields.email = 'email';
  if ((full || 'role' in body) && !isOneOf(roles, body.role)) fields.role = 'invalid';
  if ((full || 'currentPlan' in body) && !isOneOf(plans, body.currentPlan))
    fields.currentPlan = 'invalid';
  if ('status' in body && !full && !isOneOf(statuses, body.status)) fields.status = 'invalid';
  const username = str(body.username).toLowerCase();
  if (username && db.users.some((u) => u.id !== selfId && u.username.toLowerCase() === username))
    fields.username = 'taken';
  return fields;
}

function readSection<T extends object>(v: unknown, empty: T): T {
  if (!v || typeof v !== 'object') return empty;
  const src = v as Record<string, unknown>;
  const out = { ...empty } as Record<string, unknown>;
  for (const k of Object.keys(empty)) {
    const cur = (empty as Record<string, unknown>)[k];
    if (Array.isArray(cur)) {
      if (Array.isArray(src[k]))
        out[k] = (src[k] as unknown[]).filter((x) => typeof x === 'string');
    } else if (typeof src[k] === 'string') out[k] = (src[k] as string).trim();
  }
  return out as T;
}

export const userHandlers: RequestHandler[] = [
  http.get(base, ({ request }) => {
    const p = new URL(request.url).searchParams;
    const q = (p.get('q') ?? '').trim().toLowerCase();
    const role = p.get('role') ?? '';
    const plan = p.get('plan') ?? '';
    const status = p.get('status') ?? '';
    const sortBy = p.get('sortBy') || 'id';
    const sortDesc = parseBool(p.get('sortDesc'));
    const perPage = parseIntParam(p.get('perPage'), 10, 1, 100);
    const page = parseIntParam(p.get('page'), 1, 1);
    const filtered = db.users.filter(
      (u) =>
        (!q || u.username.toLowerCase().includes(q) || u.fullName.toLowerCase().includes(q)) &&
        (!role || u.role === role) &&
        (!plan || u.currentPlan === plan) &&
        (!status || u.status === status),
    );
    const sorted = [...filtered].sort((a, b) =>
      compare(
        (a as unknown as Record<string, unknown>)[sortBy],
        (b as unknown as Record<string, unknown>)[sortBy],
      ),
    );
    if (sortDesc) sorted.reverse();
    return HttpResponse.json({ users: paginate(sorted, page, perPage), total: filtered.length });
  }),

  http.post(base, async ({ request }) => {
    const raw = await readJson(request);
    const body = (raw.user && typeof raw.user === 'object' ? raw.user : raw) as Record<
      string,
      unknown
    >;
    const fields = validate(body, true);
    if (Object.keys(fields).length) return badRequest(fields);
    const user: User = {
      id: nextId(db.users),
      fullName: str(body.fullName),
      company: str(body.company),
      role: body.role as User['role'],
      username: str(body.username),
      country: str(body.country),
      contact: str(body.contact),
      email: str(body.email),
      currentPlan: body.currentPlan as User['currentPlan'],
      status: 'active',
      avatar: '',
      info: emptyInfo(),
      social: emptySocial(),
    };
    db.users.push(user);
    return HttpResponse.json({ user }, { status: 201 });
  }),

  http.get(`${base}/:id`, ({ params }) => {
    const id = parseId(params.id);
    const user = db.users.find((u) => u.id === id);
    return user ? HttpResponse.json(user) : notFound();
  }),

  http.post(`${base}/:id`, async ({ request, params }) => {
    const id = parseId(params.id);
    const index = db.users.findIndex((u) => u.id === id);
    const current = db.users[index];
    if (!current) return notFound();
    const body = await readJson(request);
    const fields = validate(body, false, current.id);
    if (Object.keys(fields).length) return badRequest(fields);
    const user: User = { ...current };
    for (const f of textFields) if (f in body) user[f] = str(body[f]);
    if (isOneOf(roles, body.role)) user.role = body.role;
    if (isOneOf(plans, body.currentPlan)) user.currentPlan = body.currentPlan;
    if (isOneOf(statuses, body.status)) user.status = body.status;
    if (typeof body.avatar === 'string') user.avatar = body.avatar;
    if ('info' in body) user.info = readSection<UserInfo>(body.info, current.info);
    if ('social' in body) user.social = readSection<UserSocial>(body.social, current.social);
    db.users[index] = user;
    return HttpResponse.json({ user });
  }),

  http.delete(`${base}/:id`, ({ params }) => {
    const id = parseId(params.id);
    const index = db.users.findIndex((u) => u.id === id);
    if (index < 0) return notFound();
    db.users.splice(index, 1);
    return new HttpResponse(null, { status: 204 });
  }),
];
