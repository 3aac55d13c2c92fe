import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  buildAbility,
  rulesForRole,
  type ApiToken,
  type AppAbility,
  type Role,
  type TokenKind,
  type TokenScope,
} from '@fiscus/contracts';
import type { Db } from '../../db/dialect.js';
import { RetryLaterError, AppError } from '../../lib/app-error.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import { randomKey } from '../../lib/ids.js';
import type { Lang } from '../../platform/messages.js';
import { authText } from './auth.messages.js';

/**
 * API tokens (contracts `tokens.ts`). A token reads `fst_<id>_<secret>`: the id finds its row,
 * the secret is compared with the stored SHA-256 (a token is 190 random bits, so a slow hash
 * adds nothing). A personal token acts as its maker in the domain it was made in, while the
 * maker is still a member there, with the maker's role narrowed by its scope; a domain token
 * (made by an owner or admin) acts as an editor (`write`) or a viewer (`read`) of its domain,
 * in the name of its maker for the history, whether or not the maker is still a member. No
 * token ever manages accounts, tokens or webhooks. A token limited to objects is held to them
 * by the `/api/qry` dispatcher. Each token may make `RATE_PER_SECOND` requests a second on
 * average (bursts of `BURST`); beyond that 429 with Retry-After. Its last use is written at most
 * once a minute.
 */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  domain_id: string;
  name: string;
  /** `read` | `write`. */
  scope: string;
  secret_hash: string;
  hint: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  /** `personal` | `domain`. */
  kind: string;
  /** JSON array of object ids the token is limited to; null: every object. */
  objects: string | null;
}

/** A write made through a token, with the token's name as it was (the audit of token writes). */
export interface ApiTokenWritesTable {
  id: string;
  token_id: string;
  token_name: string;
  user_id: string;
  domain_id: string;
  op: string;
  object_id: string | null;
  at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    api_tokens: ApiTokensTable;
    api_token_writes: ApiTokenWritesTable;
  }
}

const PREFIX = 'fst_';
const FORMAT = /^fst_([a-z0-9]{20})_([A-Za-z0-9_-]{32})$/;
export const RATE_PER_SECOND = 20;
export const BURST = 100;
const LAST_USED_EVERY_MS = 60_000;

/** The token a request carries is an API token (not a sign-in's access token). */
export function isApiToken(token: string | null | undefined): boolean {
  return typeof token === 'string' && token.startsWith(PREFIX);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The rules of a token: its maker's role, never the account and tokens (`Auth` beyond reading),
 * and with `read` scope nothing but reads.
 */
export function tokenAbility(role: Role, scope: TokenScope): AppAbility {
  const writes = ['create', 'update', 'delete'] as const;
  return buildAbility([
    ...rulesForRole(role),
    { action: [...writes], subject: 'Auth', inverted: true },
    { action: 'manage', subject: 'Integration', inverted: true },
    ...(scope === 'read' ? [{ action: [...writes], subject: 'all' as const, inverted: true }] : []),
  ]);
}

function objectsOf(r: { objects: string | null }): string[] | null {
  if (!r.objects) return null;
  try {
    const v = JSON.parse(r.objects) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
  } catch {
    return [];
  }
}

export function tokenOut(r: ApiTokensTable & { maker?: string | null }): ApiToken {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope === 'write' ? 'write' : 'read',
    kind: r.kind === 'domain' ? 'domain' : 'personal',
    objects: objectsOf(r),
    createdByName: r.maker ?? null,
    hint: r.hint,
    expiresAt: r.expires_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
  };
}

export interface TokenCaller {
  userId: string;
  domainId: string;
  role: Role;
  token: { id: string; name: string; scope: TokenScope; objects: string[] | null };
}

interface Bucket {
  tokens: number;
  at: number;
}

export class ApiTokens {
  private readonly buckets = new Map<string, Bucket>();
  private readonly lastWritten = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** The caller's personal tokens in a domain, or (`userId` null) the domain's tokens. */
  async list(userId: string | null, domainId: string): Promise<ApiToken[]> {
    let q = this.db.kysely
      .selectFrom('api_tokens')
      .leftJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('api_tokens')
      .select(['users.full_name', 'users.username'])
      .where('api_tokens.domain_id', '=', domainId);
    q =
      userId === null
        ? q.where('api_tokens.kind', '=', 'domain')
        : q.where('api_tokens.user_id', '=', userId).where('api_tokens.kind', '=', 'personal');
    const rows = await q.orderBy('api_tokens.created_at', 'desc').execute();
    return rows.map((r) => tokenOut({ ...r, maker: r.full_name || r.username || null }));
  }

  async create(
    userId: string,
    domainId: string,
    input: {
      name: string;
      scope: TokenScope;
      expiresInDays: number | null;
      objects?: string[] | null;
    },
    kind: TokenKind = 'personal',
  ): Promise<{ token: ApiToken; secret: string }> {
    const id = randomKey(20);
    const secret = randomBytes(24).toString('base64url');
    const full = `${PREFIX}${id}_${secret}`;
    const now = isoNow();
    const row: ApiTokensTable = {
      id,
      user_id: userId,
      domain_id: domainId,
      name: input.name,
      scope: input.scope,
      secret_hash: sha256(secret),
      hint: full.slice(-4),
      expires_at:
        input.expiresInDays === null
          ? null
          : new Date(nowMs() + input.expiresInDays * 86_400_000).toISOString(),
      last_used_at: null,
      revoked_at: null,
      created_at: now,
      kind,
      objects: input.objects?.length ? JSON.stringify(input.objects) : null,
    };
    await this.db.kysely.insertInto('api_tokens').values(row).execute();
    return { token: tokenOut(row), secret: full };
  }

  /**
   * Revokes a personal token of the caller, or (`userId` null) a domain token of the domain
   * (404 for any other); at once, on every process.
   */
  async revoke(userId: string | null, domainId: string, id: string, lang: Lang): Promise<ApiToken> {
    let q = this.db.kysely
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .where('domain_id', '=', domainId);
    q =
      userId === null
        ? q.where('kind', '=', 'domain')
        : q.where('user_id', '=', userId).where('kind', '=', 'personal');
    const row = await q.executeTakeFirst();
    if (!row) throw new AppError('not_found', authText(lang, 'auth.token_not_found'));
    if (!row.revoked_at) {
      row.revoked_at = isoNow();
      await this.db.kysely
        .updateTable('api_tokens')
        .set({ revoked_at: row.revoked_at })
        .where('id', '=', id)
        .execute();
    }
    return tokenOut(row);
  }

  /**
   * The caller a token stands for, or why not: unknown, revoked or a wrong secret are
   * `invalid`; past its expiry `expired`; a maker no longer a member `invalid`. Checked against
   * the database on every request, so a revoked token is refused at once.
   */
  async verify(
    token: string,
  ): Promise<{ ok: true; caller: TokenCaller } | { ok: false; reason: 'expired' | 'invalid' }> {
    const m = FORMAT.exec(token);
    if (!m) return { ok: false, reason: 'invalid' };
    const [, id, secret] = m as unknown as [string, string, string];
    const row = await this.db.kysely
      .selectFrom('api_tokens')
      .leftJoin('memberships', (j) =>
        j
          .onRef('memberships.user_id', '=', 'api_tokens.user_id')
          .onRef('memberships.domain_id', '=', 'api_tokens.domain_id'),
      )
      .selectAll('api_tokens')
      .select('memberships.role as role')
      .where('api_tokens.id', '=', id)
      .executeTakeFirst();
    if (!row || row.revoked_at) return { ok: false, reason: 'invalid' };
    const scope: TokenScope = row.scope === 'write' ? 'write' : 'read';
    // A domain token acts as an editor or a viewer; a personal one as its maker while a member.
    const role: Role | null =
      row.kind === 'domain' ? (scope === 'write' ? 'editor' : 'viewer') : (row.role as Role | null);
    if (!role) return { ok: false, reason: 'invalid' };
    const given = Buffer.from(sha256(secret), 'hex');
    const stored = Buffer.from(row.secret_hash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored))
      return { ok: false, reason: 'invalid' };
    if (row.expires_at && row.expires_at <= isoNow()) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      caller: {
        userId: row.user_id,
        domainId: row.domain_id,
        role,
        token: { id: row.id, name: row.name, scope, objects: objectsOf(row) },
      },
    };
  }

  /** Takes one request from the token's allowance; 429 with Retry-After when it is spent. */
  throttle(tokenId: string, lang: Lang): void {
    const now = nowMs();
    const b = this.buckets.get(tokenId) ?? { tokens: BURST, at: now };
    b.tokens = Math.min(BURST, b.tokens + ((now - b.at) / 1000) * RATE_PER_SECOND);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(tokenId, b);
      const seconds = Math.max(1, Math.ceil((1 - b.tokens) / RATE_PER_SECOND));
      throw new RetryLaterError(
        'too_many_requests',
        authText(lang, 'auth.token_throttled', { seconds }),
        seconds,
      );
    }
    b.tokens -= 1;
    this.buckets.set(tokenId, b);
    if (this.buckets.size > 10_000) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined && oldest !== tokenId) this.buckets.delete(oldest);
    }
  }

  /** Notes the token's use (at most once a minute per token and process). */
  async used(tokenId: string): Promise<void> {
    const now = nowMs();
    const last = this.lastWritten.get(tokenId);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    this.lastWritten.set(tokenId, now);
    await this.db.kysely
      .updateTable('api_tokens')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', tokenId)
      .execute();
  }

  /** Keeps a write made through a token, with the token's name. */
  async wrote(caller: TokenCaller, op: string, objectId: string | null): Promise<void> {
    await this.db.kysely
      .insertInto('api_token_writes')
      .values({
        id: randomKey(20),
        token_id: caller.token.id,
        token_name: caller.token.name,
        user_id: caller.userId,
        domain_id: caller.domainId,
        op,
        object_id: objectId,
        at: isoNow(),
      })
      .execute();
  }
}
