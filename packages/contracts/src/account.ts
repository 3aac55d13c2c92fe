import { z } from 'zod';
import { PASSWORD_MAX } from './auth-rules.js';
import { userSchema } from './auth.js';

/**
 * account.update — the signed-in user changes their own username, name and e-mail address.
 * Username and name change at once. A new e-mail address needs `password` (or, with two-step
 * verification on, `code`) and takes effect only when the link mailed to it is opened
 * (`account.confirmEmail`); until then the answer's `user.pendingEmail` names it and the old
 * address — told by mail — stays the sign-in address.
 */
export const accountUpdateInput = z.object({
  username: z.string().max(64),
  fullName: z.string().max(200).default(''),
  email: z.string().max(254),
  password: z.string().max(PASSWORD_MAX).optional(),
  code: z.string().trim().max(32).optional(),
});
export const accountUpdateOutput = z.object({ user: userSchema });

/**
 * account.confirmEmail — the token of the mailed link, opened by the account's owner (signed
 * in). Answers the user with the new address. A link works once and for 24 hours:
 * `confirmation_used` (409), `confirmation_expired` (410), `confirmation_invalid` (400, also
 * when a newer request or a cancel replaced it), `forbidden` (403, another account's link),
 * `conflict` (409, the address was taken meanwhile).
 */
export const accountConfirmEmailInput = z.object({ token: z.string().trim().min(1).max(200) });

/** account.resendEmailChange — mails a new link for the pending change (the old one stops). */
export const accountResendEmailChangeInput = z.object({});
/** account.cancelEmailChange — drops the pending change; its link stops working. */
export const accountCancelEmailChangeInput = z.object({});
