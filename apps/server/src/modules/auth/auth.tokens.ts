import { errors, jwtVerify, SignJWT } from 'jose';
import { nowMs } from '../../lib/clock.js';

/** What an access token says: who, in which domain, in which sign-in (refresh-token family). */
export interface AccessClaims {
  userId: string;
  domainId: string;
  sessionId: string;
}

export type VerifyResult =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

const ISSUER = 'fiscus';
const seconds = () => Math.floor(nowMs() / 1000);

export function jwtKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Access JWT, HS256: `sub` user, `dom` domain, `sid` refresh-token family. */
export async function signAccessToken(
  key: Uint8Array,
  ttl: number,
  c: AccessClaims,
): Promise<string> {
  const iat = seconds();
  return new SignJWT({ dom: c.domainId, sid: c.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(c.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(key);
}

type Verified =
  { ok: true; claims: AccessClaims; exp: number } | Exclude<VerifyResult, { ok: true }>;

async function verifyOnce(key: Uint8Array, token: string): Promise<Verified> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: new Date(nowMs()),
    });
    const { sub, dom, sid, typ, exp } = payload;
    if (
      typ !== 'access' ||
      typeof sub !== 'string' ||
      typeof dom !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId: sub, domainId: dom, sessionId: sid }, exp };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

export async function verifyAccessToken(
  key: Uint8Array,
  token: string | null | undefined,
): Promise<VerifyResult> {
  if (!token) return { ok: false, reason: 'missing' };
  const result = await verifyOnce(key, token);
  return result.ok ? { ok: true, claims: result.claims } : result;
}

/** Access tokens whose signature has been checked, kept at most (oldest out first). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies access tokens like `verifyAccessToken` and remembers the claims of good ones until
 * they expire: checking the signature is the costliest step of an authenticated request, and a
 * console sends the same token many times. Expiry is still checked on every call.
 */
export class AccessTokenVerifier {
  private readonly known = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(
    private readonly key: Uint8Array,
    private readonly kept = VERIFIED_TOKENS_KEPT,
  ) {}

  async verify(token: string | null | undefined): Promise<VerifyResult> {
    if (!token) return { ok: false, reason: 'missing' };
    const hit = this.known.get(token);
    if (hit) {
      if (hit.exp > seconds()) return { ok: true, claims: hit.claims };
      this.known.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const result = await verifyOnce(this.key, token);
    if (!result.ok) return result;
    if (this.known.size >= this.kept) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(token, { claims: result.claims, exp: result.exp });
    return { ok: true, claims: result.claims };
  }
}
