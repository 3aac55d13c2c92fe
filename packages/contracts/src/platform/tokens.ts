import { z } from 'zod';

/**
 * Personal API tokens: a member makes them in Account Settings for scripts and other systems.
 * A token acts as its maker in the domain it was made in, with `read` (every read the maker may
 * make) or `write` (everything the maker may do but manage their account and tokens); it is
 * shown once at creation, stored hashed, revocable, and may expire. Sent as
 * `Authorization: Bearer fst_…` on every op, throttled per token.
 */
export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  /** The token's last four characters, to tell tokens apart. */
  hint: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const tokensListInput = z.object({});
export const tokensListOutput = z.object({ items: z.array(apiTokenSchema) });
export const tokensCreateInput = z.object({
  name: z.string().trim().min(1).max(80),
  scope: z.enum(tokenScopes),
  /** Days until the token stops working; null: it does not expire. */
  expiresInDays: z.number().int().min(1).max(3650).nullable(),
});
export const tokensCreateOutput = z.object({
  token: apiTokenSchema,
  /** The token itself: shown this once, never again. */
  secret: z.string(),
});
export const tokensRevokeInput = z.object({ id: z.string().min(1).max(64) });
