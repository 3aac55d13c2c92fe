import { randomBytes, randomUUID } from 'node:crypto';

/** A new random identifier (UUID v4 text) for any row. */
export function newId(): string {
  return randomUUID();
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A random key of lower-case letters and digits (file, upload and job ids; ~124 bits at 24). */
export function randomKey(length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += KEY_ALPHABET[b % KEY_ALPHABET.length];
  return out;
}
