import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/dialect.js';

/**
 * Secrets of data sources (passwords) sealed at rest with AES-256-GCM, an authenticated
 * cipher: a sealed value opens only with the same key and for the same data source (its id is
 * the associated data, so a sealed password copied onto another row does not open). The key is
 * the server's `SECRETS_KEY` or the one generated into DATA_DIR (config/index.ts), registered
 * per database handle when the app starts. Plain secrets never leave this process: no answer,
 * log line or export carries them.
 */
const VERSION = 'v1';
const keys = new WeakMap<object, Buffer>();

/** Registers the key of a database's sealed secrets (the app does it at start). */
export function useSecretsKey(db: Db, key: Buffer): void {
  if (key.length !== 32) throw new Error('the secrets key must have 32 bytes');
  keys.set(db.kysely, key);
}

function keyOf(db: Db): Buffer {
  const key = keys.get(db.kysely);
  if (!key) throw new Error('no secrets key registered for this database');
  return key;
}

/** `v1.iv.tag.ciphertext` (base64url) of `plain`, bound to `owner` (the data source's id). */
export function sealWith(key: Buffer, owner: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join(
    '.',
  );
}

/** The plain text of a sealed value; throws when the key, owner or value is not the one sealed. */
export function openWith(key: Buffer, owner: string, sealed: string): string {
  const [version, ...parts] = sealed.split('.');
  const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
  if (version !== VERSION || !iv || !tag || !body) throw new Error('sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

export function seal(db: Db, owner: string, plain: string): string {
  return sealWith(keyOf(db), owner, plain);
}

/** Undefined when the value does not open (another key: SECRETS_KEY changed or was lost). */
export function unseal(db: Db, owner: string, sealed: string): string | undefined {
  try {
    return openWith(keyOf(db), owner, sealed);
  } catch {
    return undefined;
  }
}
