import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { autoIndexer } from '../platform/auto-index.js';
import { listIndexes } from '../platform/ddl.js';

/**
 * With automatic indexes turned off (the app's indexer's `enabled`, as `AUTO_INDEXES=false`
 * sets it), `read` run three times on the object builds nothing automatic and queues no index
 * job. Turns them on again afterwards.
 */
export async function expectNothingBuiltWhileOff(
  app: FastifyInstance,
  objectId: string,
  read: () => Promise<unknown>,
): Promise<void> {
  const indexer = autoIndexer(app.db);
  if (!indexer) throw new Error('the app has no automatic indexer');
  indexer.settings.enabled = false;
  try {
    for (let i = 0; i < 3; i++) await read();
    const automatic = (await listIndexes(app.db.kysely, objectId)).filter((ix) => ix.automatic);
    expect(automatic).toEqual([]);
    const jobs = await app.db.kysely
      .selectFrom('pf_jobs')
      .select('id')
      .where('kind', '=', 'index')
      .execute();
    expect(jobs).toEqual([]);
  } finally {
    indexer.settings.enabled = true;
  }
}

/**
 * Every automatic index (and summary) counts as used a day ago, and `name` as used long before:
 * the least recently used, the first to give way to a view's.
 */
export async function makeLeastRecentlyUsed(app: FastifyInstance, name: string): Promise<void> {
  await app.db.kysely
    .updateTable('pf_indexes')
    .set({ used_at: new Date(Date.now() - 86_400_000).toISOString() })
    .where('automatic', '=', 1)
    .execute();
  await app.db.kysely
    .updateTable('pf_indexes')
    .set({ used_at: '2020-01-01T00:00:00.000Z' })
    .where('name', '=', name)
    .execute();
}
