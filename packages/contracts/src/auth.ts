import { z } from 'zod';
import type { AppRule } from './ability.js';
import { roles } from './ability.js';

/** Password policy shared by the server and the console's forms. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export function passwordProblems(password: string): ('too_short' | 'too_long' | 'needs_letter' | 'needs_digit')[] {
  const problems: ('too_short' | 'too_long' | 'needs_letter' | 'needs_digit')[] = [];
  if (password.length < PASSWORD_MIN) problems.push('too_short');
  if (password.length > PASSWORD_MAX) problems.push('too_long');
  if (!/\p{L}/u.test(password)) problems.push('needs_letter');
  if (!/\d/.test(password)) problems.push('needs_digit');
  return problems;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
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

// POST /api/second-factor
export const secondFactorBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify'), challengeId: z.string().min(1).max(200), code: z.string().trim().min(1).max(32) }),
  z.object({ action: z.literal('setup') }),
  z.object({ action: z.literal('enable'), code: z.string().trim().min(6).max(8) }),
  z.object({ action: z.literal('disable'), password: z.string().min(1).max(PASSWORD_MAX) }),
]);
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;
export const totpSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswerSchema>;
export const totpEnabledAnswerSchema = z.object({ backupCodes: z.array(z.string()) });
export type TotpEnabledAnswer = z.infer<typeof totpEnabledAnswerSchema>;

// POST /jwt/refresh-token
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(2000) });
export const refreshAnswerSchema = tokensSchema;

// POST /api/logout
export const logoutBodySchema = z.object({ refreshToken: z.string().max(2000).optional() });

// POST /api/whoami
export const whoamiBodySchema = z.object({ token: z.string().max(4000).optional().nullable() });
export const whoamiAnswerSchema = z.object({ session: sessionSchema.nullable() });
export type WhoamiAnswer = z.infer<typeof whoamiAnswerSchema>;

// POST /api/forgot
export const forgotBodySchema = z.object({ email: z.string().trim().min(1).max(254) });
// POST /api/forgot-set-new
export const forgotSetNewBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(PASSWORD_MAX),
});
// POST /api/changepassword
export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: z.string().max(PASSWORD_MAX),
});

export const okSchema = z.object({ ok: z.literal(true) });
