import type { OpHandlers } from '../../platform/ops.js';
import {
  addMember,
  createDomain,
  listDomains,
  listMembers,
  removeMember,
  renameDomain,
  setMemberRole,
} from './domains.service.js';

export const domainsOps = {
  'domains.list': (ctx) => listDomains(ctx),
  'domains.create': (ctx, i) => createDomain(ctx, i.name),
  'domains.rename': (ctx, i) => renameDomain(ctx, i.id, i.name),
  'members.list': (ctx) => listMembers(ctx),
  'members.add': (ctx, i) => addMember(ctx, i.login, i.role),
  'members.setRole': (ctx, i) => setMemberRole(ctx, i.userId, i.role),
  'members.remove': (ctx, i) => removeMember(ctx, i.userId),
} satisfies OpHandlers;
