import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The order in which bulk writes are applied: the order their requests' bodies arrived. A
 * client keeping two bulk calls in flight has the second one read and checked while the first
 * one writes (modules/qry: the bulk-body worker), and its transaction begins only when the
 * first one's request has ended — so calls apply one after another in the order sent, whether
 * or not their rows touch the same records. Each request body takes a turn when it arrives; a
 * request that is no bulk write gives its turn up at once, a bulk write when it answers.
 */
export interface WriteTurn {
  /** Resolves when every earlier turn has been given up. */
  readonly ready: Promise<void>;
  /** Gives the turn up (again: nothing). */
  release(): void;
}

export class WriteOrder {
  private last: Promise<void> = Promise.resolve();

  take(): WriteTurn {
    const ready = this.last;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    // The next turn waits for this one to be given up and for every turn before it: a request
    // that gives its turn up at once does not let a later bulk write pass an earlier one.
    this.last = Promise.all([ready, released]).then(() => undefined);
    return { ready, release };
  }
}

/** The turn of the bulk write the current request makes (set by the `/api/qry` dispatcher). */
export const writeTurn = new AsyncLocalStorage<WriteTurn>();

/** Waits until the current request's bulk write may begin its transaction. */
export async function awaitWriteTurn(): Promise<void> {
  const turn = writeTurn.getStore();
  if (turn) await turn.ready;
}
