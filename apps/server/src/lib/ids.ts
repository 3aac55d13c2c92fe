import { randomUUID } from 'node:crypto';

/** A new random identifier (UUID v4 text) for any row. */
export function newId(): string {
  return randomUUID();
}
