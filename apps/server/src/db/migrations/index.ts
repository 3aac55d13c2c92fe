import type { Migration } from 'kysely';
import * as m0001 from './2026-11-22-0001-init.js';

/**
 * The ordered list of migrations. Names sort by date; each runs on SQLite and PostgreSQL.
 * Add new ones at the end — never change one that has landed.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-init': m0001,
};
