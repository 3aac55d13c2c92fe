import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A short random id of lower-case letters and digits (safe inside SQL identifiers). */
export function shortId(length = 12): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

const IDENT = /^(obj|f|ix|ux|vx|tg|ag\d)_[a-z0-9_]{1,60}$/;
/** Every identifier the platform puts in SQL is made by the server; this double-checks it. */
export function safeIdent(name: string): string {
  if (!IDENT.test(name)) throw new Error(`refusing identifier ${JSON.stringify(name)}`);
  return name;
}

export function newTableName(): string {
  return `obj_${shortId()}`;
}
export function newColumnName(): string {
  return `f_${shortId()}`;
}

/** A code from a display name: "Due date" → "due_date". */
export function codeFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
  const code = /^[a-z]/.test(base) ? base : `f_${base}`.replace(/_+$/, '');
  return code.length > 1 ? code : `field_${shortId(4)}`;
}
