/** Demo users of the mock `/jwt/*` endpoints (DEMO.md §2a). */
export interface DemoAbilityRule {
  action: string;
  subject: string;
}

export interface DemoUser {
  id: number;
  fullName: string;
  username: string;
  password: string;
  avatar: string | null;
  email: string;
  role: 'admin' | 'client';
  ability: DemoAbilityRule[];
  extras: { eCommerceCartItemsCount: number };
}

/** The user record as the endpoints answer it: everything but the password. */
export type DemoUserData = Omit<DemoUser, 'password'>;

function seedUsers(): DemoUser[] {
  return [
    {
      id: 1,
      fullName: 'John Doe',
      username: 'johndoe',
      password: 'admin',
      avatar: null,
      email: 'admin@demo.com',
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
      extras: { eCommerceCartItemsCount: 5 },
    },
    {
      id: 2,
      fullName: 'Jane Doe',
      username: 'janedoe',
      password: 'client',
      avatar: null,
      email: 'client@demo.com',
      role: 'client',
      ability: [
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'Auth' },
      ],
      extras: { eCommerceCartItemsCount: 5 },
    },
  ];
}

export const authDb = { users: seedUsers() };

/** Back to the seed users (tests). */
export function resetAuth(): void {
  authDb.users = seedUsers();
}

export function toUserData(user: DemoUser): DemoUserData {
  const { password: _password, ...data } = user;
  return structuredClone(data);
}

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A JWT-shaped demo token with payload `{ id, exp }` (10 minutes). The signature is random: the
 * mock never verifies it, and the real server does not accept it.
 */
export function demoToken(userId: number, kind: 'access' | 'refresh'): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const now = Math.floor(Date.now() / 1000);
  const payload = base64Url(JSON.stringify({ id: userId, kind, iat: now, exp: now + 600 }));
  const signature = base64Url(crypto.randomUUID());
  return `${header}.${payload}.${signature}`;
}
