import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  hash as argonHash,
  verify as argonVerify,
  type Options as ArgonOptions,
} from '@node-rs/argon2';

/** SHA-256 in hex; used for high-entropy secrets (refresh and reset tokens) before storing them. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A random token of `bytes` bytes (default 32 = 256 bits), URL-safe base64. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Derives a purpose-bound 32-byte key from the server secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `fiscus:${purpose}`, 32),
  );
}

export function hmacHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Lets at most `limit` tasks run at once; the rest wait in order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** argon2id as recommended by OWASP: 19 MiB memory, 2 passes, 1 lane. */
export const PRODUCTION_ARGON2: ArgonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** A much cheaper cost used only when NODE_ENV=test, so the test suite stays fast. */
export const TEST_ARGON2: ArgonOptions = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * argon2id hashing with a cap on concurrent work: each hash takes ~19 MiB and a CPU core for
 * tens of milliseconds, so a burst of sign-ins queues instead of exhausting memory.
 */
export function createPasswordHasher(
  options: ArgonOptions,
  concurrency = Math.max(1, availableParallelism()),
): PasswordHasher {
  const gate = new Semaphore(concurrency);
  // Argon2id is the library's default algorithm; the PHC string records it ($argon2id$…).
  return {
    hash: (password) => gate.run(() => argonHash(password, options)),
    verify: (stored, password) =>
      gate.run(async () => {
        try {
          return await argonVerify(stored, password);
        } catch {
          return false;
        }
      }),
  };
}
