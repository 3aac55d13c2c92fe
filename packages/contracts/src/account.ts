import { z } from 'zod';
import { userSchema } from './auth.js';

/** account.update — the signed-in user changes their own username, name and e-mail address. */
export const accountUpdateInput = z.object({
  username: z.string().max(64),
  fullName: z.string().max(200).default(''),
  email: z.string().max(254),
});
export const accountUpdateOutput = z.object({ user: userSchema });
