import {
  buildAbility,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblems,
  rulesForRole,
  USERNAME_PATTERN,
  type AppAbility,
  type FieldErrors,
  type IdentityProof,
  type LoginAnswer,
  type RegisterBody,
  type Role,
  type Session,
  type SignedIn,
  type Tokens,
  type TotpEnabledAnswer,
  type TotpSetupAnswer,
  type WhoamiAnswer,
} from '@fiscus/contracts';
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { isoAt, isoNow, nowMs } from '../../lib/clock.js';
import {
  createPasswordHasher,
  decrypt,
  deriveKey,
  encrypt,
  hmacHex,
  PRODUCTION_ARGON2,
  randomToken,
  sha256Hex,
  TEST_ARGON2,
  type PasswordHasher,
} from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import type { Lang } from '../../platform/messages.js';
import { AccountService } from './auth.account.js';
import { ApiTokens, isApiToken, tokenAbility, type TokenCaller } from './auth.api-tokens.js';
import { EMAIL_PATTERN, isUniqueViolation, ThrottledError } from './auth.common.js';
import { authRepo as repo } from './auth.repository.js';
import { authSettings, type AuthSettings } from './auth.settings.js';
import type { RefreshTokensTable, UsersTable } from '../../platform/tables.js';
import type { LinkOrigin } from './auth.links.js';
import { composeMail } from './auth.mails.js';
import {
  AccessTokenVerifier,
  jwtKey,
  signAccessToken,
  verifyAccessToken,
  type VerifyResult,
} from './auth.tokens.js';
import { authText } from './auth.messages.js';

/** Who is calling, set on the request by `app.authenticate`. */
export interface AuthContext {
  userId: string;
  domainId: string;
  role: Role;
  ability: AppAbility;
  /** The sign-in this access token belongs to (its refresh-token family); `token:<id>` for an API token. */
  sessionId: string;
  /** Set when the request carries a personal API token instead (auth.api-tokens.ts). */
  token?: TokenCaller['token'];
}

/** Where a request comes from, for the audit log and throttling, and where its links point. */
export interface Caller {
  ip: string;
  lang: Lang;
  /** The origin for links mailed on behalf of this request (see `mailLinkOrigin`). */
  link?: LinkOrigin;
}

const BACKUP_CODE_COUNT = 10;
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TOTP_STEP = 30;
/** At most this many reset mails per account inside one reset-token lifetime. */
const RESET_MAILS_PER_WINDOW = 3;
/** Codes one second-factor challenge takes (right or wrong) before the password is asked again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Used, cancelled and expired confirmation links are remembered this long (days) after expiry. */
const EMAIL_CHANGES_KEPT_DAYS = 30;
/** Successors followed when a replayed refresh token is answered with the live one. */
const MAX_REPLAY_HOPS = 16;

/** What decides whether an access token still works: membership, sign-in, user, domain. */
const LIVE_ROLE_TABLES = ['memberships', 'refresh_tokens', 'users', 'domains'] as const;
/**
 * How long a checked membership is trusted without asking the database again. Changes made
 * through this process or another server process on the same database end it at once (see
 * `Db.writeVersion`, which counts the writes other processes tell); this bounds the delay for
 * changes made outside any server process (psql, scripts).
 */
export const LIVE_ROLE_TTL_MS = 60_000;
const LIVE_ROLES_KEPT = 10_000;

const abilityCache = new Map<Role, AppAbility>();
export function abilityFor(role: Role): AppAbility {
  let ability = abilityCache.get(role);
  if (!ability) {
    ability = buildAbility(rulesForRole(role));
    abilityCache.set(role, ability);
  }
  return ability;
}

/** A backup code: 10 characters from 31 unambiguous ones (≈ 50 bits), shown as `xxxxx-xxxxx`. */
function randomBackupCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

function normalizeBackupCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Sign-in, sessions and accounts. Tokens: an access JWT (HS256, `ACCESS_TOKEN_TTL`) naming the
 * user, the current domain and the sign-in (refresh-token family); an opaque refresh token
 * (256 random bits, stored as SHA-256) that is single use and rotated on every refresh.
 */
export class AuthService {
  readonly settings: AuthSettings;
  readonly passwords: PasswordHasher;
  /** The signed-in user's own account: profile and e-mail changes. */
  readonly account: AccountService;
  /** Personal API tokens: made, listed, revoked, verified, throttled (auth.api-tokens.ts). */
  readonly apiTokens: ApiTokens;
  private readonly key: Uint8Array;
  private readonly accessTokens: AccessTokenVerifier;
  private readonly liveRoles = new Map<string, { role: Role; version: number; at: number }>();
  private readonly successorKey: Buffer;
  private readonly secretKey: Buffer;
  private readonly backupKey: Buffer;
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.settings = authSettings(config);
    this.passwords = createPasswordHasher(config.env === 'test' ? TEST_ARGON2 : PRODUCTION_ARGON2);
    this.key = jwtKey(config.jwtSecret);
    this.accessTokens = new AccessTokenVerifier(this.key);
    this.successorKey = deriveKey(config.jwtSecret, 'refresh-successor');
    this.secretKey = deriveKey(config.jwtSecret, 'totp-secret');
    this.backupKey = deriveKey(config.jwtSecret, 'backup-codes');
    this.account = new AccountService(this, db, config, mailer, log);
    this.apiTokens = new ApiTokens(db);
  }

  private get q() {
    return this.db.kysely;
  }

  // Tokens and sessions ------------------------------------------------------------------------

  /** Checks an access token against its signature, expiry, membership and live sign-in. */
  async verify(token: string | null | undefined): Promise<VerifyResult & { auth?: AuthContext }> {
    if (isApiToken(token)) {
      const t = await this.apiTokens.verify(token as string);
      if (!t.ok) return t;
      const { userId, domainId, role } = t.caller;
      const sessionId = `token:${t.caller.token.id}`;
      return {
        ok: true,
        claims: { userId, domainId, sessionId },
        auth: {
          userId,
          domainId,
          sessionId,
          role,
          ability: tokenAbility(role, t.caller.token.scope),
          token: t.caller.token,
        },
      };
    }
    const result = await this.accessTokens.verify(token);
    if (!result.ok) return result;
    const { userId, domainId, sessionId } = result.claims;
    const role = await this.liveRole(userId, domainId, sessionId);
    if (!role) return { ok: false, reason: 'invalid' };
    return { ...result, auth: { userId, domainId, sessionId, role, ability: abilityFor(role) } };
  }

  /**
   * The caller's role while membership and sign-in are live. A found role is remembered for
   * `LIVE_ROLE_TTL_MS`, and only as long as no write to the tables it depends on went through
   * any server process (a removed member, a changed role or an ended sign-in count at once).
   */
  async liveRole(userId: string, domainId: string, sessionId: string): Promise<Role | undefined> {
    const versionOf = this.db.writeVersion;
    const version = versionOf?.(LIVE_ROLE_TABLES);
    const key = `${sessionId}\u0000${userId}\u0000${domainId}`;
    const hit = this.liveRoles.get(key);
    if (hit) {
      if (hit.version === version && performance.now() - hit.at < LIVE_ROLE_TTL_MS) return hit.role;
      this.liveRoles.delete(key);
    }
    const at = performance.now();
    const role = await repo.liveRole(this.q, userId, domainId, sessionId);
    if (role && version !== undefined && versionOf?.(LIVE_ROLE_TABLES) === version) {
      if (this.liveRoles.size >= LIVE_ROLES_KEPT) {
        const oldest = this.liveRoles.keys().next().value;
        if (oldest !== undefined) this.liveRoles.delete(oldest);
      }
      this.liveRoles.set(key, { role, version, at });
    }
    return role;
  }

  async session(userId: string, domainId: string): Promise<Session> {
    const user = await repo.findUserById(this.q, userId);
    if (!user) throw new AppError('unauthorized', 'unknown user');
    const [domains, totp, pending] = await Promise.all([
      repo.domainsOf(this.q, userId),
      repo.findTotp(this.q, userId),
      repo.pendingEmailChange(this.q, userId, isoNow()),
    ]);
    const domain = domains.find((d) => d.id === domainId);
    if (!domain) throw new AppError('unauthorized', 'not a member of this domain');
    return {
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        fullName: user.full_name,
        avatar: user.avatar,
        totpEnabled: totp?.enabled === 1,
        createdAt: user.created_at,
        ...(pending ? { pendingEmail: pending.new_email } : {}),
      },
      domain,
      domains,
      rules: rulesForRole(domain.role),
    };
  }

  /** A new token pair; a new sign-in (family) unless `familyId` continues one. */
  private async issueTokens(
    userId: string,
    domainId: string,
    familyId = newId(),
    id = newId(),
    refreshToken = randomToken(32),
    db = this.q,
  ): Promise<Tokens & { id: string }> {
    await repo.insertRefreshToken(db, {
      id,
      family_id: familyId,
      user_id: userId,
      domain_id: domainId,
      token_hash: sha256Hex(refreshToken),
      expires_at: isoNow(this.settings.refreshTokenTtl * 1000),
      used_at: null,
      revoked_at: null,
      replaced_by: null,
      successor_token: null,
      created_at: isoNow(),
    });
    const accessToken = await signAccessToken(this.key, this.settings.accessTokenTtl, {
      userId,
      domainId,
      sessionId: familyId,
    });
    return { id, accessToken, refreshToken };
  }

  /** The domain a sign-in starts in: the one used last, else the oldest membership. */
  private async startDomain(user: UsersTable, lang: Lang): Promise<string> {
    const domains = await repo.domainsOf(this.q, user.id);
    const last = domains.find((d) => d.id === user.last_domain_id);
    const chosen = last ?? domains[0];
    if (!chosen) throw new AppError('forbidden', authText(lang, 'auth.no_domain'));
    return chosen.id;
  }

  /** A complete sign-in answer: new sign-in (family), tokens and the session. */
  async signIn(userId: string, domainId?: string, lang: Lang = 'en'): Promise<SignedIn> {
    const user = await repo.findUserById(this.q, userId);
    if (!user) throw new AppError('unauthorized', authText(lang, 'auth.unauthorized'));
    const domain = domainId ?? (await this.startDomain(user, lang));
    const { accessToken, refreshToken } = await this.issueTokens(user.id, domain);
    return { accessToken, refreshToken, session: await this.session(user.id, domain) };
  }

  /**
   * Switches the caller to another of their domains. The domain lives in the access token, so
   * switching answers a new token pair in the same sign-in; the refresh tokens issued before
   * count as used from now on (a tab racing with them gets the grace treatment of `refresh`).
   */
  async switchDomain(auth: AuthContext, domainId: string, lang: Lang): Promise<SignedIn> {
    if (auth.token) throw new AppError('forbidden', authText(lang, 'auth.token_not_here'));
    const role = await repo.roleIn(this.q, auth.userId, domainId);
    if (!role) throw new AppError('forbidden', authText(lang, 'error.forbidden'));
    const tokens = await this.issueTokens(auth.userId, domainId, auth.sessionId);
    await this.q
      .updateTable('refresh_tokens')
      .set({
        used_at: isoNow(),
        replaced_by: tokens.id,
        successor_token: encrypt(this.successorKey, tokens.refreshToken),
      })
      .where('family_id', '=', auth.sessionId)
      .where('id', '!=', tokens.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await repo.updateUser(this.q, auth.userId, { last_domain_id: domainId });
    return {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      session: await this.session(auth.userId, domainId),
    };
  }

  async whoami(token: string | null | undefined): Promise<WhoamiAnswer> {
    const result = await this.verify(token);
    if (!result.ok || !result.auth)
      return { session: null, reason: result.ok ? 'invalid' : result.reason };
    return { session: await this.session(result.auth.userId, result.auth.domainId) };
  }

  /**
   * Rotation: a refresh token works once and answers a new pair in the same family. Presented
   * again within `REFRESH_GRACE` seconds of its first use (tabs racing on one token), it gets the
   * same successor the first call got — the live refresh token of the sign-in and a new access
   * token — so a replay never starts a second branch that lives on. Later, it is treated as
   * stolen and the whole family ends.
   */
  async refresh(token: string, caller: Caller): Promise<Tokens> {
    const invalid = () =>
      new AppError('invalid_refresh_token', authText(caller.lang, 'auth.invalid_refresh_token'));
    const row = await repo.findRefreshToken(this.q, sha256Hex(token));
    if (!row || row.revoked_at) throw invalid();
    const now = nowMs();
    if (row.expires_at <= isoAt(now)) throw invalid();

    if (!row.used_at) {
      const domainId = await this.refreshDomain(row.user_id, row.domain_id);
      if (!domainId) throw invalid();
      const successor = newId();
      const successorToken = randomToken(32);
      // Claim and successor in one transaction: a parallel call that loses the claim finds the
      // successor in place.
      const tokens = await this.q.transaction().execute(async (trx) => {
        const won = await repo.claimRefreshToken(
          trx,
          row.id,
          isoAt(now),
          successor,
          encrypt(this.successorKey, successorToken),
        );
        if (!won) return null;
        return this.issueTokens(
          row.user_id,
          domainId,
          row.family_id,
          successor,
          successorToken,
          trx,
        );
      });
      if (tokens) return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
    }
    // Used before (or just now by a parallel request).
    const fresh = await repo.findRefreshToken(this.q, row.token_hash);
    if (!fresh || fresh.revoked_at || !fresh.used_at) throw invalid();
    if (now - Date.parse(fresh.used_at) <= this.settings.refreshGrace * 1000) {
      const live = await this.liveSuccessor(fresh);
      if (!live) throw invalid();
      const domainId = await this.refreshDomain(live.row.user_id, live.row.domain_id);
      if (!domainId) throw invalid();
      const accessToken = await signAccessToken(this.key, this.settings.accessTokenTtl, {
        userId: live.row.user_id,
        domainId,
        sessionId: live.row.family_id,
      });
      await this.event(fresh.user_id, 'refresh_token_replayed', caller, {
        family: fresh.family_id,
      });
      return { accessToken, refreshToken: live.token };
    }
    await repo.revokeFamily(this.q, fresh.family_id, isoAt(now));
    await this.event(fresh.user_id, 'refresh_token_reused', caller, { family: fresh.family_id });
    this.log.warn(
      { userId: fresh.user_id },
      'a used refresh token came back: its sign-in is ended',
    );
    throw invalid();
  }

  /**
   * The live (unused) refresh token a used one led to, following rotations and domain switches,
   * with its row; undefined when the chain ends (revoked, expired, or its token is forgotten).
   */
  private async liveSuccessor(
    used: RefreshTokensTable,
  ): Promise<{ row: RefreshTokensTable; token: string } | undefined> {
    let current = used;
    for (let hop = 0; hop < MAX_REPLAY_HOPS; hop++) {
      if (!current.replaced_by || !current.successor_token) return undefined;
      const next = await repo.findRefreshTokenById(this.q, current.replaced_by);
      if (!next || next.revoked_at || next.expires_at <= isoNow()) return undefined;
      if (!next.used_at) {
        try {
          return { row: next, token: decrypt(this.successorKey, current.successor_token) };
        } catch {
          return undefined;
        }
      }
      current = next;
    }
    return undefined;
  }

  /**
   * The domain a refreshed pair carries: the token's own while the user is still a member,
   * else the user's start domain (a removed membership does not sign anybody out).
   */
  private async refreshDomain(userId: string, domainId: string): Promise<string | undefined> {
    if (await repo.roleIn(this.q, userId, domainId)) return domainId;
    const user = await repo.findUserById(this.q, userId);
    if (!user) return undefined;
    const domains = await repo.domainsOf(this.q, userId);
    return (domains.find((d) => d.id === user.last_domain_id) ?? domains[0])?.id;
  }

  /**
   * Drops what can never be used again: expired refresh and reset tokens, challenges, old
   * failures, successor tokens past the grace window, and confirmation links long expired.
   */
  async cleanup(): Promise<void> {
    const now = nowMs();
    await repo.deleteExpiredRefreshTokens(this.q, isoAt(now));
    await repo.clearSuccessorTokens(this.q, isoAt(now - this.settings.refreshGrace * 1000));
    await this.q.deleteFrom('reset_tokens').where('expires_at', '<', isoAt(now)).execute();
    await repo.deleteExpiredChallenges(this.q, isoAt(now));
    await repo.deleteEmailChangesBefore(this.q, isoAt(now - EMAIL_CHANGES_KEPT_DAYS * 86_400_000));
    await repo.pruneFailures(this.q, isoAt(now - this.settings.failureWindow * 1000));
  }

  /** Ends the sign-in of a refresh token and/or of an access token. Never fails. */
  async logout(
    refreshToken: string | undefined,
    accessToken: string | undefined,
    caller: Caller,
  ): Promise<void> {
    const families = new Map<string, string>();
    if (refreshToken) {
      const row = await repo.findRefreshToken(this.q, sha256Hex(refreshToken));
      if (row) families.set(row.family_id, row.user_id);
    }
    if (accessToken) {
      const result = await verifyAccessToken(this.key, accessToken);
      if (result.ok) families.set(result.claims.sessionId, result.claims.userId);
    }
    for (const [family, userId] of families) {
      await repo.revokeFamily(this.q, family, isoNow());
      await this.event(userId, 'logout', caller, null);
    }
  }

  // Registration ---------------------------------------------------------------------------------

  passwordFieldErrors(password: string, lang: Lang): string[] {
    if (!password) return [authText(lang, 'auth.password_required')];
    return passwordProblems(password).map((p) =>
      authText(lang, `auth.password_${p}`, { min: PASSWORD_MIN, max: PASSWORD_MAX }),
    );
  }

  async register(body: RegisterBody, caller: Caller): Promise<SignedIn> {
    const { lang } = caller;
    const username = (body.username ?? '').trim();
    const email = (body.email ?? '').trim().toLowerCase();
    const password = body.password ?? '';
    const fields: FieldErrors = {};
    if (!username) fields.username = [authText(lang, 'auth.username_required')];
    else if (!USERNAME_PATTERN.test(username))
      fields.username = [authText(lang, 'auth.username_rule')];
    if (!email) fields.email = [authText(lang, 'auth.email_required')];
    else if (email.length > 254 || !EMAIL_PATTERN.test(email))
      fields.email = [authText(lang, 'auth.email_invalid')];
    const pw = this.passwordFieldErrors(password, lang);
    if (pw.length) fields.password = pw;
    if (!fields.username && (await repo.usernameTaken(this.q, username))) {
      fields.username = [authText(lang, 'auth.username_taken')];
    }
    if (!fields.email && (await repo.emailTaken(this.q, email)))
      fields.email = [authText(lang, 'auth.email_taken')];
    if (Object.keys(fields).length)
      throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), fields);

    const passwordHash = await this.passwords.hash(password);
    const now = isoNow();
    const userId = newId();
    const domainId = newId();
    try {
      await this.q.transaction().execute(async (trx) => {
        const first = (await repo.countUsers(trx)) === 0;
        // Domains seeded before anybody registered belong to the first user.
        const orphans = first ? await repo.domainsWithoutMembers(trx) : [];
        await repo.insertUser(trx, {
          id: userId,
          username,
          email,
          full_name: '',
          avatar: null,
          password_hash: passwordHash,
          last_domain_id: domainId,
          created_at: now,
          updated_at: now,
          password_changed_at: now,
        });
        await repo.insertDomain(trx, {
          id: domainId,
          name: authText(lang, 'auth.domain_name', { username }),
          created_at: now,
          created_by: userId,
        });
        await repo.insertMembership(trx, {
          user_id: userId,
          domain_id: domainId,
          role: 'owner',
          created_at: now,
        });
        for (const d of orphans) {
          await repo.insertMembership(trx, {
            user_id: userId,
            domain_id: d.id,
            role: 'owner',
            created_at: now,
          });
        }
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Somebody registered the same name or address a moment ago.
      const taken: FieldErrors = {};
      if (await repo.usernameTaken(this.q, username))
        taken.username = [authText(lang, 'auth.username_taken')];
      if (await repo.emailTaken(this.q, email)) taken.email = [authText(lang, 'auth.email_taken')];
      throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), taken);
    }
    await this.event(userId, 'register', caller, null);
    return this.signIn(userId, domainId);
  }

  // Sign-in and throttling -------------------------------------------------------------------------

  /** Writes an entry of the sign-in audit log; never fails the request. */
  async event(
    userId: string | null,
    event: string,
    caller: Caller,
    detail: Record<string, unknown> | null,
  ) {
    try {
      await repo.insertEvent(this.q, {
        user_id: userId,
        event,
        ip: caller.ip,
        detail,
        created_at: isoNow(),
      });
    } catch (err) {
      this.log.error({ err, event }, 'could not write the auth event');
    }
  }

  /** Throws 429 (with `retryAfter` seconds) while any key is in its growing delay. */
  private async checkThrottle(
    keys: { key: string; limit: number }[],
    caller: Caller,
    userId: string | null,
  ) {
    const s = this.settings;
    const now = nowMs();
    let wait = 0;
    for (const { key, limit } of keys) {
      if (limit <= 0) continue;
      const { count, last } = await repo.failuresSince(
        this.q,
        key,
        isoAt(now - s.failureWindow * 1000),
      );
      if (count < limit || !last) continue;
      const delay = Math.min(s.maxDelay, s.baseDelay * 2 ** Math.min(20, count - limit));
      const until = Date.parse(last) + delay * 1000;
      if (until > now) wait = Math.max(wait, Math.ceil((until - now) / 1000));
    }
    if (wait > 0) {
      await this.event(userId, 'login_throttled', caller, { retryAfter: wait });
      throw new ThrottledError(authText(caller.lang, 'auth.throttled', { seconds: wait }), wait);
    }
  }

  private async recordFailure(keys: string[]) {
    const now = nowMs();
    await repo.insertFailures(this.q, keys, isoAt(now));
  }

  /** Throttling keys: the account (by id, so username and email count together) and the address. */
  private loginKeys(user: UsersTable | undefined, login: string, ip: string) {
    return [
      {
        key: user ? `account:${user.id}` : `login:${login.trim().toLowerCase()}`,
        limit: this.settings.maxFailures,
      },
      { key: `ip:${ip}`, limit: this.settings.maxFailuresPerIp },
    ];
  }

  /** Verifies a password; unknown users cost the same time (a hash of a fixed text is checked). */
  private async checkPassword(user: UsersTable | undefined, password: string): Promise<boolean> {
    if (!user) {
      this.dummyHash ??= this.passwords.hash(randomToken(16));
      await this.passwords.verify(await this.dummyHash, password);
      return false;
    }
    return this.passwords.verify(user.password_hash, password);
  }

  async login(login: string, password: string, caller: Caller): Promise<LoginAnswer> {
    const user = await repo.findUserByLogin(this.q, login);
    const keys = this.loginKeys(user, login, caller.ip);
    await this.checkThrottle(keys, caller, user?.id ?? null);
    if (!(await this.checkPassword(user, password)) || !user) {
      await this.recordFailure(keys.map((k) => k.key));
      await this.event(user?.id ?? null, 'login_failed', caller, { login: login.slice(0, 254) });
      throw new AppError('invalid_credentials', authText(caller.lang, 'auth.invalid_credentials'));
    }
    await repo.clearFailures(this.q, keys[0]!.key);
    const totp = await repo.findTotp(this.q, user.id);
    if (totp?.enabled === 1) {
      await this.event(user.id, 'login_password_ok', caller, null);
      const challengeId = randomToken(32);
      await repo.insertChallenge(this.q, {
        token_hash: sha256Hex(challengeId),
        user_id: user.id,
        expires_at: isoNow(this.settings.challengeTtl * 1000),
        created_at: isoNow(),
      });
      return { secondFactor: { challengeId } };
    }
    await this.event(user.id, 'login', caller, null);
    return this.signIn(user.id, undefined, caller.lang);
  }

  // Two-step verification ------------------------------------------------------------------------

  /** The time step a TOTP code belongs to (±1 step), or null when it matches none. */
  private totpStep(secret: string, code: string): number | null {
    const now = nowMs();
    const checker = authenticator.clone({ window: 1, step: TOTP_STEP, epoch: now });
    const delta = checker.checkDelta(code, secret);
    return delta === null ? null : Math.floor(now / 1000 / TOTP_STEP) + delta;
  }

  /** Accepts a fresh TOTP code (never one of an already used step) or an unused backup code. */
  private async checkSecondFactor(
    userId: string,
    code: string,
    secret: string,
  ): Promise<'totp' | 'backup' | null> {
    const trimmed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(trimmed)) {
      const step = this.totpStep(secret, trimmed);
      return step !== null && (await repo.claimTotpStep(this.q, userId, step)) ? 'totp' : null;
    }
    const hash = hmacHex(this.backupKey, normalizeBackupCode(trimmed));
    return (await repo.claimBackupCode(this.q, userId, hash, isoNow())) ? 'backup' : null;
  }

  /**
   * The second step of a sign-in. A challenge signs in once; it takes at most
   * `CHALLENGE_MAX_ATTEMPTS` codes, then the password step has to be passed again.
   */
  async verifySecondFactor(challengeId: string, code: string, caller: Caller): Promise<SignedIn> {
    const { lang } = caller;
    const expired = () =>
      new AppError('second_factor_required', authText(lang, 'auth.invalid_challenge'));
    const spent = () =>
      new AppError('second_factor_required', authText(lang, 'auth.challenge_spent'));
    const tokenHash = sha256Hex(challengeId);
    const challenge = await repo.findChallenge(this.q, tokenHash);
    if (!challenge || challenge.used_at || challenge.expires_at <= isoNow()) throw expired();
    const userId = challenge.user_id;
    const totp = await repo.findTotp(this.q, userId);
    if (!totp || totp.enabled !== 1) throw expired();
    const keys = [
      { key: `second-factor:${userId}`, limit: this.settings.maxFailures },
      { key: `ip:${caller.ip}`, limit: this.settings.maxFailuresPerIp },
    ];
    await this.checkThrottle(keys, caller, userId);
    if (
      !(await repo.reserveChallengeAttempt(this.q, tokenHash, CHALLENGE_MAX_ATTEMPTS, isoNow()))
    ) {
      const now = await repo.findChallenge(this.q, tokenHash);
      throw now && now.attempts >= CHALLENGE_MAX_ATTEMPTS ? spent() : expired();
    }
    const kind = await this.checkSecondFactor(userId, code, decrypt(this.secretKey, totp.secret));
    if (!kind) {
      await this.recordFailure(keys.map((k) => k.key));
      await this.event(userId, 'second_factor_failed', caller, null);
      if (challenge.attempts + 1 >= CHALLENGE_MAX_ATTEMPTS) {
        await repo.spendChallenge(this.q, tokenHash, isoNow());
        throw spent();
      }
      throw new AppError('invalid_second_factor', authText(lang, 'auth.invalid_second_factor'));
    }
    // Only one request signs in with a challenge, however many arrive at once.
    if (!(await repo.spendChallenge(this.q, tokenHash, isoNow()))) throw expired();
    await repo.clearFailures(this.q, keys[0]!.key);
    await this.event(userId, kind === 'backup' ? 'login_backup_code' : 'login', caller, null);
    return this.signIn(userId, undefined, lang);
  }

  async totpSetup(auth: AuthContext, caller: Caller): Promise<TotpSetupAnswer> {
    const existing = await repo.findTotp(this.q, auth.userId);
    if (existing?.enabled === 1)
      throw new AppError('conflict', authText(caller.lang, 'auth.totp_already_enabled'));
    const user = await repo.findUserById(this.q, auth.userId);
    if (!user) throw new AppError('unauthorized', authText(caller.lang, 'auth.unauthorized'));
    const secret = authenticator.generateSecret(20);
    await repo.saveTotpSecret(this.q, auth.userId, encrypt(this.secretKey, secret), isoNow());
    const otpauthUrl = authenticator.keyuri(user.username, this.config.appName, secret);
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 240,
    });
    return { secret, otpauthUrl, qrDataUrl };
  }

  /** Switches two-step verification on: a code of the new secret and the current password. */
  async totpEnable(
    auth: AuthContext,
    code: string,
    password: string | undefined,
    caller: Caller,
  ): Promise<TotpEnabledAnswer> {
    const { lang } = caller;
    const user = await this.userOf(auth, lang);
    const totp = await repo.findTotp(this.q, auth.userId);
    if (!totp) throw new AppError('conflict', authText(lang, 'auth.totp_not_set_up'));
    if (totp.enabled === 1)
      throw new AppError('conflict', authText(lang, 'auth.totp_already_enabled'));
    // Two-step verification is off, so only the password can prove who is asking.
    const fields = await this.proveIdentity(user, { password }, caller, 'totp_enable');
    const step = fields.password
      ? null
      : this.totpStep(decrypt(this.secretKey, totp.secret), code.replace(/\s/g, ''));
    if (!fields.password && (step === null || !(await repo.claimTotpStep(this.q, user.id, step)))) {
      await this.event(auth.userId, 'second_factor_failed', caller, { during: 'enable' });
      fields.code = [authText(lang, 'auth.invalid_second_factor')];
    }
    if (Object.keys(fields).length)
      throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), fields);
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, randomBackupCode);
    await this.q.transaction().execute(async (trx) => {
      await repo.enableTotp(trx, auth.userId);
      await repo.replaceBackupCodes(
        trx,
        auth.userId,
        codes.map((c) => hmacHex(this.backupKey, normalizeBackupCode(c))),
        isoNow(),
      );
    });
    await this.event(auth.userId, 'totp_enabled', caller, null);
    return { backupCodes: codes };
  }

  /** Switches two-step verification off: the current password or a code proves who asks. */
  async totpDisable(auth: AuthContext, proof: IdentityProof, caller: Caller): Promise<void> {
    const user = await this.userOf(auth, caller.lang);
    const totp = await repo.findTotp(this.q, auth.userId);
    if (!totp) throw new AppError('conflict', authText(caller.lang, 'auth.totp_not_enabled'));
    await this.requireIdentity(user, proof, caller, 'totp_disable');
    await repo.deleteTotp(this.q, auth.userId);
    await this.event(auth.userId, 'totp_disabled', caller, null);
  }

  // Proof of identity ------------------------------------------------------------------------------

  /** The signed-in user's row; 401 when the account is gone. */
  async userOf(auth: AuthContext, lang: Lang): Promise<UsersTable> {
    const user = await repo.findUserById(this.q, auth.userId);
    if (!user) throw new AppError('unauthorized', authText(lang, 'auth.unauthorized'));
    return user;
  }

  /**
   * Checks that the person asking for a security change owns the account: the current password,
   * or — while two-step verification is on — a fresh authenticator code or an unused backup code
   * (consumed). Answers the field errors (none when proven); wrong proofs count per account
   * and, past `LOGIN_MAX_FAILURES`, answer 429 with a growing delay.
   */
  async proveIdentity(
    user: UsersTable,
    proof: IdentityProof,
    caller: Caller,
    during: string,
    passwordField = 'password',
  ): Promise<FieldErrors> {
    const { lang } = caller;
    const password = proof.password ?? '';
    const code = proof.code?.trim() ?? '';
    if (!password && !code)
      return { [passwordField]: [authText(lang, 'auth.current_password_required')] };
    const key = `reauth:${user.id}`;
    await this.checkThrottle([{ key, limit: this.settings.maxFailures }], caller, user.id);
    let fields: FieldErrors = {};
    if (password) {
      if (!(await this.passwords.verify(user.password_hash, password)))
        fields = {
          [passwordField]: [
            authText(
              lang,
              passwordField === 'oldPassword' ? 'auth.old_password_wrong' : 'auth.password_wrong',
            ),
          ],
        };
    } else {
      const totp = await repo.findTotp(this.q, user.id);
      if (totp?.enabled !== 1) return { code: [authText(lang, 'auth.code_needs_totp')] };
      if (!(await this.checkSecondFactor(user.id, code, decrypt(this.secretKey, totp.secret))))
        fields = { code: [authText(lang, 'auth.invalid_second_factor')] };
    }
    if (!Object.keys(fields).length) {
      await repo.clearFailures(this.q, key);
      return fields;
    }
    await this.recordFailure([key]);
    await this.event(user.id, password ? 'password_check_failed' : 'second_factor_failed', caller, {
      during,
    });
    return fields;
  }

  /** `proveIdentity`, throwing 400 with the field errors when the proof fails. */
  async requireIdentity(
    user: UsersTable,
    proof: IdentityProof,
    caller: Caller,
    during: string,
  ): Promise<void> {
    const fields = await this.proveIdentity(user, proof, caller, during);
    if (Object.keys(fields).length)
      throw new AppError(
        'validation_failed',
        authText(caller.lang, 'error.validation_failed'),
        fields,
      );
  }

  // Passwords --------------------------------------------------------------------------------------

  /**
   * Mails a one-time reset link when the address belongs to an account. The caller gets the
   * same answer at once either way; the lookup and the mail happen after the answer.
   */
  forgot(email: string, caller: Caller): void {
    setImmediate(() => {
      this.sendResetLink(email, caller).catch((err: unknown) =>
        this.log.error({ err }, 'could not send the password reset mail'),
      );
    });
  }

  /** Resolves when a reset mail (if any) has been handled; used by `forgot` in the background. */
  async sendResetLink(email: string, caller: Caller): Promise<void> {
    const user = await repo.findUserByEmail(this.q, email);
    await this.event(
      user?.id ?? null,
      'password_reset_requested',
      caller,
      user ? null : { unknownEmail: true },
    );
    if (!user) return;
    const origin = caller.link;
    if (!origin?.ok) {
      // Never a link to an address nobody vouched for: it would hand the token to its owner.
      this.log.warn(
        { userId: user.id, host: origin?.host },
        'reset mail not sent: the request came to a host that is neither PUBLIC_URL nor in ALLOWED_HOSTS',
      );
      return;
    }
    const ttl = this.settings.resetTokenTtl;
    const recent = await repo.countRecentResetTokens(this.q, user.id, isoNow(-ttl * 1000));
    if (recent >= RESET_MAILS_PER_WINDOW) {
      this.log.warn({ userId: user.id }, 'reset mail not sent: too many in a short time');
      return;
    }
    const token = randomToken(32);
    await repo.insertResetToken(this.q, {
      token_hash: sha256Hex(token),
      user_id: user.id,
      expires_at: isoNow(ttl * 1000),
      created_at: isoNow(),
    });
    const link = `${origin.origin}/forgot-password-set-new?token=${encodeURIComponent(token)}`;
    await this.mailer.send(
      composeMail(
        caller.lang,
        'reset',
        user.email,
        {
          name: user.full_name || user.username,
          app: this.config.appName,
          minutes: Math.round(ttl / 60),
        },
        link,
      ),
    );
  }

  /** A new password: every sign-in ends, and a pending e-mail change is dropped. */
  private async setPassword(userId: string, password: string) {
    const hash = await this.passwords.hash(password);
    const now = isoNow();
    await repo.updateUser(this.q, userId, {
      password_hash: hash,
      updated_at: now,
      password_changed_at: now,
    });
    await repo.revokeAllOfUser(this.q, userId, now);
    await repo.cancelEmailChanges(this.q, userId, now);
  }

  async forgotSetNew(token: string, password: string, caller: Caller): Promise<void> {
    const { lang } = caller;
    const tokenHash = sha256Hex(token);
    const row = await repo.findResetToken(this.q, tokenHash);
    const invalid = () =>
      new AppError('invalid_reset_token', authText(lang, 'auth.invalid_reset_token'));
    if (!row || row.used_at || row.expires_at <= isoNow()) throw invalid();
    const problems = this.passwordFieldErrors(password, lang);
    if (problems.length) {
      throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), {
        password: problems,
      });
    }
    if (!(await repo.claimResetToken(this.q, tokenHash, isoNow()))) throw invalid();
    await this.setPassword(row.user_id, password);
    await repo.voidResetTokensOf(this.q, row.user_id, isoNow());
    await repo.clearFailures(this.q, `account:${row.user_id}`);
    await repo.clearFailures(this.q, `second-factor:${row.user_id}`);
    await this.event(row.user_id, 'password_reset', caller, null);
  }

  /**
   * Changes the caller's password. Every sign-in of the user ends (including the caller's old
   * tokens); the caller gets a fresh pair in the answer and stays signed in.
   */
  async changePassword(
    auth: AuthContext,
    proof: { oldPassword?: string; code?: string },
    newPassword: string,
    caller: Caller,
  ): Promise<SignedIn> {
    const { lang } = caller;
    const user = await this.userOf(auth, lang);
    const problems = this.passwordFieldErrors(newPassword, lang);
    // A code is used up when checked: not while the new password is refused anyway.
    const spareCode = problems.length > 0 && !proof.oldPassword && !!proof.code;
    const fields: FieldErrors = spareCode
      ? {}
      : await this.proveIdentity(
          user,
          { password: proof.oldPassword, code: proof.code },
          caller,
          'change_password',
          'oldPassword',
        );
    if (problems.length) fields.newPassword = problems;
    if (Object.keys(fields).length)
      throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), fields);
    await this.setPassword(user.id, newPassword);
    await this.event(user.id, 'password_changed', caller, null);
    return this.signIn(user.id, auth.domainId, lang);
  }
}

export { ThrottledError };
