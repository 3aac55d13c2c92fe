import type { OpContext, Q } from './context.js';

/**
 * Record triggers: work that runs inside the transaction of a user's change to records of an
 * object — a value typed into a cube (and its undo), a record edited in a grid or card, an
 * upsert — so that what follows from the change is written with it or not at all. The kernel
 * only carries them: a module registers a source (procedures: procedures that run when records
 * of an object change), and the write paths ask for the object's triggers before their
 * transaction opens (on SQLite the transaction holds the one connection, so everything that
 * reads metadata is prepared first) and run them after their change, in that transaction.
 * Changes made by the triggered work itself start no triggers.
 */

/** What a write changed: records of one object, and the fields it wrote (ids). */
export interface RecordChange {
  ids: readonly number[];
  fieldIds: readonly string[];
}

/** Runs in the write's transaction, after the change. */
export type TriggerRun = (trx: Q, change: RecordChange) => Promise<void>;

/** Prepares what runs when records of `objectId` change (null: nothing does). */
export type TriggerSource = (ctx: OpContext, objectId: string) => Promise<TriggerRun | null>;

const sources = new Set<TriggerSource>();

export function addTriggerSource(source: TriggerSource): void {
  sources.add(source);
}

/**
 * What runs after a change of records of `objectId`, prepared before the write's transaction;
 * null when nothing does (the write then costs nothing more).
 */
export async function prepareTriggers(
  ctx: OpContext,
  objectId: string,
): Promise<TriggerRun | null> {
  const runs: TriggerRun[] = [];
  for (const source of sources) {
    const run = await source(ctx, objectId);
    if (run) runs.push(run);
  }
  if (!runs.length) return null;
  return async (trx, change) => {
    if (!change.ids.length || !change.fieldIds.length) return;
    for (const run of runs) await run(trx, change);
  };
}
