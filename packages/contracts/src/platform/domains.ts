import { z } from 'zod';
import { roles } from '../ability.js';
import { signedInSchema } from '../auth.js';
import { idSchema } from './fields.js';

export const domainSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(roles),
  memberCount: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
});
export type DomainItem = z.infer<typeof domainSchema>;

const domainName = z.string().trim().min(1).max(120);

// domains.list — the caller's domains.
export const domainsListInput = z.object({});
export const domainsListOutput = z.object({ items: z.array(domainSchema) });
// domains.create — the caller becomes its owner.
export const domainsCreateInput = z.object({ name: domainName });
// domains.rename — the current domain (owner only).
export const domainsRenameInput = z.object({ id: idSchema, name: domainName });
// domains.switch — new token pair whose access token carries the chosen domain.
export const domainsSwitchInput = z.object({ id: idSchema });
export const domainsSwitchOutput = signedInSchema;

export const memberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(roles),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

// members.* act on the caller's current domain.
export const membersListInput = z.object({});
export const membersListOutput = z.object({ items: z.array(memberSchema) });
export const membersAddInput = z.object({
  /** Username or e-mail of an existing user. */
  login: z.string().trim().min(1).max(254),
  role: z.enum(roles),
});
export const membersSetRoleInput = z.object({ userId: idSchema, role: z.enum(roles) });
export const membersRemoveInput = z.object({ userId: idSchema });
