import type { User } from '@fiscus/contracts';

/** The signed-in user of screen tests that need a session (the greeting shows "Ann Example"). */
export const testUser: User = {
  id: 'u',
  username: 'ann',
  email: 'a@example.com',
  fullName: 'Ann Example',
  avatar: null,
  totpEnabled: false,
  createdAt: '',
};
