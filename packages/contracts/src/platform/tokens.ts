import { z } from 'zod';

/**
 * API tokens for scripts and other systems. Personal tokens: a member makes them in Account
 * Settings; one acts as its maker in the domain it was made in. Domain tokens: owners and admins
 * make them on the Integrations screen; one belongs to the domain, not to a person, and acts as
 * an editor (`write`) or a viewer (`read`). A token has `read` (reads only) or `write` scope
 * (never managing accounts, tokens or webhooks), and may be limited to some objects (`objects`:
 * then only ops about those objects); it is shown once at creation, stored hashed, revocable,
 * and may expire. Sent as `Authorization: Bearer fst_…` on every op, throttled per token; every
 * write through a token is kept in the record history with the token's name.
 */
export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];
export const tokenKinds = ['personal', 'domain'] as const;
export type TokenKind = (typeof tokenKinds)[number];
/** The most objects one token may be limited to. */
export const MAX_TOKEN_OBJECTS = 100;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  kind: z.enum(tokenKinds),
  /** The objects (ids) the token is limited to; null: every object. */
  objects: z.array(z.string()).nullable(),
  /** Who made it (full name or user name); domain tokens show it. */
  createdByName: z.string().nullable(),
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
  /** Limits the token to these objects (ids); null or absent: every object. */
  objects: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(MAX_TOKEN_OBJECTS)
    .nullable()
    .optional()
    .transform((v) => (v ? [...new Set(v)] : null)),
});
export const tokensCreateOutput = z.object({
  token: apiTokenSchema,
  /** The token itself: shown this once, never again. */
  secret: z.string(),
});
export const tokensRevokeInput = z.object({ id: z.string().min(1).max(64) });
