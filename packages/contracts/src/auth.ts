/**
 * Shapes of the auth endpoints (all POST). Tokens:
 * - access token: a JWT (HS256) valid `ACCESS_TOKEN_TTL` seconds (default 600); claims `sub`
 *   (user id), `dom` (current domain id), `sid` (the sign-in it belongs to). Sent as
 *   `Authorization: Bearer <token>`. An expired one answers 401 `token_expired`, anything else
 *   401 `unauthorized`. Switching domain = a new token pair carrying the other domain.
 * - refresh token: opaque, valid `REFRESH_TOKEN_TTL` seconds (default 30 days), single use:
 *   `/jwt/refresh-token` answers a new pair. The same token sent again within a few seconds
 *   (parallel tabs) gets the same successor (a new access token, the refresh token the first
 *   call got) — never a second live branch of the sign-in; later, the whole sign-in ends.
 *   Logout, a password change or reset end sign-ins at once (access tokens included).
 */
import { z } from 'zod';
import type { AppRule } from './ability.js';
import { roles } from './ability.js';
import { PASSWORD_MAX } from './auth-rules.js';

export * from './auth-rules.js';

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  /**
   * Present while a change of the sign-in e-mail waits for its confirmation: the new address.
   * `email` stays the sign-in address until the link mailed to the new one is opened.
   */
  pendingEmail: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const domainRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(roles),
});
export type DomainRef = z.infer<typeof domainRefSchema>;

const ruleSchema = z.custom<AppRule>((v) => typeof v === 'object' && v !== null && 'action' in v);

export const sessionSchema = z.object({
  user: userSchema,
  domain: domainRefSchema,
  domains: z.array(domainRefSchema),
  rules: z.array(ruleSchema),
});
export type Session = z.infer<typeof sessionSchema>;

export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

export const signedInSchema = tokensSchema.extend({ session: sessionSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

// POST /api/login
export const loginBodySchema = z.object({
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.object({ challengeId: z.string() }),
});
export const loginAnswerSchema = z.union([signedInSchema, secondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

// POST /api/register — each field is checked by the server with translated, per-field messages.
export const registerBodySchema = z.object({
  username: z.string().max(64).optional().default(''),
  email: z.string().max(254).optional().default(''),
  password: z.string().max(PASSWORD_MAX).optional().default(''),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/**
 * Proof that the signed-in person is the account's owner, asked before security changes (e-mail,
 * password, two-step verification): the current password, or — while two-step verification is
 * on — a code of the authenticator app or an unused backup code. A missing or wrong proof →
 * 400 `validation_failed` naming `password` (`oldPassword` on /api/changepassword) or `code`;
 * repeated wrong proofs → 429 with `Retry-After`.
 */
export const identityProofSchema = z.object({
  password: z.string().max(PASSWORD_MAX).optional(),
  code: z.string().trim().max(32).optional(),
});
export type IdentityProof = z.infer<typeof identityProofSchema>;

// POST /api/second-factor — verify: a wrong code → 401 `invalid_second_factor`; an expired,
// unknown or used challenge, or one with too many wrong codes → 401 `second_factor_required`
// (sign in again). A challenge signs in once. Neither is about the session.
// setup / enable / disable need the bearer token; enable needs the current password as well,
// disable the password or a code (see `identityProofSchema`); a wrong code on enable or a wrong
// proof → 400 `validation_failed` with the field.
export const secondFactorBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('verify'),
    challengeId: z.string().min(1).max(2000),
    code: z.string().trim().min(1).max(32),
  }),
  z.object({ action: z.literal('setup') }),
  z.object({
    action: z.literal('enable'),
    code: z.string().trim().min(6).max(8),
    password: z.string().max(PASSWORD_MAX).optional(),
  }),
  identityProofSchema.extend({ action: z.literal('disable') }),
]);
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;
export const totpSetupAnswerSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswerSchema>;
export const totpEnabledAnswerSchema = z.object({ backupCodes: z.array(z.string()) });
export type TotpEnabledAnswer = z.infer<typeof totpEnabledAnswerSchema>;
/**
 * Answer by action: verify → tokens + session (as login; a 6-digit TOTP code or one of the
 * backup codes); setup → secret, otpauth URL and QR code (not active until enabled);
 * enable → the 10 backup codes, shown once; disable → `{ ok: true }`.
 */
export const secondFactorAnswerSchema = z.union([
  signedInSchema,
  totpSetupAnswerSchema,
  totpEnabledAnswerSchema,
  z.object({ ok: z.literal(true) }),
]);
export type SecondFactorAnswer = z.infer<typeof secondFactorAnswerSchema>;

// POST /jwt/refresh-token
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(2000) });
/** @alias The answer of a refresh is a token pair. */
export const refreshAnswerSchema = tokensSchema;

// POST /api/logout — ends the sign-in of the refresh token (and of a bearer access token, if
// sent). Always 200, also with a missing or unknown token.
export const logoutBodySchema = z.object({ refreshToken: z.string().max(2000).optional() });

// POST /api/whoami
export const whoamiBodySchema = z.object({ token: z.string().max(4000).optional().nullable() });
/**
 * Why there is no session: `missing` (no token sent), `expired` (a genuine access token past its
 * lifetime — refresh once and ask again), `invalid` (anything else, incl. a signed-out session).
 */
export const whoamiReasonSchema = z.enum(['missing', 'expired', 'invalid']);
export type WhoamiReason = z.infer<typeof whoamiReasonSchema>;
export const whoamiAnswerSchema = z.object({
  session: sessionSchema.nullable(),
  reason: whoamiReasonSchema.optional(),
});
export type WhoamiAnswer = z.infer<typeof whoamiAnswerSchema>;

// POST /api/forgot — always `{ ok: true }`; the mailed link is valid 20 minutes, once. The link
// points at PUBLIC_URL, else at the request's host only when that is allowed (ALLOWED_HOSTS or
// a loopback name); otherwise no mail is sent.
export const forgotBodySchema = z.object({ email: z.string().trim().min(1).max(254) });
// POST /api/forgot-set-new — `{ ok: true }`; every sign-in of the user ends.
export const forgotSetNewBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(PASSWORD_MAX),
});
// POST /api/changepassword — needs the current password (`oldPassword`) or, with two-step
// verification on, a `code` instead. Every sign-in of the user ends, the caller's too; the
// answer carries a fresh token pair (and session) for the caller, who stays signed in. A change
// of the e-mail address still waiting for its confirmation is cancelled.
export const changePasswordBodySchema = z.object({
  oldPassword: z.string().max(PASSWORD_MAX).optional(),
  code: z.string().trim().max(32).optional(),
  newPassword: z.string().max(PASSWORD_MAX),
});
/** @alias A password change answers like a sign-in (a fresh session). */
export const changePasswordAnswerSchema = signedInSchema;

export const okSchema = z.object({ ok: z.literal(true) });
