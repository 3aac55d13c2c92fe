import type { AppAbility } from '@fiscus/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Lang } from './messages.js';
import './tables.js';

/** What every platform operation knows about its caller. */
export interface OpContext {
  db: Db;
  domainId: string;
  userId: string;
  ability: AppAbility;
  lang: Lang;
}

export type Q = Kysely<Database>;
