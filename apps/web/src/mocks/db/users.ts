import {
  emptyInfo,
  emptySocial,
  userCountries,
  type Plan,
  type Role,
  type User,
  type UserStatus,
} from '@/features/demo/users/api/types';
import { invoiceDb, resetInvoice } from './invoice';

const firstNames = [
  'Galen',
  'Halsey',
  'Marjory',
  'Cyrill',
  'Maggy',
  'Silvain',
  'Breena',
  'Fanny',
  'Jarrett',
  'Wesley',
  'Leila',
  'Ingrid',
  'Ruben',
  'Clara',
  'Mateo',
  'Sofia',
  'Nikolai',
  'Amara',
  'Felix',
  'Hana',
  'Oskar',
  'Lucia',
  'Dmitri',
  'Elena',
  'Tomas',
];
const lastNames = [
  'Slixby',
  'Redwood',
  'Sicely',
  'Risby',
  'Hickford',
  'Halstead',
  'Gallemore',
  'Warren',
];
const companies = [
  'Yotz PVT LTD',
  'Skinder PVT LTD',
  'Oozz PVT LTD',
  'Flashspan',
  'Voonyx',
  'Tekfly',
];

/** Spreads `counts` over `n` slots deterministically. */
function spread<T>(counts: [T, number][], step: number): T[] {
  const pool = counts.flatMap(([v, c]) => Array.from({ length: c }, () => v));
  return pool.map((_, i) => pool[(i * step) % pool.length] as T);
}

const roleOf = spread<Role>(
  [
    ['maintainer', 12],
    ['subscriber', 12],
    ['admin', 11],
    ['editor', 8],
    ['author', 7],
  ],
  7,
);
const planOf = spread<Plan>(
  [
    ['team', 20],
    ['basic', 10],
    ['company', 10],
    ['enterprise', 10],
  ],
  11,
);
const statusOf = spread<UserStatus>(
  [
    ['pending', 18],
    ['active', 18],
    ['inactive', 14],
  ],
  13,
);

function seedUser(i: number, clientName: string | undefined): User {
  // Users share their names with invoice clients, so a user's invoices can be found by name.
  const [first = firstNames[i % firstNames.length] ?? 'Galen', last = 'Slixby'] = (
    clientName ?? `${firstNames[i % firstNames.length]} ${lastNames[i % lastNames.length]}`
  ).split(' ');
  const username = `${first.toLowerCase()}${last.toLowerCase().slice(0, 3)}${i + 1}`;
  return {
    id: i + 1,
    fullName: `${first} ${last}`,
    company: companies[i % companies.length] ?? 'Tekfly',
    role: roleOf[i] ?? 'subscriber',
    username,
    country: userCountries[(i * 5) % userCountries.length] ?? 'USA',
    contact: `(${300 + i}) ${String(4000000 + i * 7919).slice(0, 3)}-${String(1000 + i * 53).slice(-4)}`,
    email: `${username}@example.com`,
    currentPlan: planOf[i] ?? 'team',
    status: statusOf[i] ?? 'pending',
    avatar: '',
    info: { ...emptyInfo(), language: 'English', city: 'Springfield' },
    social: emptySocial(),
  };
}

export const usersDb: { users: User[] } = { users: [] };

/** Restores the 50 seed users. */
export function resetUsers(): void {
  if (invoiceDb.invoices.length === 0) resetInvoice();
  const names = [...new Set(invoiceDb.invoices.map((inv) => inv.client.name))];
  usersDb.users = Array.from({ length: 50 }, (_, i) => seedUser(i, names[i]));
}

resetUsers();
