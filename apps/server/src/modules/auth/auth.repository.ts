import type { Role } from '@fiscus/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { EmailChangesTable, RefreshTokensTable, UsersTable } from '../../platform/tables.js';

type Q = Kysely<Database>;

/** Kysely queries of the auth tables; no rules here (those live in the service). */
export const authRepo = {
  // Users -----------------------------------------------------------------------------------
  findUserById: (db: Q, id: string) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  /** By email (stored lower-case) or by username, ignoring case. */
  findUserByLogin: (db: Q, login: string) => {
    const lower = login.trim().toLowerCase();
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('email', '=', lower), eb(sql<string>`lower(username)`, '=', lower)]))
      .executeTakeFirst();
  },

  findUserByEmail: (db: Q, email: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst(),

  /** Whether another user (not `exceptId`) has this username, ignoring case. */
  usernameTaken: async (db: Q, username: string, exceptId?: string) =>
    !!(await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .$if(!!exceptId, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirst()),

  /** Whether another user (not `exceptId`) has this e-mail address. */
  emailTaken: async (db: Q, email: string, exceptId?: string) =>
    !!(await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .$if(!!exceptId, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirst()),

  countUsers: async (db: Q) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  insertUser: (db: Q, user: UsersTable) => db.insertInto('users').values(user).execute(),

  updateUser: (db: Q, id: string, patch: Partial<Omit<UsersTable, 'id'>>) =>
    db.updateTable('users').set(patch).where('id', '=', id).execute(),

  // Domains and memberships ----------------------------------------------------------------
  insertDomain: (
    db: Q,
    d: { id: string; name: string; created_at: string; created_by: string | null },
  ) => db.insertInto('domains').values(d).execute(),

  insertMembership: (
    db: Q,
    m: { user_id: string; domain_id: string; role: Role; created_at: string },
  ) => db.insertInto('memberships').values(m).execute(),

  /** Domains nobody belongs to (e.g. seeded before the first user registered). */
  domainsWithoutMembers: (db: Q) =>
    db
      .selectFrom('domains')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memberships')
              .select('user_id')
              .whereRef('memberships.domain_id', '=', 'domains.id'),
          ),
        ),
      )
      .execute(),

  /** The user's domains with their role, oldest membership first. */
  domainsOf: (db: Q, userId: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('domains', 'domains.id', 'memberships.domain_id')
      .select(['domains.id as id', 'domains.name as name', 'memberships.role as role'])
      .where('memberships.user_id', '=', userId)
      .orderBy('memberships.created_at')
      .orderBy('domains.name')
      .execute(),

  roleIn: async (db: Q, userId: string, domainId: string): Promise<Role | undefined> =>
    (
      await db
        .selectFrom('memberships')
        .select('role')
        .where('user_id', '=', userId)
        .where('domain_id', '=', domainId)
        .executeTakeFirst()
    )?.role,

  /**
   * The role behind an access token — only while the user is still a member of the domain and
   * the sign-in (refresh-token family) has not been ended by logout, a password change or reuse.
   */
  liveRole: async (
    db: Q,
    userId: string,
    domainId: string,
    familyId: string,
  ): Promise<Role | undefined> =>
    (
      await db
        .selectFrom('memberships')
        .select('role')
        .where('user_id', '=', userId)
        .where('domain_id', '=', domainId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('refresh_tokens')
              .select('id')
              .where('family_id', '=', familyId)
              .where('user_id', '=', userId)
              .where('revoked_at', 'is', null),
          ),
        )
        .executeTakeFirst()
    )?.role,

  // Refresh tokens --------------------------------------------------------------------------
  insertRefreshToken: (db: Q, row: RefreshTokensTable) =>
    db.insertInto('refresh_tokens').values(row).execute(),

  findRefreshToken: (db: Q, tokenHash: string) =>
    db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  findRefreshTokenById: (db: Q, id: string) =>
    db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst(),

  /**
   * Marks a token used unless somebody else did first; true when this call won. The successor's
   * token is kept sealed on the row so that a replay inside the grace window gets it too.
   */
  claimRefreshToken: async (
    db: Q,
    id: string,
    at: string,
    successorId: string,
    successorToken: string,
  ) => {
    const res = await db
      .updateTable('refresh_tokens')
      .set({ used_at: at, replaced_by: successorId, successor_token: successorToken })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  revokeFamily: (db: Q, familyId: string, at: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute(),

  revokeAllOfUser: (db: Q, userId: string, at: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute(),

  deleteExpiredRefreshTokens: (db: Q, before: string) =>
    db.deleteFrom('refresh_tokens').where('expires_at', '<', before).execute(),

  /** Forgets sealed successor tokens once no replay can get them any more. */
  clearSuccessorTokens: (db: Q, usedBefore: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ successor_token: null })
      .where('successor_token', 'is not', null)
      .where('used_at', '<', usedBefore)
      .execute(),

  // Second-factor challenges -------------------------------------------------------------------
  insertChallenge: (
    db: Q,
    row: { token_hash: string; user_id: string; expires_at: string; created_at: string },
  ) =>
    db
      .insertInto('second_factor_challenges')
      .values({ ...row, attempts: 0, used_at: null })
      .execute(),

  findChallenge: (db: Q, tokenHash: string) =>
    db
      .selectFrom('second_factor_challenges')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  /** Counts one try of a live challenge with tries left; false when none is left. */
  reserveChallengeAttempt: async (db: Q, tokenHash: string, maxAttempts: number, now: string) => {
    const res = await db
      .updateTable('second_factor_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /** Ends a challenge (signed in, or out of tries); true when this call ended it. */
  spendChallenge: async (db: Q, tokenHash: string, at: string) => {
    const res = await db
      .updateTable('second_factor_challenges')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  deleteExpiredChallenges: (db: Q, before: string) =>
    db.deleteFrom('second_factor_challenges').where('expires_at', '<', before).execute(),

  // E-mail changes -------------------------------------------------------------------------------
  insertEmailChange: (db: Q, row: Omit<EmailChangesTable, 'used_at' | 'cancelled_at'>) =>
    db
      .insertInto('email_changes')
      .values({ ...row, used_at: null, cancelled_at: null })
      .execute(),

  findEmailChange: (db: Q, tokenHash: string) =>
    db
      .selectFrom('email_changes')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  /** The change of the user's e-mail still waiting for its link, if any. */
  pendingEmailChange: (db: Q, userId: string, now: string) =>
    db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),

  cancelEmailChanges: (db: Q, userId: string, at: string) =>
    db
      .updateTable('email_changes')
      .set({ cancelled_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute(),

  /** Uses a live link once; true when this call used it. */
  claimEmailChange: async (db: Q, tokenHash: string, at: string) => {
    const res = await db
      .updateTable('email_changes')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  countEmailChangesSince: async (db: Q, userId: string, since: string) => {
    const row = await db
      .selectFrom('email_changes')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('first')])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), first: (row.first as string | null) ?? null };
  },

  deleteEmailChangesBefore: (db: Q, expiredBefore: string) =>
    db.deleteFrom('email_changes').where('expires_at', '<', expiredBefore).execute(),

  // Reset tokens ----------------------------------------------------------------------------
  insertResetToken: (
    db: Q,
    row: { token_hash: string; user_id: string; expires_at: string; created_at: string },
  ) =>
    db
      .insertInto('reset_tokens')
      .values({ ...row, used_at: null })
      .execute(),

  countRecentResetTokens: async (db: Q, userId: string, since: string) =>
    Number(
      (
        await db
          .selectFrom('reset_tokens')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('created_at', '>=', since)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  findResetToken: (db: Q, tokenHash: string) =>
    db
      .selectFrom('reset_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst(),

  /** Uses a reset token once; true when this call used it. */
  claimResetToken: async (db: Q, tokenHash: string, at: string) => {
    const res = await db
      .updateTable('reset_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  voidResetTokensOf: (db: Q, userId: string, at: string) =>
    db
      .updateTable('reset_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute(),

  // TOTP and backup codes -----------------------------------------------------------------------
  findTotp: (db: Q, userId: string) =>
    db.selectFrom('totp').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  saveTotpSecret: async (db: Q, userId: string, secret: string, at: string) => {
    await db.deleteFrom('totp').where('user_id', '=', userId).execute();
    await db
      .insertInto('totp')
      .values({ user_id: userId, secret, enabled: 0, last_step: null, created_at: at })
      .execute();
  },

  /** Records the step of an accepted code unless that step (or a later one) was used already. */
  claimTotpStep: async (db: Q, userId: string, step: number) => {
    const res = await db
      .updateTable('totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  enableTotp: (db: Q, userId: string) =>
    db.updateTable('totp').set({ enabled: 1 }).where('user_id', '=', userId).execute(),

  deleteTotp: async (db: Q, userId: string) => {
    await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('totp').where('user_id', '=', userId).execute();
  },

  replaceBackupCodes: async (db: Q, userId: string, hashes: string[], at: string) => {
    await db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('backup_codes')
      .values(
        hashes.map((code_hash) => ({
          id: newId(),
          user_id: userId,
          code_hash,
          used_at: null,
          created_at: at,
        })),
      )
      .execute();
  },

  /** Uses a backup code once; true when it existed unused. */
  claimBackupCode: async (db: Q, userId: string, codeHash: string, at: string) => {
    const res = await db
      .updateTable('backup_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  // Audit and throttling ------------------------------------------------------------------------
  insertEvent: (
    db: Q,
    e: {
      user_id: string | null;
      event: string;
      ip: string | null;
      detail: Record<string, unknown> | null;
      created_at: string;
    },
  ) =>
    db
      .insertInto('auth_events')
      .values({ id: newId(), ...e, detail: e.detail ? JSON.stringify(e.detail) : null })
      .execute(),

  insertFailures: (db: Q, keys: string[], at: string) =>
    db
      .insertInto('login_failures')
      .values(keys.map((key) => ({ id: newId(), key, created_at: at })))
      .execute(),

  /** Failures of one key since a time: how many, and when the last one happened. */
  failuresSince: async (db: Q, key: string, since: string) => {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('last')])
      .where('key', '=', key)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), last: (row.last as string | null) ?? null };
  },

  clearFailures: (db: Q, key: string) =>
    db.deleteFrom('login_failures').where('key', '=', key).execute(),

  pruneFailures: (db: Q, before: string) =>
    db.deleteFrom('login_failures').where('created_at', '<', before).execute(),
};
