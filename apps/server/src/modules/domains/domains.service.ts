import {
  buildAbility,
  rulesForRole,
  type DomainItem,
  type Member,
  type Role,
} from '@fiscus/contracts';
import { AppError } from '../../lib/app-error.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import '../../platform/tables.js'; // the users, domains and memberships tables
import type { OpContext, Q } from '../../platform/context.js';
import { invalid, notFoundIn } from '../../platform/errors.js';
import { pfText } from '../../platform/platform.messages.js';
import { recordEvent } from '../../platform/events/index.js';

async function domainItems(ctx: OpContext, k: Q, onlyId?: string): Promise<DomainItem[]> {
  let query = k
    .selectFrom('memberships as m')
    .innerJoin('domains as d', 'd.id', 'm.domain_id')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.created_at',
      'm.role',
      eb
        .selectFrom('memberships as mm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('mm.domain_id', '=', 'd.id')
        .as('member_count'),
    ])
    .where('m.user_id', '=', ctx.userId)
    .orderBy('d.name');
  if (onlyId) query = query.where('d.id', '=', onlyId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    memberCount: Number(r.member_count ?? 0),
    current: r.id === ctx.domainId,
    createdAt: r.created_at,
  }));
}

export async function listDomains(ctx: OpContext): Promise<{ items: DomainItem[] }> {
  return { items: await domainItems(ctx, ctx.db.kysely) };
}

/** A new domain owned by the caller (they stay in the current one until they switch). */
export async function createDomain(ctx: OpContext, name: string): Promise<DomainItem> {
  const id = newId();
  const now = isoNow();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('domains')
      .values({ id, name, created_at: now, created_by: ctx.userId })
      .execute();
    await trx
      .insertInto('memberships')
      .values({ user_id: ctx.userId, domain_id: id, role: 'owner', created_at: now })
      .execute();
  });
  const [item] = await domainItems(ctx, ctx.db.kysely, id);
  return item as DomainItem;
}

/** Renames a domain of the caller; their role in that domain must allow it (owner). */
export async function renameDomain(ctx: OpContext, id: string, name: string): Promise<DomainItem> {
  const [item] = await domainItems(ctx, ctx.db.kysely, id);
  if (!item) throw notFoundIn(ctx.lang, 'domain');
  if (!buildAbility(rulesForRole(item.role)).can('update', 'Domain')) {
    throw new AppError('forbidden', pfText(ctx.lang, 'error.forbidden'));
  }
  await ctx.db.kysely.updateTable('domains').set({ name }).where('id', '=', id).execute();
  return { ...item, name };
}

async function memberRows(k: Q, domainId: string, userId?: string): Promise<Member[]> {
  let query = k
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.username', 'u.email', 'u.full_name', 'm.role', 'm.created_at'])
    .where('m.domain_id', '=', domainId)
    .orderBy('u.username');
  if (userId) query = query.where('u.id', '=', userId);
  const rows = await query.execute();
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    email: r.email,
    fullName: r.full_name,
    role: r.role,
    joinedAt: r.created_at,
  }));
}

export async function listMembers(ctx: OpContext): Promise<{ items: Member[] }> {
  return { items: await memberRows(ctx.db.kysely, ctx.domainId) };
}

export async function addMember(ctx: OpContext, login: string, role: Role): Promise<Member> {
  const k = ctx.db.kysely;
  const wanted = login.trim().toLowerCase();
  const user = await k
    .selectFrom('users')
    .select(['id'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', wanted), eb('email', '=', wanted)]))
    .executeTakeFirst();
  if (!user) throw invalid(ctx.lang, { login: [pfText(ctx.lang, 'pf.user_not_found')] });
  const existing = await k
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', user.id)
    .where('domain_id', '=', ctx.domainId)
    .executeTakeFirst();
  if (existing) {
    const m = pfText(ctx.lang, 'pf.already_member');
    throw new AppError('conflict', m, { login: [m] });
  }
  const [member] = await k.transaction().execute(async (trx) => {
    await trx
      .insertInto('memberships')
      .values({ user_id: user.id, domain_id: ctx.domainId, role, created_at: isoNow() })
      .execute();
    const rows = await memberRows(trx, ctx.domainId, user.id);
    await recordEvent(ctx.db, trx, {
      kind: 'member.added',
      domainId: ctx.domainId,
      userId: ctx.userId,
      data: { member: rows[0]?.fullName || rows[0]?.username || login, role },
    });
    return rows;
  });
  return member as Member;
}

async function ownersLeft(k: Q, domainId: string, exceptUserId: string): Promise<number> {
  const row = await k
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domain_id', '=', domainId)
    .where('role', '=', 'owner')
    .where('user_id', '<>', exceptUserId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function setMemberRole(ctx: OpContext, userId: string, role: Role): Promise<Member> {
  const k = ctx.db.kysely;
  return k.transaction().execute(async (trx) => {
    const [member] = await memberRows(trx, ctx.domainId, userId);
    if (!member) throw notFoundIn(ctx.lang, 'member');
    if (
      member.role === 'owner' &&
      role !== 'owner' &&
      (await ownersLeft(trx, ctx.domainId, userId)) === 0
    ) {
      throw new AppError('conflict', pfText(ctx.lang, 'pf.last_owner'));
    }
    await trx
      .updateTable('memberships')
      .set({ role })
      .where('user_id', '=', userId)
      .where('domain_id', '=', ctx.domainId)
      .execute();
    return { ...member, role };
  });
}

export async function removeMember(ctx: OpContext, userId: string): Promise<{ ok: true }> {
  const k = ctx.db.kysely;
  await k.transaction().execute(async (trx) => {
    const [member] = await memberRows(trx, ctx.domainId, userId);
    if (!member) throw notFoundIn(ctx.lang, 'member');
    if (member.role === 'owner' && (await ownersLeft(trx, ctx.domainId, userId)) === 0) {
      throw new AppError('conflict', pfText(ctx.lang, 'pf.last_owner'));
    }
    await trx
      .deleteFrom('memberships')
      .where('user_id', '=', userId)
      .where('domain_id', '=', ctx.domainId)
      .execute();
    await recordEvent(ctx.db, trx, {
      kind: 'member.removed',
      domainId: ctx.domainId,
      userId: ctx.userId,
      data: { member: member.fullName || member.username, role: member.role },
    });
  });
  return { ok: true };
}

/**
 * A domain the installation makes itself (a seeded demo domain), by a fixed id: created once.
 * While it has no member, `ownerId` (when given) becomes its owner; without one it waits for
 * the first account registered, which owns every domain nobody belongs to. Answers whether the
 * domain was created now and who owns it.
 */
export async function ensureInstallationDomain(
  k: Q,
  d: { id: string; name: string; ownerId: string | null },
): Promise<{ created: boolean; ownerId: string | null }> {
  const now = isoNow();
  return k.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('domains')
      .select('id')
      .where('id', '=', d.id)
      .executeTakeFirst();
    if (!found)
      await trx
        .insertInto('domains')
        .values({ id: d.id, name: d.name, created_at: now, created_by: d.ownerId })
        .execute();
    const owner = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('domain_id', '=', d.id)
      .where('role', '=', 'owner')
      .orderBy('created_at')
      .executeTakeFirst();
    if (owner) return { created: !found, ownerId: owner.user_id };
    const anyMember = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('domain_id', '=', d.id)
      .executeTakeFirst();
    if (!anyMember && d.ownerId) {
      await trx
        .insertInto('memberships')
        .values({ user_id: d.ownerId, domain_id: d.id, role: 'owner', created_at: now })
        .execute();
      return { created: !found, ownerId: d.ownerId };
    }
    return { created: !found, ownerId: null };
  });
}

/** The account registered first, if any (it owns what the installation seeds). */
export async function firstAccount(k: Q): Promise<{ id: string; username: string } | undefined> {
  return k
    .selectFrom('users')
    .select(['id', 'username'])
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}
